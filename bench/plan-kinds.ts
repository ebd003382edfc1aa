import { readFileSync } from "node:fs";
import postgres from "postgres";
import type { SearchParams } from "../common/search.ts";
import { parseSearchParams } from "../common/search-params.ts";
import { createDatabase, type Database } from "../server/db/client.ts";
import { createRuntime, type Runtime } from "../server/runtime.ts";
import { REFINEMENTS, type Refinement, type SearchOptions, searchConsultants } from "../server/services/search/index.ts";
import { round } from "./harness.ts";
import { mixQueries } from "./scenarios.ts";

// bench:plans on the realistic mix (bench/scenarios.ts): the plans each search runs (logged at
// debug level, keyword-plan.ts planKind), how often each kind is chosen and what it costs
// PostgreSQL, and for each branch of the planner (REFINEMENTS) on which share of the mix it changes
// the plans and how much PostgreSQL time it saves there, measured against the same searches planned
// without it, in turn, on the same two connections. The answers must not change.

/** CPU nanoseconds a process has run so far (/proc/<pid>/schedstat; /proc/<pid>/stat counts 10 ms ticks). */
function cpuNs(pid: number) {
  return Number(readFileSync(`/proc/${pid}/schedstat`, "utf8").split(" ")[0]);
}

type Run = { plans: string; answer: string };

/** A search, with the plans it ran and its answer. */
async function search(db: Database, runtime: Runtime, params: SearchParams, options: SearchOptions): Promise<Run> {
  const plans: string[] = [];
  const log = { debug: (entry: { plans: string[] }) => plans.push(...entry.plans) };
  const found = await searchConsultants({ db, runtime, log }, params, options);
  const ids = found.consultants.map((consultant) => consultant.id);
  return { plans: plans.join(" -> "), answer: JSON.stringify([found.total, found.totalIsCapped, ids, found.correctedKeywords]) };
}

export type MixRow = {
  className: string;
  query: string;
  /** Share of the mix, in per cent. */
  share: number;
  plans: string;
  /** PostgreSQL CPU and wall milliseconds per search, as chosen and without each branch that changes its plans. */
  ms: Record<string, { pg: number; wall: number; plans: string }>;
};

/** The mix's searches, planned as chosen and without each branch of the planner, measured `reps` times each. */
export async function planKindsOnMix(databaseUrl: string, reps: number, mix = mixQueries()) {
  const database = createDatabase(databaseUrl, { max: 2 });
  // One process's caches (the words' analyses, the statistics), as a server has them.
  const runtime = createRuntime({ insights: null });
  const admin = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  const backends = async () =>
    (
      await admin<{ pid: number }[]>`select pid from pg_stat_activity
        where datname = current_database() and backend_type = 'client backend' and pid <> pg_backend_pid() order by pid`
    ).map((row) => row.pid);
  const total = mix.reduce((sum, item) => sum + item.weight, 0);
  const rows: MixRow[] = [];
  const differing: string[] = [];
  try {
    for (const { className, query, weight } of mix) {
      const parsed = parseSearchParams(new URLSearchParams(query));
      if (!parsed.success) throw parsed.error;
      const variants = await variantsOf(database.db, runtime, parsed.data, query, differing);
      const spent = new Map(variants.map((variant) => [variant.name, { pg: 0, wall: 0 }]));
      for (let rep = 0; rep < reps; rep++) {
        for (const variant of variants) {
          for (;;) {
            const pids = await backends();
            const before = { pg: pids.reduce((sum, pid) => sum + cpuNs(pid), 0), wall: performance.now() };
            await search(database.db, runtime, parsed.data, variant.options);
            const after = { pg: pids.reduce((sum, pid) => sum + cpuNs(pid), 0), wall: performance.now() };
            // A connection opened or closed meanwhile: its CPU is not all in the sum; again.
            if ((await backends()).join() !== pids.join()) continue;
            const sum = spent.get(variant.name) ?? { pg: 0, wall: 0 };
            spent.set(variant.name, { pg: sum.pg + (after.pg - before.pg) / 1e6, wall: sum.wall + after.wall - before.wall });
            break;
          }
        }
      }
      const ms = Object.fromEntries(
        variants.map((variant) => {
          const sum = spent.get(variant.name) ?? { pg: 0, wall: 0 };
          return [variant.name, { pg: round(sum.pg / reps, 3), wall: round(sum.wall / reps, 2), plans: variant.plans }];
        }),
      );
      rows.push({ className, query, share: round((100 * weight) / total, 2), plans: variants[0]?.plans ?? "", ms });
    }
  } finally {
    await database.close();
    await admin.end();
  }
  return { rows, differing };
}

/** The search as chosen, and without each branch of the planner that changes its plans (their answers must agree). */
async function variantsOf(db: Database, runtime: Runtime, params: SearchParams, query: string, differing: string[]) {
  const chosen = await search(db, runtime, params, {});
  const variants: { name: "chosen" | Refinement; options: SearchOptions; plans: string }[] = [
    { name: "chosen", options: {}, plans: chosen.plans },
  ];
  for (const refinement of REFINEMENTS) {
    const options = { without: new Set([refinement]) };
    const without = await search(db, runtime, params, options);
    if (without.answer !== chosen.answer) differing.push(`${query} without ${refinement}`);
    if (without.plans !== chosen.plans) variants.push({ name: refinement, options, plans: without.plans });
  }
  return variants;
}

/** Prints how often each plan kind runs on the mix and what it costs, and what each branch saves where it fires. */
export function printPlanKinds(rows: MixRow[]) {
  const kinds = new Map<string, { share: number; pg: number; example: string }>();
  for (const row of rows) {
    const kind = kinds.get(row.plans) ?? { share: 0, pg: 0, example: row.query };
    kinds.set(row.plans, { ...kind, share: kind.share + row.share, pg: kind.pg + row.share * (row.ms.chosen?.pg ?? 0) });
  }
  console.log("  plans (a fallback after ->): share of the mix, PostgreSQL CPU ms per search, an example");
  for (const [plans, kind] of [...kinds].sort((a, b) => b[1].share - a[1].share)) {
    console.log(`    ${round(kind.share, 1)} %  ${round(kind.pg / kind.share, 2)} ms  ${plans}  (${kind.example})`);
  }
  console.log("  branches: share of the mix where each changes the plans; PostgreSQL CPU (wall) ms it saves there, per search");
  for (const refinement of REFINEMENTS) {
    const firing = rows.filter((row) => row.ms[refinement]);
    const share = firing.reduce((sum, row) => sum + row.share, 0);
    const saved = (field: "pg" | "wall") =>
      firing.reduce((sum, row) => sum + row.share * ((row.ms[refinement]?.[field] ?? 0) - (row.ms.chosen?.[field] ?? 0)), 0) /
      Math.max(share, 1e-9);
    const where = firing.map((row) => `${row.query} ${round((row.ms[refinement]?.pg ?? 0) - (row.ms.chosen?.pg ?? 0), 2)}`);
    console.log(
      `    ${refinement.padEnd(22)} ${String(round(share, 1)).padStart(5)} %  ${round(saved("pg"), 2)} (${round(saved("wall"), 2)}) ms  ${where.join("; ")}`,
    );
  }
}
