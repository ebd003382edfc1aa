import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";

/** The text of every page of a PDF, as a reader's copy-and-paste would give it (pdf.js). */
export async function pdfText(bytes: Uint8Array): Promise<{ text: string; pages: number }> {
  const document = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= document.numPages; number += 1) {
    const page = await document.getPage(number);
    const content = await page.getTextContent();
    pages.push(
      content.items
        .map((item) => ("str" in item ? item.str + (item.hasEOL ? "\n" : "") : ""))
        .join("")
        .normalize("NFC"),
    );
  }
  await document.cleanup();
  return { text: pages.join("\n"), pages: document.numPages };
}

/** A run of text on a PDF page: its page number and its height on the page (pdf.js, from the bottom). */
export type PdfLine = { text: string; page: number; y: number };

/**
 * Every non-blank run of text of a PDF with its page and height, in the order pdf.js reads them,
 * and the names of the files attached to it: where a heading falls, what a page starts with.
 */
export async function pdfLines(bytes: Uint8Array): Promise<{ lines: PdfLine[]; attachments: string[] }> {
  const document = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false }).promise;
  const lines: PdfLine[] = [];
  for (let number = 1; number <= document.numPages; number += 1) {
    const page = await document.getPage(number);
    for (const item of (await page.getTextContent()).items) {
      if ("str" in item && item.str.trim())
        lines.push({ text: item.str.normalize("NFC"), page: number, y: item.transform[5] ?? 0 });
    }
  }
  const attachments = [...((await document.getAttachments()) ?? new Map()).values()].map((attachment) => attachment.filename);
  await document.cleanup();
  return { lines, attachments };
}
