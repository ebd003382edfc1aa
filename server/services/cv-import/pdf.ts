import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import { CV_IMPORT_LIMITS, CV_IMPORT_MESSAGES } from "#common/cv-import.ts";
import { findRange } from "./normalize.ts";
import { ImportRefused } from "./refusal.ts";

// A PDF's text as lines in reading order, with pdf.js: no script in the PDF runs (pdf.js has no
// scripting outside its viewer, and its font programs are interpreted, never compiled with eval),
// no system font or network is used, and a file of more than 30 pages is refused before any page
// is read. Two-column layouts are read column by column; a narrow column of dates beside the
// entries stays on the lines it faces.

type Item = { text: string; x: number; y: number; width: number; height: number };

export type PdfText = { lines: string[]; attachments: { name: string; bytes: Uint8Array }[]; pages: number };

/**
 * The pages a PDF declares, read from its bytes without parsing it: the largest /Count of a page
 * tree node and the number of page objects written out. pdf.js takes half a minute to open a file of
 * 10 000 pages; this takes milliseconds. (Page objects inside compressed object streams are not
 * seen here; pdf.js's own count still bounds those.)
 */
export function declaredPages(bytes: Uint8Array): number {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("latin1");
  let count = 0;
  for (const match of text.matchAll(/\/Count\s+(\d{1,9})/g)) count = Math.max(count, Number(match[1]));
  const pages = (text.match(/\/Type\s*\/Page(?![A-Za-z])/g) ?? []).length;
  return Math.max(count, pages);
}

export async function readPdf(bytes: Uint8Array): Promise<PdfText> {
  if (declaredPages(bytes) > CV_IMPORT_LIMITS.pages) throw new ImportRefused("too-many-pages", CV_IMPORT_MESSAGES.tooManyPages);
  const parameters = {
    data: bytes,
    // pdf.js 6 never compiles font programs with eval; an older copy reads this flag.
    isEvalSupported: false,
    useSystemFonts: false,
    disableFontFace: true,
    useWorkerFetch: false,
    enableXfa: false,
    stopAtErrors: false,
    maxImageSize: 1,
    verbosity: 0,
  };
  const task = getDocument(parameters);
  let document: Awaited<typeof task.promise>;
  try {
    document = await task.promise;
  } catch {
    await task.destroy();
    throw new ImportRefused("unreadable", CV_IMPORT_MESSAGES.unreadable);
  }
  try {
    if (document.numPages > CV_IMPORT_LIMITS.pages) throw new ImportRefused("too-many-pages", CV_IMPORT_MESSAGES.tooManyPages);
    const attachments: PdfText["attachments"] = [];
    const found = await document.getAttachments().catch(() => null);
    for (const [id, attachment] of found ?? []) {
      if (!/\.xml$/i.test(attachment.filename)) continue;
      const content = attachment.content ?? (await document.getAttachmentContent(id).catch(() => null));
      if (content && content.byteLength <= CV_IMPORT_LIMITS.bytes)
        attachments.push({ name: attachment.filename, bytes: content });
    }
    const lines: string[] = [];
    for (let number = 1; number <= document.numPages; number += 1) {
      const page = await document.getPage(number);
      const [, , width] = page.view;
      const content = await page.getTextContent();
      const items: Item[] = [];
      for (const item of content.items) {
        if (!("str" in item) || item.str.trim() === "") continue;
        items.push({
          text: item.str,
          x: item.transform[4] ?? 0,
          y: item.transform[5] ?? 0,
          width: item.width,
          height: item.height || Math.abs(item.transform[3] ?? 10),
        });
      }
      lines.push(...pageLines(items, width ?? 595));
      lines.push("");
      page.cleanup();
    }
    return { lines, attachments, pages: document.numPages };
  } finally {
    await task.destroy();
  }
}

type Row = { text: string; left: number; right: number; y: number; height: number };

/**
 * Items on one baseline, left to right, as one line; a wide gap kept as two spaces. A line that
 * runs to the column's right edge and goes on below at the same indent is one wrapped paragraph:
 * its lines are joined; a wider gap than a line's between two rows is kept as an empty line.
 */
function toLines(items: Item[]): string[] {
  const sorted = [...items].sort((a, b) => b.y - a.y || a.x - b.x);
  const groups: Item[][] = [];
  for (const item of sorted) {
    const group = groups[groups.length - 1];
    const anchor = group?.[0];
    if (group && anchor && Math.abs(anchor.y - item.y) <= Math.max(2, anchor.height * 0.3)) group.push(item);
    else groups.push([item]);
  }
  const rows: Row[] = groups.map((group) => {
    group.sort((a, b) => a.x - b.x);
    let text = "";
    let end = Number.NEGATIVE_INFINITY;
    for (const item of group) {
      const gap = item.x - end;
      if (text && gap > item.height * 1.5) text += "  ";
      else if (text && gap > item.height * 0.15 && !text.endsWith(" ") && !item.text.startsWith(" ")) text += " ";
      text += item.text;
      end = Math.max(end, item.x + item.width);
    }
    const first = group[0] as Item;
    return { text: text.replace(/\s+$/, ""), left: first.x, right: end, y: first.y, height: first.height };
  });
  const columnLeft = Math.min(...rows.map((row) => row.left));
  const columnRight = Math.max(...rows.map((row) => row.right));
  const isFull = (row: Row) => row.right >= columnRight - (columnRight - columnLeft) * 0.12;
  const lines: string[] = [];
  let previous: Row | null = null;
  for (const row of rows) {
    const gap = previous ? previous.y - row.y : 0;
    const isNewParagraph = previous !== null && gap > Math.max(previous.height, row.height) * 1.9;
    const continues =
      previous !== null &&
      !isNewParagraph &&
      isFull(previous) &&
      Math.abs(previous.left - row.left) <= 2 &&
      !/[:：]$/.test(previous.text) &&
      !/^[•·▪*–-]\s/.test(row.text) &&
      // An entry's dated first line stands alone, whatever its length.
      findRange(previous.text) === null &&
      findRange(row.text) === null;
    if (isNewParagraph) lines.push("");
    if (continues && lines.length > 0) {
      // "sub-" at the end of a line and "national" below: one word, "sub-national".
      const last = lines[lines.length - 1] ?? "";
      lines[lines.length - 1] = /\p{L}-$/u.test(last) ? `${last}${row.text.trim()}` : `${last} ${row.text.trim()}`;
    } else lines.push(row.text);
    previous = row;
  }
  return lines;
}

/**
 * The gutter of a two-column page: the widest vertical band between 20 % and 80 % of the page
 * that no item below the header crosses, with enough text on both sides.
 */
function findGutter(items: Item[], pageWidth: number): { at: number; headerBelow: number } | null {
  const step = 4;
  let best: { at: number; width: number; headerBelow: number } | null = null;
  let runStart: number | null = null;
  const crossingAt = (x: number) => items.filter((item) => item.x < x && item.x + item.width > x);
  const scan: { x: number; crossing: Item[] }[] = [];
  for (let x = pageWidth * 0.2; x <= pageWidth * 0.8; x += step) scan.push({ x, crossing: crossingAt(x) });
  // Items that cross may only be a header above everything else (a name, a title line).
  const isClear = (crossing: Item[]) => {
    if (crossing.length === 0) return true;
    const lowest = Math.min(...crossing.map((item) => item.y));
    return crossing.length <= 4 && items.filter((item) => item.y > lowest).length <= crossing.length + 4;
  };
  for (let index = 0; index <= scan.length; index += 1) {
    const point = scan[index];
    if (point && isClear(point.crossing)) {
      runStart ??= point.x;
      continue;
    }
    if (runStart !== null) {
      const end = (scan[index - 1]?.x ?? runStart) + step;
      const width = end - runStart;
      const at = runStart + width / 2;
      const crossing = crossingAt(at);
      const headerBelow = crossing.length > 0 ? Math.min(...crossing.map((item) => item.y)) : Number.POSITIVE_INFINITY;
      const body = items.filter((item) => item.y < headerBelow);
      const left = body.filter((item) => item.x + item.width <= at).length;
      const right = body.filter((item) => item.x >= at).length;
      if (width >= 10 && left >= 5 && right >= 5 && (!best || width > best.width)) best = { at, width, headerBelow };
      runStart = null;
    }
  }
  return best ? { at: best.at, headerBelow: best.headerBelow } : null;
}

function pageLines(items: Item[], pageWidth: number): string[] {
  const gutter = findGutter(items, pageWidth);
  if (!gutter) return toLines(items);
  const header = items.filter((item) => item.y >= gutter.headerBelow);
  const body = items.filter((item) => item.y < gutter.headerBelow);
  const left = body.filter((item) => item.x + item.width <= gutter.at);
  const right = body.filter((item) => item.x >= gutter.at);
  const leftLines = toLines(left).filter(Boolean);
  // A left column of dates (or short labels) faces the entries it dates: read across.
  const dated = leftLines.filter((line) => findRange(line) !== null).length;
  const isKeyColumn =
    dated >= 2 && dated >= leftLines.length * 0.4 && left.every((item) => item.x + item.width <= pageWidth * 0.35);
  if (isKeyColumn) return [...toLines(header), "", ...toLines(body)];
  // The main column (the wider one: where the name and the experience usually are) first.
  const leftWidth = gutter.at;
  const [main, side] = leftWidth >= pageWidth - gutter.at ? [left, right] : [right, left];
  return [...toLines(header), "", ...toLines(main), "", ...toLines(side)];
}
