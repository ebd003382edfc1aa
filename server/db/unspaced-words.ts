import { sql } from "drizzle-orm";
import { unspacedScriptWords } from "#common/word-segmentation.ts";
import type { Executor } from "./client.ts";

// The words of a profile's Thai, Lao, Khmer and Burmese text, cut with ICU's dictionaries, kept in
// consultants.search_unspaced (migration 0030) for the search document and the words dictionary
// (PostgreSQL cannot cut those scripts itself). Written with every change of a profile's text: its
// name, title, bio and track record (whose text the database assembles into track_text).

/** Any character of the four scripts (PostgreSQL regular expression). */
const UNSPACED_CHARACTER = "[\u0E00-\u0EFF\u1000-\u109F\u1780-\u17FF\u19E0-\u19FF\uAA60-\uAA7F]";

/** Cuts the texts of these profiles (in the caller's transaction, after its writes) and stores their words. */
export async function refreshUnspacedWords(db: Executor, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  const rows = await db.execute<{ id: number; text: string }>(sql`
    select id, concat_ws(' ', name, title, bio, track_text) as text
    from consultants where id = any(${sql.param([...ids])}::int[])`);
  for (const row of rows) {
    const words = unspacedScriptWords(row.text) || null;
    await db.execute(sql`
      update consultants set search_unspaced = ${words}
      where id = ${row.id} and search_unspaced is distinct from ${words}`);
  }
}

/**
 * Profiles written before their words were kept (or by a path that does not cut them, such as a
 * bulk import): cut them now. Run at start-up; a batch at a time, few profiles have these scripts.
 * Returns how many profiles it looked at.
 */
export async function backfillUnspacedWords(db: Executor, batch = 500): Promise<number> {
  let seen = 0;
  let after = 0;
  for (;;) {
    const rows = await db.execute<{ id: number }>(sql`
      select id from consultants
      where id > ${after} and search_unspaced is null
        and concat_ws(' ', name, title, bio, track_text) ~ ${UNSPACED_CHARACTER}
      order by id limit ${batch}`);
    if (rows.length === 0) return seen;
    await refreshUnspacedWords(
      db,
      rows.map((row) => row.id),
    );
    seen += rows.length;
    after = rows.at(-1)?.id ?? after;
  }
}
