import { and, asc, count, eq, sql } from "drizzle-orm";
import { COUNTRIES, type Country } from "#common/constants.ts";
import { countryCodeOf } from "#common/countries.ts";
import type { InterestStage } from "#common/opportunities.ts";
import type { OrganizationKind } from "#common/organizations.ts";
import type { Database, Executor } from "#server/db/client.ts";
import {
  authUsers,
  consultants,
  opportunities,
  opportunityInterests,
  organizationMembers,
  organizations,
} from "#server/db/schema.ts";
import { DEMO_ACCOUNT_PASSWORD } from "#server/db/seed/demo-reviews.ts";
import { type GeneratedOpportunity, generateOpportunities, type SeedOrganization } from "#server/db/seed/opportunities.ts";
import { createRandom } from "#server/db/seed/random.ts";
import { officeCountryName } from "#server/db/seed/regions.ts";
import { refreshSearchDocuments } from "./opportunities.ts";
import { renderTermsOfReference } from "./tor-format.ts";

// Seeded opportunities (issue 32): the demo's (its organizations post a few dozen ToRs, and demo
// consultants have expressed interest in some) and the bench's large set (`npm run seed --
// --opportunities 20000`). The ToRs come from server/db/seed/opportunities.ts; they are written
// here as the service writes one (the Markdown rendered by the same renderer, the same search
// document), in bulk.

/** Opportunities per INSERT. */
const BATCH = 1000;

/** Writes generated opportunities; returns their ids in order. */
export async function loadOpportunities(db: Executor, generated: Iterable<GeneratedOpportunity>): Promise<number[]> {
  const ids: number[] = [];
  let batch: GeneratedOpportunity[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    const rows = await db
      .insert(opportunities)
      .values(
        batch.map((item) => ({
          organizationId: item.organizationId,
          slug: item.slug,
          title: item.title,
          description: item.description,
          descriptionHtml: renderTermsOfReference(item.description),
          specializations: item.specializations,
          countries: item.countries,
          isRemote: item.remote,
          donors: item.donors,
          languages: item.languages,
          minYearsExperience: item.minYearsExperience,
          startDate: item.startDate,
          durationValue: item.duration.value,
          durationUnit: item.duration.unit,
          levelOfEffort: item.levelOfEffort,
          budgetMin: item.budget?.min ?? null,
          budgetMax: item.budget?.max ?? null,
          budgetCurrency: item.budget?.currency ?? null,
          budgetKind: item.budget?.kind ?? null,
          isBudgetHidden: item.budget?.hidden ?? false,
          deadlineDate: item.deadlineDate,
          deadline: item.deadline,
          timeZone: item.timeZone,
          contactUserId: item.posterId,
          createdBy: item.posterId,
          status: item.status,
          publishedAt: item.publishedAt,
          closedAt: item.closedAt,
          createdAt: item.createdAt,
          updatedAt: item.closedAt ?? item.publishedAt ?? item.createdAt,
        })),
      )
      .returning({ id: opportunities.id });
    const written = rows.map((row) => row.id);
    await refreshSearchDocuments(db, written);
    ids.push(...written);
    batch = [];
  };
  for (const item of generated) {
    batch.push(item);
    if (batch.length >= BATCH) await flush();
  }
  await flush();
  return ids;
}

/** The demo's opportunities: about three dozen. */
export const DEMO_OPPORTUNITIES = 36;

/**
 * The demo's organizations (an owner is a demo account, which cannot sign in), oldest first: never
 * a real organization, even on a database that has some beside the demo.
 */
async function demoOrganizations(db: Executor): Promise<SeedOrganization[]> {
  const rows = await db
    .select({
      id: organizations.id,
      name: organizations.name,
      country: organizations.country,
      verified: sql<boolean>`${organizations.verifiedAt} is not null`,
      posterId: sql<number>`min(${organizationMembers.userId})`,
    })
    .from(organizations)
    .innerJoin(organizationMembers, eq(organizationMembers.organizationId, organizations.id))
    .innerJoin(authUsers, eq(authUsers.id, organizationMembers.userId))
    .where(and(eq(organizationMembers.role, "owner"), eq(authUsers.hashedPassword, DEMO_ACCOUNT_PASSWORD)))
    .groupBy(organizations.id)
    .orderBy(asc(organizations.id));
  return rows;
}

const NOTE_OPENINGS = [
  "I am a {title} with {years} years of experience, and I would like to express my interest in this assignment.",
  "Please accept my expression of interest for this assignment. I have worked for {years} years as a {title}.",
  "I read the Terms of Reference with great interest: the assignment is close to what I have done over the last {years} years as a {title}.",
];
const NOTE_MIDDLES = [
  "In my recent assignments I led similar work with government counterparts and development partners, from the inception report to the validation workshop, and I know the donors' reporting requirements well.",
  "I have carried out field work in the provinces concerned, with interviews and group discussions in the local language, and my reports have been used by the steering committees to adjust their programmes.",
  "My track record on this profile lists the projects closest to this one; I can share the reports and references on request.",
];
const NOTE_CLOSINGS = [
  "I am available from the proposed start date and could travel at short notice.",
  "I can start within two weeks of signing and would be glad to discuss the approach in a call.",
  "Thank you for considering my application; I look forward to hearing from you.",
];

function noteFor(random: ReturnType<typeof createRandom>, title: string, years: number) {
  const values = { title: title.replace(/^Senior /, "senior ").toLowerCase(), years: String(years) };
  const fill = (text: string) => text.replace(/\{(\w+)\}/g, (whole, key: string) => values[key as keyof typeof values] ?? whole);
  return [random.pick(NOTE_OPENINGS), random.pick(NOTE_MIDDLES), random.pick(NOTE_CLOSINGS)].map(fill).join(" ");
}

/**
 * On the demo's first start, after its directory and organizations: the organizations post
 * opportunities (deadlines from `now`, the day the demo is loaded) and demo consultants of the
 * field have expressed interest in some, at every stage; a filled one has its selected consultant.
 * Does nothing when opportunities exist already. Returns how many opportunities it wrote.
 */
export async function seedDemoOpportunities(db: Database, now: Date): Promise<{ opportunities: number; interests: number }> {
  const [existing] = await db.select({ total: count() }).from(opportunities);
  if ((existing?.total ?? 0) > 0) return { opportunities: 0, interests: 0 };
  const posting = await demoOrganizations(db);
  if (posting.length === 0) return { opportunities: 0, interests: 0 };
  return db.transaction(async (tx) => {
    const generated = [
      ...generateOpportunities({
        count: DEMO_OPPORTUNITIES,
        organizations: posting,
        now,
        seed: 20261127,
        mix: { closed: 0.06, filled: 0.06 },
        maxOpenEach: 3,
      }),
    ];
    const ids = await loadOpportunities(tx, generated);
    const random = createRandom(20261128);
    const pool = await tx
      .select({
        id: consultants.id,
        title: consultants.title,
        years: consultants.yearsExperience,
        specialization: consultants.primarySpecialization,
      })
      .from(consultants)
      .where(eq(consultants.status, "approved"))
      .orderBy(asc(consultants.id));
    const interests: (typeof opportunityInterests.$inferInsert)[] = [];
    generated.forEach((opportunity, index) => {
      const id = ids[index];
      if (id === undefined || opportunity.status === "pending" || !opportunity.publishedAt) return;
      const field = pool.filter((consultant) => opportunity.specializations.includes(consultant.specialization));
      const wanted = opportunity.status === "published" ? random.pick([0, 1, 2, 2, 3, 4]) : random.int(2, 4);
      const chosen = random.sample(field, wanted);
      chosen.forEach((consultant, position) => {
        const stage: InterestStage =
          opportunity.status === "filled"
            ? position === 0
              ? "selected"
              : "declined"
            : random.pick(["new", "new", "new", "shortlisted", "interview"] as const);
        const sent = new Date(
          (opportunity.publishedAt as Date).getTime() +
            Math.min(now.getTime() - (opportunity.publishedAt as Date).getTime() - 3_600_000, random.int(1, 12) * 86_400_000) *
              random.next(),
        );
        interests.push({
          opportunityId: id,
          consultantId: consultant.id,
          note: noteFor(random, consultant.title, consultant.years),
          availableFrom: opportunity.startDate,
          dailyRate: random.chance(0.6) ? random.int(8, 26) * 25 : null,
          dailyRateCurrency: "USD",
          stage,
          createdAt: sent,
          updatedAt: sent,
        });
      });
    });
    if (interests.length > 0) await tx.insert(opportunityInterests).values(interests);
    return { opportunities: ids.length, interests: interests.length };
  });
}

/** Organizations the bench's large set is posted by: `seed-…` slugs, removed with their opportunities on a re-seed. */
export const SEED_ORGANIZATION_PREFIX = "seed-";

const SEED_ORGANIZATIONS: [name: string, kind: string][] = [
  ["UNICEF {office}", "un_agency"],
  ["UNDP {office}", "un_agency"],
  ["UNFPA {office}", "un_agency"],
  ["FAO Representation in {office}", "un_agency"],
  ["World Bank {office} Country Office", "donor"],
  ["Asian Development Bank {office} Resident Mission", "donor"],
  ["GIZ {office}", "donor"],
  ["Save the Children {office}", "ngo"],
  ["Oxfam in {office}", "ngo"],
  ["CARE International in {office}", "ngo"],
  ["Plan International {office}", "ngo"],
  ["Ministry of Planning and Investment, {office}", "government"],
  ["Ministry of Health, {office}", "government"],
  ["Ministry of Finance, {office}", "government"],
  ["Provincial Department of Agriculture, {office}", "government"],
  ["Mekong Development Partners, {office}", "implementing_firm"],
];

/**
 * The bench's opportunities: removes the earlier seeded set, adds enough verified organizations
 * (with an owner account that cannot sign in) for `count` open ones under the posting limit, and
 * writes them. Returns the number written.
 */
export async function seedManyOpportunities(db: Database, options: { count: number; seed: number; now: Date }) {
  await db.execute(sql`delete from organizations where slug like ${`${SEED_ORGANIZATION_PREFIX}%`}`);
  await db.execute(sql`delete from auth_users where email like 'seed-poster-%@example.org'`);
  // Room for every open one under the posting limit (40 each here, 50 allowed).
  const wanted = Math.ceil(options.count / 30);
  const rows = Array.from({ length: wanted }, (_, index) => {
    const country = COUNTRIES[index % COUNTRIES.length] as string;
    const [pattern, kind] = SEED_ORGANIZATIONS[Math.floor(index / COUNTRIES.length) % SEED_ORGANIZATIONS.length] as [
      string,
      string,
    ];
    const base = pattern.replace("{office}", officeCountryName(country as Country));
    const round = Math.floor(index / (COUNTRIES.length * SEED_ORGANIZATIONS.length));
    return { country, kind, name: round === 0 ? base : `${base} (programme ${round + 1})`, index };
  });
  const posting: SeedOrganization[] = [];
  for (let start = 0; start < rows.length; start += BATCH) {
    const chunk = rows.slice(start, start + BATCH);
    const users = await db.execute<{ id: number }>(sql`
      insert into auth_users (email, name, hashed_password, is_email_verified)
      select 'seed-poster-' || n || '@example.org', 'Programme officer', 'seed account: cannot sign in', true
      from unnest(${sql.param(chunk.map((row) => row.index))}::int[]) as n
      returning id`);
    const created = await db
      .insert(organizations)
      .values(
        chunk.map((row) => ({
          slug: `${SEED_ORGANIZATION_PREFIX}${row.index}`,
          name: row.name.slice(0, 160),
          kind: row.kind as OrganizationKind,
          country: countryCodeOf(row.country) ?? "TH",
          description: "",
          verifiedAt: new Date(Date.UTC(2024, 0, 15)),
          verificationMethod: "admin" as const,
        })),
      )
      .returning({ id: organizations.id, name: organizations.name, country: organizations.country });
    await db.insert(organizationMembers).values(
      created.map((organization, position) => ({
        organizationId: organization.id,
        userId: users[position]?.id as number,
        role: "owner" as const,
      })),
    );
    created.forEach((organization, position) => {
      posting.push({ ...organization, verified: true, posterId: users[position]?.id ?? null });
    });
  }
  const ids = await loadOpportunities(
    db,
    generateOpportunities({ count: options.count, organizations: posting, now: options.now, seed: options.seed }),
  );
  return ids.length;
}
