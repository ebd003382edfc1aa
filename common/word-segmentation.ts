// Words of the scripts written without spaces between words (issue 37): Thai, Lao, Khmer and
// Burmese. PostgreSQL's text search parser keeps a whole run of such a script as one token, so a
// Thai word in the middle of a bio would match nothing. ICU's dictionaries (Node's full-ICU
// Intl.Segmenter) find the word boundaries; the search documents and the queries are both cut
// the same way, so a word typed in the search box meets the same word in a bio.

/** A run of one of the four scripts (with its combining marks). */
const UNSPACED_RUN = /[\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]+/gu;

/**
 * One word segmenter per language, made once: making an Intl.Segmenter loads ICU's break rules,
 * costlier than cutting a short run with it, and a document's compounds are cut many times.
 */
const WORD_SEGMENTERS = {
  th: new Intl.Segmenter("th", { granularity: "word" }),
  lo: new Intl.Segmenter("lo", { granularity: "word" }),
  km: new Intl.Segmenter("km", { granularity: "word" }),
  my: new Intl.Segmenter("my", { granularity: "word" }),
};

/**
 * The word segmenter whose dictionary cuts a run, by the run's script (Thai first, then Lao,
 * Khmer, Burmese). The search's words, the glossary's forms and the documents all cut with these.
 */
export function wordSegmenterOf(run: string): Intl.Segmenter {
  if (/\p{Script=Thai}/u.test(run)) return WORD_SEGMENTERS.th;
  if (/\p{Script=Lao}/u.test(run)) return WORD_SEGMENTERS.lo;
  if (/\p{Script=Khmer}/u.test(run)) return WORD_SEGMENTERS.km;
  return WORD_SEGMENTERS.my;
}

/** Whether a text has any run of the four scripts (most texts have none: nothing to do). */
export function hasUnspacedScript(text: string): boolean {
  UNSPACED_RUN.lastIndex = 0;
  return UNSPACED_RUN.test(text);
}

/** The words of one run, in order, as the language's dictionary cuts it. */
function runWords(run: string): string[] {
  const words: string[] = [];
  for (const segment of wordSegmenterOf(run).segment(run)) if (segment.isWordLike) words.push(segment.segment);
  return words;
}

const graphemes = new Intl.Segmenter("und", { granularity: "grapheme" });

function graphemeCount(text: string): number {
  let count = 0;
  for (const _ of graphemes.segment(text)) count++;
  return count;
}

/** Whether the dictionary reads a text as one word. */
function isOneWord(text: string): boolean {
  const segments = [...wordSegmenterOf(text).segment(text)];
  return segments.length === 1 && segments[0]?.isWordLike === true;
}

/**
 * The dictionary words a compound is made of, beside the compound. ICU's Khmer, Lao and Burmese
 * dictionaries keep many compounds whole ("ធនធានទឹក", water resources), while a person types one
 * of their words ("ទឹក"); a document also carries each head and tail of a compound that is itself a
 * word of two letters or more. Thai's dictionary cuts finely already: its words are kept as they are.
 */
function compoundParts(word: string): string[] {
  if (/\p{Script=Thai}/u.test(word)) return [];
  const parts: string[] = [];
  for (const { index } of graphemes.segment(word)) {
    if (index === 0) continue;
    for (const part of [word.slice(0, index), word.slice(index)]) {
      if (graphemeCount(part) >= 2 && isOneWord(part)) parts.push(part);
    }
  }
  return parts;
}

/**
 * The words of one word as the search box reads it (letters and digits together), each with where
 * it starts: itself, or for a run with Thai, Lao, Khmer or Burmese letters, its dictionary words.
 */
export function unspacedWordsOf(text: string): { word: string; index: number }[] {
  if (!hasUnspacedScript(text)) return [{ word: text, index: 0 }];
  const words: { word: string; index: number }[] = [];
  for (const segment of wordSegmenterOf(text).segment(text))
    if (segment.isWordLike) words.push({ word: segment.segment, index: segment.index });
  return words;
}

/**
 * A run of one of the four scripts with `mark` between each two of the pieces its language's
 * dictionary cuts it into, nothing dropped (not next to a space, which is a break already). The CV
 * PDF marks its line-break opportunities so (server/services/cv/pdf-kit.ts).
 */
export function markWordBoundaries(run: string, mark: string): string {
  let out = "";
  for (const { segment } of wordSegmenterOf(run).segment(run)) {
    if (out && !/\s$/u.test(out) && !/^\s/u.test(segment)) out += mark;
    out += segment;
  }
  return out;
}

/**
 * The text with a space between the words of every Thai, Lao, Khmer or Burmese run; everything
 * else as it was ("ที่ปรึกษาด้านการประเมินผล UNDP" -> "ที่ปรึกษา ด้าน การ ประเมิน ผล UNDP").
 */
export function spaceWords(text: string): string {
  if (!hasUnspacedScript(text)) return text;
  return text
    .replace(UNSPACED_RUN, (run) => ` ${runWords(run).join(" ")} `)
    .replace(/ {2,}/g, " ")
    .trim();
}

/**
 * What a search document keeps of a text: the words of its Thai, Lao, Khmer and Burmese runs and
 * the words their compounds are made of, space-separated ("" when it has none).
 */
export function unspacedScriptWords(text: string): string {
  if (!hasUnspacedScript(text)) return "";
  const words = (text.match(UNSPACED_RUN) ?? []).flatMap(runWords);
  return [...new Set([...words, ...words.flatMap(compoundParts)])].join(" ");
}
