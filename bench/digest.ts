import { COUNTRIES, SEARCH_SPECIALIZATIONS } from "../common/constants.ts";
import { loadConfig } from "../server/config.ts";
import { createDatabase } from "../server/db/client.ts";
import { startJobQueue } from "../server/jobs/queue.ts";
import { sendOpportunityDigests } from "../server/services/opportunities/digest.ts";
import { openBenchDatabase, round } from "./harness.ts";

// The opportunities digest's cost (issue 32: minutes of CPU per 100 000 consultants):
// `node bench/digest.ts [count] [sample]` on the bench's database. It gives `sample` listed
// profiles an account, publishes 40 opportunities across the specializations and countries, runs
// their digests as the batch job does (each consultant its own transaction), and reports this
// process's CPU and the wall time per consultant, and both extrapolated to 100 000. PostgreSQL's
// own CPU is not counted here. Everything it adds is removed at the end.

const count = Number(process.argv[2] ?? 100_000);
const sample = Number(process.argv[3] ?? 2000);
const bench = await openBenchDatabase(count);
const { db, sql, close } = createDatabase(bench.databaseUrl, { max: 2 });
const silent = { info: () => {}, warn: () => {}, error: () => {} };
const jobs = await startJobQueue({ url: bench.databaseUrl, log: silent, schedules: false });
const config = loadConfig({ ...process.env, DATABASE_URL: bench.databaseUrl, PUBLIC_URL: "https://bench.example.org" });
const tag = `bench-digest-${Date.now()}`;
try {
  const [org] = await sql<{ id: number }[]>`
    insert into organizations (slug, name, kind, country, verified_at, verification_method)
    values (${tag}, 'Bench Digest Organization', 'ngo', 'TH', now(), 'admin') returning id`;
  if (!org) throw new Error("no organization");
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
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const outcomes = await sendOpportunityDigests({ db, config, jobs }, ids);
  const wallMs = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  const cpuMs = (cpu.user + cpu.system) / 1000;
  const per = 100_000 / ids.length;
  console.log(
    JSON.stringify({
      count,
      sample: ids.length,
      outcomes,
      nodeCpuMsPerConsultant: round(cpuMs / ids.length, 2),
      wallMsPerConsultant: round(wallMs / ids.length, 2),
      nodeCpuMinutesPer100k: round((cpuMs * per) / 60_000, 2),
      wallMinutesPer100kOneWorker: round((wallMs * per) / 60_000, 2),
    }),
  );
  await sql`delete from pgboss.job where name = 'mail' and data->>'to' like ${`${tag}-%`}`;
  await sql`update consultants set user_id = null where id = any(${ids})`;
  await sql`delete from opportunity_digests where consultant_id = any(${ids})`;
  await sql`delete from auth_users where email like ${`${tag}-%`}`;
  await sql`delete from opportunities where organization_id = ${org.id}`;
  await sql`delete from organizations where id = ${org.id}`;
} finally {
  await jobs.stop();
  await close();
  await bench.stop();
}
