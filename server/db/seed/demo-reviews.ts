import type { Sql } from "../client.ts";

// The demo directory's ratings are earned like real ones: demo organizations wrote to the
// consultants, the consultants replied, and the organizations reviewed them. The rating and the
// review count then follow from the reviews (the trigger of migration 0011). Deterministic, so
// every demo start looks the same. The organizations' accounts cannot sign in.

const ORGANIZATIONS = [
  ["Linh Tran", "UNICEF Viet Nam"],
  ["Maria Reyes", "Asian Development Bank"],
  ["Somsak Wongsa", "FAO Regional Office for Asia and the Pacific"],
  ["Dewi Hartono", "USAID Indonesia"],
  ["Sokha Chea", "Oxfam in Cambodia"],
  ["Thandar Win", "UNDP Myanmar"],
  ["Anan Keomany", "GIZ Laos"],
  ["Nurul Aziz", "World Bank Malaysia Hub"],
  ["Grace Lim", "Temasek Foundation"],
  ["Paolo Santos", "Plan International Philippines"],
  ["Hannah Becker", "Australian DFAT, Mekong Programme"],
  ["Kenji Sato", "JICA Southeast Asia"],
] as const;

const ENGAGEMENTS = [
  "Short-term consultancy",
  "Long-term assignment",
  "Evaluation or review",
  "Training or workshop",
  "Advisory or technical support",
] as const;

const TEXTS: Record<"high" | "good" | "mixed", string[]> = {
  high: [
    "Outstanding work: deep knowledge of the sector, excellent rapport with ministry counterparts, and a final report our board could act on straight away.",
    "Delivered a rigorous evaluation on time and on budget. Clear recommendations, careful with data, and generous in sharing methods with our team.",
    "One of the best consultants we have worked with in the region. Practical, culturally aware and very well organised in the field.",
  ],
  good: [
    "Solid technical work and good facilitation of the stakeholder workshops. The draft report needed one extra round of edits, but the final version was strong.",
    "Reliable and knowledgeable. Field visits were well planned and the team appreciated the hands-on training sessions.",
    "Good understanding of the local context and donor requirements. Communication was prompt throughout the assignment.",
  ],
  mixed: [
    "Strong field research, but deliverables arrived late and the recommendations were too general for our programme team.",
    "Helpful sector knowledge, though the inception phase took longer than agreed. We would work together again with a tighter work plan.",
  ],
};

/** A timestamp so many days ago, as text (the COPY-style inserts here pass text). */
function daysAgo(days: number) {
  return new Date(Date.now() - days * 86_400_000).toISOString();
}

/** A small deterministic generator (mulberry32): the same reviews on every demo start. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Adds demo organizations, their replied conversations and reviews for the listed demo consultants. */
export async function seedDemoReviews(sql: Sql): Promise<number> {
  const next = random(20261123);
  const organizations = await sql<{ id: number; name: string; email: string }[]>`
    insert into auth_users ${sql(
      ORGANIZATIONS.map(([name, organization], index) => ({
        email: `demo.reviewer${index + 1}@example.org`,
        name: `${name}, ${organization}`,
        hashed_password: "demo account: cannot sign in",
        is_email_verified: true,
      })),
    )}
    on conflict do nothing
    returning id, name, email`;
  if (organizations.length === 0) return 0;
  const consultants = await sql<{ id: number; rating: number }[]>`
    select id, rating from consultants where status = 'approved' order by id`;
  const reviews: { consultant: number; reviewer: number; score: number; text: string; engagement: string; days: number }[] = [];
  for (const consultant of consultants) {
    // About one in five demo profiles has no review yet, as on any real directory.
    const count = next() < 0.2 ? 0 : 1 + Math.floor(next() * 4);
    const reviewers = [...organizations].sort(() => next() - 0.5).slice(0, count);
    for (const reviewer of reviewers) {
      const target = consultant.rating / 10;
      const score = Math.max(1, Math.min(10, Math.round(target + (next() - 0.5) * 3)));
      const band = score >= 9 ? "high" : score >= 7 ? "good" : "mixed";
      const texts = TEXTS[band];
      reviews.push({
        consultant: consultant.id,
        reviewer: reviewer.id,
        score,
        text: texts[Math.floor(next() * texts.length)] ?? texts[0] ?? "",
        engagement: ENGAGEMENTS[Math.floor(next() * ENGAGEMENTS.length)] ?? "Other",
        days: 10 + Math.floor(next() * 400),
      });
    }
  }
  if (reviews.length === 0) return 0;
  const byId = new Map(organizations.map((organization) => [organization.id, organization]));
  await sql.begin(async (tx) => {
    const messages = await tx<{ id: number }[]>`
      insert into messages ${tx(
        reviews.map((review) => {
          const reviewer = byId.get(review.reviewer);
          const [name, organization] = (reviewer?.name ?? "Demo, Demo").split(", ");
          return {
            consultant_id: review.consultant,
            sender_user_id: review.reviewer,
            sender_name: name ?? "Demo",
            sender_email: reviewer?.email ?? "demo@example.org",
            sender_organization: organization ?? null,
            subject: "Availability for an assignment",
            message: "We are preparing an assignment in the region and would like to know your availability.",
            is_read: true,
            replied_at: daysAgo(review.days + 3),
            created_at: daysAgo(review.days + 5),
          };
        }),
      )}
      returning id`;
    await tx`insert into message_replies ${tx(
      messages.map((message, index) => ({
        message_id: message.id,
        body: "Thank you for reaching out. I am available and would be glad to discuss the terms of reference.",
        created_at: daysAgo((reviews[index]?.days ?? 0) + 3),
      })),
    )}`;
    await tx`insert into reviews ${tx(
      reviews.map((review) => ({
        consultant_id: review.consultant,
        reviewer_id: review.reviewer,
        score: review.score,
        body: review.text,
        engagement: review.engagement,
        created_at: daysAgo(review.days),
        updated_at: daysAgo(review.days),
      })),
    )}`;
    // A demo profile nobody reviewed has the stored default, like any new profile.
    await tx`update consultants set rating = 50 where status = 'approved' and review_count = 0 and rating <> 50`;
  });
  return reviews.length;
}
