import { type SQL, sql } from "drizzle-orm";
import { SEARCH_RESULT_CAP, type SearchParams } from "#common/search.ts";
import type { Executor } from "#server/db/client.ts";
import { consultants } from "#server/db/schema.ts";
import { isListed, type PublicConsultant } from "../consultants/read-model.ts";
import { countsOverCap, countToCapQuery, countWalksFirst } from "./counting.ts";
import {
  cityFirst,
  DOCUMENT_TEST,
  filterShare,
  QUALITY_TIERS,
  qualityTierFrom,
  textShare,
  textShareBound,
  WALK_SLACK,
  walksIndex,
} from "./planner.ts";
import {
  boundedPool,
  CANDIDATE_COLUMNS,
  candidateColumns,
  candidatePool,
  filterConditions,
  HEAD_WITH_TIER,
  indexedMatch,
  ORDER_COLUMNS,
  orderBy,
  publicSelectList,
  QUALITY_POOL,
  qualityTiers,
  RANK_WEIGHTS,
  resultWindow,
  rowTest,
  rowToPublicConsultant,
  tieredPool,
  walkTest,
} from "./query.ts";
import type { PlanningOptions } from "./result.ts";

// One page of a keyword search (docs/decisions/006-search-engine.md): how many match up to the
// cap, which candidates are read and ranked, and the page of them, in as few statements as the
// statistics allow. index.ts analyses the words and calls it (again with corrected words).

/** A keyword search expected to match this many times the cap counts up to the cap before reading its pool. */
const PRECOUNT = 3;

/** A search counted first whose independent estimate is at least this share of the cap reads its page meanwhile. */
const SPECULATE = 0.5;

/**
 * Up to the cap, relevance ranks every match: the documents are in the row (migration 0014), so
 * ranking a thousand costs about 2 ms, less than reading a separate pool of head matches. Past
 * it, a pool of the best (see keywordPage).
 */
const RANK_ALL = SEARCH_RESULT_CAP;

type KeywordQuery = {
  tsquery: string;
  groups: string[][];
  exact?: string;
  /** Known to match more than SEARCH_RESULT_CAP profiles (from the words dictionary): no need to count. */
  overCap?: boolean;
  /**
   * Read as if over the cap, but not known to be: the statement proves it from the head pool's
   * read (see keywordPage) or counts up to the cap itself, and says how many match.
   */
  prove?: boolean;
};

/** One page of a keyword search, and the number of matches up to the cap (plus one). */
export async function keywordPage(
  db: Executor,
  params: SearchParams,
  query: KeywordQuery,
  options: PlanningOptions,
  mayFit = true,
): Promise<{ matched: number; consultants: PublicConsultant[] }> {
  const { strategy } = options;
  const filters = filterConditions(params);
  const words = sql`${query.tsquery}::tsquery`;
  const relevance = params.sort === "relevance";
  // Forced (tests, benchmarks): always walk, always read (sorted, or unordered when few match), or
  // take every bounded walk there is.
  const bounded = strategy === "bounded-walk";
  const statistics = strategy && !bounded ? undefined : options.statistics;
  // The document's index offers only the matches (words and filters intersect in it). The head
  // pool walks testing the head and the columns, or reads through the head's index testing the
  // columns, or, when that offers more rows, reads the matches through the document's index
  // testing the head.
  const shares = statistics && {
    filters: filterShare(params, statistics),
    document: textShare(query.groups, statistics, "search_document"),
    head: textShare(query.groups, statistics, "search_head"),
    bound: textShareBound(query.groups, statistics, "search_document"),
    headBound: textShareBound(query.groups, statistics, "search_head"),
  };
  const city = cityFirst(params, statistics, shares?.document);
  const matchDocument = {
    walked: walkTest([...filters, sql`search_document @@ ${words}`]),
    indexed: indexedMatch(params, words, city),
  };
  const headThroughDocument = shares !== undefined && shares.document * shares.filters < shares.head;
  const readRows = (pool: "document" | "head") =>
    (statistics?.listed ?? 0) *
    (shares ? (pool === "head" && !headThroughDocument ? shares.head : shares.document * shares.filters) : 1);
  const walks = (pool: "document" | "head", wanted: number) =>
    shares && !bounded
      ? walksIndex(shares[pool] * shares.filters, readRows(pool), wanted, pool === "document" ? DOCUMENT_TEST : 1)
      : strategy === "walk-index";
  // Read through one index, the other conditions tested on its rows (rowTest).
  const columnTests = filters.filter((filter) => filter !== isListed);
  const matchHead = {
    walked: walkTest([...filters, sql`search_head @@ ${words}`]),
    indexed: headThroughDocument
      ? sql`${matchDocument.indexed} and ${rowTest([sql`search_head @@ ${words}`])}`
      : sql`${isListed} and search_head @@ ${words} and ${rowTest(columnTests)}`,
  };
  const order = orderBy(params.sort);
  const window = resultWindow(params);
  const rank = relevance
    ? [sql`ts_rank(${RANK_WEIGHTS}::float4[], search_document, ${words}) * (1 + 0.5 * static_score) desc`]
    : [];
  // With a corrected spelling, the profiles that match the words as typed come first.
  const exactFirst = query.exact ? [sql`(search_document @@ ${query.exact}::tsquery) desc`] : [];
  const ranked = Math.max(QUALITY_POOL, window.offset + window.limit);
  // Expected to match many times the cap (from the rarest word: words of a phrase travel
  // together), count up to it first, so that the pool need hold only what is ranked or paged.
  const mostMatches = statistics && shares ? statistics.listed * shares.bound * shares.filters : 0;
  let overCap = query.overCap ?? false;
  if (!overCap && statistics && shares && (bounded || mostMatches > PRECOUNT * SEARCH_RESULT_CAP)) {
    const share = shares.document * shares.filters;
    // Even the independent estimate near the cap: most likely over it. The page is then read
    // as if that were known, and kept if the count agrees: the same answer, a round trip and a
    // count sooner. When the head pool reads every head match past the quality pool (relevance),
    // those and the quality pool are matches enough to prove it ("health financing": 100 + 1 657)
    // more often than not, so the page's statement counts only when they are not, and no count
    // is sent at all otherwise (3-5 ms of listing two words' posting lists). Otherwise the count
    // goes meanwhile, on another connection, or first.
    const speculate = readRows("document") >= SPECULATE * SEARCH_RESULT_CAP;
    if (speculate && relevance && !countWalksFirst(statistics.listed, share, bounded) && !walks("head", ranked)) {
      const page = await keywordPage(db, params, { ...query, overCap: true, prove: true }, options, mayFit);
      if (page.matched > SEARCH_RESULT_CAP) return page;
    } else if (!speculate) overCap = await countsOverCap(db, matchDocument, statistics.listed, share, bounded);
    else {
      const counted = countsOverCap(db, matchDocument, statistics.listed, share, bounded);
      const [over, page] = await Promise.all([counted, keywordPage(db, params, { ...query, overCap: true }, options, mayFit)]);
      if (over) return page;
    }
  }
  // Known to be over the cap: the pool holds only what is ranked (relevance) or paged.
  const poolSize = overCap ? (relevance ? ranked : window.offset + window.limit) : SEARCH_RESULT_CAP + 1;
  const matched = overCap ? sql`${SEARCH_RESULT_CAP + 1}::int` : sql`(select count(*) from document_pool)::int`;
  const walkDocument = walks("document", poolSize);
  // For relevance, the pool in quality order may hold few of the strongest matches of a common
  // word (say, "evaluation" in titles among thousands of bio mentions). Past RANK_ALL matches,
  // relevance ranks the best head matches and the best `ranked` of the quality pool; up to it, all
  // (the head matches are among them).
  const pooled = overCap ? sql`true` : sql`(select count(*) from document_pool) > ${RANK_ALL}::int`;
  const rankedOnly = relevance ? sql`limit case when ${pooled} then ${ranked}::int end` : sql``;
  const ordered = sql.join(order, sql`, `);
  // When every match is read anyway (not known to be over the cap, through the document's index)
  // and more are expected than relevance ranks, they are read once and narrow: the order's columns
  // and whether the head matches, not the documents (1.5 KB each: sorting a thousand of them costs
  // more than reading them). The head pool comes from the same rows instead of a second read, and
  // only the candidates' documents are fetched, to rank. Fewer matches are all ranked, and carry
  // their documents from the one read.
  const narrowRead =
    relevance && !overCap && !walkDocument && (statistics ? readRows("document") > RANK_ALL : strategy === "read-all");
  const matches = narrowRead
    ? sql`matches as materialized (
        select ${ORDER_COLUMNS}, search_head @@ ${words} as head from ${consultants} where ${matchDocument.indexed}),`
    : sql``;
  // Expected to match no more than relevance ranks: every match is a candidate, read once in no
  // order (the page's order takes its top few); none is sorted, copied or read twice. Should more
  // match than expected, the read stops one past the cap and the search reads its pools as below.
  const fits =
    mayFit && !overCap && !walkDocument && (statistics ? readRows("document") <= RANK_ALL : strategy === "read-unordered");
  // For relevance, each candidate of the quality pool says whether it matches in the head: the head
  // pool below need only go on from where the quality pool ends. Candidates carry their documents
  // only to be ranked (relevance, or the words as typed first after a correction).
  const columns = {
    head: relevance ? sql`search_head @@ ${words}` : undefined,
    document: relevance || query.exact !== undefined,
  };
  let documentPool: SQL;
  if (fits)
    documentPool = sql`select ${candidateColumns({ document: columns.document })} from ${consultants} where ${matchDocument.indexed} limit ${poolSize}`;
  else if (narrowRead) documentPool = sql`select * from matches ${consultants} order by ${ordered} limit ${poolSize}`;
  // Over the cap, at least 1 001 match, and the estimates would read them all. With words that
  // may travel together (the estimate of all of them is below that of the rarest), first walk a
  // stretch of the order's index long enough for the pool if matches are as many as the rarest
  // word allows (see boundedPool), never longer than reading them would be. One word, or words
  // whose estimate is their rarest's, have no such doubt: a walk would only add to the read.
  else if (!overCap || walkDocument || !shares || !statistics || (!bounded && shares.document >= shares.bound)) {
    // Known to be over the cap and read in the featured order: from the top quality tiers when
    // they are expected to hold the pool (see tieredPool). Forced, from the upper half of them.
    const tier =
      overCap && !walkDocument && relevance
        ? strategy === "quality-tiers"
          ? QUALITY_TIERS / 2
          : statistics && qualityTierFrom(statistics, readRows("document"), poolSize)
        : undefined;
    documentPool = tier
      ? tieredPool(matchDocument, indexedMatch(params, sql`(${words} && ${qualityTiers(tier)})`, city), poolSize, columns)
      : candidatePool(matchDocument, order, poolSize, walkDocument, columns);
  } else {
    const stretch = Math.ceil(Math.min((WALK_SLACK * poolSize * statistics.listed) / Math.max(mostMatches, 1), mostMatches));
    documentPool = boundedPool(matchDocument, order, poolSize, Math.max(stretch, poolSize), columns);
  }
  let headPool = sql`select * from ranked_pool where false`;
  let headRead = sql``;
  // Matches enough to prove that more than the cap match (see KeywordQuery.prove).
  let proof = sql`false`;
  if (narrowRead)
    headPool = sql`select * from matches ${consultants} where head and ${pooled} and id not in (select id from ranked_pool)
      order by ${ordered} limit ${ranked}`;
  else if (relevance) {
    // The best `ranked` head matches in quality order. A head match is a document match, and the
    // quality pool holds every document match up to its last row: those head matches are in it
    // already (flagged), and the rest come after that row.
    const after = sql`(static_score, ${consultants.id}) < (select static_score, id from ranked_pool order by static_score, id limit 1)`;
    const rest = sql`greatest(${ranked}::int - (select count(*) from ranked_pool where head)::int, 0)`;
    // A walk starts at that row (an index condition); a read tests it on each row.
    const afterHead = {
      walked: sql`${matchHead.walked} and ${after}`,
      indexed: sql`${matchHead.indexed} and ${rowTest([after])}`,
    };
    if (walks("head", ranked))
      headPool = sql`select * from (${candidatePool(afterHead, order, rest, true, { head: sql`true` })}) h where ${pooled}`;
    else {
      // Read every head match past the quality pool, narrow (sorting thousands of 1.5 KB documents
      // for the best few cost a third of the read), then fetch the documents of the best `rest`.
      // With the quality pool, they are also a lower bound on how many match.
      headRead = sql`head_read as materialized (select ${ORDER_COLUMNS} from ${consultants} where ${afterHead.indexed}),`;
      const best = (read: SQL) => sql`select ${candidateColumns({ head: sql`true` })} from ${consultants}
        where ${consultants.id} = any(array(select id from ${read} ${consultants} order by ${ordered} limit ${rest}))`;
      // Many head matches ("climate", "water supply": 2 500): the best of them by quality are
      // those of the top quality tiers, as soon as those hold `rest` (migration 0018), and only
      // those are read; the read of all of them is the fallback. Expected from the rarest word
      // (words of a phrase travel together), an upper bound, so with no slack on top: when fewer
      // match, the tiers' read is small and the fallback reads them all, as without the tiers.
      // Forced, from the upper half.
      const tier =
        strategy === "quality-tiers"
          ? QUALITY_TIERS / 2
          : statistics && shares && !headThroughDocument
            ? qualityTierFrom(statistics, statistics.listed * shares.headBound * shares.filters, ranked, 1)
            : undefined;
      if (tier) {
        const tiered = sql`${isListed} and ${HEAD_WITH_TIER} @@ (${words} && ${qualityTiers(tier)}) and ${rowTest([...columnTests, after])}`;
        headRead = sql`${headRead}
          head_tiered as materialized (select ${ORDER_COLUMNS} from ${consultants} where ${tiered}),`;
        const held = sql`(select count(*) from head_tiered) >= ${rest}`;
        headPool = sql`select * from (${best(sql`head_tiered`)}) h where ${pooled} and ${held}
          union all select * from (${best(sql`head_read`)}) h where ${pooled} and not ${held}`;
      } else headPool = sql`select * from (${best(sql`head_read`)}) h where ${pooled}`;
      // Read no further than the cap for it (a CTE is read only as far as it is scanned).
      proof = sql`(select count(*) from ranked_pool) + (select count(*) from (select 1 from head_read limit ${SEARCH_RESULT_CAP + 1}::int - (select count(*) from ranked_pool)::int) h) > ${SEARCH_RESULT_CAP}::int`;
    }
  }
  const candidates = narrowRead
    ? sql`select ${CANDIDATE_COLUMNS} from ${consultants}
        where ${consultants.id} in (select id from ranked_pool union all select id from head_pool)`
    : sql`select * from ranked_pool union all select * from head_pool`;
  const pools = fits
    ? sql`candidates as (select * from document_pool),`
    : sql`ranked_pool as materialized (select * from document_pool ${consultants} order by ${ordered} ${rankedOnly}),
    ${headRead}
    head_pool as materialized (${headPool}),
    candidates as (${candidates}),`;
  const rows = await db.execute<Record<string, unknown> & { matched: number }>(sql`
    with ${matches}
    document_pool as materialized (${documentPool}),
    ${pools}
    page as (
      select id, ord from unnest(array(
        select id from candidates ${consultants}
        order by ${sql.join([...exactFirst, ...rank, ...order], sql`, `)}
        limit ${window.limit} offset ${window.offset}
      )) with ordinality as p(id, ord)
    )
    -- One row even for an empty page, to carry the count.
    select ${query.prove ? sql`case when ${proof} then ${SEARCH_RESULT_CAP + 1}::int else ${countToCapQuery(matchDocument.indexed)} end` : matched} as matched, ${publicSelectList}
    from (select 1) as one
    left join (page join ${consultants} on ${consultants.id} = page.id and ${isListed}) on true
    order by page.ord`);
  const count = Number(rows[0]?.matched ?? 0);
  if (fits && count > RANK_ALL) return keywordPage(db, params, query, options, false);
  return {
    matched: count,
    consultants: rows.filter((row) => row.id !== null).map(rowToPublicConsultant),
  };
}
