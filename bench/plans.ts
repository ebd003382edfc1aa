import { writeFile } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import { drizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import { COUNTRIES, EXPERIENCE_LEVELS, LANGUAGES, SEARCH_SPECIALIZATIONS, SORT_OPTIONS } from "../common/constants.ts";
import { parseSearchParams } from "../common/search-params.ts";
import { preparedStatements, SESSION_SETTINGS } from "../server/db/client.ts";
import * as schema from "../server/db/schema.ts";
import { createRandom } from "../server/db/seed/random.ts";
import { createRuntime } from "../server/runtime.ts";
import { searchConsultants } from "../server/services/search/index.ts";
import { openBenchDatabase, round, treeCpuMs } from "./harness.ts";
import { type MixRow, planKindsOnMix, printPlanKinds } from "./plan-kinds.ts";

// `npm run bench:plans -- [--count 100000] [--mix-reps 10] [--searches 300] [--reps 4] [--seed 7]`, in two parts.
//
// The realistic mix (bench/plan-kinds.ts): the plans each of its searches runs, how often each
// kind is chosen and what it costs PostgreSQL, and what each branch of the planner saves where it
// fires (--mix-reps runs of each; 0 skips the part).
//
// Plan modes: every connection keeps one generic plan per statement (server/db/client.ts),
// which is safe only while no search statement leaves the planner a choice its values would change
// (docs/performance.md, "One generic plan per statement"). This runs random searches (words, filters,
// cities, sorts, pages) on the bench database twice, planned once and planned per execution,
// checks that they answer the same, and prints the PostgreSQL CPU both cost and the searches whose
// one plan costs most more: a new statement shape that leaves a choice shows up there (--searches 0
// skips the part).

const { values: args } = parseArgs({
  options: {
    count: { type: "string", default: "100000" },
    searches: { type: "string", default: "300" },
    reps: { type: "string", default: "4" },
    seed: { type: "string", default: "7" },
    "mix-reps": { type: "string", default: "10" },
  },
});
const count = Number(args.count);
const reps = Number(args.reps);

/** Random searches, the same for a seed: mostly words, often a filter or two, some cities, sorts and deep pages. */
function randomSearches(total: number, seed: number) {
  const { pick, chance, int } = createRandom(seed);
  const value = (item: string | { value: string }) => (typeof item === "string" ? item : item.value);
  const words = ["health", "management", "climate", "gender", "nugroho", "cocoa", "evaluation", "water supply"]
    .concat(["project management", "helthcare", "agri", "education", "finance", "national", "unicef", "policy"])
    .concat(["monitoring evaluation", "public health", "immun", "mangrove", "governance", "rural development"]);
  const cities = ["Hanoi", "Bangkok", "Jakarta", "Manila", "Phnom Penh", "Yangon", "Vientiane", "Saigon"];
  const donors = ["World Bank", "Asian Development Bank", "WHO", "UNICEF", "UN Women", "JICA", "FAO", "USAID"];
  const searches: string[] = [];
  for (let index = 0; index < total; index++) {
    const query = new URLSearchParams();
    if (chance(0.75)) query.set("keywords", pick(words));
    if (chance(0.35)) query.set("location", chance(0.3) ? pick(cities) : value(pick(COUNTRIES)));
    if (chance(0.25)) query.set("expertise", value(pick(SEARCH_SPECIALIZATIONS)));
    if (chance(0.25)) query.set("experience", value(pick(EXPERIENCE_LEVELS)));
    if (chance(0.25)) query.set("languages", [pick(LANGUAGES), ...(chance(0.5) ? [pick(LANGUAGES)] : [])].map(value).join(","));
    if (chance(0.2)) query.set("availability", pick(["available", "unavailable"]));
    if (chance(0.1)) query.set("donor", pick(donors));
    if (chance(0.1)) query.set("workedIn", value(pick(COUNTRIES)));
    if (chance(0.3)) query.set("sort", value(pick(SORT_OPTIONS)));
    if (chance(0.2)) query.set("page", String(int(1, 83)));
    searches.push(query.toString());
  }
  return searches;
}

const database = await openBenchDatabase(count);
const mixReps = Number(args["mix-reps"]);
let mix: { rows: MixRow[]; differing: string[] } = { rows: [], differing: [] };
if (mixReps > 0) {
  mix = await planKindsOnMix(database.databaseUrl, mixReps);
  console.log(`the realistic mix at ${count} profiles, ${mixReps} runs of each search and of each branch's alternative:`);
  printPlanKinds(mix.rows);
  console.log(
    mix.differing.length === 0 ? "  the same answers without each branch" : `  DIFFERENT answers: ${mix.differing.join(" ; ")}`,
  );
}
const modes = ["force_custom_plan", "force_generic_plan"] as const;
const pools = await Promise.all(
  modes.map(async (mode) => {
    const sql = postgres(database.databaseUrl, {
      max: 1,
      onnotice: () => {},
      connection: { ...SESSION_SETTINGS, plan_cache_mode: mode },
    });
    preparedStatements(sql, Number.MAX_SAFE_INTEGER);
    const [backend] = await sql<{ pid: number }[]>`select pg_backend_pid() as pid`;
    return { mode, sql, db: drizzle(sql, { schema }), pid: backend?.pid ?? 0, cpuMs: 0 };
  }),
);
const rows: { search: string; ms: Record<string, number> }[] = [];
const runtime = createRuntime({ insights: null });
const differing: string[] = [];
for (const search of randomSearches(Number(args.searches), Number(args.seed))) {
  const parsed = parseSearchParams(new URLSearchParams(search));
  if (!parsed.success) continue;
  const answers = new Set<string>();
  const ms: Record<string, number> = {};
  for (const pool of pools) {
    const found = await searchConsultants({ db: pool.db, runtime }, parsed.data);
    answers.add(JSON.stringify([found.total, found.totalIsCapped, found.consultants.map((consultant) => consultant.id)]));
    const cpu = treeCpuMs({ backend: pool.pid }).backend ?? 0;
    const started = performance.now();
    for (let rep = 0; rep < reps; rep++) await searchConsultants({ db: pool.db, runtime }, parsed.data);
    ms[pool.mode] = round((performance.now() - started) / reps, 2);
    pool.cpuMs += (treeCpuMs({ backend: pool.pid }).backend ?? 0) - cpu;
  }
  if (answers.size > 1) differing.push(search);
  rows.push({ search, ms });
}
const searched = Math.max(rows.length * reps, 1);
const perSearch = Object.fromEntries(pools.map((pool) => [pool.mode, round(pool.cpuMs / searched, 2)]));
if (rows.length > 0) {
  console.log(`${rows.length} random searches at ${count} profiles, ${reps} runs each, one connection per plan mode:`);
  console.log(
    `  PostgreSQL CPU per search: planned per execution ${perSearch.force_custom_plan} ms, planned once ${perSearch.force_generic_plan} ms`,
  );
  const worst = [...rows]
    .map((row) => ({ ...row, extra: (row.ms.force_generic_plan ?? 0) - (row.ms.force_custom_plan ?? 0) }))
    .sort((a, b) => b.extra - a.extra)
    .slice(0, 10);
  console.log("  the searches whose one plan costs most more (wall ms per search, per execution -> once):");
  for (const row of worst) console.log(`    ${row.ms.force_custom_plan} -> ${row.ms.force_generic_plan}  ${row.search}`);
  console.log(differing.length === 0 ? "  the same answers in both modes" : `  DIFFERENT answers: ${differing.join(" ; ")}`);
}
const file = path.join("bench", "results", `${new Date().toISOString().replace(/[:.]/g, "-")}-plans-${count}.json`);
await writeFile(file, JSON.stringify({ count, reps, perSearch, differing, rows, mix }, null, 2));
console.log(`wrote ${file}`);
for (const pool of pools) await pool.sql.end();
await database.stop();
if (differing.length > 0 || mix.differing.length > 0) process.exitCode = 1;
