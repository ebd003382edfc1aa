import type { SQL } from "drizzle-orm";
import type { SearchParams } from "#common/search.ts";
import type { Executor } from "#server/db/client.ts";
import type { PublicConsultant } from "../consultants/read-model.ts";
import { countsOverCap } from "./counting.ts";
import { type KeywordPlan, type KeywordWords, planKeywordPage, planKind } from "./keyword-plan.ts";
import { documentMatch, keywordSql } from "./keyword-sql.ts";
import { rowToPublicConsultant } from "./query.ts";
import type { PlanningOptions } from "./result.ts";

// One page of a keyword search (docs/decisions/006-search-engine.md): planned (keyword-plan.ts),
// written (keyword-sql.ts) and run here, one plan after another along `fallback` until one's
// answer holds. index.ts analyses the words and calls it (again with corrected words).

export type KeywordPage = {
  /** Matches, exact up to the cap; one past it when more match. */
  matched: number;
  consultants: PublicConsultant[];
  /** The kind of each plan run, the last one answering (planKind). */
  plans: string[];
};

/** One page of a keyword search, and the number of matches up to the cap (plus one). */
export async function keywordPage(
  db: Executor,
  params: SearchParams,
  words: KeywordWords,
  options: PlanningOptions,
): Promise<KeywordPage> {
  // Forced (tests, benchmarks): planned without statistics.
  const statistics = options.strategy ? undefined : options.statistics;
  const plans: string[] = [];
  let plan: KeywordPlan | undefined = planKeywordPage(params, words, statistics, options);
  while (plan) {
    plans.push(planKind(plan));
    const page = await runPlan(db, plan, params, words);
    if (page) return { ...page, plans };
    plan = plan.fallback;
  }
  throw new Error(`the last keyword plan has no fallback and did not answer: ${plans.join(", ")}`);
}

/** A plan's page, or undefined when its answer does not hold (see KeywordPlan.fallback). */
async function runPlan(db: Executor, plan: KeywordPlan, params: SearchParams, words: KeywordWords) {
  const read = () => readPage(db, keywordSql(plan, params, words));
  const count = plan.count;
  if (count.kind !== "first") return read();
  return (await countsOverCap(db, documentMatch(params, words, plan.cityFirst), count.walk)) ? read() : undefined;
}

async function readPage(db: Executor, statement: SQL) {
  const rows = await db.execute<Record<string, unknown> & { matched: number }>(statement);
  return {
    matched: Number(rows[0]?.matched ?? 0),
    consultants: rows.filter((row) => row.id !== null).map(rowToPublicConsultant),
  };
}
