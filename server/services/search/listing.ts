import { type SQL, sql } from "drizzle-orm";
import type { SearchParams } from "#common/search.ts";
import { SEARCH_RESULT_CAP } from "#common/search.ts";
import type { Executor } from "#server/db/client.ts";
import { consultants } from "#server/db/schema.ts";
import { isListed, publicConsultantColumns } from "../consultants/read-model.ts";
import { countToCap } from "./counting.ts";
import { locationCondition, locationCountry } from "./places.ts";
import { cityFirst, filterShares, product, type Statistics, shareOf, WALK_SLACK } from "./planner.ts";
import {
  FEATURED_ORDER,
  filterConditions,
  indexedMatch,
  listingWalk,
  ORDER_COLUMNS,
  orderBy,
  publicSelectList,
  resultWindow,
  rowToPublicConsultant,
} from "./query.ts";
import { type PlanningOptions, result, type SearchOptions, type SearchResult } from "./result.ts";

// A search without keywords: a listing in the requested order, filtered.

/**
 * Without keywords: a listing in the requested order, and a count that stops at the cap. With
 * filters, one query reads up to the cap of matching profiles through the document's index (the
 * filters are facet lexemes of it, intersected inside the index): when that is all of them, it
 * counts them and sorts the page from them. Only when more match does the page come from walking
 * the order's index, testing each profile's columns, which is what the planner would do in any
 * case, and what costs tens of thousands of rows when few match and the filters correlate with
 * the order (experienced-but-junior profiles are few at the top of the featured order, say), or
 * when filters that are common alone never meet (a donor of health work and one of roads).
 * Filters the statistics say most profiles pass skip the first read.
 */
export async function listWithoutKeywords(
  db: Executor,
  params: SearchParams,
  options: PlanningOptions,
): Promise<{ result: SearchResult; plans: string[] }> {
  const conditions = filterConditions(params);
  const where = sql.join(conditions, sql` and `);
  const walked = listingWalk(params);
  const { offset, limit } = resultWindow(params);
  const order = sql.join(orderBy(params.sort), sql`, `);
  const walk = () =>
    limit === 0
      ? Promise.resolve([])
      : db.select(publicConsultantColumns).from(consultants).where(walked).orderBy(sql`${order}`).limit(limit).offset(offset);

  // Expected to exceed the cap many times over (no filter, or filters most profiles pass): count and
  // walk at once. A country alone (the home page's country tiles, and paging through them) is
  // counted exactly by the statistics and has its own index in featured order (migration 0015),
  // so twice the cap is enough.
  const { statistics } = options;
  const countryAlone = conditions.length === 2 && params.location !== undefined && locationCountry(params.location) !== undefined;
  const broad = (countryAlone ? 2 : BROAD_LISTING) * SEARCH_RESULT_CAP;
  const shares = filterShares(params, statistics);
  const share = product(shares);
  // Filters the statistics expect to meet often, which two or more may not: probed first.
  const probed = conditions.length > 1 && statistics.listed * share > broad && shares.length > 1;
  const probe = probed ? "listing probe, " : "listing ";
  if (
    conditions.length === 1 ||
    (statistics.listed * share > broad && (!probed || (await meetOften(db, where, share, statistics))))
  ) {
    // The page alone: no count (a lower bound is all it answers).
    if (options.pageOnly) {
      const rows = await walk();
      return { result: result(params, offset + rows.length, rows), plans: [`${probe}walk, uncounted`] };
    }
    const [rows, matched] = await Promise.all([walk(), countToCap(db, sql`select 1 from ${consultants} where ${walked}`)]);
    return { result: result(params, matched, rows), plans: [`${probe}walk`] };
  }
  return readThroughIndex(db, params, { where, share, probe }, options);
}

/**
 * A listing that is not walked: its matches through the document's index, the filters as facets
 * (and a city, see cityFirst), counted to the cap and the page sorted from them; past the cap,
 * the page from pageOfMany. `probe` names the plan's first step (whether meetOften ran).
 */
async function readThroughIndex(
  db: Executor,
  params: SearchParams,
  { where, share, probe }: { where: SQL; share: number; probe: string },
  options: PlanningOptions,
): Promise<{ result: SearchResult; plans: string[] }> {
  const { statistics } = options;
  const { offset, limit } = resultWindow(params);
  const order = sql.join(orderBy(params.sort), sql`, `);
  const indexed = indexedMatch(params, undefined, cityFirst(params, statistics));
  // The page alone, where more than the cap are expected to match: reading up to the cap first
  // would only count them (the bitmap of every match of a common language or donor is most of
  // the cost); the page comes from walking the order's index, or from every match when the walk
  // misses it (the estimate too high), as it would after that read.
  if (options.pageOnly && statistics.listed * share > SEARCH_RESULT_CAP) {
    const many = await pageOfMany(db, params, { where, indexed, share }, statistics, options);
    return { result: result(params, offset + many.rows.length, many.rows), plans: [`${probe}uncounted, ${many.plan}`] };
  }
  const rows = await db.execute<Record<string, unknown> & { matched: number }>(sql`
    with matches as materialized (select ${ORDER_COLUMNS} from ${consultants} where ${indexed} limit ${SEARCH_RESULT_CAP + 1}),
    page as (
      select id, row_number() over (order by ${order}) as ord
      from matches ${consultants} order by ${order} limit ${limit} offset ${offset}
    )
    -- One row even for an empty page, to carry the count.
    select (select count(*) from matches)::int as matched, ${publicSelectList}
    from (select 1) as one
    left join (page join ${consultants} on ${consultants.id} = page.id) on true
    order by page.ord`);
  const matched = Number(rows[0]?.matched ?? 0);
  if (matched <= SEARCH_RESULT_CAP)
    return {
      result: result(params, matched, rows.filter((row) => row.id !== null).map(rowToPublicConsultant)),
      plans: [`${probe}read`],
    };
  const many = await pageOfMany(db, params, { where, indexed, share }, statistics, options);
  return { result: result(params, matched, many.rows), plans: [`${probe}read, ${many.plan}`] };
}

/**
 * Whether filters the statistics expect to meet often do: they reckon filters independent, and
 * a donor of health work and one of roads (or work in Vietnam by profiles in Thailand) are
 * common alone and rarely together. Counting to the cap on the profiles' columns would then read
 * the whole table, and walking the order's index for a page too (6.8 s at a million profiles),
 * where the document's index finds the few that match in milliseconds. So test the first
 * profiles of the featured order (their rows are the most read, so in memory), as many as should
 * hold PROBE_HITS matches: fewer than half of them there, and the listing reads its matches
 * through the document's index.
 */
async function meetOften(db: Executor, where: SQL, share: number, statistics: Statistics) {
  const rows = Math.ceil(Math.max(PROBE_MIN, PROBE_HITS / share));
  const [probe] = await db.execute<{ hits: number }>(sql`
    select count(*) filter (where hit)::int as hits
    from (select ${where} as hit from ${consultants} where ${isListed} order by ${FEATURED_ORDER} limit ${rows}) probe`);
  return Number(probe?.hits ?? 0) * 2 >= share * Math.min(rows, statistics.listed);
}

/** The matches the probe of meetOften expects to find, and the fewest profiles it tests. */
const PROBE_HITS = 32;
const PROBE_MIN = 500;

/**
 * A listing page when more than the cap are known to match: at least 1 in listed ÷ 1 001 does,
 * so walking the order's index for it reads about (offset + limit) × listed ÷ 1 001 profiles if
 * they are spread evenly. Walk a bounded stretch of the index (a LIMIT makes the planner walk; it
 * would otherwise guess from the filters' estimates, which miss correlation, and read and sort
 * thousands); if the page is not in it, read every match through the document's index and sort.
 * In featured order with a country, the walk is of that country's profiles only (migration 0015):
 * Vietnamese speakers in Vietnam with 8–15 years sit low in the featured order, and walking
 * everyone's read 4 541 profiles for a page, where Vietnam's own order holds the same page
 * within a tenth of them.
 */
async function pageOfMany(
  db: Executor,
  params: SearchParams,
  { where, indexed, share }: { where: SQL; indexed: SQL; share: number },
  statistics: Statistics,
  { strategy }: SearchOptions,
) {
  const { offset, limit } = resultWindow(params);
  if (limit === 0) return { rows: [], plan: "past the cap" };
  const order = sql.join(orderBy(params.sort), sql`, `);
  const location = params.sort === "relevance" ? params.location : undefined;
  const country = location ? locationCountry(location) : undefined;
  const scope = location && country ? sql`${isListed} and ${locationCondition(location)}` : isListed;
  const walkable = statistics.listed * (country ? shareOf(statistics, "country", country) : 1);
  // Forced (tests, benchmarks): the whole index, or no walk at all.
  const stretch =
    strategy === "walk-index"
      ? statistics.listed + 1
      : Math.max(WALK_MIN, Math.ceil((WALK_SLACK * (offset + limit) * walkable) / (SEARCH_RESULT_CAP + 1)));
  // A deep page of filters few profiles pass: as many as the statistics expect match (more than the
  // cap, as the first read found), spread evenly, the walk would cover more than READ_OVER_WALK
  // times as many rows as reading every match does (Mandarin speakers with 4-7 years, page 68:
  // 33 000 rows walked for 816, where the 2 500 matches read and sorted cost 3 ms instead of 80).
  const matches = Math.max(statistics.listed * share, SEARCH_RESULT_CAP + 1);
  const expectedWalk = ((offset + limit) * walkable) / matches;
  const walkWorth = strategy !== undefined || expectedWalk <= READ_OVER_WALK * matches;
  const walks = strategy !== "read-all" && walkWorth;
  if (walks) {
    const walked = await db.execute<Record<string, unknown>>(sql`
      select ${publicSelectList}
      from (select * from ${consultants} where ${scope} order by ${order} limit ${stretch}) ${consultants}
      where ${where}
      order by ${order} limit ${limit} offset ${offset}`);
    if (walked.length === limit) return { rows: walked.map(rowToPublicConsultant), plan: "page walked" };
  }
  const read = await db.execute<Record<string, unknown>>(sql`
    select ${publicSelectList}
    from (select * from ${consultants} where ${indexed} offset 0) ${consultants}
    order by ${order} limit ${limit} offset ${offset}`);
  return { rows: read.map(rowToPublicConsultant), plan: walks ? "page walked, then read" : "page read" };
}

/** A listing's page is read from every match rather than walked when the walk is expected to cover more than this many times as many rows. */
const READ_OVER_WALK = 2;

/** The least stretch of an order's index walked for a page (see WALK_SLACK). */
const WALK_MIN = 2_000;

/** A listing expected to match this many times the cap is walked at once, without first reading up to the cap. */
const BROAD_LISTING = 10;
