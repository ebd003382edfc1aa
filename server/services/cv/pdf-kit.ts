import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import * as fontkit from "fontkit";
import PDFDocument from "pdfkit";

// What every CV layout shares (./render.ts, ./p11-pdf.ts, ./europass-pdf.ts, ./eu-annex.ts): the
// fonts, text set in runs of the right font, and a writer with the few shapes a CV has (a line
// of text, a section heading, a label and its value, a table), which also keeps the CV within
// MAX_CV_PAGES. Text goes in as glyphs of embedded fonts (pdfkit subsets them), so no field can
// inject PDF syntax. Noto Sans covers Latin with Vietnamese diacritics; Thai runs are set in Noto
// Sans Thai.

const require = createRequire(import.meta.url);
const fontFile = (pkg: string, file: string) => require.resolve(`@expo-google-fonts/${pkg}/${file}`);

type Font = ReturnType<typeof fontkit.create>;
type Fonts = { regular: Font; bold: Font; thai: Font; thaiBold: Font };

/**
 * The four fonts, read and parsed once per thread (the layouts are loaded by the CV thread,
 * ./worker.ts). pdfkit takes a parsed font as it is, so its layout tables (large for Noto Sans)
 * are read once and not for every CV.
 */
async function loadFonts(): Promise<Fonts> {
  const files = await Promise.all([
    readFile(fontFile("noto-sans", "400Regular/NotoSans_400Regular.ttf")),
    readFile(fontFile("noto-sans", "700Bold/NotoSans_700Bold.ttf")),
    readFile(fontFile("noto-sans-thai", "400Regular/NotoSansThai_400Regular.ttf")),
    readFile(fontFile("noto-sans-thai", "700Bold/NotoSansThai_700Bold.ttf")),
  ]);
  const [regular, bold, thai, thaiBold] = files.map((file) => fontkit.create(file) as Font);
  if (!regular || !bold || !thai || !thaiBold) throw new Error("the CV fonts could not be read");
  return { regular, bold, thai, thaiBold };
}

const fonts = loadFonts();
// Awaited by every render; a failure here is reported by the render that awaits it.
fonts.catch(() => {});

/**
 * The most pages a CV may have. A profile at the schema's limits (50 assignments of 2 000
 * characters, 15 countries each, a 5 000-character bio) would make about 90; the most recent
 * assignments are listed until the bound and the rest named in one line.
 */
export const MAX_CV_PAGES = 30;

const THAI = /[\u0E00-\u0E7F]+/gu;
export const INK = "#0f172a";
export const MUTED = "#475569";
export const RULE = "#cbd5e1";
export const BRAND = "#0f5f4a";

export type Weight = "regular" | "bold";

/** Splits text into runs of Thai and of everything else, each with its font. */
function runs(text: string, weight: Weight): { text: string; font: string }[] {
  const latin = weight === "bold" ? "NotoBold" : "Noto";
  const thai = weight === "bold" ? "ThaiBold" : "Thai";
  const parts: { text: string; font: string }[] = [];
  let last = 0;
  for (const match of text.matchAll(THAI)) {
    if (match.index > last) parts.push({ text: text.slice(last, match.index), font: latin });
    parts.push({ text: match[0], font: thai });
    last = match.index + match[0].length;
  }
  if (last < text.length || parts.length === 0) parts.push({ text: text.slice(last), font: latin });
  return parts;
}

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

export type WriteOptions = { size?: number; weight?: Weight; color?: string; x?: number; w?: number; gap?: number };

export type CvDocument = Awaited<ReturnType<typeof createCvDocument>>;

/** An A4 document with the fonts registered, its writer, and `finish` for the footer and the bytes. */
export async function createCvDocument(
  title: string,
  options: { margins?: number; attachment?: { name: string; body: Uint8Array; type: string; description: string } } = {},
) {
  const { regular, bold, thai, thaiBold } = await fonts;
  const margin = options.margins ?? 56;
  const doc = new PDFDocument({
    size: "A4",
    margins: { top: margin, bottom: margin, left: margin, right: margin },
    info: { Title: clean(title), Creator: "DevConsult SEA" },
    bufferPages: true,
  });
  // @types/pdfkit lists file sources only; pdfkit also takes a parsed fontkit font.
  const register = (name: string, font: Font) => doc.registerFont(name, font as unknown as Buffer);
  register("Noto", regular);
  register("NotoBold", bold);
  register("Thai", thai);
  register("ThaiBold", thaiBold);
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  const left = doc.page.margins.left;
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;

  const write = (text: string, { size = 10, weight = "regular", color = INK, x, w, gap = 2 }: WriteOptions = {}) => {
    const parts = runs(clean(text), weight);
    doc.fillColor(color).fontSize(size);
    const textOptions = { width: w ?? width - ((x ?? left) - left), lineGap: 1 };
    parts.forEach((part, index) => {
      doc.font(part.font);
      const continued = index < parts.length - 1;
      if (index === 0) doc.text(part.text, x ?? left, undefined, { ...textOptions, continued });
      else doc.text(part.text, { ...textOptions, continued });
    });
    doc.moveDown(gap / 10);
  };

  /** A section's heading with a rule under it; a new page when too little room is left under it. */
  const heading = (text: string, { upper = true }: { upper?: boolean } = {}) => {
    if (doc.y > doc.page.height - 140) doc.addPage();
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

  /**
   * Room for one more entry (which ends at most one page further on) and the closing line, and
   * for `reserve` pages of what the layout puts after the record.
   */
  const hasRoom = (reserve = 0) => doc.bufferedPageRange().count + 2 + reserve <= MAX_CV_PAGES;

  /** The one line that says how many assignments did not fit within MAX_CV_PAGES. */
  const recordStops = (rest: number) => {
    if (rest <= 0) return;
    doc.moveDown(0.6);
    write(
      `The record stops here to keep this CV within ${MAX_CV_PAGES} pages: ${rest} more ${rest === 1 ? "assignment is" : "assignments are"} on the consultant's DevConsult SEA profile.`,
      { size: 9.5, color: MUTED },
    );
  };

  /** The footer on every page (the stamp and the page number), the attachment if any, and the bytes. */
  const finish = (stamp: string): Promise<Buffer> => {
    const range = doc.bufferedPageRange();
    for (let page = range.start; page < range.start + range.count; page += 1) {
      doc.switchToPage(page);
      const bottom = doc.page.margins.bottom;
      doc.page.margins.bottom = 0;
      doc
        .font("Noto")
        .fontSize(8)
        .fillColor(MUTED)
        .text(`${stamp}  Page ${page + 1} of ${range.count}`, left, doc.page.height - 36, { width, align: "center" });
      doc.page.margins.bottom = bottom;
    }
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

  return { doc, left, width, write, heading, row, table, hasRoom, recordStops, finish };
}

/** "Generated by DevConsult SEA on 2026-11-26; profile last updated 2026-11-20." */
export function generatedStamp(generatedAt: Date, updatedAt: Date | string): string {
  return `Generated by DevConsult SEA on ${generatedAt.toISOString().slice(0, 10)}; profile last updated ${new Date(updatedAt).toISOString().slice(0, 10)}.`;
}
