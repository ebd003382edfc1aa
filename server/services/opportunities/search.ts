import { and, asc, count, desc, eq, lte, type SQL, sql } from "drizzle-orm";
import { PAGE_SIZE } from "#common/constants.ts";
import {
  OPPORTUNITY_LIMITS,
  type OpportunityPage,
  type OpportunitySearch,
  type OpportunitySummary,
  opportunityPath,
  opportunitySearchSchema,
} from "#common/opportunities.ts";
import {
  OPPORTUNITY_FILTERS,
  type OpportunityFilter,
  type OpportunityRelaxation,
  opportunityQueryString,
} from "#common/opportunity-query.ts";
import { SEARCH_RESULT_CAP } from "#common/search.ts";
import type { Database } from "#server/db/client.ts";
import { opportunities, organizations } from "#server/db/schema.ts";
import type { Actor, ServiceDeps } from "../context.ts";
import { countToCap } from "../search/counting.ts";
import { analyzeKeywords, correctedKeywords, type KeywordTerm, termsQuery } from "../search/keywords.ts";
import { type Candidate, relaxationsOf } from "../search/relaxations.ts";
import type { ExpandedTerm } from "../search/result.ts";
import {
  type Corrector,
  correctWords,
  keywordWords,
  LITTLE,
  MANY_MIN,
  MANY_SHARE,
  manyMatches,
  type WordAnalysis,
} from "../search/words.ts";
import { parseInput } from "../validate.ts";
import { organizationBadgeColumns, wantedColumns, wantedOf } from "./access.ts";
import { termsAsText } from "./tor-format.ts";

// /opportunities and GET /api/opportunities (issue 32): published opportunities, 12 a page,
// newest or deadline first, with the consultants' keyword handling: the same terms (search/keywords.ts:
// words stemmed, the last one completed; places in any spelling; the field glossary's concepts in
// any of their forms, issue 33) matched against each opportunity's weighted document (title A,
// specializations and donors B, countries and languages C, ToR D, and the '#k:' lexemes of the
// concepts it names). A word no published opportunity uses is corrected from the opportunities' own
// words (opportunity_words, migration 0046), and a search that finds nothing answers what would
// find something (`relaxations`, as the consultants' search does: search/relaxations.ts).

type Deps = Pick<ServiceDeps, "readDb" | "runtime">;

/**
 * The opportunities' corrector (search/words.ts): a word that no published opportunity uses (what
 * the profiles' dictionary says does not count: a word only ToRs use is no typo, and a typo some
 * profile makes is still one here) becomes a similar word published opportunities use that many of
 * them use (at least MANY_MIN and one in 200) or many listed profiles use (manyMatches: the field's
 * own words, "sanitation", while opportunities are still few).
 */
function opportunitiesCorrector(listed: number): Corrector {
  const published = sql`(select count(*) from ${opportunities} where ${opportunities.status} = 'published')`;
  return {
    table: "opportunity_words",
    suspect: (word) => word.lexemes.length > 0,
    suggestable: sql`w.ndoc > 0 and (w.ndoc >= greatest(${MANY_MIN}::int, ceil(${published} * ${MANY_SHARE}::float8))
      or exists (select 1 from search_words p where p.word = w.word and p.ndoc >= ${manyMatches(listed)}::int))`,
  };
}

/**
 * correctWords asking the dictionary at most once per word in a request: a search that found
 * nothing asks for its keywords, and a relaxation without one of them would ask again for the
 * others ("sanitaton zzqx", then "sanitaton"). Each word's correction depends on that word alone
 * (the statement looks each suspect up on its own), and on whether the corrector suspects it, which
 * the memo's key holds: the same corrections, one statement.
 */
function correctWordsOnce(): typeof correctWords {
  const asked = new Map<string, ReturnType<typeof correctWords>>();
  return async (db, words, corrector) => {
    const keyOf = (word: WordAnalysis) => `${corrector.suspect(word) ? "suspect" : "trusted"}:${word.key}`;
    const fresh = words.filter((word) => !asked.has(keyOf(word)));
    if (fresh.length > 0) {
      const found = correctWords(db, fresh, corrector);
      for (const word of fresh) asked.set(keyOf(word), found);
    }
    const answers = await Promise.all(words.map(async (word) => (await asked.get(keyOf(word)))?.get(word.key)));
    const corrections: Awaited<ReturnType<typeof correctWords>> = new Map();
    words.forEach((word, index) => {
      const correction = answers[index];
      if (correction) corrections.set(word.key, correction);
    });
    return corrections;
  };
}

/**
 * The tsquery of the keywords (the words as typed, and with rare ones corrected), or null when only
 * stop words are left: the consultants' terms (search/keywords.ts), so a place in any spelling
 * matches every spelling of it and a concept of the field glossary in any of its forms ("M&E",
 * "nước sạch") matches its '#k:' lexeme, which the documents carry (refreshSearchDocuments).
 */
async function keywordQueries(deps: Deps, keywords: string, correct: typeof correctWords) {
  const db = deps.readDb;
  if (keywordWords(keywords).length === 0) return null;
  const analyzed = await analyzeKeywords({ db, runtime: deps.runtime }, keywords);
  const exact = termsQuery(analyzed.terms);
  if (!exact) return null;
  // Asked at most once, however many of a search's relaxations keep these keywords.
  let correction: Promise<{ tsquery: string; keywords: string } | null> | undefined;
  const corrected = () => {
    correction ??= (async () => {
      const { listed } = await deps.runtime.statistics(db);
      const found = await correctedKeywords(db, analyzed, opportunitiesCorrector(listed), correct);
      const tsquery = found && termsQuery(found.terms);
      return found && tsquery ? { tsquery, keywords: found.keywords } : null;
    })();
    return correction;
  };
  return { exact, corrected, expandedTerms: analyzed.expandedTerms, terms: analyzed.terms };
}

type KeywordQueries = ReturnType<typeof keywordQueries>;

/**
 * keywordQueries once for each keywords of one request: a search that found nothing counts its
 * relaxations, and all of those without a filter keep its keywords (analysed and corrected once);
 * those without a word correct the others' words from what the search was told (correctWordsOnce).
 */
function keywordQueriesOnce(deps: Deps): (keywords: string) => KeywordQueries {
  const asked = new Map<string, KeywordQueries>();
  const correct = correctWordsOnce();
  return (keywords) => {
    let queries = asked.get(keywords);
    if (!queries) {
      queries = keywordQueries(deps, keywords, correct);
      asked.set(keywords, queries);
    }
    return queries;
  };
}

/**
 * Published: written as a literal, never a parameter. Every connection plans a statement once,
 * without its values (server/db/client.ts: force_generic_plan), and a plan made for `status = $1`
 * cannot use the indexes limited to `status = 'published'` (order, words, filters): it read and
 * sorted every opportunity, ToR included (0.9 s a page at 20 000; 1 ms with the index).
 */
export const isPublished = sql`${opportunities.status} = 'published'`;
/** Waiting for an admin, as a literal for the same reason (the pending queue's index). */
export const isPending = sql`${opportunities.status} = 'pending'`;

function conditions(params: OpportunitySearch, now: Date, tsquery?: string): SQL[] {
  const list: SQL[] = [isPublished];
  if (params.specialization) list.push(sql`${opportunities.specializations} @> array[${params.specialization}]::text[]`);
  if (params.country) list.push(sql`${opportunities.countries} @> array[${params.country}]::text[]`);
  if (params.donor) list.push(sql`${opportunities.donors} @> array[${params.donor}]::text[]`);
  if (params.language) list.push(sql`${opportunities.languages} @> array[${params.language}]::text[]`);
  // A literal predicate, not `is_remote = $n`: the generic plan can then read the remote ones'
  // own index (0039) instead of visiting every open opportunity (remote=true 17.7 -> 2.7 ms p50 in process at 20 000).
  if (params.remote) list.push(sql`${opportunities.isRemote}`);
  if (params.deadlineSoon) {
    const soon = new Date(now.getTime() + OPPORTUNITY_LIMITS.deadlineSoonDays * 86_400_000);
    list.push(lte(opportunities.deadline, soon));
  }
  if (tsquery) list.push(sql`${opportunities.searchDocument} @@ ${tsquery}::tsquery`);
  return list;
}

/** The columns of one line of the list (summaryOf), for every list of opportunities. */
export const summaryColumns = {
  id: opportunities.id,
  slug: opportunities.slug,
  title: opportunities.title,
  descriptionHtml: sql<string>`left(${opportunities.descriptionHtml}, 1200)`,
  ...wantedColumns,
  durationValue: opportunities.durationValue,
  durationUnit: opportunities.durationUnit,
  deadline: opportunities.deadline,
  deadlineDate: opportunities.deadlineDate,
  timeZone: opportunities.timeZone,
  status: opportunities.status,
  publishedAt: opportunities.publishedAt,
  organization: organizationBadgeColumns,
};

async function readPage(db: Database, params: OpportunitySearch, where: SQL[]) {
  const order =
    params.sort === "deadline"
      ? [asc(opportunities.deadline), asc(opportunities.id)]
      : [desc(opportunities.publishedAt), desc(opportunities.id)];
  // The page's ids first (the order's columns only), then their lines: a sort of the matches never
  // carries the ToR's text (each one read out of its TOAST: 2 000 of them cost 0.2 s at 20 000).
  const page = db
    .select({ id: opportunities.id })
    .from(opportunities)
    .where(and(...where))
    .orderBy(...order)
    .limit(PAGE_SIZE)
    .offset((params.page - 1) * PAGE_SIZE)
    .as("page");
  const [rows, [total]] = await Promise.all([
    db
      .select(summaryColumns)
      .from(page)
      .innerJoin(opportunities, eq(opportunities.id, page.id))
      .innerJoin(organizations, eq(organizations.id, opportunities.organizationId))
      .orderBy(...order),
    db
      .select({ total: count() })
      .from(opportunities)
      .where(and(...where)),
  ]);
  return { rows, total: total?.total ?? 0 };
}

export type SummaryRow = Awaited<ReturnType<typeof readPage>>["rows"][number];

export function summaryOf(row: SummaryRow): OpportunitySummary {
  const text = termsAsText(row.descriptionHtml).replace(/\s+/g, " ");
  return {
    id: row.id,
    slug: row.slug,
    path: opportunityPath(row),
    organization: row.organization,
    title: row.title,
    excerpt: text.length > 220 ? `${text.slice(0, 220).replace(/\s+\S*$/, "")}…` : text,
    ...wantedOf(row),
    duration: { value: row.durationValue, unit: row.durationUnit },
    deadline: row.deadline.toISOString(),
    deadlineDate: row.deadlineDate,
    timeZone: row.timeZone,
    status: row.status,
    publishedAt: row.publishedAt?.toISOString() ?? null,
  };
}

/**
 * A page of the search, with the keywords as corrected when a correction found more, the concepts
 * of the field glossary the keywords were read as (as the consultants' answer names them), and,
 * when nothing was found, what would find something.
 */
export type OpportunitySearchAnswer = OpportunityPage & {
  correctedKeywords?: string;
  expandedTerms?: ExpandedTerm[];
  relaxations?: OpportunityRelaxation[];
};

/** GET /api/opportunities: published opportunities (anyone). */
export async function searchOpportunities(deps: Deps, _actor: Actor, input: unknown): Promise<OpportunitySearchAnswer> {
  const params = parseInput(opportunitySearchSchema, input ?? {});
  return searchWith(deps, params, new Date());
}

/**
 * The matches of a search read by `read` (a page and the total, or the total alone), with the
 * keywords corrected when they find little and the correction finds more.
 */
async function matching<T extends { total: number }>(
  queriesOf: (keywords: string) => KeywordQueries,
  params: OpportunitySearch,
  now: Date,
  read: (where: SQL[]) => Promise<T>,
) {
  const queries = params.keywords ? await queriesOf(params.keywords) : null;
  let found = await read(conditions(params, now, queries?.exact));
  let correctedKeywords: string | undefined;
  if (queries && found.total < LITTLE) {
    const corrected = await queries.corrected();
    if (corrected) {
      const again = await read(conditions(params, now, corrected.tsquery));
      if (again.total > found.total) {
        found = again;
        correctedKeywords = corrected.keywords;
      }
    }
  }
  return { found, correctedKeywords, queries };
}

/**
 * How many published opportunities match, counted no further than one past the cap (a relaxation's
 * count, shown "1,000+" beyond it, as the consultants'): past the cap the heap is not read.
 */
async function countMatches(db: Database, where: SQL[]) {
  const matched = await countToCap(db, sql`select 1 from ${opportunities} where ${and(...where)}`);
  return { total: Math.min(matched, SEARCH_RESULT_CAP), totalIsCapped: matched > SEARCH_RESULT_CAP };
}

/** The search without each of its filters, for relaxationsOf. */
function filterCandidates(params: OpportunitySearch): Candidate<OpportunitySearch, OpportunityFilter>[] {
  return OPPORTUNITY_FILTERS.flatMap((filter) => {
    const value = params[filter];
    return value === undefined || value === false
      ? []
      : [{ drop: { filter, value: String(value) }, params: { ...params, [filter]: undefined, page: 1 } }];
  });
}

/**
 * What would find something when a search found nothing (issue 33, as the consultants' search
 * answers it: search/relaxations.ts): the keywords without each term (or each term alone) and the
 * search without each filter, each counted as the search its link makes.
 */
function relaxationsFor(
  deps: Deps,
  queriesOf: (keywords: string) => KeywordQueries,
  params: OpportunitySearch,
  now: Date,
  terms: KeywordTerm[],
) {
  const counted = async (relaxed: OpportunitySearch) => {
    const { found } = await matching(queriesOf, relaxed, now, (where) => countMatches(deps.readDb, where));
    return found;
  };
  return relaxationsOf(params, terms, counted, { filters: filterCandidates, queryString: opportunityQueryString });
}

/** The search for parsed parameters (the page's loader parses leniently itself). */
export async function searchWith(deps: Deps, params: OpportunitySearch, now: Date) {
  const queriesOf = keywordQueriesOnce(deps);
  const { found, correctedKeywords, queries } = await matching(queriesOf, params, now, (where) =>
    readPage(deps.readDb, params, where),
  );
  const answer: OpportunitySearchAnswer = {
    opportunities: found.rows.map(summaryOf),
    total: found.total,
    page: params.page,
    limit: PAGE_SIZE,
    pageCount: Math.ceil(found.total / PAGE_SIZE),
    sort: params.sort,
  };
  if (correctedKeywords) answer.correctedKeywords = correctedKeywords;
  if (queries && queries.expandedTerms.length > 0) answer.expandedTerms = queries.expandedTerms;
  if (found.total === 0) answer.relaxations = await relaxationsFor(deps, queriesOf, params, now, queries?.terms ?? []);
  return answer;
}

/** The sitemap's opportunities: published ones, newest first (at most 50 000, the protocol's bound for one file). */
export async function listSitemapOpportunities(db: Database): Promise<{ path: string; lastModified: Date }[]> {
  const rows = await db
    .select({ id: opportunities.id, slug: opportunities.slug, lastModified: opportunities.updatedAt })
    .from(opportunities)
    .where(isPublished)
    .orderBy(desc(opportunities.publishedAt), desc(opportunities.id))
    .limit(50_000);
  return rows.map((row) => ({ path: opportunityPath(row), lastModified: row.lastModified }));
}
