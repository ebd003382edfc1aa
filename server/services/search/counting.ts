import { type SQL, sql } from "drizzle-orm";
import { SEARCH_RESULT_CAP } from "#common/search.ts";
import type { Executor } from "#server/db/client.ts";
import { consultants } from "#server/db/schema.ts";
import { isListed } from "../consultants/read-model.ts";
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

/**
 * Whether more than the cap match: through the document's index, which reads no document but lists
 * every match in a bitmap first, after walking `walk` profiles of the featured order testing each
 * when the planner says so (keyword-plan.ts, countWalk).
 */
export async function countsOverCap(db: Executor, match: { walked: SQL; indexed: SQL }, walk: number | undefined) {
  if (walk !== undefined) {
    const walked = await countToCap(
      db,
      sql`select 1 from (select ${match.walked} as hit from ${consultants} where ${isListed} order by ${FEATURED_ORDER} limit ${walk}) s where hit`,
    );
    if (walked > SEARCH_RESULT_CAP) return true;
  }
  return (await countToCap(db, indexedMatches(match.indexed))) > SEARCH_RESULT_CAP;
}
