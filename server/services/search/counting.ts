import { type SQL, sql } from "drizzle-orm";
import { SEARCH_RESULT_CAP } from "#common/search.ts";
import type { Executor } from "#server/db/client.ts";
import { consultants } from "#server/db/schema.ts";
import { isListed } from "../consultants/read-model.ts";
import { DOCUMENT_TEST, POSTING_COST, WALK_SLACK, walksIndex } from "./planner.ts";
import { FEATURED_ORDER } from "./query.ts";

// Counting matches, never further than one past the cap: "1,000+" needs no more.

/** How many of `rows` there are, counting no further than one past the cap (so "1,000+" needs no more). */
export async function countToCap(db: Executor, rows: SQL): Promise<number> {
  const [counted] = await db.execute<{ matched: number }>(sql`select count(*)::int as matched from ${capped(rows)}`);
  return Number(counted?.matched ?? 0);
}

/** `rows` up to one past the cap, as a FROM item. */
function capped(rows: SQL): SQL {
  return sql`(${rows} limit ${SEARCH_RESULT_CAP + 1}) m`;
}

/** The matches read through the document's index, where the words and the filters intersect. */
function indexedMatches(indexed: SQL): SQL {
  return sql`select 1 from ${consultants} where ${indexed}`;
}

/** Whether countsOverCap walks the featured order before reading the document's index. */
export function countWalksFirst(listed: number, share: number, walkFirst: boolean) {
  return walkFirst || walksIndex(share, POSTING_COST * listed * share + SEARCH_RESULT_CAP, SEARCH_RESULT_CAP + 1, DOCUMENT_TEST);
}

/** The matches of `indexed` (through the document's index) up to one past the cap, as a subquery. */
export function countToCapQuery(indexed: SQL): SQL {
  return sql`(select count(*) from ${capped(indexedMatches(indexed))})::int`;
}

/**
 * Whether more than the cap match. Through the document's index, which reads no document but lists
 * every match in a bitmap first: for words most profiles use ("project management": 51 080
 * matches) that listing costs more than walking the featured order testing each profile until the
 * cap, so those walk a bounded stretch first. `share` is the independent estimate.
 */
export async function countsOverCap(
  db: Executor,
  match: { walked: SQL; indexed: SQL },
  listed: number,
  share: number,
  walkFirst: boolean,
) {
  const wanted = SEARCH_RESULT_CAP + 1;
  if (countWalksFirst(listed, share, walkFirst)) {
    const stretch = Math.ceil(Math.min(listed, (WALK_SLACK * wanted) / Math.max(share, 1e-9)));
    const walked = await countToCap(
      db,
      sql`select 1 from (select ${match.walked} as hit from ${consultants} where ${isListed} order by ${FEATURED_ORDER} limit ${stretch}) s where hit`,
    );
    if (walked > SEARCH_RESULT_CAP) return true;
  }
  return (await countToCap(db, indexedMatches(match.indexed))) > SEARCH_RESULT_CAP;
}
