// Bidi isolation of people's words inside our sentences (issue 37). A name or a title in Arabic
// script or Hebrew, or one carrying bidi controls of its own (U+202E RIGHT-TO-LEFT OVERRIDE),
// dropped into a left-to-right sentence pulls the punctuation and words next to it into its own
// direction, or reverses the rest of the sentence. Pages wrap such text in <bdi> or dir="auto";
// a sentence that is one string (a toast, a dialog's words, an e-mail) carries it between U+2068
// FIRST STRONG ISOLATE and U+2069 POP DIRECTIONAL ISOLATE instead.

export const FSI = "\u2068";
export const PDI = "\u2069";
export const LRI = "\u2066";
export const RLI = "\u2067";

/** Right-to-left letters (Hebrew, Arabic, Syriac, Thaana, N'Ko, Samaritan, Mandaic and the rest of the RTL blocks) or bidi controls. */
const NEEDS_ISOLATION =
  /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc\u200e\u200f\u061c\u202a-\u202e\u2066-\u2069\u{10800}-\u{10fff}\u{1e800}-\u{1efff}]/u;

/** Whether text dropped into a left-to-right sentence can reorder what surrounds it. */
export function needsIsolation(text: string): boolean {
  return NEEDS_ISOLATION.test(text);
}

/**
 * Person's text as an isolate inside a sentence. Its own isolates are balanced first (an
 * unmatched U+2069 dropped, an unclosed one closed), so nothing typed can end the isolate early
 * and reverse the rest of the sentence; its own embeddings and overrides end with it.
 */
export function isolate(text: string): string {
  let depth = 0;
  let balanced = "";
  for (const char of text) {
    if (char === FSI || char === LRI || char === RLI) depth += 1;
    else if (char === PDI) {
      if (depth === 0) continue;
      depth -= 1;
    }
    balanced += char;
  }
  return `${FSI}${balanced}${PDI.repeat(depth)}${PDI}`;
}

/**
 * Person's text for a sentence shown as one string on a page (a toast, a confirmation's words):
 * isolated only when it can reorder the sentence, so a Latin, Thai or Vietnamese name carries no
 * invisible characters for a reader to copy along.
 */
export function inSentence(text: string): string {
  return needsIsolation(text) ? isolate(text) : text;
}
