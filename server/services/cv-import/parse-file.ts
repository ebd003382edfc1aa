import { CV_IMPORT_MESSAGES, CV_IMPORT_WARNINGS, type CvDrafts, type CvImportFormat } from "#common/cv-import.ts";
import { type DocxBlock, readDocx } from "./docx.ts";
import { isEuropass, readEuropass } from "./europass.ts";
import { finishDrafts } from "./normalize.ts";
import { isP11, readP11 } from "./p11.ts";
import { readPdf } from "./pdf.ts";
import { ImportRefused } from "./refusal.ts";
import { readTextCv } from "./text-cv.ts";
import { parseXml } from "./xml.ts";

// One uploaded file to drafts: its kind told by its content (never by its name or declared type),
// then the reader for that kind. Runs inside the worker thread (worker.ts).

export type ParsedCv = { format: CvImportFormat; drafts: CvDrafts; warnings: string[] };

type Kind = "pdf" | "zip" | "xml" | "ole" | "unknown";

export function sniff(bytes: Uint8Array): Kind {
  const head = new TextDecoder("latin1").decode(bytes.subarray(0, 1024));
  if (head.startsWith("%PDF-")) return "pdf";
  if (bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04) return "zip";
  if (bytes[0] === 0xd0 && bytes[1] === 0xcf && bytes[2] === 0x11 && bytes[3] === 0xe0) return "ole";
  if (/^(?:\uFEFF|ï»¿)?\s*<(?:\?xml|[A-Za-z])/.test(head)) return "xml";
  // A PDF may carry a few bytes before its header (the format allows up to 1024).
  if (head.includes("%PDF-")) return "pdf";
  return "unknown";
}

function europassXml(text: string, format: CvImportFormat): ParsedCv | null {
  const root = parseXml(text);
  if (!isEuropass(root)) return null;
  const { drafts, warnings } = readEuropass(root);
  return { format, drafts: finishDrafts(drafts, warnings), warnings };
}

export async function parseCvFile(bytes: Uint8Array): Promise<ParsedCv> {
  const kind = sniff(bytes);
  if (kind === "ole") {
    throw new ImportRefused("unsupported", "This is an old Word document (.doc): save it as .docx or PDF and import that.");
  }
  if (kind === "unknown") throw new ImportRefused("unsupported", CV_IMPORT_MESSAGES.wrongType);
  if (kind === "xml") {
    const text = new TextDecoder("utf-8", { fatal: false }).decode(bytes);
    const parsed = europassXml(text, "europass-xml");
    if (!parsed)
      throw new ImportRefused(
        "unsupported",
        "This XML file is not a Europass CV: import a Europass XML, a PDF or a Word document.",
      );
    return parsed;
  }
  if (kind === "pdf") {
    const pdf = await readPdf(bytes);
    for (const attachment of pdf.attachments) {
      try {
        const parsed = europassXml(new TextDecoder().decode(attachment.bytes), "europass-pdf");
        if (parsed) return parsed;
      } catch {
        // An attachment that is not a Europass XML: read the PDF's text instead.
      }
    }
    const { drafts, warnings } = readTextCv(pdf.lines);
    if (pdf.lines.every((line) => line.trim() === "")) {
      warnings.unshift(CV_IMPORT_WARNINGS.noText);
    }
    return { format: "pdf", drafts: finishDrafts(drafts, warnings), warnings };
  }
  const docx = await readDocx(bytes);
  const warnings: string[] = [];
  if (docx.externalLinks > 0) warnings.push(CV_IMPORT_WARNINGS.externalImages);
  if (isP11(docx.blocks)) {
    const result = readP11(docx.blocks);
    warnings.push(...result.warnings);
    return { format: "p11-docx", drafts: finishDrafts(result.drafts, warnings), warnings };
  }
  const result = readTextCv(blocksToLines(docx.blocks));
  warnings.push(...result.warnings);
  return { format: "docx", drafts: finishDrafts(result.drafts, warnings), warnings };
}

/**
 * A Word document as lines for the text reader. A table row whose first cell is short (a date, a
 * label) reads across, as one line; a table used for page layout (a sidebar beside the main
 * column: cells of many paragraphs) reads cell after cell.
 */
export function blocksToLines(blocks: DocxBlock[]): string[] {
  const lines: string[] = [];
  for (const block of blocks) {
    if (block.kind === "paragraph") {
      lines.push(block.text);
      continue;
    }
    const header = headerRow(block.rows[0]);
    if (header) {
      // A table with a row of column names (the EU CV's "Dates | Location | Company | Position |
      // Description"): each row below as labelled lines.
      for (const row of block.rows.slice(1)) {
        row.forEach((cell, index) => {
          const label = header[index];
          const [first = "", ...rest] = cell;
          if (label && first) lines.push(`${label}: ${first}`, ...rest);
        });
        lines.push("");
      }
      continue;
    }
    for (const row of block.rows) {
      const [first = [], ...others] = row;
      const isKey =
        first.length > 0 && first.length <= 2 && first.join(" ").length <= 60 && others.some((cell) => cell.length > 0);
      if (isKey) {
        const [head = "", ...rest] = others.flat();
        lines.push(`${first.join(" ")}  ${head}`, ...rest);
      } else {
        // A table used for page layout: the cell with the most text (the main column) first.
        const cells = [...row].sort((a, b) => b.join(" ").length - a.join(" ").length);
        for (const cell of cells) lines.push(...cell, "");
      }
    }
    lines.push("");
  }
  return lines;
}

const COLUMN_NAMES =
  /^(?:dates?|period|from|to|location|country|countries|company|employer|client|organi[sz]ation|position|role|description|project|donors?|funding|institution|degrees?|diploma|degree or diploma obtained|year)$/i;

/** A table's first row when it names its columns ("Dates (from – to)" names "Dates"), else null. */
function headerRow(row: string[][] | undefined): string[] | null {
  if (!row || row.length < 2) return null;
  const names = row.map((cell) =>
    cell
      .join(" ")
      .replace(/\(s\)/g, "")
      .replace(/\([^)]*\)/g, "")
      .replace(/[:：]\s*$/, "")
      .trim(),
  );
  const named = names.filter((name) => COLUMN_NAMES.test(name)).length;
  return named >= 2 && named >= names.length - 1 ? names : null;
}
