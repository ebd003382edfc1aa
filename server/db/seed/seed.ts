import { availableParallelism } from "node:os";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { Sql } from "../client.ts";
import type { GeneratedConsultant } from "./generate.ts";
import type { GeneratedTrackRecord } from "./track-record.ts";

// Bulk loading through COPY: 100 000 profiles in seconds rather than minutes.

const COLUMNS = [
  "name",
  "title",
  "email",
  "phone",
  "location",
  "city",
  "country",
  "years_experience",
  "languages",
  "primary_specialization",
  "secondary_specializations",
  "bio",
  "show_email",
  "show_phone",
  "available_for_work",
  "rating",
  "projects_completed",
  "status",
  "created_at",
  "updated_at",
  "language_levels",
] as const;

function csvField(value: string | number | boolean | null): string {
  if (value === null) return "";
  const text = String(value);
  return `"${text.replace(/"/g, '""')}"`;
}

function arrayLiteral(items: string[]): string {
  return `{${items.map((item) => `"${item.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`).join(",")}}`;
}

function toCsvLine(c: GeneratedConsultant, status: string): string {
  const createdAt = c.createdAt.toISOString();
  return `${[
    c.name,
    c.title,
    c.email,
    c.phone,
    c.location,
    c.city,
    c.country,
    c.yearsExperience,
    arrayLiteral(c.languages),
    c.primarySpecialization,
    arrayLiteral(c.secondarySpecializations),
    c.bio,
    c.showEmail,
    c.showPhone,
    c.availableForWork,
    c.rating,
    c.projectsCompleted,
    status,
    createdAt,
    createdAt,
    JSON.stringify(c.trackRecord?.languageLevels ?? {}),
  ]
    .map(csvField)
    .join(",")}\n`;
}

/** Streams consultants into the table with COPY; returns how many rows were written. */
export async function copyConsultants(sql: Sql, consultants: Iterable<GeneratedConsultant>, status = "approved") {
  let count = 0;
  const tracks: { email: string; track: GeneratedTrackRecord }[] = [];
  function* lines() {
    let batch = "";
    for (const consultant of consultants) {
      batch += toCsvLine(consultant, status);
      if (consultant.trackRecord) tracks.push({ email: consultant.email, track: consultant.trackRecord });
      count++;
      if (batch.length > 256 * 1024) {
        yield batch;
        batch = "";
      }
    }
    if (batch) yield batch;
  }
  const writable = await sql`copy consultants (${sql.unsafe(COLUMNS.join(", "))}) from stdin with (format csv)`.writable();
  await pipeline(Readable.from(lines()), writable);
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
 * collect new entries in their pending list instead, merged in one sorted pass at the end, and
 * then go back to fastupdate off. Batches keep the words dictionary's statement trigger working
 * on bounded sets.
 */
export async function bulkLoadConsultants(
  sql: Sql,
  consultants: Iterable<GeneratedConsultant>,
  { batchSize = 10_000, parallel = Math.min(4, availableParallelism()) } = {},
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
          }
        }),
      );
      for (const { name } of gin) await first`select gin_clean_pending_list(${name}::regclass)`;
    } finally {
      for (const { name } of gin) await first`alter index ${first(name)} set (fastupdate = off)`;
    }
    return written;
  } finally {
    for (const connection of connections) connection.release();
  }
}
