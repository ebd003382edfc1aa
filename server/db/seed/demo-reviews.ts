import type postgres from "postgres";
import type { Country } from "#common/constants.ts";
import { countryCodeOf } from "#common/countries.ts";
import type { AssignmentInput } from "#common/track-record.ts";
import type { Sql } from "../client.ts";
import type { GeneratedConsultant } from "./generate.ts";
import { drawPerson, EXPATS, NEIGHBOUR_NAMES, PEOPLE } from "./people.ts";
import { createRandom } from "./random.ts";
import reviewsByField from "./reviews-by-field.json" with { type: "json" };
import reviewsGeneral from "./reviews-general.json" with { type: "json" };

// The demo directory's ratings are earned like real ones: the clients of a consultant's recent
// assignments wrote to the consultant through the directory, the consultant replied, and the client
// reviewed the work. So every reviewer is an organization of the consultant's own track record, and
// every text was written for the consultant's field (or for any field) with a score that matches
// it. 520 texts, none used more than three times in the directory nor twice on one profile. The
// rating and the review count then follow from the reviews (the trigger of migration 0011).
// Deterministic, so every demo start looks the same. The reviewers' accounts cannot sign in. Each
// reviewer writes for an organization record (issue 31); most are verified, so their reviews count.

type Band = "high" | "good" | "mixed" | "critical";
type Texts = Record<Band, string[]>;

const BANDS: Band[] = ["high", "good", "mixed", "critical"];
const GENERAL: Texts = reviewsGeneral;
const BY_FIELD: Record<string, Texts> = reviewsByField;

/** Every review text of the demo directory, for the realism test. */
export function allReviewTexts() {
  return [GENERAL, ...Object.values(BY_FIELD)].flatMap((texts) => BANDS.flatMap((band) => texts[band]));
}

/** The most times one text appears in the directory. */
export const MAX_TEXT_USES = 3;

function band(score: number): Band {
  return score >= 9 ? "high" : score >= 7 ? "good" : score >= 5 ? "mixed" : "critical";
}

/** The scores a text of each band carries. */
export const BAND_SCORES: Record<Band, [number, number]> = { high: [9, 10], good: [7, 8], mixed: [5, 6], critical: [2, 4] };

function engagementOf(assignment: AssignmentInput, months: number) {
  const title = assignment.title.toLowerCase();
  if (/evaluation|review|assessment|audit|study|analysis|diagnostic/.test(title)) return "Evaluation or review";
  if (/training/.test(title)) return "Training or workshop";
  if (months >= 12) return "Long-term assignment";
  if (/support|design|strategy|framework|plan\b/.test(title)) return "Advisory or technical support";
  return "Short-term consultancy";
}

const SUBJECTS = [
  "Follow-up to the {title}",
  "Availability for a new assignment",
  "Next phase of the {title}",
  "Request for your CV and daily rate",
  "Short-term consultancy in the coming months",
  "Thank you, and a question about next year",
  "A similar assignment in another province",
];

const OPENINGS = [
  "Dear {name}, thank you again for your work on the {title}. We are planning a follow-up next year and would like to know your availability.",
  "Dear {name}, we worked together on the {title} and we are now preparing a similar assignment. Could you let us know if you would be available?",
  "Hello {name}, I found your profile in the directory. My colleagues recommended you after the {title}. Are you available for a short mission?",
  "Dear {name}, we would like to invite you to submit an expression of interest for the next phase of the {title}. The terms of reference will follow.",
  "Dear {name}, our team is drafting terms of reference for a new assignment and your work on the {title} is exactly the kind of experience we need.",
  "Hi {name}, a quick note to ask whether you have time in the next quarter. The {title} went well and we would like to continue.",
];

const REPLIES = [
  "Thank you for getting in touch. I would be glad to discuss the terms of reference; I am available from next month.",
  "Many thanks for thinking of me. Please send the terms of reference and I will reply with a short proposal and my availability.",
  "Thank you, it was a pleasure working with your team. I am available for a short mission; my updated CV is on my profile.",
  "Thank you for the message. I am committed until the end of the quarter but could start after that. Happy to talk this week.",
  "Good to hear from you. Yes, I am interested. Could we schedule a call to go through the scope and timing?",
];

/** The password field of the demo's accounts: no password hashes to it, so they cannot sign in. */
export const DEMO_ACCOUNT_PASSWORD = "demo account: cannot sign in";

type Reviewer = { email: string; name: string; organization: string; country: string };

function slug(text: string) {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 60);
}

function fill(template: string, values: Record<string, string>) {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
}

function monthIndex(month: string) {
  const [year, number] = month.split("-").map(Number);
  return (year ?? 0) * 12 + (number ?? 1) - 1;
}

const DAY = 86_400_000;

/** A moment as the bulk inserts pass it (text: the driver's helper does not serialise Date here). */
function iso(ms: number) {
  return new Date(ms).toISOString();
}

/**
 * Adds the reviewers' accounts, their replied conversations and their reviews for the demo
 * consultants just copied (found by e-mail). Returns the number of reviews.
 */
export async function seedDemoReviews(sql: Sql, consultants: readonly GeneratedConsultant[], now: Date): Promise<number> {
  const random = createRandom(20261123);
  const ids = new Map(
    (
      await sql<{ id: number; email: string }[]>`
        select id, lower(email) as email from consultants where lower(email) = any(${consultants.map((c) => c.email.toLowerCase())})`
    ).map((row) => [row.email, row.id]),
  );
  const reviewers = new Map<string, Reviewer>();
  const uses = new Map<string, number>();
  const nowMs = now.getTime();
  type Planned = {
    consultant: number;
    reviewer: Reviewer;
    score: number;
    text: string;
    engagement: string;
    subject: string;
    message: string;
    reply: string;
    messageAt: number;
    replyAt: number;
    reviewAt: number;
  };
  const planned: Planned[] = [];
  for (const consultant of consultants) {
    const id = ids.get(consultant.email.toLowerCase());
    if (id === undefined) continue;
    // About one profile in five has no review yet, as on any real directory.
    if (random.chance(0.2)) continue;
    const wanted = random.pick([1, 1, 1, 2, 2, 2, 3, 3, 3, 4]);
    // How good this consultant is, as the clients see it.
    const quality = random.pick([9.4, 9.4, 9.4, 9.4, 9, 9, 8.2, 8.2, 7.6, 6.4, 5.6, 4]);
    const shortName = consultant.shortName ?? consultant.name;
    const profileOpened = consultant.createdAt.getTime();
    const seenClients = new Set<string>();
    const usedHere = new Set<string>();
    let written = 0;
    for (const assignment of consultant.trackRecord?.assignments ?? []) {
      if (written >= wanted) break;
      if (assignment.endDate === null || seenClients.has(assignment.organization)) continue;
      const ended = Date.UTC(Math.floor(monthIndex(assignment.endDate) / 12), (monthIndex(assignment.endDate) % 12) + 1, 1);
      if (nowMs - ended > 5 * 365 * DAY) continue;
      // The client wrote through the directory once both the profile and the work existed.
      const messageAt = Math.max(profileOpened + random.int(3, 60) * DAY, ended + random.int(14, 70) * DAY);
      const replyAt = messageAt + random.int(1, 4) * DAY;
      const reviewAt = replyAt + random.int(3, 30) * DAY;
      if (reviewAt > nowMs - DAY) continue;
      seenClients.add(assignment.organization);
      const score = Math.max(2, Math.min(10, Math.round(quality + (random.next() - 0.5) * 2.4)));
      const text = chooseText(random, consultant.primarySpecialization, band(score), usedHere, uses);
      if (!text) continue;
      usedHere.add(text);
      uses.set(text, (uses.get(text) ?? 0) + 1);
      const reviewer = reviewerFor(random, reviewers, assignment, consultant.country);
      const months = monthIndex(assignment.endDate) - monthIndex(assignment.startDate) + 1;
      const values = { name: shortName, title: assignment.title };
      planned.push({
        consultant: id,
        reviewer,
        score,
        text: fill(text, values),
        engagement: engagementOf(assignment, months),
        subject: fill(random.pick(SUBJECTS), values).slice(0, 255),
        message: fill(random.pick(OPENINGS), values),
        reply: random.pick(REPLIES),
        messageAt,
        replyAt,
        reviewAt,
      });
      written++;
    }
  }
  if (planned.length === 0) return 0;
  const accounts = await sql<{ id: number; email: string }[]>`
    insert into auth_users ${sql(
      [...reviewers.values()].map((reviewer) => ({
        email: reviewer.email,
        // The person's name: their organization is a real one now, shown by the review's badge.
        name: reviewer.name.slice(0, 255),
        hashed_password: DEMO_ACCOUNT_PASSWORD,
        is_email_verified: true,
        created_at: iso(Math.min(...planned.filter((p) => p.reviewer === reviewer).map((p) => p.messageAt)) - 7 * DAY),
      })),
    )}
    on conflict do nothing
    returning id, email`;
  // A second start finds the accounts already there: the demo is loaded once.
  if (accounts.length === 0) return 0;
  const accountIds = new Map(accounts.map((account) => [account.email, account.id]));
  const rows = planned.filter((p) => accountIds.has(p.reviewer.email));
  await sql.begin(async (tx) => {
    const organizationIds = await seedReviewerOrganizations(tx, [...reviewers.values()], accountIds);
    const organizationOf = (reviewer: Reviewer) => organizationIds.get(reviewer.organization) ?? null;
    const messages = await tx<{ id: number }[]>`
      insert into messages ${tx(
        rows.map((review) => ({
          consultant_id: review.consultant,
          sender_user_id: accountIds.get(review.reviewer.email) as number,
          sender_name: review.reviewer.name,
          sender_email: review.reviewer.email,
          sender_organization: review.reviewer.organization.slice(0, 255),
          organization_id: organizationOf(review.reviewer),
          subject: review.subject,
          message: review.message,
          is_read: true,
          replied_at: iso(review.replyAt),
          created_at: iso(review.messageAt),
        })),
      )}
      returning id`;
    await tx`insert into message_replies ${tx(
      messages.map((message, index) => ({
        message_id: message.id,
        body: rows[index]?.reply ?? REPLIES[0],
        is_read: true,
        created_at: iso(rows[index]?.replyAt ?? nowMs),
      })),
    )}`;
    await tx`insert into reviews ${tx(
      rows.map((review) => ({
        consultant_id: review.consultant,
        reviewer_id: accountIds.get(review.reviewer.email) as number,
        organization_id: organizationOf(review.reviewer),
        score: review.score,
        body: review.text,
        engagement: review.engagement,
        created_at: iso(review.reviewAt),
        updated_at: iso(review.reviewAt),
      })),
    )}`;
    // A demo profile nobody reviewed has the stored default, like any new profile.
    await tx`update consultants set rating = 50 where status = 'approved' and review_count = 0 and rating <> 50`;
  });
  return rows.length;
}

/** How a demo organization's kind reads from its name (the clients of the generated track records). */
function kindOf(name: string): string {
  if (/\b(UN|UNICEF|UNDP|UNFPA|UNESCO|UNEP|UN Women|UN-Habitat|UNHCR|UNOPS|WHO|FAO|ILO|IOM|WFP|IFAD|UNIDO)\b/.test(name))
    return "un_agency";
  if (
    /\b(Bank|ADB|Fund|GIZ|USAID|JICA|DFAT|FCDO|KOICA|KfW|AFD|SIDA|Sida|Embassy|European Union|Delegation|Foundation)\b/.test(name)
  ) {
    return "donor";
  }
  if (/\b(Ministry|Department|Government|Provincial|Agency|Authority|Office of)\b/.test(name)) return "government";
  if (/\b(University|Institute|Research|Academy|College)\b/.test(name)) return "research";
  if (
    /\b(Ltd|Limited|Consult\w*|Associates|Company|GmbH|Inc|Partners|International Development|DAI|Palladium|Cardno|Tetra Tech)\b/.test(
      name,
    )
  ) {
    return "implementing_firm";
  }
  return "ngo";
}

/**
 * The reviewers' organizations as organization records (issue 31), each reviewer a member acting
 * for it, so their conversations are the organization's and their reviews count once it is
 * verified. About seven in eight are verified (by an admin: a demo has no mailboxes to prove a
 * domain), decided by the name, not by the random draws, so the rest of the demo stays as it was;
 * the others show "reviewer not verified", as a real directory would.
 */
async function seedReviewerOrganizations(
  tx: postgres.TransactionSql,
  reviewers: Reviewer[],
  accountIds: Map<string, number>,
): Promise<Map<string, number>> {
  const bySlug = new Map<string, Reviewer>();
  for (const reviewer of reviewers) {
    if (accountIds.has(reviewer.email)) bySlug.set(slug(reviewer.organization) || "organization", reviewer);
  }
  if (bySlug.size === 0) return new Map();
  const verified = (name: string) => [...name].reduce((sum, char) => sum + char.charCodeAt(0), 0) % 8 !== 0;
  const rows = await tx<{ id: number; slug: string }[]>`
    insert into organizations ${tx(
      [...bySlug].map(([key, reviewer]) => ({
        slug: key,
        name: reviewer.organization.slice(0, 160),
        kind: kindOf(reviewer.organization),
        country: countryCodeOf(reviewer.country) ?? "TH",
        description: "",
        verified_at: verified(reviewer.organization) ? iso(Date.UTC(2024, 0, 15)) : null,
        verification_method: verified(reviewer.organization) ? "admin" : null,
      })),
    )}
    on conflict (slug) do nothing
    returning id, slug`;
  const ids = new Map<string, number>();
  const members = rows.flatMap((row) => {
    const reviewer = bySlug.get(row.slug);
    const userId = reviewer ? accountIds.get(reviewer.email) : undefined;
    if (!reviewer || userId === undefined) return [];
    ids.set(reviewer.organization, row.id);
    return [{ organization_id: row.id, user_id: userId, role: "owner", is_acting: true }];
  });
  if (members.length > 0) await tx`insert into organization_members ${tx(members)}`;
  return ids;
}

/**
 * A text of the band, for the consultant's field more often than not, not yet on this profile and
 * used fewest times so far in the directory (never more than MAX_TEXT_USES).
 */
function chooseText(random: Random, field: string, wanted: Band, usedHere: Set<string>, uses: Map<string, number>) {
  const own = BY_FIELD[field];
  const pools = random.chance(0.6) && own ? [own[wanted], GENERAL[wanted]] : [GENERAL[wanted], own?.[wanted] ?? []];
  for (const pool of pools) {
    const free = pool.filter((text) => !usedHere.has(text) && (uses.get(text) ?? 0) < MAX_TEXT_USES);
    if (free.length === 0) continue;
    const fewest = Math.min(...free.map((text) => uses.get(text) ?? 0));
    return random.pick(free.filter((text) => (uses.get(text) ?? 0) === fewest));
  }
  return undefined;
}

type Random = ReturnType<typeof createRandom>;

/** The client's account: one per organization, a person of the country where the work took place. */
function reviewerFor(random: Random, reviewers: Map<string, Reviewer>, assignment: AssignmentInput, home: Country): Reviewer {
  const known = reviewers.get(assignment.organization);
  if (known) return known;
  const country = assignment.countries[0] ?? home;
  const national = country in PEOPLE ? drawPerson(random, PEOPLE[country as Country]).full : undefined;
  const neighbour = NEIGHBOUR_NAMES[country];
  const name =
    random.chance(0.25) || (!national && !neighbour)
      ? drawPerson(random, EXPATS).full
      : (national ?? random.pick(neighbour ?? []));
  const reviewer = {
    email: `reviewer.${slug(assignment.organization)}@example.org`,
    name,
    organization: assignment.organization,
    country,
  };
  reviewers.set(assignment.organization, reviewer);
  return reviewer;
}
