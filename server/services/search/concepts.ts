import { asc, sql } from "drizzle-orm";
import {
  allForms,
  expansionForms,
  type Glossary,
  type GlossaryAddition,
  loadFieldGlossary,
  mergeAdditions,
} from "#common/glossary/glossary.ts";
import { spaceWords } from "#common/word-segmentation.ts";
import type { Executor } from "#server/db/client.ts";

import { glossaryAdditions } from "#server/db/schema.ts";

// The field glossary in the search (issue 33, migration 0028): every profile, and every
// opportunity (0044), carries a facet lexeme '#k:<concept>' for each concept of the glossary it
// names in any form, so a search term that is a form of a concept matches one lexeme (termQuery in
// keywords.ts). The forms the documents are tagged by live in search_concept_forms, written from
// the glossary here; after they change, every profile and opportunity is tagged again
// (retagDocuments), without its text being parsed. An acronym that is also an ordinary word
// ("WASH") tags only as written in capitals, from the '#u:' words the documents keep (0048,
// cappedForms).

/** A concept's facet lexeme in the search documents. */
export function conceptLexeme(conceptId: string) {
  return `#k:${conceptId}`;
}

/**
 * The forms the documents are tagged by: each concept's expansion forms (glossary.ts), a Thai, Lao,
 * Khmer or Burmese form cut into words as the profiles' text is (issue 37, search_unspaced).
 */
export function conceptForms(glossary: Glossary): { concept: string; form: string }[] {
  return glossary.concepts.flatMap((concept) =>
    expansionForms(glossary, concept.id).map((form) => ({ concept: concept.id, form: spaceWords(form.text) })),
  );
}

/**
 * A word as a document keeps it written with capitals (migration 0048, search_capitals: 2 to 10
 * letters or digits with a capital, not simply capitalized).
 */
export function capitalsLexeme(word: string): string | null {
  return /^[\p{L}\p{N}]{2,10}$/u.test(word) && /\p{Lu}/u.test(word) && !/^\p{Lu}\p{Ll}+$/u.test(word) ? `#u:${word}` : null;
}

/**
 * The forms that tag a document only as written: an acronym that is also an ordinary word ("WASH",
 * "MEL", "ToT": case-sensitive, standalone: false), in its own case and in capitals ("ToT", "TOT"),
 * as the query reads it (caseMatches, glossary.ts), each the '#u:' lexeme of the word. A form of
 * two concepts ("SEA", "IP", "TA") is left out: the text does not say which it means; so is one
 * flagged tagsText: false ("API", "PM", "KM"), which in a text too often means something else.
 */
export function cappedForms(glossary: Glossary): { concept: string; lexeme: string }[] {
  const forms = glossary.concepts.flatMap((concept) =>
    allForms(concept)
      .filter((form) => form.caseSensitive && !form.standalone && !form.ambiguous && form.tagsText !== false)
      .flatMap((form) => [form.text, form.text.toUpperCase()])
      .map((word) => capitalsLexeme(word))
      .filter((lexeme) => lexeme !== null)
      .map((lexeme) => ({ concept: concept.id, lexeme })),
  );
  const owners = new Map<string, Set<string>>();
  for (const { concept, lexeme } of forms) owners.set(lexeme, (owners.get(lexeme) ?? new Set()).add(concept));
  const seen = new Set<string>();
  return forms.filter(({ concept, lexeme }) => {
    const key = `${concept} ${lexeme}`;
    if (seen.has(key) || (owners.get(lexeme)?.size ?? 0) > 1) return false;
    seen.add(key);
    return true;
  });
}

/**
 * Writes the glossary's forms into search_concept_forms, each as the tsquery its phrase makes in
 * the search's configuration and the lexeme of it the fewest documents have (the statistics' most
 * common lexemes are the ones to avoid; then the longest); forms that make no query (stop words
 * only) are left out. The acronyms that tag only as written (cappedForms) are rows whose form,
 * lexeme and query are their '#u:' word. Answers how many rows changed: when any did, the profiles
 * must be tagged again.
 */
export async function syncConceptForms(db: Executor, glossary: Glossary): Promise<number> {
  const forms = conceptForms(glossary);
  const capped = cappedForms(glossary);
  // Each form's lexemes joined with the statistics' common ones once, set against set: the same
  // choice made per form in a subquery re-read pg_stats for every one of the ~4 200 forms (the
  // CTE, referenced once, is inlined), 4–5 s a statement on the demo directory once analysed, so
  // an admin's synonym hit the request's 5 s deadline.
  const wanted = sql`
    common as materialized (
      select s.lexeme, s.share from pg_stats p,
        unnest(p.most_common_elems::text::text[], p.most_common_elem_freqs) as s(lexeme, share)
      where p.schemaname = current_schema() and p.tablename = 'consultants' and p.attname = 'search_document'),
    typed as materialized (
      select t.concept, t.form, phraseto_tsquery('search_english', t.form) as query
      from unnest(${sql.param(forms.map((form) => form.concept))}::text[], ${sql.param(forms.map((form) => form.form))}::text[])
        as t(concept, form)),
    chosen as (
      select distinct on (t.concept, t.form) t.concept, t.form, l as lexeme
      from typed t cross join lateral unnest(tsvector_to_array(to_tsvector('search_english', t.form))) l
        left join common on common.lexeme = l
      order by t.concept, t.form, coalesce(common.share, 0), length(l) desc, l),
    wanted as (
      select t.concept, t.form, t.query, c.lexeme
      from typed t left join chosen c on c.concept = t.concept and c.form = t.form
      where numnode(t.query) > 0
      union all
      select t.concept, t.lexeme, quote_literal(t.lexeme)::tsquery, t.lexeme
      from unnest(${sql.param(capped.map((form) => form.concept))}::text[], ${sql.param(capped.map((form) => form.lexeme))}::text[])
        as t(concept, lexeme))`;
  const [gone] = await db.execute<{ count: number }>(sql`
    with ${wanted}, deleted as (
      delete from search_concept_forms f
      where not exists (select 1 from wanted w where w.concept = f.concept and w.form = f.form and w.query = f.query)
      returning 1)
    select count(*)::int as count from deleted`);
  const [added] = await db.execute<{ count: number }>(sql`
    with ${wanted}, inserted as (
      insert into search_concept_forms (concept, form, lexeme, query)
      select concept, form, lexeme, query from wanted where lexeme is not null
      on conflict (concept, form) do nothing
      returning 1)
    select count(*)::int as count from inserted`);
  // Which lexeme finds a form's candidates follows the statistics; the tags do not depend on it.
  await db.execute(sql`
    with ${wanted}
    update search_concept_forms f set lexeme = w.lexeme from wanted w
    where w.concept = f.concept and w.form = f.form and w.lexeme is not null and w.lexeme <> f.lexeme`);
  return Number(gone?.count ?? 0) + Number(added?.count ?? 0);
}

/**
 * The documents tagged with the glossary's concepts: the profiles' head and document, and the
 * opportunities' document (migration 0044, issue 32: their search is the consultants').
 */
const TAGGED = {
  consultants: ["search_head", "search_document"],
  opportunities: ["search_document"],
} as const;

export type TaggedDocuments = keyof typeof TAGGED;

/** The order the retag job goes through the documents in (search_concept_retag.documents). */
const RETAG_ORDER: TaggedDocuments[] = ["consultants", "opportunities"];

/**
 * Tags again up to `batch` rows of `documents` after id `after` (their documents get the concepts
 * the forms now find; no text is parsed). Answers the last id tagged, or null when none was left.
 */
export async function retagDocuments(
  db: Executor,
  documents: TaggedDocuments,
  after: number,
  batch = 2_000,
): Promise<number | null> {
  const columns = TAGGED[documents].map((column) => ({
    column: sql.identifier(column),
    retagged: sql.identifier(`retagged_${column}`),
  }));
  const table = sql.identifier(documents);
  // Only the rows whose concepts changed are written (a form added to one concept: a few).
  const [row] = await db.execute<{ last: number | null }>(sql`
    with batch as materialized (
      select id, ${sql.join(
        columns.map(({ column, retagged }) => sql`${column}, search_retagged(${column}) as ${retagged}`),
        sql`, `,
      )}
      from ${table} where id > ${after} order by id limit ${batch}
    ), tagged as (
      update ${table} t set ${sql.join(
        columns.map(({ column, retagged }) => sql`${column} = b.${retagged}`),
        sql`, `,
      )}
      from batch b
      where t.id = b.id and (${sql.join(
        columns.map(({ column, retagged }) => sql`b.${retagged} is distinct from b.${column}`),
        sql` or `,
      )})
      returning t.id)
    select (select max(id) from batch) as last, (select count(*) from tagged) as written`);
  return row?.last === null || row?.last === undefined ? null : Number(row.last);
}

/** Tags every profile and every opportunity again, batch after batch (a small directory at start-up, a bench, a test). */
export async function retagAll(db: Executor) {
  for (const documents of RETAG_ORDER) {
    let after: number | null = 0;
    while (after !== null) after = await retagDocuments(db, documents, after);
  }
  await db.execute(sql`delete from search_concept_retag`);
}

/** A directory up to this many profiles and opportunities is tagged again at start-up; a larger one by the job. */
const RETAG_AT_START = 20_000;

/**
 * At start-up, under the start-up lock: the glossary's forms written, and when they changed, every
 * profile and opportunity tagged again, at once in a small directory, else by the retag job (whose
 * progress search_concept_retag keeps; the workers queue it when they start). Answers whether a
 * retag waits.
 */
export async function prepareSearchConcepts(db: Executor, glossary: Glossary): Promise<boolean> {
  const changed = await syncConceptForms(db, glossary);
  if (changed === 0) return retagPending(db);
  const [size] = await db.execute<{ documents: number }>(
    sql`select (select count(*) from consultants) + (select count(*) from opportunities) as documents`,
  );
  if (Number(size?.documents ?? 0) <= RETAG_AT_START) {
    await retagAll(db);
    return false;
  }
  await startRetag(db);
  return true;
}

/** Whether every profile and opportunity is to be tagged again (the retag job has work). */
export async function retagPending(db: Executor): Promise<boolean> {
  return (await db.execute(sql`select 1 from search_concept_retag`)).length > 0;
}

/** Every profile, then every opportunity, is to be tagged again, from the first (the job goes through them). */
export async function startRetag(db: Executor) {
  await db.execute(sql`delete from search_concept_retag`);
  await db.execute(sql`insert into search_concept_retag (documents, next_id) values (${RETAG_ORDER[0]}, 0)`);
}

/**
 * One run of the retag job: batches from where the last run stopped (the profiles, then the
 * opportunities), for up to `seconds`. Answers whether documents are left (the job then queues
 * itself again).
 */
export async function continueRetag(db: Executor, seconds = 20): Promise<boolean> {
  const until = Date.now() + seconds * 1000;
  for (;;) {
    const [state] = await db.execute<{ documents: TaggedDocuments; next_id: number }>(
      sql`select documents, next_id from search_concept_retag limit 1`,
    );
    if (!state) return false;
    const last = await retagDocuments(db, state.documents, Number(state.next_id));
    if (last !== null) {
      await db.execute(sql`update search_concept_retag set next_id = ${last}`);
    } else {
      const next = RETAG_ORDER[RETAG_ORDER.indexOf(state.documents) + 1];
      if (!next) {
        await db.execute(sql`delete from search_concept_retag`);
        return false;
      }
      await db.execute(sql`update search_concept_retag set documents = ${next}, next_id = 0`);
    }
    if (Date.now() >= until) return true;
  }
}

/**
 * The glossary the search reads: the file, parsed and checked once per process (about 0.5 s), with
 * the admins' additions merged (read again after every directory change, which an addition
 * announces). One per process, in its runtime.
 */
export class GlossaryCache {
  private file: Glossary | undefined;
  private merged: Promise<Glossary> | undefined;
  /**
   * The last merge and the additions it was made of. Every profile edit is a directory change, an
   * addition is rare: merging indexes the whole glossary again (20-30 ms), so the first search
   * after an edit merges only when the additions read differ from the last ones.
   */
  private last: { additions: string; glossary: Glossary } | undefined;

  /** The field glossary file alone. */
  base(): Glossary {
    this.file ??= loadFieldGlossary();
    return this.file;
  }

  get(db: Executor): Promise<Glossary> {
    this.merged ??= loadAdditions(db).then(
      (additions) => {
        const key = JSON.stringify(additions);
        if (this.last?.additions !== key)
          this.last = { additions: key, glossary: mergeAdditions(this.base(), additions).glossary };
        return this.last.glossary;
      },
      (error: unknown) => {
        this.merged = undefined;
        throw error;
      },
    );
    return this.merged;
  }

  drop() {
    this.merged = undefined;
  }
}

/** The admins' additions, oldest first. */
export async function loadAdditions(db: Executor): Promise<GlossaryAddition[]> {
  const rows = await db
    .select({
      conceptId: glossaryAdditions.conceptId,
      language: glossaryAdditions.language,
      text: glossaryAdditions.text,
      caseSensitive: glossaryAdditions.caseSensitive,
      standalone: glossaryAdditions.standalone,
    })
    .from(glossaryAdditions)
    .orderBy(asc(glossaryAdditions.id));
  return rows;
}
