import { and, eq, gt, inArray, isNotNull, notInArray, type SQL, sql } from "drizzle-orm";
import type { OpportunitySummary } from "#common/opportunities.ts";
import {
  MATCH_TEXTS,
  type MatchOpportunity,
  type MatchProfile,
  type MatchScore,
  matchScore,
  type SuggestedConsultant,
} from "#common/opportunity-match.ts";
import { MAX_KEYWORDS_LENGTH, type SearchParams } from "#common/search.ts";
import type { Executor } from "#server/db/client.ts";
import { consultants, opportunities, opportunityDigestSent, opportunityInterests, organizations } from "#server/db/schema.ts";
import { type Actor, requireUser, type ServiceDeps } from "../context.ts";
import { NotFound } from "../errors.ts";
import { consultantsHiddenFrom } from "../organizations/hidden-from.ts";
import { requireMember } from "../organizations/membership.ts";
import { searchPage } from "../search/index.ts";
import { loadOpportunity, wantedColumns, wantedOf } from "./access.ts";
import { isPublished, type SummaryRow, summaryColumns, summaryOf } from "./search.ts";

// Matching both ways (issue 32, decision 016).
//
// Suggested consultants: the search engine (decision 006: one engine, no second ranking written by
// hand) runs the ToR's criteria as searches, strictest first, until 20 profiles are found: the
// title as keywords with the first specialization, country (as workedIn), donor and the required
// languages; then without the keywords and donor; then without the country; then the
// specialization alone. Each search leaves out the profiles hidden from the member's
// organizations, and keeps its own order. The match score (common/opportunity-match.ts) explains
// each one; it does not reorder them.
//
// Opportunities for you (and the digest): published opportunities still open that ask for one of
// the profile's specializations (the opportunities' array index), scored by the same function
// and shown best first.

type Deps = Pick<ServiceDeps, "db" | "readDb" | "runtime" | "log">;

export const SUGGESTIONS = 20;
/** Opportunities for you: how many a profile page shows, and how many candidates are scored for them. */
export const FOR_YOU = { shown: 10, scored: 200 } as const;

/**
 * The searches a ToR's Suggested consultants are read from, strictest first (each one a search the
 * engine answers on its own: the same criteria give the same profiles in the same order).
 */
export function suggestionSearches(opportunity: MatchOpportunity & { title: string }): SearchParams[] {
  const base = { languages: [...opportunity.languages], page: 1, limit: SUGGESTIONS, sort: "relevance" as const };
  const expertise = opportunity.specializations[0];
  const workedIn = opportunity.countries[0];
  const keywords = opportunity.title.slice(0, MAX_KEYWORDS_LENGTH).trim();
  // The experience filter is a band; only "15+" says "at least" (below it, years count in the score).
  const experience = opportunity.minYearsExperience >= 15 ? ("15+" as const) : undefined;
  const ladder: SearchParams[] = [
    {
      ...base,
      ...(keywords ? { keywords } : {}),
      ...(expertise ? { expertise } : {}),
      ...(workedIn ? { workedIn } : {}),
      ...(opportunity.donors[0] ? { donor: [opportunity.donors[0]] } : {}),
      ...(experience ? { experience } : {}),
    },
    { ...base, ...(expertise ? { expertise } : {}), ...(workedIn ? { workedIn } : {}) },
    { ...base, ...(expertise ? { expertise } : {}) },
    { languages: [], page: 1, limit: SUGGESTIONS, sort: "relevance", ...(expertise ? { expertise } : {}) },
  ];
  const seen = new Set<string>();
  return ladder.filter((params) => {
    const key = JSON.stringify(params);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** What the score reads of profiles: their specializations, home country, track record, languages and years. */
const profileFactColumns = {
  id: consultants.id,
  primarySpecialization: consultants.primarySpecialization,
  secondarySpecializations: consultants.secondarySpecializations,
  country: consultants.country,
  workedIn: sql<string[]>`track_countries`,
  donors: sql<string[]>`track_donors`,
  languages: consultants.languages,
  yearsExperience: consultants.yearsExperience,
};

type ProfileFacts = MatchProfile & { id: number };

async function profileFacts(db: Executor, where: SQL): Promise<ProfileFacts[]> {
  return db.select(profileFactColumns).from(consultants).where(where);
}

/**
 * GET /api/opportunities/{id}/suggestions (members of the posting organization): the best 20
 * listed profiles for the ToR, each with its match score.
 */
export async function suggestConsultants(deps: Deps, actor: Actor, id: number): Promise<{ suggestions: SuggestedConsultant[] }> {
  const { opportunity, organization } = await loadOpportunity(deps.db, id);
  // Asked once: the same profiles are left out of every search of the ladder.
  const [, hidden] = await Promise.all([requireMember(deps.db, actor, organization.id), consultantsHiddenFrom(deps.db, actor)]);
  const wanted = { ...wantedOf({ ...opportunity, remote: opportunity.isRemote }), title: opportunity.title };
  const found: SuggestedConsultant["consultant"][] = [];
  const taken = new Set<number>();
  const engine = { db: deps.readDb, runtime: deps.runtime, log: deps.log };
  const ladder = suggestionSearches(wanted).map((search) => (hidden.length > 0 ? { ...search, hidden } : search));
  // One search after the other, until 20 are found: the strictest often finds enough alone, and
  // running two at once cost more than it saved on two busy cores (p50 33.8 -> 70.1 ms at 100 000).
  for (const params of ladder) {
    // The page alone: the ladder reads no total, and counting a broad listing's matches was most of
    // a step's cost (searchPage; the profiles and their order are the search's own).
    for (const consultant of await searchPage(engine, params)) {
      if (taken.has(consultant.id) || found.length >= SUGGESTIONS) continue;
      taken.add(consultant.id);
      found.push({
        id: consultant.id,
        name: consultant.name,
        title: consultant.title,
        location: consultant.location,
        profilePhotoUrl: consultant.profilePhotoUrl,
        primarySpecialization: consultant.primarySpecialization,
        yearsExperience: consultant.yearsExperience,
        availableForWork: consultant.availableForWork,
      });
    }
    if (found.length >= SUGGESTIONS) break;
  }
  if (found.length === 0) return { suggestions: [] };
  const facts = new Map(
    (await profileFacts(deps.readDb, inArray(consultants.id, [...taken]))).map((row) => [row.id, row] as const),
  );
  return {
    suggestions: found.flatMap((consultant) => {
      const profile = facts.get(consultant.id);
      return profile ? [{ consultant, match: matchScore(wanted, profile) }] : [];
    }),
  };
}

export type OpportunityForYou = OpportunitySummary & { match: MatchScore };

/** The list's order, newest first. */
const NEWEST = sql`${opportunities.publishedAt} desc, ${opportunities.id} desc`;

/** A candidate as the score reads it (wantedColumns under their own names). */
const CANDIDATE_COLUMNS = sql.join(
  [opportunities.id, ...Object.entries(wantedColumns).map(([name, column]) => sql`${column} as ${sql.identifier(name)}`)],
  sql`, `,
);

/**
 * Opportunities for you's candidates: published opportunities (for the digest, those published
 * after `publishedAfter`) newest first, each with its deadline and what the score reads, all from
 * opportunities_matching_idx alone (migration 0041; `published_at is not null` is its condition).
 * The statement around it tests the rest on each row walked and stops at the 200th match. OFFSET 0
 * keeps those tests out of the subquery: every connection plans once without their values
 * (force_generic_plan), and a plan that could use `specializations && $n` priced it at 1 % of
 * the rows, so it read every opportunity of the profile's fields through the facets' index, each
 * from its wide row, and sorted them all (four fields at 20 000: 7 634 rows from 3 398 pages,
 * 32 ms; walked, 487 index entries, 0.5 ms). The subquery takes the table's name, so the columns
 * apply to it unchanged.
 */
function newestPublished(publishedAfter: Date | undefined): SQL {
  const wanted = sql.join(Object.values(wantedColumns), sql`, `);
  return sql`(
    select ${opportunities.id}, ${wanted}, ${opportunities.publishedAt}, ${opportunities.deadline} from ${opportunities}
    where ${and(
      isPublished,
      isNotNull(opportunities.publishedAt),
      publishedAfter ? gt(opportunities.publishedAt, publishedAfter) : undefined,
    )}
    order by ${NEWEST} offset 0
  ) ${opportunities}`;
}

/**
 * Published opportunities still open that ask for one of the profile's specializations, scored
 * for it and best first (then newest), leaving out those the consultant sent an interest for;
 * for the digest, only those published after `publishedAfter` and never announced to them.
 */
export async function opportunitiesMatching(
  db: Executor,
  profile: MatchProfile,
  options: { now: Date; limit: number; publishedAfter?: Date; notAnnounced?: boolean; consultantId?: number },
): Promise<OpportunityForYou[]> {
  const specializations = [profile.primarySpecialization, ...profile.secondarySpecializations];
  // The candidates' facts first, scored here; then the lines of the few shown: the ToRs of 200
  // candidates are never read (their excerpts cost 120 ms of PostgreSQL and 14 of Node at 20 000).
  const candidates = await db.execute<MatchOpportunity & { id: number }>(sql`
    select ${CANDIDATE_COLUMNS} from ${newestPublished(options.publishedAfter)}
    where ${and(
      gt(opportunities.deadline, options.now),
      sql`${opportunities.specializations} && ${sql.param(specializations)}::text[]`,
      // The digest: not those it announced to this consultant before.
      options.notAnnounced && options.consultantId !== undefined
        ? notInArray(
            opportunities.id,
            db
              .select({ id: opportunityDigestSent.opportunityId })
              .from(opportunityDigestSent)
              .where(eq(opportunityDigestSent.consultantId, options.consultantId)),
          )
        : undefined,
      // Not those the consultant already sent an interest for.
      options.consultantId === undefined
        ? undefined
        : notInArray(
            opportunities.id,
            db
              .select({ id: opportunityInterests.opportunityId })
              .from(opportunityInterests)
              .where(eq(opportunityInterests.consultantId, options.consultantId)),
          ),
    )}
    order by ${NEWEST} limit ${FOR_YOU.scored}`);
  // Best first, then in the order read (newest first): the sort keeps that order among equals.
  const best = candidates
    .map((row, place) => ({ id: row.id, place, match: matchScore(row, profile) }))
    .sort((a, b) => b.match.score - a.match.score || a.place - b.place)
    .slice(0, options.limit);
  if (best.length === 0) return [];
  const rows: SummaryRow[] = await db
    .select(summaryColumns)
    .from(opportunities)
    .innerJoin(organizations, eq(organizations.id, opportunities.organizationId))
    .where(
      inArray(
        opportunities.id,
        best.map((item) => item.id),
      ),
    );
  const lines = new Map(rows.map((row) => [row.id, row] as const));
  return best.flatMap((item) => {
    const row = lines.get(item.id);
    return row ? [{ ...summaryOf(row), match: item.match }] : [];
  });
}

/** The caller's own profile as the score reads it (any status: the owner sees their matches before approval too). */
export async function ownProfileFacts(db: Executor, actor: Actor): Promise<ProfileFacts> {
  const user = requireUser(actor, MATCH_TEXTS.signIn);
  const [profile] = await profileFacts(db, eq(consultants.userId, user.id));
  if (!profile) throw new NotFound(MATCH_TEXTS.noProfile);
  return profile;
}

/** GET /api/my-consultant-profile/opportunities: Opportunities for you, each with its match score. */
export async function opportunitiesForMe(
  deps: Pick<Deps, "db" | "readDb">,
  actor: Actor,
): Promise<{ opportunities: OpportunityForYou[] }> {
  const profile = await ownProfileFacts(deps.db, actor);
  return {
    opportunities: await opportunitiesMatching(deps.readDb, profile, {
      now: new Date(),
      limit: FOR_YOU.shown,
      consultantId: profile.id,
    }),
  };
}
