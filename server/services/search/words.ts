import { sql } from "drizzle-orm";
import { unspacedWordsOf } from "#common/word-segmentation.ts";
import type { Executor } from "#server/db/client.ts";

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
 * The words of a keywords string: letters and digits (accents kept), at most MAX_WORDS. Thai, Lao,
 * Khmer and Burmese runs are cut into words first, as the profiles' text is (issue 37).
 */
export function keywordWords(keywords: string): string[] {
  return keywordSpans(keywords).map((span) => span.word);
}

/** The words of a keywords string (keywordWords) with where each stands in it (NFC), for quoting what was typed. */
export function keywordSpans(keywords: string): { word: string; from: number; to: number }[] {
  const spans = [...keywords.normalize("NFC").matchAll(/[\p{L}\p{M}\p{N}]+/gu)].flatMap((match) =>
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
  const text = keywords.normalize("NFC");
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
 * For words that match nothing (issue 33: a word with matches of its own, such as a consultant's
 * rare surname, is never "corrected"), and are no word of an organization's name, the most
 * similar word of the dictionary that profiles use (trigram similarity on the small words table,
 * never on the profiles).
 */
export async function correctWords(db: Executor, analyzed: WordAnalysis[]) {
  const suspects = analyzed.filter((word) => word.reach === 0 && word.key.length >= 4);
  if (suspects.length === 0) return new Map<string, { word: string; lexemes: string[]; ndoc: number }>();
  const rows = await db.execute<{ key: string; correction: string; lexemes: string[]; ndoc: number }>(sql`
    select t.key, s.word as correction, s.ndoc, tsvector_to_array(to_tsvector('search_english', s.word)) as lexemes
    from unnest(${sql.param(suspects.map((word) => word.key))}::text[]) as t(key)
    cross join lateral (
      select w.word, w.ndoc from search_words w
      where w.word % t.key and w.ndoc > 0 and w.word <> t.key
      order by similarity(w.word, t.key) desc, w.ndoc desc, w.word
      limit 1
    ) s
    where not exists (
      select 1 from organizations o where search_key(o.name) ~ ('\\m' || t.key || '\\M'))`);
  return new Map(rows.map((row) => [row.key, { word: row.correction, lexemes: row.lexemes, ndoc: Number(row.ndoc) }]));
}

export function quoteLexeme(lexeme: string) {
  return `'${lexeme.replace(/\\/g, "\\\\").replace(/'/g, "''")}'`;
}

/**
 * Every group of alternatives must match: (a | b) & (c), and every place in any of its spellings
 * (tsqueries of their own). Null when only stop words are left. (The opportunities' search; the
 * consultants' reads its keywords as terms: keywords.ts.)
 */
export function toTsquery(groups: string[][], places: string[] = []): string | null {
  const parts = [
    ...groups.filter((group) => group.length > 0).map((group) => `(${group.map(quoteLexeme).join(" | ")})`),
    ...places.map((place) => `(${place})`),
  ];
  return parts.length > 0 ? parts.join(" & ") : null;
}
