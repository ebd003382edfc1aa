import { cpus } from "node:os";
import { COUNTRIES, SEARCH_SPECIALIZATIONS } from "../common/constants.ts";
import { DONORS } from "../common/track-record-lists.ts";
import { createDatabase } from "../server/db/client.ts";
import { createRuntime } from "../server/runtime.ts";
import { suggestConsultants } from "../server/services/opportunities/matching.ts";
import { percentile } from "./drive.ts";
import { openBenchDatabase, round } from "./harness.ts";
import { benchOrganization } from "./opportunities.ts";

// Suggested consultants for one opportunity (issue 32: p95 <= 50 ms at 100 000 profiles), in
// process, one request at a time: `node bench/suggestions.ts [count] [runs]` on the bench's
// database (bench/.data/<count>, seeded by `npm run bench` / openBenchDatabase). It adds one
// organization with a member and OPPORTUNITIES published opportunities whose criteria go round the
// specializations, countries, donors and languages (so the ladder's depth varies), then times
// suggestConsultants for each in turn, after one warm-up round.

const count = Number(process.argv[2] ?? 100_000);
const runs = Number(process.argv[3] ?? 400);
const OPPORTUNITIES = 40;
const TITLES = [
  "Monitoring and evaluation specialist",
  "Gender mainstreaming adviser",
  "Climate resilience team leader",
  "Public financial management expert",
  "Maternal health evaluation",
  "Rural water supply engineer",
  "Education sector analyst",
  "Digital health information systems",
];
const LANGUAGE_SETS = [["English"], ["English", "Vietnamese"], ["English", "Khmer"], ["Indonesian"], []];

function first<T>(rows: T[]): T {
  const [row] = rows;
  if (row === undefined) throw new Error("nothing was inserted");
  return row;
}

const bench = await openBenchDatabase(count);
const { db, sql, close } = createDatabase(bench.databaseUrl, { max: 4 });
const runtime = createRuntime({ insights: null });
try {
  const user = first(
    await sql<{ id: number }[]>`
    insert into auth_users (email, name, hashed_password) values (${`bench-${Date.now()}@example.org`}, 'Bench member', 'x') returning id`,
  );
  const org = await benchOrganization(sql, `bench-${Date.now()}`, "Bench Organization");
  await sql`insert into organization_members (organization_id, user_id, role) values (${org.id}, ${user.id}, 'owner')`;
  const ids: number[] = [];
  for (let index = 0; index < OPPORTUNITIES; index++) {
    const title = TITLES[index % TITLES.length] as string;
    const row = first(
      await sql<{ id: number }[]>`
      insert into opportunities (organization_id, slug, title, description, description_html, specializations, countries, donors,
        languages, min_years_experience, duration_value, duration_unit, deadline_date, deadline, time_zone, status, published_at)
      values (${org.id}, ${`bench-${index}`}, ${title}, 'Bench ToR', '<p>Bench ToR</p>',
        ${[SEARCH_SPECIALIZATIONS[index % SEARCH_SPECIALIZATIONS.length] as string]},
        ${[COUNTRIES[index % COUNTRIES.length] as string]}, ${index % 3 === 2 ? [] : [DONORS[index % 7] as string]},
        ${LANGUAGE_SETS[index % LANGUAGE_SETS.length] as string[]}, ${[0, 5, 8, 15][index % 4] as number}, 3, 'months',
        current_date + 30, now() + interval '30 days', 'Asia/Bangkok', 'published', now())
      returning id`,
    );
    ids.push(row.id);
  }
  const deps = { db, readDb: db, runtime, log: { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} } } as never;
  const actor = { id: user.id, role: "user" as const };
  const found: number[] = [];
  for (const id of ids) found.push((await suggestConsultants(deps, actor, id)).suggestions.length);
  const times: number[] = [];
  for (let index = 0; index < runs; index++) {
    const started = performance.now();
    await suggestConsultants(deps, actor, ids[index % ids.length] as number);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const answer = {
    count,
    runs,
    opportunities: OPPORTUNITIES,
    suggestionsFound: { min: Math.min(...found), max: Math.max(...found) },
    p50: round(percentile(times, 50)),
    p95: round(percentile(times, 95)),
    max: round(times[times.length - 1] ?? 0),
    cpus: cpus().length,
  };
  console.log(JSON.stringify(answer));
  await org.remove();
  await sql`delete from auth_users where id = ${user.id}`;
} finally {
  await runtime.close();
  await close();
  await bench.stop();
}
