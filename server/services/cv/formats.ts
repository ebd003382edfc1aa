import type { CvData } from "./render.ts";

// Every CV layout the site makes, by its `format` key (GET /api/consultants/{id}/cv.pdf?format=…).
// A layout is rendered off the event loop, in the CV thread (./worker.ts), once per version of
// what it shows: the result is kept in the database (./cache.ts) and served again until the
// profile changes. To add a layout: one entry here, whose `render` imports its module lazily
// (only the CV thread loads pdfkit and the fonts), producing at most MAX_CV_PAGES pages for a
// profile at the schema's limits (cv.test.ts checks every entry).

export type CvRenderOptions = {
  /** The date printed as the CV's generation date, and the end of ongoing assignments. */
  generatedAt: Date;
};

export type CvFormat = {
  /** The Content-Type of the file. */
  contentType: string;
  /** The file name's extension, which is also the URL's: cv.pdf. */
  extension: string;
  /** What the file name adds after the name, so each layout downloads as its own file: "-P11". */
  fileSuffix: string;
  /** Renders the CV. Runs in the CV thread, never on the request's event loop. */
  render: (cv: CvData, options: CvRenderOptions) => Promise<Uint8Array>;
};

/** A layout that makes a PDF, drawn by `render`. */
function pdfLayout<Suffix extends string>(fileSuffix: Suffix, render: CvFormat["render"]) {
  return { contentType: "application/pdf", extension: "pdf", fileSuffix, render } as const;
}

export const CV_FORMATS = {
  /** The key-expert CV in the World Bank's and the EU's order (./render.ts). */
  standard: pdfLayout("", async (cv, options) => (await import("./render.ts")).renderCvPdf(cv, options)),
  /** The UN Personal History Form's sections and order (issue 34). */
  p11: pdfLayout("-P11", async (cv, options) => (await import("./p11-pdf.ts")).renderP11Pdf(cv, options)),
  /** The Europass layout, its XML attached so it imports back (issue 34). */
  europass: pdfLayout("-Europass", async (cv, options) => (await import("./europass-pdf.ts")).renderEuropassPdf(cv, options)),
  /** The "Curriculum vitae" annex of EU service tenders (issue 34). */
  eu: pdfLayout("-EU", async (cv, options) => (await import("./eu-annex.ts")).renderEuAnnexPdf(cv, options)),
  /** Europass XML (2012-2020 schema), which imports back into the site unchanged (issue 34). */
  "europass-xml": {
    contentType: "application/xml; charset=utf-8",
    extension: "xml",
    fileSuffix: "-Europass",
    render: async (cv) => (await import("./europass-xml.ts")).renderEuropassXml(cv),
  },
} as const satisfies Record<string, CvFormat>;

export type CvFormatKey = keyof typeof CV_FORMATS;

export const CV_FORMAT_KEYS = Object.keys(CV_FORMATS) as CvFormatKey[];

export const DEFAULT_CV_FORMAT: CvFormatKey = "standard";

/**
 * The layout `?format=` names for a file of this extension: its own key when that layout makes
 * such files, else the key `{format}-{extension}` (cv.xml?format=europass is "europass-xml").
 */
export function cvFormatFor(format: string, extension: string): CvFormatKey | undefined {
  for (const key of [format, `${format}-${extension}`]) {
    if (isCvFormat(key) && CV_FORMATS[key].extension === extension) return key;
  }
  return undefined;
}

function isCvFormat(value: string): value is CvFormatKey {
  return Object.hasOwn(CV_FORMATS, value);
}
