import { type SQL, sql } from "drizzle-orm";
import { SEARCH_RESULT_CAP, type SearchParams } from "#common/search.ts";
import { consultants } from "#server/db/schema.ts";
import { isListed } from "../consultants/read-model.ts";
import type { DocumentPool, HeadPool, KeywordPlan, KeywordWords } from "./keyword-plan.ts";
import { EXPANSION_RANK, RANK_ALL } from "./keyword-plan.ts";
import {
  CANDIDATE_COLUMNS,
  candidateColumns,
  candidatePool,
  filterConditions,
  HEAD_WITH_TIER,
  indexedMatch,
  ORDER_COLUMNS,
  orderBy,
  type PoolColumns,
  publicSelectList,
  QUALITY_POOL,
  qualityTiers,
  RANK_WEIGHTS,
  resultWindow,
  rowTest,
  tieredPool,
  walkTest,
} from "./query.ts";

// Writing a keyword plan (keyword-plan.ts) as its one statement: a CTE of the candidate pools, the
// page of the candidates ranked, and how many match. Which parts it has is the plan's:
//   matches        (narrow) every match, the order's columns and whether the head matches
//   document_pool  the first matches in the page's order (for relevance, in quality order)
//   ranked_pool    the document pool sorted, as many as are ranked
//   head_read      (read, tiered) every head match past the document pool, narrow
//   head_tiered    (tiered) the same from the top quality tiers only
//   head_pool      (relevance) the best head matches past the document pool
//   candidates     both pools, with their documents when ranked
//   page           the candidates' ids for the page, ranked

/** A match of the words and the filters: tested on each profile of a walk, or read through an index. */
type Match = { walked: SQL; indexed: SQL };

/** What every part of the statement is written from. */
type Writing = {
  params: SearchParams;
  words: SQL;
  match: Match;
  cityFirst: boolean;
  order: SQL[];
  ordered: SQL;
  ranked: number;
  /** The head pool is read (more than RANK_ALL matched, or known to be over the cap). */
  pooled: SQL;
  columns: PoolColumns;
};

/** The profiles matching the words and filters, as a walk tests them and as the document's index reads them. */
export function documentMatch(params: SearchParams, words: KeywordWords, cityFirst: boolean): Match {
  const tsquery = sql`${words.tsquery}::tsquery`;
  return {
    walked: walkTest([...filterConditions(params), sql`search_document @@ ${tsquery}`]),
    indexed: indexedMatch(params, tsquery, cityFirst),
  };
}

/** A keyword plan's statement: one row per profile of the page, in order, each with how many match (one row for none). */
export function keywordSql(plan: KeywordPlan, params: SearchParams, words: KeywordWords): SQL {
  const w = writing(plan, params, words);
  const head = headPoolSql(plan.headPool, w);
  const { offset, limit } = resultWindow(params);
  // A profile that matches a concept only in another form than the one typed ranks a little lower.
  const typed = words.typed
    ? sql` * case when search_document @@ ${words.typed}::tsquery then 1 else ${EXPANSION_RANK}::float4 end`
    : sql``;
  const rank =
    params.sort === "relevance"
      ? [sql`ts_rank(${RANK_WEIGHTS}::float4[], search_document, ${w.words}) * (1 + 0.5 * static_score)${typed} desc`]
      : [];
  const matches =
    plan.documentPool.kind === "narrow"
      ? sql`matches as materialized (
        select ${ORDER_COLUMNS}, search_head @@ ${w.words} as head from ${consultants} where ${w.match.indexed}),`
      : sql``;
  return sql`
    with ${matches}
    document_pool as materialized (${documentPoolSql(plan.documentPool, w)}),
    ${poolsSql(plan, w, head)}
    page as (
      select id, ord from unnest(array(
        select id from candidates ${consultants}
        order by ${sql.join([...rank, ...w.order], sql`, `)}
        limit ${limit} offset ${offset}
      )) with ordinality as p(id, ord)
    )
    -- One row even for an empty page, to carry the count.
    select ${matchedSql(plan)} as matched, ${publicSelectList}
    from (select 1) as one
    left join (page join ${consultants} on ${consultants.id} = page.id and ${isListed}) on true
    order by page.ord`;
}

function writing(plan: KeywordPlan, params: SearchParams, words: KeywordWords): Writing {
  const order = orderBy(params.sort);
  const relevance = params.sort === "relevance";
  const tsquery = sql`${words.tsquery}::tsquery`;
  const { offset, limit } = resultWindow(params);
  const over = plan.count.kind !== "in-pool";
  return {
    params,
    words: tsquery,
    match: documentMatch(params, words, plan.cityFirst),
    cityFirst: plan.cityFirst,
    order,
    ordered: sql.join(order, sql`, `),
    ranked: Math.max(QUALITY_POOL, offset + limit),
    pooled: over ? sql`true` : sql`(select count(*) from document_pool) > ${RANK_ALL}::int`,
    // Candidates carry whether they match in the head (for the head pool), and their documents
    // only to be ranked.
    columns: {
      head: relevance ? sql`search_head @@ ${tsquery}` : undefined,
      document: relevance,
    },
  };
}

/** How many match: one past the cap when known to be over it, else the document pool's count. */
function matchedSql(plan: KeywordPlan) {
  if (plan.count.kind === "in-pool") return sql`(select count(*) from document_pool)::int`;
  return sql`${SEARCH_RESULT_CAP + 1}::int`;
}

function documentPoolSql(pool: DocumentPool, w: Writing): SQL {
  switch (pool.kind) {
    case "narrow":
      return sql`select * from matches ${consultants} order by ${w.ordered} limit ${pool.size}`;
    case "walk":
    case "read":
      return candidatePool(w.match, w.order, pool.size, pool.kind === "walk", w.columns);
    case "tiered": {
      const tiered = indexedMatch(w.params, sql`(${w.words} && ${qualityTiers(pool.tier)})`, w.cityFirst);
      return tieredPool(w.match, tiered, pool.size, w.columns);
    }
  }
}

/** The sorted document pool, the head pool and the candidates of both. */
function poolsSql(plan: KeywordPlan, w: Writing, head: { ctes: SQL; pool: SQL }) {
  const rankedOnly = w.columns.head ? sql`limit case when ${w.pooled} then ${w.ranked}::int end` : sql``;
  const candidates =
    plan.headPool.kind === "narrow"
      ? sql`select ${CANDIDATE_COLUMNS} from ${consultants}
        where ${consultants.id} in (select id from ranked_pool union all select id from head_pool)`
      : sql`select * from ranked_pool union all select * from head_pool`;
  return sql`ranked_pool as materialized (select * from document_pool ${consultants} order by ${w.ordered} ${rankedOnly}),
    ${head.ctes}
    head_pool as materialized (${head.pool}),
    candidates as (${candidates}),`;
}

/** The head pool, and the CTEs it reads. */
function headPoolSql(pool: HeadPool, w: Writing): { ctes: SQL; pool: SQL } {
  const none = { ctes: sql`` };
  if (pool.kind === "none") return { ...none, pool: sql`select * from ranked_pool where false` };
  // The best `size` head matches: those in the document pool's ranked part, and `rest` after it.
  const rest = sql`greatest(${pool.size}::int - (select count(*) from ranked_pool where head)::int, 0)`;
  if (pool.kind === "narrow")
    return {
      ...none,
      pool: sql`select * from matches ${consultants} where head and ${w.pooled} and id not in (select id from ranked_pool)
      order by ${w.ordered} limit ${rest}`,
    };
  const after = afterDocumentPool(w);
  if (pool.kind === "walk")
    return {
      ...none,
      pool: sql`select * from (${candidatePool(after, w.order, rest, true, { head: sql`true` })}) h where ${w.pooled}`,
    };
  return headReadSql(pool, w, after, rest);
}

/** Past the document pool's last row in quality order. */
const AFTER_DOCUMENT_POOL = sql`(static_score, ${consultants.id}) < (select static_score, id from ranked_pool order by static_score, id limit 1)`;

/**
 * The head matches after the document pool's last row in quality order: a walk starts at that row
 * (an index condition); a read through the head's index tests it and the filters on each row.
 */
function afterDocumentPool(w: Writing): Match & { columnTests: SQL[] } {
  const inHead = sql`search_head @@ ${w.words}`;
  const columnTests = filterConditions(w.params).filter((filter) => filter !== isListed);
  return {
    walked: sql`${walkTest([...filterConditions(w.params), inHead])} and ${AFTER_DOCUMENT_POOL}`,
    indexed: sql`${isListed} and ${inHead} and ${rowTest(columnTests)} and ${rowTest([AFTER_DOCUMENT_POOL])}`,
    columnTests,
  };
}

/**
 * Every head match past the document pool, read narrow (sorting thousands of 1.5 KB documents for
 * the best few cost a third of the read), then the documents of the best `rest` fetched. With
 * tiers, only those of the top quality tiers are read when they hold `rest`; all of them otherwise.
 */
function headReadSql(pool: HeadPool & { kind: "read" | "tiered" }, w: Writing, after: Match & { columnTests: SQL[] }, rest: SQL) {
  const headRead = sql`head_read as materialized (select ${ORDER_COLUMNS} from ${consultants} where ${after.indexed}),`;
  const best = (read: SQL) => sql`select ${candidateColumns({ head: sql`true` })} from ${consultants}
    where ${consultants.id} = any(array(select id from ${read} ${consultants} order by ${w.ordered} limit ${rest}))`;
  if (pool.kind === "read") return { ctes: headRead, pool: sql`select * from (${best(sql`head_read`)}) h where ${w.pooled}` };
  const tiered = sql`${isListed} and ${HEAD_WITH_TIER} @@ (${w.words} && ${qualityTiers(pool.tier)}) and ${rowTest([...after.columnTests, AFTER_DOCUMENT_POOL])}`;
  const held = sql`(select count(*) from head_tiered) >= ${rest}`;
  return {
    ctes: sql`${headRead}
      head_tiered as materialized (select ${ORDER_COLUMNS} from ${consultants} where ${tiered}),`,
    pool: sql`select * from (${best(sql`head_tiered`)}) h where ${w.pooled} and ${held}
      union all select * from (${best(sql`head_read`)}) h where ${w.pooled} and not ${held}`,
  };
}
