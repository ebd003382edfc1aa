import { sql } from "drizzle-orm";
import { unspacedScriptWords } from "#common/word-segmentation.ts";
import type { Executor } from "./client.ts";

// The words of the Thai, Lao, Khmer and Burmese text of a profile (migration 0030) or an
// opportunity (0045), cut with ICU's dictionaries, kept in the row's search_unspaced for the search
// document (and, for profiles, the words dictionary): PostgreSQL cannot cut those scripts itself.
// The words of the name and title (a ToR's title) are kept apart as well (search_unspaced_head,
// 0050), so the head reads them at weight A, as it reads the name and title's other words.
// Written with every change of the text: a profile's name, title, bio and track record (whose text
// the database assembles into track_text); an opportunity's title and ToR, with its document.

/** Any character of the four scripts (PostgreSQL regular expression). */
const UNSPACED_CHARACTER = "[\u0E00-\u0EFF\u1000-\u109F\u1780-\u17FF\u19E0-\u19FF\uAA60-\uAA7F]";

/** The tables whose rows keep their cut words, and the text of a row. */
const TEXT_OF = {
  consultants: sql.raw("concat_ws(' ', name, title, bio, track_text)"),
  opportunities: sql.raw("concat_ws(' ', title, description)"),
} as const;

/** The head's text: the name and title, a ToR's title. */
const HEAD_OF = {
  consultants: sql.raw("concat_ws(' ', name, title)"),
  opportunities: sql.raw("title"),
} as const satisfies Record<keyof typeof TEXT_OF, unknown>;

export type UnspacedTable = keyof typeof TEXT_OF;

/**
 * Cuts the texts of these rows (in the caller's transaction, after its writes) and stores their
 * words. Only rows with such text, or words kept from before (the text may have lost them), are read.
 */
export async function refreshUnspacedWords(
  db: Executor,
  ids: readonly number[],
  table: UnspacedTable = "consultants",
): Promise<void> {
  if (ids.length === 0) return;
  const name = sql.identifier(table);
  const rows = await db.execute<{ id: number; text: string; head: string }>(sql`
    select id, ${TEXT_OF[table]} as text, ${HEAD_OF[table]} as head from ${name}
    where id = any(${sql.param([...ids])}::int[])
      and (${TEXT_OF[table]} ~ ${UNSPACED_CHARACTER} or search_unspaced is not null or search_unspaced_head is not null)`);
  for (const row of rows) {
    const words = unspacedScriptWords(row.text) || null;
    const headWords = unspacedScriptWords(row.head ?? "") || null;
    await db.execute(sql`
      update ${name} set search_unspaced = ${words}, search_unspaced_head = ${headWords}
      where id = ${row.id}
        and (search_unspaced, search_unspaced_head) is distinct from (${words}::text, ${headWords}::text)`);
  }
}

/**
 * Rows written before their words were kept (or by a path that does not cut them, such as a bulk
 * import): cut them now, with `refresh` (the table's refreshUnspacedWords unless the caller must
 * rewrite more, as an opportunity's document). Run at start-up; a batch at a time, few rows have
 * these scripts. Returns how many rows it looked at.
 */
export async function backfillUnspacedWords(
  db: Executor,
  {
    table = "consultants",
    batch = 500,
    refresh = (ids) => refreshUnspacedWords(db, ids, table),
  }: { table?: UnspacedTable; batch?: number; refresh?: (ids: number[]) => Promise<void> } = {},
): Promise<number> {
  let seen = 0;
  let after = 0;
  for (;;) {
    const rows = await db.execute<{ id: number }>(sql`
      select id from ${sql.identifier(table)}
      where id > ${after}
        and ((search_unspaced is null and ${TEXT_OF[table]} ~ ${UNSPACED_CHARACTER})
          or (search_unspaced_head is null and ${HEAD_OF[table]} ~ ${UNSPACED_CHARACTER}))
      order by id limit ${batch}`);
    if (rows.length === 0) return seen;
    await refresh(rows.map((row) => row.id));
    seen += rows.length;
    after = rows.at(-1)?.id ?? after;
  }
}
