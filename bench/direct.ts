import type postgres from "postgres";
import { parseSearchParams } from "../common/search-params.ts";
import { percentile } from "./drive.ts";
import { round } from "./harness.ts";

// The in-process comparison (bench/run.ts): the search service against a naive ts_rank query,
// one query at a time.

/** The naive way: rank every match by ts_rank over the whole document, and count them all. */
export function naiveQuery(sql: postgres.Sql, query: string) {
  const params = parseSearchParams(new URLSearchParams(query));
  if (!params.success) throw params.error;
  const { keywords, location, page, limit } = params.data;
  const offset = (page - 1) * limit;
  const where = sql`status = 'approved'
    and search_document @@ plainto_tsquery('search_english', ${keywords ?? ""})
    ${location ? sql`and country = ${location}` : sql``}`;
  return Promise.all([
    sql`select id, name, title from consultants where ${where}
        order by ts_rank(search_document, plainto_tsquery('search_english', ${keywords ?? ""})) desc, id
        limit ${limit} offset ${offset}`,
    sql`select count(*) from consultants where ${where}`,
  ]);
}

export async function timeEach(runs: number, queries: string[], once: (query: string) => Promise<unknown>) {
  for (const query of queries) await once(query);
  const times: number[] = [];
  for (let index = 0; index < runs; index++) {
    const query = queries[index % queries.length] as string;
    const started = performance.now();
    await once(query);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: round(percentile(times, 50)), p95: round(percentile(times, 95)) };
}
