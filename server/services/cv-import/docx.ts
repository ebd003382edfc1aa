import mammoth from "mammoth";
import { CV_IMPORT_MESSAGES } from "#common/cv-import.ts";
import { ImportRefused } from "./refusal.ts";
import { decodeEntities } from "./xml.ts";
import { checkDocx, readZip } from "./zip-guard.ts";

// A Word document's content as paragraphs and tables, with mammoth (1.11 on never reads a
// linked file; images are not converted at all). The zip is checked first (zip-guard.ts).

export type DocxBlock = { kind: "paragraph"; text: string; isHeading: boolean } | { kind: "table"; rows: string[][][] };

export type DocxContent = { blocks: DocxBlock[]; externalLinks: number };

export async function readDocx(bytes: Uint8Array): Promise<DocxContent> {
  const { externalLinks } = checkDocx(readZip(bytes));
  let html: string;
  try {
    const result = await mammoth.convertToHtml(
      { buffer: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) },
      {
        externalFileAccess: false,
        convertImage: mammoth.images.imgElement(async () => ({ src: "" })),
      },
    );
    html = result.value;
  } catch {
    throw new ImportRefused("unreadable", CV_IMPORT_MESSAGES.unreadable);
  }
  return { blocks: htmlBlocks(html), externalLinks };
}

type Cell = string[];

/**
 * mammoth's HTML (p, h1-h6, ul/ol/li, table/tr/td/th, inline tags) as blocks. A table nested in a
 * cell gives its text to that cell, one paragraph a row.
 */
export function htmlBlocks(html: string): DocxBlock[] {
  const blocks: DocxBlock[] = [];
  const tables: { rows: Cell[][] }[] = [];
  let text = "";
  let isHeading = false;
  let listDepth = 0;

  const flush = () => {
    const value = decodeEntities(text).replace(/\s+/g, " ").trim();
    text = "";
    if (!value) return;
    const table = tables[tables.length - 1];
    const row = table?.rows[table.rows.length - 1];
    const cell = row?.[row.length - 1];
    if (cell) cell.push(value);
    else blocks.push({ kind: "paragraph", text: value, isHeading });
  };

  for (const match of html.matchAll(/<(\/?)([a-zA-Z0-9]+)[^>]*>|([^<]+)/g)) {
    const [, closing, tagName, content] = match;
    if (content !== undefined) {
      text += content;
      continue;
    }
    const tag = (tagName ?? "").toLowerCase();
    const isClosing = closing === "/";
    if (/^h[1-6]$/.test(tag) || tag === "p") {
      flush();
      isHeading = !isClosing && tag !== "p";
      if (isClosing) isHeading = false;
    } else if (tag === "li") {
      flush();
      if (!isClosing) text = listDepth > 0 ? "• " : "";
    } else if (tag === "ul" || tag === "ol") {
      flush();
      listDepth += isClosing ? -1 : 1;
    } else if (tag === "br") {
      flush();
    } else if (tag === "table") {
      flush();
      if (!isClosing) tables.push({ rows: [] });
      else {
        const done = tables.pop();
        if (!done) continue;
        const outer = tables[tables.length - 1];
        const row = outer?.rows[outer.rows.length - 1];
        const cell = row?.[row.length - 1];
        if (cell) for (const inner of done.rows) cell.push(inner.map((innerCell) => innerCell.join(" ")).join("  "));
        else blocks.push({ kind: "table", rows: done.rows });
      }
    } else if (tag === "tr") {
      flush();
      if (!isClosing) tables[tables.length - 1]?.rows.push([]);
    } else if (tag === "td" || tag === "th") {
      flush();
      if (!isClosing) {
        const table = tables[tables.length - 1];
        table?.rows[table.rows.length - 1]?.push([]);
      }
    }
  }
  flush();
  return blocks;
}
