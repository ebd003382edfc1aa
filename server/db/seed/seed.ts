import { availableParallelism } from "node:os";
import type { Sql } from "../client.ts";
import type { GeneratedConsultant } from "./generate.ts";
import type { GeneratedTrackRecord } from "./track-record.ts";

// Bulk loading in large multi-row INSERTs: each statement takes one JSON parameter holding a few
// thousand profiles and unpacks it with jsonb_to_recordset. Nearly as fast as COPY, and unlike
// COPY FROM STDIN it cannot hang: the postgres driver (3.4.9) never settles a COPY that
// PostgreSQL rejects (a constraint, a duplicate), so a failed seed would wait forever instead of
// failing. A rejected INSERT is an ordinary error.

/** Profiles per INSERT statement: one JSON parameter of a few megabytes. */
const ROWS_PER_STATEMENT = 2000;

function toRow(c: GeneratedConsultant, status: string) {
  const createdAt = c.createdAt.toISOString();
  return {
    name: c.name,
    title: c.title,
    email: c.email,
    phone: c.phone,
    location: c.location,
    city: c.city,
    country: c.country,
    years_experience: c.yearsExperience,
    languages: c.languages,
    primary_specialization: c.primarySpecialization,
    secondary_specializations: c.secondarySpecializations,
    bio: c.bio,
    show_email: c.showEmail,
    show_phone: c.showPhone,
    available_for_work: c.availableForWork,
    rating: c.rating,
    projects_completed: c.projectsCompleted,
    status,
    created_at: createdAt,
    updated_at: (c.updatedAt ?? c.createdAt).toISOString(),
    language_levels: c.trackRecord?.languageLevels ?? {},
    daily_rate_min: c.dailyRate?.min ?? null,
    daily_rate_max: c.dailyRate?.max ?? null,
    rate_currency: c.dailyRate?.currency ?? null,
    rate_visibility: c.dailyRate?.visibility ?? "hidden",
    available_from: c.availableFrom ?? null,
  };
}

async function insertRows(sql: Sql, rows: ReturnType<typeof toRow>[]) {
  await sql`
    insert into consultants (name, title, email, phone, location, city, country, years_experience, languages,
      primary_specialization, secondary_specializations, bio, show_email, show_phone, available_for_work, rating,
      projects_completed, status, created_at, updated_at, language_levels, daily_rate_min, daily_rate_max, rate_currency,
      rate_visibility, available_from)
    select r.name, r.title, r.email, r.phone, r.location, r.city, r.country, r.years_experience,
      array(select jsonb_array_elements_text(r.languages)), r.primary_specialization,
      array(select jsonb_array_elements_text(r.secondary_specializations)), r.bio, r.show_email, r.show_phone,
      r.available_for_work, r.rating, r.projects_completed, r.status, r.created_at, r.updated_at, r.language_levels,
      r.daily_rate_min, r.daily_rate_max, r.rate_currency, r.rate_visibility, r.available_from
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(
      name text, title text, email text, phone text, location text, city text, country text, years_experience int,
      languages jsonb, primary_specialization text, secondary_specializations jsonb, bio text, show_email boolean,
      show_phone boolean, available_for_work boolean, rating int, projects_completed int, status text,
      created_at timestamptz, updated_at timestamptz, language_levels jsonb, daily_rate_min int, daily_rate_max int, rate_currency text,
      rate_visibility text, available_from date)`;
}

/** Writes consultants (and their track records) in batched INSERTs; returns how many were written. */
export async function copyConsultants(sql: Sql, consultants: Iterable<GeneratedConsultant>, status = "approved") {
  let count = 0;
  const tracks: { email: string; track: GeneratedTrackRecord }[] = [];
  for (const chunk of batches(consultants, ROWS_PER_STATEMENT)) {
    await insertRows(
      sql,
      chunk.map((consultant) => toRow(consultant, status)),
    );
    for (const consultant of chunk) {
      if (consultant.trackRecord) tracks.push({ email: consultant.email, track: consultant.trackRecord });
    }
    count += chunk.length;
  }
  for (const chunk of batches(tracks, 2000)) await insertTrackRecords(sql, chunk);
  return count;
}

/**
 * Assignments and education of consultants just copied, found by e-mail (unique): one JSON
 * parameter per list and chunk, so the assignments' statement trigger updates the profiles' search
 * columns once per chunk.
 */
async function insertTrackRecords(sql: Sql, chunk: { email: string; track: GeneratedTrackRecord }[]) {
  const assignments = chunk.flatMap(({ email, track }) =>
    track.assignments.map((item, position) => ({
      ...item,
      email,
      position,
      startDate: `${item.startDate}-01`,
      endDate: item.endDate === null ? null : `${item.endDate}-01`,
    })),
  );
  const education = chunk.flatMap(({ email, track }) => track.education.map((item, position) => ({ ...item, email, position })));
  await sql`
    insert into consultant_assignments
      (consultant_id, position, title, organization, donors, countries, role, start_date, end_date, sector, description)
    select c.id, a.position, a.title, a.organization,
      array(select jsonb_array_elements_text(a.donors)), array(select jsonb_array_elements_text(a.countries)),
      a.role, a."startDate", a."endDate", a.sector, a.description
    from jsonb_to_recordset(${JSON.stringify(assignments)}::jsonb) as a(
      email text, position int, title text, organization text, donors jsonb, countries jsonb, role text,
      "startDate" date, "endDate" date, sector text, description text)
    join consultants c on lower(c.email) = lower(a.email)`;
  await sql`
    insert into consultant_education (consultant_id, position, degree, field, institution, year)
    select c.id, e.position, e.degree, e.field, e.institution, e.year
    from jsonb_to_recordset(${JSON.stringify(education)}::jsonb) as e(
      email text, position int, degree text, field text, institution text, year int)
    join consultants c on lower(c.email) = lower(e.email)`;
}

function* batches<T>(items: Iterable<T>, size: number): Generator<T[]> {
  let batch: T[] = [];
  for (const item of items) {
    batch.push(item);
    if (batch.length === size) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

/**
 * Loads many consultants fast, on `parallel` connections (parsing each profile into its search
 * document is the costly part, and it runs in the database: one connection uses one core).
 * The search indexes are GIN with fastupdate off, right for a read-mostly directory but costly
 * for a bulk load (each row updates a hundred index entries in place): during the load they
 * collect new entries in their pending list instead, then go back to fastupdate off and are
 * rebuilt from the table. Batches keep the words dictionary's statement trigger working
 * on bounded sets.
 */
export async function bulkLoadConsultants(
  sql: Sql,
  consultants: Iterable<GeneratedConsultant>,
  {
    batchSize = 10_000,
    parallel = Math.min(4, availableParallelism()),
    onProgress,
  }: { batchSize?: number; parallel?: number; onProgress?: (written: number) => void } = {},
) {
  const gin = await sql<{ name: string }[]>`
    select c.relname as name
    from pg_index i join pg_class c on c.oid = i.indexrelid join pg_am a on a.oid = c.relam
    where i.indrelid = 'consultants'::regclass and a.amname = 'gin' and 'fastupdate=off' = any(c.reloptions)`;
  const connections = await Promise.all(Array.from({ length: Math.max(1, parallel) }, () => sql.reserve()));
  try {
    for (const connection of connections) {
      await connection`set work_mem = '64MB'`;
      await connection`set maintenance_work_mem = '256MB'`;
      await connection`set gin_pending_list_limit = '256MB'`;
    }
    const [first] = connections as [(typeof connections)[number]];
    for (const { name } of gin) await first`alter index ${first(name)} set (fastupdate = on)`;
    let written = 0;
    try {
      const queue = batches(consultants, batchSize);
      await Promise.all(
        connections.map(async (connection) => {
          for (let next = queue.next(); !next.done; next = queue.next()) {
            const copied = await copyConsultants(connection, next.value);
            written += copied;
            onProgress?.(written);
          }
        }),
      );
    } finally {
      for (const { name } of gin) await first`alter index ${first(name)} set (fastupdate = off)`;
    }
    // Rebuilt in one sorted pass from the table (which drops the pending list): merging the list
    // into the index left it twelve times larger (search_document at 100 000 profiles: 242 MB,
    // rebuilt 20 MB, in 1.5 s) and took longer.
    for (const { name } of gin) await first`reindex index ${first(name)}`;
    return written;
  } finally {
    for (const connection of connections) connection.release();
  }
}
