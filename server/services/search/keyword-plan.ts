import { SEARCH_RESULT_CAP, type SearchParams } from "#common/search.ts";
import {
  cityFirst,
  DOCUMENT_TEST,
  filterShare,
  POSTING_COST,
  qualityTierFrom,
  type Statistics,
  textShare,
  textShareBound,
  WALK_SLACK,
  walksIndex,
} from "./planner.ts";
import { QUALITY_POOL, resultWindow } from "./query.ts";
import { QUALITY_TIERS } from "./tiers.ts";

// Deciding how a page of a keyword search is read (docs/decisions/006-search-engine.md has the
// map of the plans, with what each reads and where it was measured). planKeywordPage looks at the
// search, its words and the statistics, and answers a plan; it reads nothing. keyword-sql.ts writes
// a plan's statement and keyword-page.ts runs it, following `fallback` when its answer does not hold.

/** How candidate pools are read: chosen per query from the statistics, unless forced (tests, benchmarks). */
export type PoolStrategy = "walk-index" | "read-all" | "quality-tiers";

/** The words of a keyword search, analysed (words.ts, places.ts). */
export type KeywordWords = {
  /** Every group must match: (a | b) & (c) & (a place in any spelling). */
  tsquery: string;
  /** The lexemes of each group: what the estimates reckon with. */
  groups: string[][];
  /**
   * When a concept of the glossary was expanded, the words as typed (a concept's words as their
   * phrase): a profile matching only another form ranks a little lower (keyword-sql.ts).
   */
  typed?: string;
  /** Known from the words dictionary to match more than the cap: nothing to count. */
  overCap?: boolean;
};

/** How the matches are counted, up to one past the cap. */
export type CountPlan =
  /** The words dictionary says more than the cap match: nothing is counted. */
  | { kind: "known-over" }
  /** The document pool reads every match up to one past the cap, and the statement counts them. */
  | { kind: "in-pool" }
  /**
   * A count of its own first (walking `walk` profiles of the featured order before the document's
   * index, when set); the page is read as over the cap if it is, else the fallback.
   */
  | { kind: "first"; walk?: number };

/** The first `size` matches in the page's order (for relevance, in quality order): the candidates. */
export type DocumentPool =
  /** Every match through the document's index, narrow (the order's columns, whether the head matches), sorted. */
  | { kind: "narrow"; size: number }
  /** A walk of the order's index, testing each profile. */
  | { kind: "walk"; size: number }
  /** Every match through the document's index, sorted, the top kept. */
  | { kind: "read"; size: number }
  /** The matches of quality tier `tier` and above, or every match when they hold fewer than `size`. */
  | { kind: "tiered"; size: number; tier: number };

/**
 * For relevance, the best `size` head matches (name, title, specializations, location) in quality
 * order past the document pool's last row: a match outside the head ranks far below one in it.
 */
export type HeadPool =
  | { kind: "none" }
  /** From the document pool's narrow read. */
  | { kind: "narrow"; size: number }
  /** A walk of the featured order from the document pool's last row, testing the head. */
  | { kind: "walk"; size: number }
  /** Every head match past the document pool through the head's index, narrow. */
  | { kind: "read"; size: number }
  /** The head matches of quality tier `tier` and above (migration 0018), or all of them when those hold too few. */
  | { kind: "tiered"; size: number; tier: number };

export type KeywordPlan = {
  count: CountPlan;
  /** With a city: its own index read first, each profile's document tested (see cityFirst). */
  cityFirst: boolean;
  documentPool: DocumentPool;
  headPool: HeadPool;
  /** Read instead when this plan's answer does not hold: counted first, fewer than the cap match. */
  fallback?: KeywordPlan;
};

/**
 * The refinements of the plain plan (count first when many are expected, else in the pool; walk
 * or read each pool by the cost model), each a named branch of the planner that bench:plans can
 * switch off to measure what it saves.
 */
export const REFINEMENTS = ["known-over", "count-walk", "narrow", "tiered", "head-tiered", "city-first"] as const;
export type Refinement = (typeof REFINEMENTS)[number];

export type PlanOptions = {
  /** Forced (tests, benchmarks): a way to read the pools, planned without statistics. */
  strategy?: PoolStrategy;
  /** bench:plans: plan as if these branches did not exist. */
  without?: ReadonlySet<Refinement>;
};

/**
 * Up to the cap, relevance ranks every match: the documents are in the row (migration 0014), so
 * ranking a thousand costs about 2 ms, less than reading a separate pool of head matches. Past
 * it, a pool of the best.
 */
export const RANK_ALL = SEARCH_RESULT_CAP;
/**
 * How much a profile matching a concept of the glossary only in another form than the one typed
 * counts against one matching the words as typed in the same field: slightly less (issue 33).
 */
export const EXPANSION_RANK = 0.8;

/** A keyword search expected to match this many times the cap counts up to the cap before reading its pool. */
const PRECOUNT = 3;

/** What the planner reckons with: the estimates of the words and filters, and the page. */
type Reckoning = {
  strategy?: PoolStrategy;
  may: (refinement: Refinement) => boolean;
  relevance: boolean;
  listed: number;
  /** Shares of the profiles: the filters, the words in each text index, the rarest word's bound. */
  shares?: { filters: number; document: number; head: number; bound: number; headBound: number };
  statistics?: Statistics;
  /** What relevance ranks when over the cap, and how far the page reaches. */
  ranked: number;
  paged: number;
};

function reckon(params: SearchParams, words: KeywordWords, statistics: Statistics | undefined, options: PlanOptions): Reckoning {
  const { offset, limit } = resultWindow(params);
  const may = (refinement: Refinement) => !options.without?.has(refinement);
  const shares = statistics && {
    filters: filterShare(params, statistics),
    document: textShare(words.groups, statistics, "search_document"),
    head: textShare(words.groups, statistics, "search_head"),
    bound: textShareBound(words.groups, statistics, "search_document"),
    headBound: textShareBound(words.groups, statistics, "search_head"),
  };
  return {
    strategy: options.strategy,
    may,
    relevance: params.sort === "relevance",
    listed: statistics?.listed ?? 0,
    shares,
    statistics,
    ranked: Math.max(QUALITY_POOL, offset + limit),
    paged: offset + limit,
  };
}

/** The rows a read of a pool's index offers: the document's matches, or the head's (filters tested on each). */
function readRows(r: Reckoning, pool: "document" | "head") {
  if (!r.shares) return r.listed;
  return r.listed * (pool === "head" ? r.shares.head : r.shares.document * r.shares.filters);
}

/** Whether the first `wanted` of a pool are walked for in the order's index rather than read (walksIndex). */
function walks(r: Reckoning, pool: "document" | "head", wanted: number) {
  if (!r.shares) return r.strategy === "walk-index";
  const share = r.shares[pool] * r.shares.filters;
  return walksIndex(share, readRows(r, pool), wanted, pool === "document" ? DOCUMENT_TEST : 1);
}

/** One page of a keyword search: how it is counted, read, and what is read when that does not hold. */
export function planKeywordPage(
  params: SearchParams,
  words: KeywordWords,
  statistics: Statistics | undefined,
  options: PlanOptions = {},
): KeywordPlan {
  const r = reckon(params, words, statistics, options);
  const city = cityFirst(params, statistics, r.shares?.document) && r.may("city-first");
  const pools = (over: boolean) => {
    const documentPool = planDocumentPool(r, over);
    return { cityFirst: city, documentPool, headPool: planHeadPool(r, documentPool) };
  };
  const read: KeywordPlan = { count: { kind: "in-pool" }, ...pools(false) };
  const count = planCount(r, words);
  if (count.kind === "in-pool") return read;
  return { count, ...pools(true), ...(count.kind === "known-over" ? {} : { fallback: read }) };
}

/**
 * How a search is counted. Expected to match many times the cap (from the rarest word: words of a
 * phrase travel together), it counts up to the cap first, so that its pools hold only what is
 * ranked or paged.
 */
function planCount(r: Reckoning, words: KeywordWords): CountPlan {
  if (words.overCap && r.may("known-over")) return { kind: "known-over" };
  const { shares } = r;
  if (!shares || r.listed * shares.bound * shares.filters <= PRECOUNT * SEARCH_RESULT_CAP) return { kind: "in-pool" };
  return { kind: "first", walk: countWalk(r, shares.document * shares.filters) };
}

/**
 * Counting through the document's index lists every match in a bitmap first: for words most
 * profiles use ("project management": 51 080 matches) that costs more than walking the featured
 * order testing each profile until the cap, so those walk a bounded stretch first.
 */
function countWalk(r: Reckoning, share: number): number | undefined {
  const wanted = SEARCH_RESULT_CAP + 1;
  const worth = walksIndex(share, POSTING_COST * r.listed * share + SEARCH_RESULT_CAP, wanted, DOCUMENT_TEST);
  if (!(worth && r.may("count-walk"))) return undefined;
  return Math.ceil(Math.min(r.listed, (WALK_SLACK * wanted) / Math.max(share, 1e-9)));
}

/**
 * The document pool. Over the cap it holds only what is ranked (relevance) or paged; otherwise
 * every match up to one past the cap, which also counts them.
 */
function planDocumentPool(r: Reckoning, over: boolean): DocumentPool {
  const size = over ? (r.relevance ? r.ranked : r.paged) : SEARCH_RESULT_CAP + 1;
  if (walks(r, "document", size)) return { kind: "walk", size };
  if (!over) {
    // More expected than relevance ranks, for relevance: read once and narrow (sorting a thousand
    // 1.5 KB documents costs more than reading them), the head pool from the same rows, and only
    // the candidates' documents fetched to rank.
    const few = r.shares ? readRows(r, "document") <= RANK_ALL : undefined;
    if (r.relevance && r.may("narrow") && (few === undefined ? r.strategy === "read-all" : !few)) return { kind: "narrow", size };
    return { kind: "read", size };
  }
  // In the featured order, from the top quality tiers when they are expected to hold the pool.
  const tier = r.relevance ? documentTier(r, size) : undefined;
  return tier ? { kind: "tiered", size, tier } : { kind: "read", size };
}

function documentTier(r: Reckoning, size: number) {
  if (r.strategy === "quality-tiers") return QUALITY_TIERS / 2;
  return r.statistics && r.may("tiered") ? qualityTierFrom(r.statistics, readRows(r, "document"), size) : undefined;
}

/**
 * For relevance, the best head matches past the document pool. A head match is a document match,
 * and the document pool holds every document match up to its last row: those head matches are in
 * it already (flagged), and the head pool goes on after that row.
 */
function planHeadPool(r: Reckoning, documentPool: DocumentPool): HeadPool {
  const size = r.ranked;
  if (!r.relevance) return { kind: "none" };
  if (documentPool.kind === "narrow") return { kind: "narrow", size };
  if (walks(r, "head", size)) return { kind: "walk", size };
  // Many head matches ("climate", "water supply": 2 500): the best of them by quality are those of
  // the top tiers as soon as those hold the pool. Expected from the rarest word, an upper bound, so
  // with no slack on top: when fewer match, the tiers' read is small and the fallback reads them all.
  const tier =
    r.strategy === "quality-tiers"
      ? QUALITY_TIERS / 2
      : r.statistics && r.shares && r.may("head-tiered")
        ? qualityTierFrom(r.statistics, r.listed * r.shares.headBound * r.shares.filters, size, 1)
        : undefined;
  if (tier) return { kind: "tiered", size, tier };
  return { kind: "read", size };
}

/**
 * A plan's kind, as logged and counted: "<count> <document pool>/<head pool>", with "+walk" when the
 * count walks first and "city-first" when a city's index is read first. Sizes and tiers are left
 * out.
 */
export function planKind(plan: KeywordPlan) {
  const { count } = plan;
  const walk = count.kind === "first" && count.walk !== undefined ? "+walk" : "";
  return `${count.kind}${walk} ${plan.documentPool.kind}/${plan.headPool.kind}${plan.cityFirst ? " city-first" : ""}`;
}
