// What changed between two texts, word by word, for the admin's diff of a change waiting for review
// (issue 36: the diff showed whole texts with nothing marked). A longest-common-subsequence over
// words: texts here are a title, a summary (a few hundred words) or an assignment's description,
// so after the common beginning and end are set aside the table stays small; past a bound the
// middle is marked removed and added whole rather than compared (still correct, less precise).

export type DiffPart = { kind: "same" | "removed" | "added"; text: string };

/** Cells of the comparison table past which the middle is not compared word by word. */
const MAX_CELLS = 400_000;

/**
 * Made once: making a segmenter loads ICU's break rules, costlier than cutting a short text, and
 * the diff cuts two texts for every changed field (common/word-segmentation.ts does the same).
 */
const WORDS = typeof Intl !== "undefined" && "Segmenter" in Intl ? new Intl.Segmenter("en", { granularity: "word" }) : null;

/**
 * Words and the spaces and punctuation between them, in order: joined they are the text again.
 * Intl.Segmenter finds words in Thai, Lao or Khmer too, which write them without spaces.
 */
export function wordsOf(text: string): string[] {
  if (WORDS) return Array.from(WORDS.segment(text), (part) => part.segment);
  return text.match(/\s+|[^\s]+/g) ?? [];
}

function push(parts: DiffPart[], kind: DiffPart["kind"], text: string) {
  const last = parts.at(-1);
  if (last?.kind === kind) last.text += text;
  else parts.push({ kind, text });
}

/** The two token lists as one sequence of kept, removed and added tokens (removals first where they meet). */
export function diffTokens(before: readonly string[], after: readonly string[]): DiffPart[] {
  let start = 0;
  while (start < before.length && start < after.length && before[start] === after[start]) start++;
  let endBefore = before.length;
  let endAfter = after.length;
  while (endBefore > start && endAfter > start && before[endBefore - 1] === after[endAfter - 1]) {
    endBefore--;
    endAfter--;
  }
  const ops: DiffPart[] = before.slice(0, start).map((text) => ({ kind: "same", text }));
  const a = before.slice(start, endBefore);
  const b = after.slice(start, endAfter);
  let removed: DiffPart[] = [];
  let added: DiffPart[] = [];
  const flush = () => {
    ops.push(...removed, ...added);
    removed = [];
    added = [];
  };
  if (a.length * b.length > MAX_CELLS) {
    removed = a.map((text) => ({ kind: "removed", text }));
    added = b.map((text) => ({ kind: "added", text }));
  } else {
    // lengths[i * width + j]: the longest common subsequence of a[i..] and b[j..].
    const width = b.length + 1;
    const lengths = new Uint32Array((a.length + 1) * width);
    const at = (i: number, j: number) => lengths[i * width + j] ?? 0;
    for (let i = a.length - 1; i >= 0; i--) {
      for (let j = b.length - 1; j >= 0; j--) {
        lengths[i * width + j] = a[i] === b[j] ? at(i + 1, j + 1) + 1 : Math.max(at(i + 1, j), at(i, j + 1));
      }
    }
    let i = 0;
    let j = 0;
    while (i < a.length || j < b.length) {
      if (i < a.length && j < b.length && a[i] === b[j]) {
        flush();
        ops.push({ kind: "same", text: a[i] as string });
        i++;
        j++;
      } else if (j < b.length && (i === a.length || at(i, j + 1) >= at(i + 1, j))) {
        added.push({ kind: "added", text: b[j++] as string });
      } else {
        removed.push({ kind: "removed", text: a[i++] as string });
      }
    }
  }
  flush();
  for (const text of before.slice(endBefore)) ops.push({ kind: "same", text });
  return ops;
}

/**
 * What changed between two texts, word by word, as runs: the space between two changed words
 * belongs to the change ("Water Engineer" -> "Senior Adviser" is one removal and one addition).
 */
export function diffWords(before: string, after: string): DiffPart[] {
  const ops = diffTokens(wordsOf(before), wordsOf(after));
  const parts: DiffPart[] = [];
  let removed = "";
  let added = "";
  const flush = () => {
    if (removed) push(parts, "removed", removed);
    if (added) push(parts, "added", added);
    removed = "";
    added = "";
  };
  ops.forEach((op, index) => {
    const isGap = op.kind === "same" && op.text.trim() === "";
    const between = isGap && ops[index - 1]?.kind !== "same" && index > 0 && ops[index + 1] && ops[index + 1]?.kind !== "same";
    if (op.kind === "removed") removed += op.text;
    else if (op.kind === "added") added += op.text;
    else if (between) {
      removed += op.text;
      added += op.text;
    } else {
      flush();
      push(parts, "same", op.text);
    }
  });
  flush();
  return parts;
}
