import { type SQL, sql } from "drizzle-orm";
import { unspacedWordsOf } from "#common/word-segmentation.ts";
import type { Executor } from "#server/db/client.ts";
import { unicodeBurmese } from "../burmese.ts";

// Word analysis of a keywords string: its words, their stems and completions from the words
// dictionary (search_words, kept by the triggers of migration 0007), corrections of rare or
// unknown words, and the tsquery they make.

const MAX_WORDS = 8;
const MAX_WORD_LENGTH = 40;
/** Completions of the last word tried ("agri" -> agriculture, agricultural, agribusiness). */
const MAX_COMPLETIONS = 12;
/** Fewer matches than this is "little": try a corrected spelling of rare or unknown words. */
export const LITTLE = 3;

/**
 * The keywords as the documents are written: NFC, and Burmese typed in Zawgyi in Unicode, as a
 * profile's or an opportunity's text is stored (issue 37; a Zawgyi keyboard's query found nothing).
 */
function keywordText(keywords: string): string {
  return unicodeBurmese(keywords.normalize("NFC"));
}

/**
 * The words of a keywords string: letters and digits (accents kept), at most MAX_WORDS. Thai, Lao,
 * Khmer and Burmese runs are cut into words first, as the profiles' text is (issue 37).
 */
export function keywordWords(keywords: string): string[] {
  return keywordSpans(keywords).map((span) => span.word);
}

/** The words of a keywords string (keywordWords) with where each stands in it (NFC), for quoting what was typed. */
export function keywordSpans(keywords: string): { word: string; from: number; to: number }[] {
  const spans = [...keywordText(keywords).matchAll(/[\p{L}\p{M}\p{N}]+/gu)].flatMap((match) =>
    unspacedWordsOf(match[0]).map(({ word, index }) => ({
      word,
      from: match.index + index,
      to: match.index + index + word.length,
    })),
  );
  return spans.slice(0, MAX_WORDS).map((span) => ({ ...span, word: span.word.slice(0, MAX_WORD_LENGTH) }));
}

/**
 * The words of a keywords string (keywordWords), and the keywords as typed from word `start` to
 * word `end` (exclusive): "M&E" rather than its words "M E". The keywords are cut into words once.
 */
export function typedKeywords(keywords: string): { words: string[]; typed: (start: number, end: number) => string } {
  const text = keywordText(keywords);
  const spans = keywordSpans(text);
  return {
    words: spans.map((span) => span.word),
    typed: (start, end) => {
      const first = spans[start];
      const last = spans[end - 1];
      return first && last ? text.slice(first.from, last.to) : "";
    },
  };
}

export type WordAnalysis = {
  word: string;
  /** Lower case without accents: how the words dictionary spells it. */
  key: string;
  /** Stems to match (the word's, plus its completions' for the last word). Empty for stop words. */
  lexemes: string[];
  /** Listed profiles that use this exact word. */
  ndoc: number;
  /**
   * Listed profiles that use this word or its most used completion: every one of them matches
   * the word, so at least this many do.
   */
  reach: number;
};

export const ANALYSIS_TTL_MS = 60_000;
const ANALYSES_KEPT = 5_000;

/**
 * Analyses of the words searched lately, per database pool: one per process, in its runtime
 * (server/runtime.ts), which clears it whenever the directory changes.
 */
export class WordAnalyses {
  kept = new WeakMap<object, Map<string, { value: WordAnalysis[]; expiresAt: number }>>();
  /** How many listed profiles name each concept of the glossary (up to one past the cap): keywords.ts. */
  conceptReach = new WeakMap<object, Map<string, { value: number; expiresAt: number }>>();

  clear() {
    this.kept = new WeakMap();
    this.conceptReach = new WeakMap();
  }
}

/**
 * The stems of each word, its count in the dictionary, and completions of the last word: one
 * round trip, or none for words searched in the last minute while the directory stayed the same.
 */
export async function analyzeWords(
  analyses: WordAnalyses,
  db: Executor,
  words: string[],
  completeLast = true,
): Promise<WordAnalysis[]> {
  if (words.length === 0) return [];
  let kept = analyses.kept.get(db);
  if (!kept) {
    kept = new Map();
    analyses.kept.set(db, kept);
  }
  const key = `${completeLast ? 1 : 0}${JSON.stringify(words)}`;
  const hit = kept.get(key);
  if (hit && hit.expiresAt > Date.now()) return hit.value;
  const value = await analyzeWordsNow(db, words, completeLast);
  if (kept.size >= ANALYSES_KEPT) kept.clear();
  kept.set(key, { value, expiresAt: Date.now() + ANALYSIS_TTL_MS });
  return value;
}

async function analyzeWordsNow(db: Executor, words: string[], completeLast: boolean): Promise<WordAnalysis[]> {
  // The function (migration 0016) keeps one plan per connection: planning this statement each time
  // cost twice its execution.
  const rows = await db.execute<{ word: string; key: string; lexemes: string[]; ndoc: number; reach: number }>(sql`
    select word, key, ndoc, reach, lexemes
    from search_analyze_words(${sql.param(words)}::text[], ${completeLast ? words.length : 0}::int, ${MAX_COMPLETIONS}::int)`);
  return rows.map((row) => ({
    word: row.word,
    key: row.key,
    lexemes: row.lexemes,
    ndoc: Number(row.ndoc),
    reach: Number(row.reach),
  }));
}

/**
 * A suggestion "has many" matches (issue 33) when at least this many listed profiles use it, and
 * at least MANY_SHARE of them: fewer is another person's own word (a surname, a rare term, a typo
 * in a profile), and "correcting" to it shows a searcher a handful of strangers. Measured on the
 * demo directory (150 profiles) and 5 000 generated ones: the words common typos are meant for are
 * used by 5 to 96 of the demo's 150 profiles (sanitation 8, epidemiologist 6, hygiene 5) and by
 * 72 to 3 256 of the 5 000; poverty and humanitarian by 2 of the 150, santoso (which "santos"
 * would become) by 1 of the 150 and 22 of the 5 000.
 */
export const MANY_MIN = 5;
/** One profile in 200: 5 at 1 000 listed, 500 at 100 000. */
export const MANY_SHARE = 1 / 200;

/** The fewest listed profiles a suggestion must be used by, in a directory of `listed` profiles. */
export function manyMatches(listed: number): number {
  return Math.max(MANY_MIN, Math.ceil(listed * MANY_SHARE));
}

/**
 * Edits between two words: a letter added, dropped or replaced, or two neighbours swapped, each
 * one edit (the optimal string alignment distance).
 */
export function editDistance(a: string, b: string): number {
  const x = [...a];
  const y = [...b];
  let before: number[] = [];
  let previous = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    const current = [i];
    for (let j = 1; j <= y.length; j++) {
      const cost = x[i - 1] === y[j - 1] ? 0 : 1;
      let best = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && x[i - 1] === y[j - 2] && x[i - 2] === y[j - 1]) best = Math.min(best, (before[j - 2] ?? 0) + 1);
      current.push(best);
    }
    before = previous;
    previous = current;
  }
  return previous[y.length] ?? 0;
}

/**
 * How many edits a likely mistyping of `typed` is away from it: one, two for a word of eight
 * letters or more ("livelhood" -> livelihoods). Trigram similarity alone also finds words that
 * only share a part ("agroforestry" -> forestry, "stunting" -> stung, "Villanueva" -> village).
 */
export function editsAllowed(typed: string): number {
  return [...typed].length >= 8 ? 2 : 1;
}

/** Similar words of the dictionary looked at for each word that matches nothing. */
const SUGGESTIONS_TRIED = 5;

/**
 * Where corrections come from: a words dictionary, which of the keywords' words may be corrected,
 * and how many documents a suggestion must be used by. The consultants' search corrects from the
 * listed profiles' words (profilesCorrector); the opportunities' from the published opportunities'
 * (opportunity_words, migration 0046: opportunities/search.ts).
 */
export type Corrector = {
  /** The dictionary: a table of (word, ndoc) with a trigram index. */
  table: "search_words" | "opportunity_words";
  /** Whether a word may need correcting before the dictionary is asked (which keeps only the words it has no use of). */
  suspect: (word: WordAnalysis) => boolean;
  /** Whether the dictionary's word `w` may be suggested: used by many documents (manyMatches). */
  suggestable: SQL;
};

/**
 * The consultants' corrector: words that match nothing (completions included: `reach`), from the
 * listed profiles' words, a suggestion used by manyMatches(listed) of them.
 */
export function profilesCorrector(listed: number): Corrector {
  return { table: "search_words", suspect: (word) => word.reach === 0, suggestable: sql`w.ndoc >= ${manyMatches(listed)}::int` };
}

/**
 * For the corrector's suspects (issue 33: a word with matches of its own, such as a consultant's
 * rare surname, is never "corrected"; nor one its dictionary has a use of) that are no word of an
 * organization's name, the most similar word of the dictionary that is a likely mistyping of it
 * (editsAllowed) and that it may suggest (for the profiles: many use it, manyMatches): trigram
 * similarity on the small words table, never on the documents.
 */
export async function correctWords(db: Executor, analyzed: WordAnalysis[], corrector: Corrector) {
  const corrections = new Map<string, { word: string; lexemes: string[]; ndoc: number }>();
  const suspects = analyzed.filter((word) => corrector.suspect(word) && word.key.length >= 4);
  if (suspects.length === 0) return corrections;
  const words = sql.identifier(corrector.table);
  // The two "is it a word of ours" checks once per suspect that has suggestions (in the lateral
  // join's filter they ran once per suggestion, and the organizations' names cost most).
  const rows = await db.execute<{ key: string; correction: string; lexemes: string[]; ndoc: number }>(sql`
    with suggested as materialized (
      select t.key, s.word, s.ndoc, s.similar
      from unnest(${sql.param(suspects.map((word) => word.key))}::text[]) as t(key)
      cross join lateral (
        select w.word, w.ndoc, similarity(w.word, t.key) as similar from ${words} w
        where w.word % t.key and ${corrector.suggestable} and w.word <> t.key
        order by similarity(w.word, t.key) desc, w.ndoc desc, w.word
        limit ${SUGGESTIONS_TRIED}
      ) s
    ),
    unknown as materialized (
      select k.key from (select distinct key from suggested) k
      where not exists (select 1 from ${words} u where u.word = k.key and u.ndoc > 0)
        and not exists (select 1 from organizations o where search_key(o.name) ~ ('\\m' || k.key || '\\M'))
    )
    select s.key, s.word as correction, s.ndoc, tsvector_to_array(to_tsvector('search_english', s.word)) as lexemes
    from suggested s join unknown using (key)
    order by s.key, s.similar desc, s.ndoc desc, s.word`);
  // The fewest edits first, then the most similar (the order of the rows).
  const edits = new Map<string, number>();
  for (const row of rows) {
    const distance = editDistance(row.key, row.correction);
    if (distance > editsAllowed(row.key) || distance >= (edits.get(row.key) ?? Number.POSITIVE_INFINITY)) continue;
    edits.set(row.key, distance);
    corrections.set(row.key, { word: row.correction, lexemes: row.lexemes, ndoc: Number(row.ndoc) });
  }
  return corrections;
}

export function quoteLexeme(lexeme: string) {
  return `'${lexeme.replace(/\\/g, "\\\\").replace(/'/g, "''")}'`;
}
