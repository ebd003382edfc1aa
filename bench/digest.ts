import { mkdir, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { COUNTRIES, SEARCH_SPECIALIZATIONS } from "../common/constants.ts";
import { loadConfig } from "../server/config.ts";
import { createDatabase } from "../server/db/client.ts";
import { startJobQueue } from "../server/jobs/queue.ts";
import { sendOpportunityDigests } from "../server/services/opportunities/digest.ts";
import { commitOf, machineBusyMs, openBenchDatabase, round, treeCpuMs } from "./harness.ts";
import { benchOrganization } from "./opportunities.ts";

// The opportunities digest's cost (issue 32: minutes of CPU per 100 000 consultants):
// `node bench/digest.ts [count] [sample] [--opportunities N]` on the bench's database (N open
// opportunities written by the seed first, as `npm run bench` does; 0 by default). It gives
// `sample` listed profiles an account, publishes 40 opportunities across the specializations and
// countries, runs their digests as the batch job does (each consultant its own transaction), and
// reports the CPU of this process (Node) and of the database's processes (PostgreSQL: the
// postmaster's tree, this cluster alone) and the wall time per consultant, each extrapolated to
// 100 000, into bench/results/<at>-digest-<count>.json. A digest reads one profile by its id and
// the opportunities: its cost per consultant does not grow with the directory, so a small
// directory's sample measures it (`node bench/digest.ts 2000 1000 --opportunities 20000`).
// Everything it adds is removed at the end.

const positional = process.argv
  .slice(2)
  .filter((arg, index, all) => !arg.startsWith("--") && all[index - 1] !== "--opportunities");
const flag = process.argv.indexOf("--opportunities");
const opportunityCount = flag >= 0 ? Number(process.argv[flag + 1]) : 0;
const count = Number(positional[0] ?? 100_000);
const sample = Number(positional[1] ?? 2000);
const bench = await openBenchDatabase(count, { opportunities: opportunityCount });
const { db, sql, close } = createDatabase(bench.databaseUrl, { max: 2 });
const silent = { info: () => {}, warn: () => {}, error: () => {} };
const jobs = await startJobQueue({ url: bench.databaseUrl, log: silent, schedules: false });
const config = loadConfig({ ...process.env, DATABASE_URL: bench.databaseUrl, PUBLIC_URL: "https://bench.example.org" });
const tag = `bench-digest-${Date.now()}`;
try {
  const org = await benchOrganization(sql, tag, "Bench Digest Organization");
  for (let index = 0; index < 40; index++) {
    await sql`
      insert into opportunities (organization_id, slug, title, description, description_html, specializations, countries, donors,
        languages, min_years_experience, duration_value, duration_unit, deadline_date, deadline, time_zone, status, published_at)
      values (${org.id}, ${`${tag}-${index}`}, ${`Bench opportunity ${index}`}, 'Bench ToR', '<p>Bench ToR</p>',
        ${[SEARCH_SPECIALIZATIONS[index % SEARCH_SPECIALIZATIONS.length] as string]}, ${[COUNTRIES[index % COUNTRIES.length] as string]},
        '{}', '{English}', 5, 3, 'months', current_date + 30, now() + interval '30 days', 'Asia/Bangkok', 'published', now())`;
  }
  const people = await sql<{ id: number }[]>`
    select id from consultants where status = 'approved' and user_id is null order by id limit ${sample}`;
  const ids = people.map((row) => row.id);
  await sql`
    with made as (
      insert into auth_users (email, name, hashed_password)
      select ${tag} || '-' || c.id || '@example.org', c.name, 'x' from consultants c where c.id = any(${ids}) returning id, email)
    update consultants c set user_id = made.id from made where made.email = ${tag} || '-' || c.id || '@example.org'`;
  const loadBefore = os.loadavg();
  const postgresBefore = treeCpuMs({ postgres: bench.postmasterPid() }).postgres ?? 0;
  const machineBefore = machineBusyMs();
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const outcomes = await sendOpportunityDigests({ db, config, jobs }, ids);
  const wallMs = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  const cpuMs = (cpu.user + cpu.system) / 1000;
  const postgresMs = (treeCpuMs({ postgres: bench.postmasterPid() }).postgres ?? 0) - postgresBefore;
  const machineMs = machineBusyMs() - machineBefore;
  const per = 100_000 / ids.length;
  const [open] = await sql<{ n: number }[]>`select count(*)::int as n from opportunities where status = 'published'`;
  const report = {
    at: new Date().toISOString(),
    commit: commitOf(process.cwd()),
    count,
    openOpportunities: open?.n ?? 0,
    sample: ids.length,
    outcomes,
    nodeCpuMsPerConsultant: round(cpuMs / ids.length, 2),
    postgresCpuMsPerConsultant: round(postgresMs / ids.length, 2),
    wallMsPerConsultant: round(wallMs / ids.length, 2),
    nodeCpuMinutesPer100k: round((cpuMs * per) / 60_000, 2),
    postgresCpuMinutesPer100k: round((postgresMs * per) / 60_000, 2),
    cpuMinutesPer100k: round(((cpuMs + postgresMs) * per) / 60_000, 2),
    wallMinutesPer100kOneWorker: round((wallMs * per) / 60_000, 2),
    // Everything else on the machine meanwhile (a shared machine's noise: the wall time says little when it is high).
    foreignCpuMsPerConsultant: round(Math.max(0, machineMs - cpuMs - postgresMs) / ids.length, 2),
    machine: {
      cpus: os.cpus().length,
      loadAverageBefore: loadBefore.map((v) => round(v, 2)),
      loadAverageAfter: os.loadavg().map((v) => round(v, 2)),
    },
  };
  console.log(JSON.stringify(report));
  await mkdir(path.resolve("bench", "results"), { recursive: true });
  const file = path.resolve("bench", "results", `${report.at.replace(/[:.]/g, "-")}-digest-${count}.json`);
  await writeFile(file, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`written to ${path.relative(process.cwd(), file)}`);
  await sql`delete from pgboss.job where name = 'mail' and data->>'to' like ${`${tag}-%`}`;
  await sql`update consultants set user_id = null where id = any(${ids})`;
  await sql`delete from opportunity_digests where consultant_id = any(${ids})`;
  await sql`delete from auth_users where email like ${`${tag}-%`}`;
  await org.remove();
} finally {
  await jobs.stop();
  await close();
  await bench.stop();
}
