import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import bidiFactory from "bidi-js";
import * as fontkit from "fontkit";
import PDFDocument from "pdfkit";
import { markWordBoundaries } from "#common/word-segmentation.ts";
import { once } from "../once.ts";

// What every CV layout shares (./render.ts, ./p11-pdf.ts, ./europass-pdf.ts, ./eu-annex.ts): the
// fonts, text set in runs of the right font, and a writer with the few shapes a CV has (a line
// of text, a section heading, a label and its value, a table), which also keeps the CV within
// MAX_CV_PAGES. Text goes in as glyphs of embedded fonts (pdfkit subsets them to the glyphs
// used), so no field can inject PDF syntax.
//
// Scripts (issue 37): Noto Sans sets Latin with Vietnamese diacritics; runs of Thai, Lao, Khmer
// and Burmese are set in their own Noto family, each read from disk and parsed only when a CV
// first needs it in this thread. Those four scripts write words without spaces, and pdfkit's
// line breaker (Unicode's line-breaking rules, no dictionary) sees a whole run as one word: it
// would cut it anywhere, mid-syllable, once it overflows a line. So each such run is cut into
// words as the search cuts them (common/word-segmentation.ts: Intl.Segmenter, ICU's
// dictionaries), with a zero-width space between words, which the breaker takes as a break
// opportunity and every one of these fonts draws as nothing. Chinese (Han, with kana and the CJK
// punctuation: Noto Sans SC, which also has the traditional forms) breaks between any two
// ideographs as it is. Arabic script (Noto Sans Arabic) is shaped by fontkit (joined forms,
// lam-alef) and laid out right to left: a paragraph with Arabic in it is set line by line here
// (writeBidi), each line in the visual order Unicode's bidirectional algorithm gives (bidi-js),
// since pdfkit draws runs in the order they come. A character no font has (emoji, Hebrew, Korean
// today) is left out rather than drawn as an empty box.

const require = createRequire(import.meta.url);

type Font = fontkit.Font;
type Weight = "regular" | "bold";

/** A script's Noto family: its package under @expo-google-fonts and its file prefix. */
type Family = { pkg: string; file: string };

/** Noto Sans `name` ("Thai"; "" for Latin): its package and file prefix both follow from the name. */
const notoSans = (name: string): Family => ({
  pkg: ["noto-sans", name.toLowerCase()].filter(Boolean).join("-"),
  file: `NotoSans${name}`,
});

/**
 * How a script's words are laid out, besides Latin's words between spaces: "unspaced", words
 * without spaces between them (each run cut into words for the line breaker, breakWords);
 * "ideographs", a break between any two (writeBidi's words); "right-to-left", a script fontkit
 * shapes and lays out right to left (a paragraph with it is set by writeBidi).
 */
type Layout = "unspaced" | "ideographs" | "right-to-left";

/** Han with kana: the ideographs Chinese (and Japanese) text breaks between. */
const IDEOGRAPHS = "\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}";

/** The scripts set in a family of their own, and how each is laid out: this table drives both. */
const SCRIPTS = [
  { script: "thai", pattern: "\\p{Script=Thai}", layout: "unspaced", family: notoSans("Thai") },
  { script: "lao", pattern: "\\p{Script=Lao}", layout: "unspaced", family: notoSans("Lao") },
  { script: "khmer", pattern: "\\p{Script=Khmer}", layout: "unspaced", family: notoSans("Khmer") },
  { script: "myanmar", pattern: "\\p{Script=Myanmar}", layout: "unspaced", family: notoSans("Myanmar") },
  // Not \\p{scx=Han}: that has Vietnamese's dot below (U+0323) in it.
  {
    script: "han",
    pattern: `[${IDEOGRAPHS}\\u3000-\\u303F\\u30FC\\uFF01-\\uFF60]`,
    layout: "ideographs",
    family: notoSans("SC"),
  },
  // With the Arabic comma, question mark, tatweel and vowel marks (their Script_Extensions).
  { script: "arabic", pattern: "\\p{scx=Arabic}", layout: "right-to-left", family: notoSans("Arabic") },
] as const satisfies readonly { script: string; pattern: string; layout: Layout; family: Family }[];

export type Script = "latin" | (typeof SCRIPTS)[number]["script"];

/** The scripts laid out as `layout`. */
const laidOut = (layout: Layout): ReadonlySet<Script> =>
  new Set(SCRIPTS.filter((entry) => entry.layout === layout).map((entry) => entry.script));

/** The scripts written without spaces between words, whose runs are cut into words for the line breaker. */
const UNSPACED = laidOut("unspaced");

/** The right-to-left scripts fontkit shapes: given as written, laid out right to left. */
const RIGHT_TO_LEFT_SCRIPTS = laidOut("right-to-left");

const LATIN = notoSans("");

/**
 * A run of one of SCRIPTS (group n+1 is SCRIPTS[n]): from one of its letters on, with the joiners
 * and zero-width spaces written inside it; a right-to-left run also with the spaces between its
 * words (the Arabic font has a space: a line of Arabic is one piece to lay out, not one per word).
 */
const SCRIPT_RUN = new RegExp(
  SCRIPTS.map(
    ({ pattern, layout }) =>
      `(${pattern}(?:${pattern}|[\\u200B-\\u200D]${layout === "right-to-left" ? `| +(?=${pattern})` : ""})*)`,
  ).join("|"),
  "gu",
);

const ZWSP = "\u200B";

function readFont({ pkg, file }: Family, weight: Weight): Font {
  const style = weight === "bold" ? "700Bold" : "400Regular";
  const font = fontkit.create(readFileSync(require.resolve(`@expo-google-fonts/${pkg}/${style}/${file}_${style}.ttf`)));
  if (!("hasGlyphForCodePoint" in font)) throw new Error(`the CV font ${file} ${style} could not be read`);
  return font as Font;
}

/**
 * Each script's two fonts, read and parsed by the first CV of this thread that has text in that
 * script (the layouts run in the CV thread, ./worker.ts, where a synchronous read blocks no
 * request). pdfkit takes a parsed font as it is, so its tables are parsed once, not per CV.
 */
const FONTS: Readonly<Record<Script, () => Record<Weight, Font>>> = Object.fromEntries(
  [["latin", LATIN] as const, ...SCRIPTS.map(({ script, family }) => [script, family] as const)].map(([script, family]) => [
    script,
    once(() => ({ regular: readFont(family, "regular"), bold: readFont(family, "bold") })),
  ]),
) as Record<Script, () => Record<Weight, Font>>;

/** The bidirectional algorithm (bidi-js builds its tables when first asked). */
const bidi = once(() => bidiFactory());

/** Text that has a character of a right-to-left script with a font here: set by writeBidi. */
const RIGHT_TO_LEFT = new RegExp(
  SCRIPTS.filter((entry) => RIGHT_TO_LEFT_SCRIPTS.has(entry.script))
    .map((entry) => entry.pattern)
    .join("|"),
  "u",
);

/** writeBidi's words: what ends at spaces or a break mark, or one ideograph (Chinese breaks between any two). */
const BIDI_WORD = new RegExp(`(?:[${IDEOGRAPHS}]|[^\\s\\u200B${IDEOGRAPHS}]+)[\\s\\u200B]*|[\\s\\u200B]+`, "gu");

/** `text` (one script's run) with a zero-width space between each two of its words. */
export function breakWords(text: string, script: Script): string {
  return UNSPACED.has(script) ? markWordBoundaries(text.replaceAll(ZWSP, ""), ZWSP) : text;
}

/** `text` without the characters `font` has no glyph for (line feeds and tabs kept). */
function showable(text: string, font: Font): string {
  // Printable ASCII: every font here has it.
  if (/^[\x20-\x7E\t\n]*$/u.test(text)) return text;
  let out = "";
  for (const character of text) {
    const point = character.codePointAt(0) ?? 0;
    if (point === 0x0a || point === 0x09 || font.hasGlyphForCodePoint(point)) out += character;
  }
  return out;
}

/** Splits text into runs of one script each, words cut where the script has no spaces, characters no font has dropped. */
export function scriptRuns(text: string): { text: string; script: Script }[] {
  const parts: { text: string; script: Script }[] = [];
  const latin = (part: string) => {
    const shown = showable(part, FONTS.latin().regular);
    if (shown) parts.push({ text: shown, script: "latin" });
  };
  let last = 0;
  for (const match of text.matchAll(SCRIPT_RUN)) {
    if (match.index > last) latin(text.slice(last, match.index));
    const group = match.slice(1).findIndex((value) => value !== undefined);
    const script = SCRIPTS[group]?.script ?? "latin";
    // Arabic composed again (clean() decomposes): the font shapes "ئ", not "ي" and a hamza.
    const run = RIGHT_TO_LEFT_SCRIPTS.has(script) ? match[0].normalize("NFC") : splitAm(breakWords(match[0], script));
    const shown = showable(run, FONTS[script]().regular);
    if (shown) parts.push({ text: shown, script });
    last = match.index + match[0].length;
  }
  if (last < text.length) latin(text.slice(last));
  return parts.length > 0 ? parts : [{ text: "", script: "latin" }];
}

/**
 * The most pages a CV may have. A profile at the schema's limits (50 assignments of 2 000
 * characters, 15 countries each, a 5 000-character bio) would make about 90; the most recent
 * assignments are listed until the bound and the rest named in one line.
 */
export const MAX_CV_PAGES = 30;

/**
 * The room a track record's entry needs at its start (its dates, title and first rows): an entry
 * that would start lower on a page starts on the next one. A heading over a record keeps this much
 * under itself (`keepWith`).
 */
export const ENTRY_ROOM = 160;

/** What a heading takes from where it starts: the space above it, its 11 pt line and the rule (about 30 pt). */
const HEADING_ROOM = 40;

export const INK = "#0f172a";
export const MUTED = "#475569";
const RULE = "#cbd5e1";
export const BRAND = "#0f5f4a";

export type { Weight };

/**
 * Control characters other than newlines and tabs have no glyph: drop them. Text goes in
 * decomposed (NFD: "ị" as "i" and a combining dot), so each glyph of the subset maps back to
 * its own character and copying text out of the PDF gives what was written; the font's mark
 * positioning sets the accents as the precomposed letters would look.
 */
export function clean(text: string) {
  // \p{Cc} is every control character; keep tab and line feed.
  return text.normalize("NFD").replace(/(?![\t\n])\p{Cc}/gu, "");
}

/**
 * Thai SARA AM and Lao AM are drawn as two glyphs (NIKHAHIT and SARA AA; NIGGAHITA and AA).
 * pdfkit maps each glyph to one character, the first it meets it for: met inside an AM, the AA
 * glyph would map to nothing, and every AA of the CV would copy out as nothing. Written as the
 * two characters (their compatibility decomposition, drawn the same), each glyph is its own.
 * After the words are found: the dictionaries know the words with AM.
 */
function splitAm(text: string) {
  return text.replace(/\u0E33/gu, "\u0E4D\u0E32").replace(/\u0EB3/gu, "\u0ECD\u0EB2");
}

export type WriteOptions = { size?: number; weight?: Weight; color?: string; x?: number; w?: number; gap?: number };

export type CvDocument = Awaited<ReturnType<typeof createCvDocument>>;

type LineDrawer = { _fragment: (text: string, ...rest: unknown[]) => unknown };

/**
 * The zero-width spaces between words are for the line breaker only: each line is drawn without
 * them, so text copied out of the CV reads as it was written (pdf.js, for one, turns a zero-width
 * space into a space). They have no width, so the lines measure the same. pdfkit draws every
 * line through its `_fragment` (pdfkit is pinned in package.json; scripts.test.ts and cv.test.ts
 * read Thai back exactly, so a change of it shows).
 */
function drawLinesWithoutBreakMarks(doc: PDFKit.PDFDocument) {
  const drawer = doc as unknown as LineDrawer;
  const draw = drawer._fragment;
  if (typeof draw !== "function") throw new Error("pdfkit no longer draws lines through _fragment");
  drawer._fragment = function (this: unknown, text: string, ...rest: unknown[]) {
    return draw.call(this, String(text).replaceAll(ZWSP, ""), ...rest);
  };
}

/** A font as pdfkit embeds it: each glyph of the subset with the characters it stands for (its ToUnicode map). */
type EmbeddedFont = { unicode?: number[][] };

/**
 * Glyphs that stand for no character of their own (Noto Sans Arabic draws a final yeh as a
 * dotless yeh and its two dots) get a COMBINING GRAPHEME JOINER in the ToUnicode map: an empty
 * entry is read by pdf.js as the glyph's number, a control character in the copied text; the
 * joiner has no look and does not break the Arabic joining of what is pasted.
 */
function mapUnmappedGlyphs(doc: PDFKit.PDFDocument) {
  const families = (doc as unknown as { _fontFamilies?: Record<string, EmbeddedFont> })._fontFamilies ?? {};
  for (const font of Object.values(families)) {
    font.unicode?.forEach((points, glyph) => {
      if (glyph > 0 && points.length === 0 && font.unicode) font.unicode[glyph] = [0x034f];
    });
  }
}

/** An A4 document with the fonts registered, its writer, and `finish` for the footer and the bytes. */
export async function createCvDocument(
  title: string,
  options: { margins?: number; attachment?: { name: string; body: Uint8Array; type: string; description: string } } = {},
) {
  const margin = options.margins ?? 56;
  const doc = new PDFDocument({
    size: "A4",
    margins: { top: margin, bottom: margin, left: margin, right: margin },
    info: { Title: clean(title), Creator: "DevConsult SEA" },
    bufferPages: true,
  });
  drawLinesWithoutBreakMarks(doc);
  // A script's fonts are registered with this document when its text first needs them.
  const registered = new Set<string>();
  const fontName = (script: Script, weight: Weight) => {
    const name = `${script}-${weight}`;
    if (!registered.has(name)) {
      // @types/pdfkit lists file sources only; pdfkit also takes a parsed fontkit font.
      doc.registerFont(name, FONTS[script]()[weight] as unknown as Buffer);
      registered.add(name);
    }
    return name;
  };
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  const left = doc.page.margins.left;
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;

  const write = (text: string, { size = 10, weight = "regular", color = INK, x, w, gap = 2 }: WriteOptions = {}) => {
    const cleaned = clean(text);
    if (RIGHT_TO_LEFT.test(cleaned)) {
      writeBidi(cleaned, { size, weight, color, x: x ?? left, w: w ?? width - ((x ?? left) - left) });
      doc.moveDown(gap / 10);
      return;
    }
    const parts = scriptRuns(cleaned);
    doc.fillColor(color).fontSize(size);
    const textOptions = { width: w ?? width - ((x ?? left) - left), lineGap: 1 };
    parts.forEach((part, index) => {
      doc.font(fontName(part.script, weight));
      const continued = index < parts.length - 1;
      if (index === 0) doc.text(part.text, x ?? left, undefined, { ...textOptions, continued });
      else doc.text(part.text, { ...textOptions, continued });
    });
    doc.moveDown(gap / 10);
  };

  /**
   * Text with Arabic in it, paragraph by paragraph (at its line feeds), line by line: the words
   * (what ends at a space or a break mark, or one ideograph) fill each line in the order they were
   * written; then the line is drawn in its visual order (bidi-js: Unicode's bidirectional
   * algorithm, the paragraph's direction from its first letter as the pages' dir="auto"), each
   * piece of one script and one direction in its font. A right-to-left piece of Arabic goes to
   * the font as written (fontkit shapes it and lays it out right to left); other right-to-left
   * pieces (spaces, punctuation between Arabic words) are reversed here, brackets mirrored. A
   * right-to-left paragraph's lines end at the right edge. The fonts' baselines are aligned.
   */
  const writeBidi = (text: string, { size, weight, color, x: boxLeft, w: boxWidth }: Required<Omit<WriteOptions, "gap">>) => {
    doc.fillColor(color).fontSize(size);
    const measure = (part: string, script: Script) => doc.font(fontName(script, weight)).widthOfString(part.replaceAll(ZWSP, ""));
    for (const paragraph of text.split("\n")) {
      // The text as it will be drawn (each character of it with its script), and its levels.
      const runs = scriptRuns(paragraph);
      const shown = runs.map((run) => run.text).join("");
      const scripts = runs.flatMap((run) => Array.from({ length: run.text.length }, () => run.script));
      const embedding = bidi().getEmbeddingLevels(shown);
      const rtl = (embedding.paragraphs[0]?.level ?? 0) % 2 === 1;
      const widthOf = (start: number, end: number) => {
        let total = 0;
        for (let from = start; from < end; ) {
          let to = from + 1;
          while (to < end && scripts[to] === scripts[from]) to += 1;
          total += measure(shown.slice(from, to), scripts[from] ?? "latin");
          from = to;
        }
        return total;
      };
      // The words, each measured once (its ink, then its spaces): a line is as wide as its words.
      // A word wider than the line (a long address) is cut between its characters, as pdfkit cuts one.
      const words: { start: number; end: number; ink: number; space: number }[] = [];
      for (const word of shown.matchAll(BIDI_WORD)) {
        const end = word.index + word[0].length;
        const inked = word.index + word[0].replace(/[\s\u200B]+$/u, "").length;
        const ink = widthOf(word.index, inked);
        const space = widthOf(inked, end);
        if (ink <= boxWidth) words.push({ start: word.index, end, ink, space });
        else {
          let at = word.index;
          for (const character of shown.slice(word.index, inked)) {
            words.push({ start: at, end: at + character.length, ink: widthOf(at, at + character.length), space: 0 });
            at += character.length;
          }
          const lastWord = words.at(-1);
          if (lastWord) Object.assign(lastWord, { end, space });
        }
      }
      // Lines: [start, end) of `shown`, greedily filled with words.
      const lines: [number, number][] = [];
      let lineStart = 0;
      let lineEnd = 0;
      let filled = 0;
      for (const { start, end, ink, space } of words) {
        if (lineEnd > lineStart && filled + ink > boxWidth) {
          lines.push([lineStart, lineEnd]);
          lineStart = start;
          filled = 0;
        }
        lineEnd = end;
        filled += ink + space;
      }
      lines.push([lineStart, lineEnd]);
      for (const [start, end] of lines) {
        let last = end;
        while (last > start && /[\s\u200B]/u.test(shown[last - 1] ?? "")) last -= 1;
        // The line's pieces in visual order: runs of one script and one level, contiguous in the text.
        const order =
          last > start
            ? bidi()
                .getReorderedIndices(shown, embedding, start, last - 1)
                .slice(start, last)
            : [];
        const pieces: { script: Script; level: number; from: number; to: number }[] = [];
        for (const index of order) {
          const script = scripts[index] ?? "latin";
          const level = embedding.levels[index] ?? 0;
          const piece = pieces.at(-1);
          if (piece && piece.script === script && piece.level === level && (index === piece.to + 1 || index === piece.from - 1)) {
            piece.from = Math.min(piece.from, index);
            piece.to = Math.max(piece.to, index);
          } else pieces.push({ script, level, from: index, to: index });
        }
        const drawn = pieces.map(({ script, level, from, to }) => {
          const written = shown.slice(from, to + 1);
          const ltr = level % 2 === 0;
          // fontkit lays Arabic out right to left: an Arabic piece that reads left to right (its digits) goes in reversed.
          const text = RIGHT_TO_LEFT_SCRIPTS.has(script)
            ? ltr
              ? [...written].reverse().join("")
              : written
            : ltr
              ? written
              : [...written]
                  .reverse()
                  .map((character) => bidi().getMirroredCharacter(character) ?? character)
                  .join("");
          return { script, text, width: measure(text, script) };
        });
        // The line as tall as its tallest font (pdfkit's line height: ascent, descent and gap), Noto Sans at least.
        const fonts = ["latin" as const, ...drawn.map((piece) => piece.script)].map((script) => {
          const font = FONTS[script]()[weight];
          const scale = size / font.unitsPerEm;
          return { ascent: font.ascent * scale, height: (font.ascent - font.descent + font.lineGap) * scale };
        });
        const ascent = Math.max(...fonts.map((font) => font.ascent));
        const height = Math.max(...fonts.map((font) => font.height));
        if (doc.y + height > doc.page.height - doc.page.margins.bottom) doc.addPage();
        const top = doc.y;
        const lineWidth = drawn.reduce((total, piece) => total + piece.width, 0);
        let x = rtl ? boxLeft + boxWidth - lineWidth : boxLeft;
        for (const piece of drawn) {
          doc
            .font(fontName(piece.script, weight))
            .text(piece.text, x, top + ascent, { lineBreak: false, baseline: "alphabetic" });
          x += piece.width;
        }
        doc.x = left;
        doc.y = top + height + 1;
      }
    }
  };

  /**
   * A section's heading with a rule under it; a new page when too little room is left under it:
   * 140 pt, or `keepWith` under the heading itself, the room the first of what follows needs on
   * the same page (a record's entry: ENTRY_ROOM), so the heading never stays alone at the foot.
   */
  const heading = (text: string, { upper = true, keepWith = 0 }: { upper?: boolean; keepWith?: number } = {}) => {
    if (doc.y > doc.page.height - Math.max(140, keepWith + HEADING_ROOM)) doc.addPage();
    doc.moveDown(0.6);
    write(upper ? text.toUpperCase() : text, { size: 11, weight: "bold", color: BRAND, gap: 1 });
    const y = doc.y;
    doc
      .moveTo(left, y)
      .lineTo(left + width, y)
      .strokeColor(RULE)
      .lineWidth(0.7)
      .stroke();
    doc.y = y + 6;
  };

  /** A label and its value on one row of a two-column table. */
  const row = (label: string, value: string, { labelWidth = 150 }: { labelWidth?: number } = {}) => {
    if (doc.y > doc.page.height - 90) doc.addPage();
    const y = doc.y;
    write(label, { size: 9.5, weight: "bold", color: MUTED, x: left, w: labelWidth });
    const labelBottom = doc.y;
    doc.y = y;
    write(value, { size: 10, x: left + labelWidth + 10, w: width - labelWidth - 10 });
    doc.y = Math.max(doc.y, labelBottom) + 3;
  };

  /**
   * A table: a header row in bold, then one row per entry; a cell's text wraps within its column
   * and the row is as tall as its tallest cell. `widths` are fractions of the text width. Without
   * headers (null), only the rows: a table continued entry by entry.
   */
  const table = (headers: string[] | null, rows: string[][], widths: number[]) => {
    const columns = widths.map((fraction) => fraction * width);
    const line = (cells: string[], weight: Weight, color: string) => {
      if (doc.y > doc.page.height - 90) doc.addPage();
      const top = doc.y;
      let bottom = top;
      let x = left;
      cells.forEach((cell, index) => {
        const w = (columns[index] ?? 60) - 6;
        doc.y = top;
        write(cell || "—", { size: 9, weight, color, x, w, gap: 0 });
        bottom = Math.max(bottom, doc.y);
        x += columns[index] ?? 60;
      });
      doc
        .moveTo(left, bottom + 2)
        .lineTo(left + width, bottom + 2)
        .strokeColor(RULE)
        .lineWidth(0.5)
        .stroke();
      doc.y = bottom + 5;
    };
    if (headers) line(headers, "bold", MUTED);
    for (const cells of rows) line(cells, "regular", INK);
  };

  /** Where a record's entry starts: on the next page when less than ENTRY_ROOM is left on this one. */
  const startEntry = () => {
    if (doc.y > doc.page.height - ENTRY_ROOM) doc.addPage();
  };

  /**
   * Room for one more entry (which ends at most one page further on) and the closing line, and
   * for `reserve` pages of what the layout puts after the record.
   */
  const hasRoom = (reserve = 0) => doc.bufferedPageRange().count + 2 + reserve <= MAX_CV_PAGES;

  /**
   * Label-and-value rows (those with a value) while there is room: false when the room ran out
   * before the last, so that the entry they belong to counts as left out.
   */
  const rows = (pairs: [string, string | null][], options?: { labelWidth?: number }) => {
    for (const [label, value] of pairs) {
      if (!hasRoom()) return false;
      if (value) row(label, value, options);
    }
    return true;
  };

  /**
   * The track record, entry by entry, while there is room for one more and for `reserve` pages
   * of what follows it; then the one line that says how many entries did not fit within
   * MAX_CV_PAGES. `entry` draws one and answers false when it stopped short of its end.
   */
  const record = <T>(
    items: readonly T[],
    entry: (item: T, index: number) => unknown,
    { reserve = 0, say }: { reserve?: number; say?: (max: number, rest: number) => string } = {},
  ) => {
    let listed = 0;
    for (const [index, item] of items.entries()) {
      if (!hasRoom(reserve) || entry(item, index) === false) break;
      listed = index + 1;
    }
    const rest = items.length - listed;
    if (rest <= 0) return;
    doc.moveDown(0.6);
    write(
      say?.(MAX_CV_PAGES, rest) ??
        `The record stops here to keep this CV within ${MAX_CV_PAGES} pages: ${rest} more ${rest === 1 ? "assignment is" : "assignments are"} on the consultant's DevConsult SEA profile.`,
      { size: 9.5, color: MUTED },
    );
  };

  /** The footer on every page (the stamp and the page number), the attachment if any, and the bytes. */
  const finish = (stamp: string, pageOf = (page: number, count: number) => `Page ${page} of ${count}`): Promise<Buffer> => {
    const range = doc.bufferedPageRange();
    for (let page = range.start; page < range.start + range.count; page += 1) {
      doc.switchToPage(page);
      const bottom = doc.page.margins.bottom;
      doc.page.margins.bottom = 0;
      const line = `${stamp}  ${pageOf(page + 1, range.count)}`;
      if (scriptRuns(line).every((run) => run.script === "latin")) {
        doc
          .font(fontName("latin", "regular"))
          .fontSize(8)
          .fillColor(MUTED)
          .text(line, left, doc.page.height - 36, { width, align: "center" });
      } else {
        // In runs of several fonts (a Thai footer), from the left margin: pdfkit centres each run alone.
        doc.y = doc.page.height - 36;
        write(line, { size: 8, color: MUTED, x: left, w: width, gap: 0 });
      }
      doc.page.margins.bottom = bottom;
    }
    mapUnmappedGlyphs(doc);
    if (options.attachment) {
      doc.file(Buffer.from(options.attachment.body), {
        name: options.attachment.name,
        type: options.attachment.type,
        description: options.attachment.description,
      });
    }
    doc.end();
    return done;
  };

  return { doc, left, width, write, heading, row, rows, table, record, startEntry, finish };
}

/** "Generated by DevConsult SEA on 2026-11-26; profile last updated 2026-11-20." */
export function generatedStamp(generatedAt: Date, updatedAt: Date | string): string {
  return `Generated by DevConsult SEA on ${generatedAt.toISOString().slice(0, 10)}; profile last updated ${new Date(updatedAt).toISOString().slice(0, 10)}.`;
}
