import { COUNTRIES, type Country } from "#common/constants.ts";
import { countryCodeOf } from "#common/countries.ts";
import { deadlineInstant, defaultTimeZone, type OpportunityStatus, type OpportunityView, slugOf } from "#common/opportunities.ts";
import type { MatchOpportunity } from "#common/opportunity-match.ts";
import { NATIONAL_LANGUAGE, PROJECT_NAMES, TERMS, type TermsTemplate } from "./opportunity-terms.ts";
import { createRandom } from "./random.ts";
import { countryInText, officeCountryName, PLACES } from "./regions.ts";

// Seeded opportunities (issue 32): Terms of Reference written from the templates of
// opportunity-terms.ts for the organizations given, deterministic for a seed. Dates are relative
// to `now` (the day the seed runs): open ones were published in the last six weeks and close in
// the next one to seven weeks; a share is closed (deadline passed) or filled. Nothing here touches
// the database: the opportunities service renders the ToR and writes the rows.

export type SeedOrganization = {
  id: number;
  name: string;
  /** ISO code of the organization's country ("TH"). */
  country: string;
  verified: boolean;
  /** A member who posts for it (the contact person). */
  posterId: number | null;
};

/**
 * A generated opportunity in the fields the API shows of one (what its ToR asks for; the ToR's
 * `description` in the simple Markdown a poster writes), with what the seed decides itself: the
 * poster, the dates as written, a daily budget in USD.
 */
export type GeneratedOpportunity = Pick<
  OpportunityView,
  "title" | "slug" | "description" | keyof MatchOpportunity | "duration" | "deadlineDate" | "timeZone" | "status"
> & {
  organizationId: number;
  posterId: number | null;
  startDate: string;
  levelOfEffort: string;
  budget: { min: number; max: number; currency: "USD"; kind: "daily"; hidden: boolean } | null;
  deadline: Date;
  publishedAt: Date | null;
  closedAt: Date | null;
  createdAt: Date;
};

const DAY = 86_400_000;

function fill(template: string, values: Record<string, string>) {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
}

/** The date `days` after `now`'s day, as YYYY-MM-DD (UTC). */
function dayAfter(now: Date, days: number) {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + days)).toISOString().slice(0, 10);
}

function termsOf(template: TermsTemplate, values: Record<string, string>, deadlineDate: string) {
  const list = (items: string[]) => items.map((item) => `- ${fill(item, values)}`).join("\n");
  const numbered = (items: string[]) => items.map((item, index) => `${index + 1}. ${fill(item, values)}`).join("\n");
  return [
    "# Background",
    fill(template.background, values),
    "# Objectives",
    list(template.objectives),
    "# Scope of work",
    list(template.scope),
    "# Deliverables",
    numbered(template.deliverables),
    "# Qualifications and experience",
    list(template.qualifications),
    "# How to apply",
    `Send an expression of interest through DevConsult SEA by **${deadlineDate}**, with a short note on your relevant experience, your availability and your daily rate. Only shortlisted candidates will be contacted. ${values.org} is an equal opportunity employer: women, people with disabilities and members of ethnic minorities are encouraged to apply.`,
  ].join("\n\n");
}

/** Countries where donors fund work; a Singapore or Brunei office posts for its region. */
const FEW_DONOR_WORK: ReadonlySet<Country> = new Set(["Singapore", "Brunei"]);
const WORK = COUNTRIES.filter((country) => !FEW_DONOR_WORK.has(country));

/** Organizations that fund or run work of every field. */
const ANY_FIELD =
  /\b(UNDP|UNICEF|UNOPS|European Union|Delegation|GIZ|USAID|DFAT|FCDO|JICA|KOICA|World Bank|Asian Development Bank|ADB|Oxfam|CARE|Save the Children|Plan International|World Vision|Embassy|Foundation|Development Partners|Planning)\b/i;

/** An organization's own field, read from its name. */
const FIELD_WORDS: Record<string, RegExp> = {
  Healthcare: /health|medical|hospital|UNFPA|WHO\b|Global Fund|nutrition/i,
  Education: /education|school|teacher|universit|college|UNESCO|vocational|learning/i,
  Agriculture: /agricultur|farm|fisher|forest|FAO|IFAD|food|cooperative|rural/i,
  Infrastructure: /road|water|transport|public works|construction|energy|electric|urban|housing/i,
  Environmental: /environment|forest|conservation|climate|WWF|UNEP|nature|disaster|marine|fisher/i,
  Governance: /ministry|government|provincial|council|governance|justice|interior|home affairs|parliament|audit/i,
  Finance: /finance|bank|treasury|statistics|planning|investment/i,
  Technology: /digital|technolog|information|statistics|OpenStreetMap|Seed\b|data/i,
  "Gender & Social Inclusion": /women|gender|inclusion|UN Women|disab|Humanity|youth|social/i,
  "Project Management": /./,
};

/** Whether an organization would post the template: one of its fields, or an organization of every field. */
function fits(template: TermsTemplate, name: string) {
  if (ANY_FIELD.test(name)) return true;
  return template.specializations.some((field) => field !== "Project Management" && FIELD_WORDS[field]?.test(name));
}

export type OpportunityMix = { closed: number; filled: number };

/**
 * `count` opportunities spread over the templates, the ten countries and the organizations (an
 * organization posts mostly for its own country). Each organization keeps under `maxOpenEach`
 * open ones (the posting limit is 50 for a verified organization, 3 for another, whose ones wait
 * for approval: `pending`).
 */
export function* generateOpportunities({
  count,
  organizations,
  now,
  seed = 2026,
  mix = { closed: 0.08, filled: 0.04 },
  maxOpenEach = 40,
}: {
  count: number;
  organizations: readonly SeedOrganization[];
  now: Date;
  seed?: number;
  mix?: OpportunityMix;
  maxOpenEach?: number;
}): Generator<GeneratedOpportunity> {
  if (organizations.length === 0) return;
  const random = createRandom(seed);
  const open = new Map<number, number>();
  // Which organizations would post each template: those of its field by their name, or those that
  // fund or run every kind of work (the computation once per template, not per opportunity).
  const inRegion = organizations.filter((organization) =>
    WORK.some((country) => countryCodeOf(country) === organization.country),
  );
  const posters = inRegion.length > 0 ? inRegion : organizations;
  const fitting = TERMS.map((template) => {
    const own = posters.filter((organization) => fits(template, organization.name));
    return own.length > 0 ? own : posters;
  });
  for (let index = 0; index < count; index++) {
    const templateIndex = (index + Math.floor(index / TERMS.length)) % TERMS.length;
    const template = TERMS[templateIndex] as TermsTemplate;
    const roll = random.next();
    const status: OpportunityStatus = roll < mix.closed ? "closed" : roll < mix.closed + mix.filled ? "filled" : "published";
    const pool = fitting[templateIndex] as SeedOrganization[];
    // Open ones go to an organization with room left (the fewest open first among a few drawn).
    const limit = (candidate: SeedOrganization) => (candidate.verified ? maxOpenEach : 3);
    // An unverified organization's wait for an admin: a few of them, not one in five.
    const drawn = [0, 1, 2]
      .map(() => pool[random.int(0, pool.length - 1)] as SeedOrganization)
      .filter((candidate) => candidate.verified || random.chance(0.15));
    const organization =
      status === "published"
        ? [...drawn, ...pool, ...posters].find((candidate) => (open.get(candidate.id) ?? 0) < limit(candidate))
        : (drawn[0] ?? pool[0]);
    if (!organization) continue;
    if (status === "published") open.set(organization.id, (open.get(organization.id) ?? 0) + 1);
    // The work is in the organization's country, or (a regional office's) one of the countries with donor work.
    const home = COUNTRIES.find((country) => countryCodeOf(country) === organization.country);
    const country = home && !FEW_DONOR_WORK.has(home) ? home : (WORK[index % WORK.length] as Country);
    const place = random.pick(PLACES[country]);
    const donor = random.pick(template.donors);
    const values = {
      place,
      country: countryInText(country),
      office: officeCountryName(country),
      org: organization.name,
      donor,
      project: random.pick(PROJECT_NAMES),
    };
    const title = fill(template.title, values).slice(0, 160);
    const timeZone = defaultTimeZone(organization.country);
    const national = NATIONAL_LANGUAGE[country];
    const languages = ["English", ...(template.localLanguage && national ? [national] : [])];
    const second = template.specializations[1];
    const specializations = [template.specializations[0] as string, ...(second && random.chance(0.6) ? [second] : [])];
    const neighbour = WORK[(WORK.indexOf(country) + 1) % WORK.length] as Country;
    const countries = random.chance(0.1) ? [country, neighbour] : [country];
    const donors = random.chance(0.15) ? [donor, random.pick(template.donors.filter((other) => other !== donor))] : [donor];
    const minYearsExperience = Math.max(2, template.minYears + random.pick([-2, 0, 0, 0, 2]));
    const durationValue = random.int(template.duration.min, template.duration.max);
    // Published within the last six weeks; open ones close one to seven weeks from now.
    let publishedDaysAgo = random.int(0, 42);
    let deadlineIn = random.int(7, 49);
    if (status !== "published") {
      deadlineIn = -random.int(1, 60);
      publishedDaysAgo = -deadlineIn + random.int(14, 40);
    }
    const deadlineDate = dayAfter(now, deadlineIn);
    const publishedAt = new Date(now.getTime() - publishedDaysAgo * DAY - random.int(0, 36_000) * 1000);
    const pending = status === "published" && !organization.verified;
    const [low, high] = template.dailyRate;
    const budgetRoll = random.next();
    const min = Math.round((low + random.int(0, 4) * 25) / 25) * 25;
    const budget =
      budgetRoll < 0.6
        ? { min, max: Math.max(min + 50, high), currency: "USD" as const, kind: "daily" as const, hidden: budgetRoll < 0.15 }
        : null;
    yield {
      organizationId: organization.id,
      posterId: organization.posterId,
      title,
      slug: slugOf(title),
      description: termsOf(template, values, deadlineDate),
      specializations,
      countries,
      remote: template.remote && random.chance(0.6),
      donors,
      languages,
      minYearsExperience,
      startDate: dayAfter(now, deadlineIn + random.int(14, 45)),
      duration: { value: durationValue, unit: template.duration.unit },
      levelOfEffort: fill(template.levelOfEffort, values),
      budget,
      deadlineDate,
      deadline: deadlineInstant(deadlineDate, timeZone),
      timeZone,
      status: pending ? "pending" : status,
      publishedAt: pending ? null : publishedAt,
      closedAt:
        status === "published" ? null : new Date(Math.min(now.getTime(), deadlineInstant(deadlineDate, timeZone).getTime())),
      createdAt: new Date(publishedAt.getTime() - random.int(1, 5) * DAY),
    };
  }
}
