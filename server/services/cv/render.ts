import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import * as fontkit from "fontkit";
import PDFDocument from "pdfkit";
import {
  type Assignment,
  assignmentMonths,
  assignmentYearsLabel,
  countriesOfExperience,
  type DailyRate,
  type Education,
  formatRate,
  LANGUAGE_LEVEL_LABELS,
  type LanguageLevel,
  monthLabel,
} from "#common/track-record.ts";

// The CV as a PDF, laid out like a donor key-expert CV (the World Bank's and the EU's: personal
// details, summary, education, languages, countries of experience, then the employment and
// assignment record). Text goes in as glyphs of embedded fonts (pdfkit subsets them), so no
// field can inject PDF syntax. Noto Sans covers Latin with Vietnamese diacritics; Thai runs are
// set in Noto Sans Thai.

export type CvData = {
  name: string;
  title: string;
  location: string;
  country: string;
  email: string | null;
  phone: string | null;
  yearsExperience: number;
  primarySpecialization: string;
  secondarySpecializations: string[];
  bio: string;
  languages: string[];
  languageLevels: Record<string, LanguageLevel>;
  availableForWork: boolean;
  availableFrom: string | null;
  dailyRate: DailyRate | null;
  assignments: Assignment[];
  education: Education[];
  updatedAt: Date;
};

const require = createRequire(import.meta.url);
const fontFile = (pkg: string, file: string) => require.resolve(`@expo-google-fonts/${pkg}/${file}`);

type Font = ReturnType<typeof fontkit.create>;
type Fonts = { regular: Font; bold: Font; thai: Font; thaiBold: Font };

/**
 * The four fonts, read and parsed once per thread (this module is loaded by the CV thread,
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
const INK = "#0f172a";
const MUTED = "#475569";
const RULE = "#cbd5e1";
const BRAND = "#0f5f4a";

type Weight = "regular" | "bold";

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
function clean(text: string) {
  // \p{Cc} is every control character; keep tab and line feed.
  return text.normalize("NFD").replace(/(?![\t\n])\p{Cc}/gu, "");
}

export async function renderCvPdf(cv: CvData, { generatedAt = new Date() } = {}): Promise<Buffer> {
  const { regular, bold, thai, thaiBold } = await fonts;
  const doc = new PDFDocument({
    size: "A4",
    margins: { top: 56, bottom: 56, left: 56, right: 56 },
    info: { Title: `Curriculum vitae: ${clean(cv.name)}`, Creator: "DevConsult SEA" },
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

  type WriteOptions = { size?: number; weight?: Weight; color?: string; x?: number; w?: number; gap?: number };
  const write = (text: string, { size = 10, weight = "regular", color = INK, x, w, gap = 2 }: WriteOptions = {}) => {
    const parts = runs(clean(text), weight);
    doc.fillColor(color).fontSize(size);
    const options = { width: w ?? width - ((x ?? left) - left), lineGap: 1 };
    parts.forEach((part, index) => {
      doc.font(part.font);
      const continued = index < parts.length - 1;
      if (index === 0) doc.text(part.text, x ?? left, undefined, { ...options, continued });
      else doc.text(part.text, { ...options, continued });
    });
    doc.moveDown(gap / 10);
  };

  const heading = (text: string) => {
    if (doc.y > doc.page.height - 140) doc.addPage();
    doc.moveDown(0.6);
    write(text.toUpperCase(), { size: 11, weight: "bold", color: BRAND, gap: 1 });
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
  const row = (label: string, value: string) => {
    if (doc.y > doc.page.height - 90) doc.addPage();
    const y = doc.y;
    write(label, { size: 9.5, weight: "bold", color: MUTED, x: left, w: 150 });
    const labelBottom = doc.y;
    doc.y = y;
    write(value, { size: 10, x: left + 160, w: width - 160 });
    doc.y = Math.max(doc.y, labelBottom) + 3;
  };

  write("CURRICULUM VITAE", { size: 9, weight: "bold", color: MUTED, gap: 2 });
  write(cv.name, { size: 20, weight: "bold", gap: 1 });
  write(cv.title, { size: 12, color: MUTED, gap: 6 });

  heading("1. Personal details");
  row("Name", cv.name);
  row("Proposed position / title", cv.title);
  row("Location", cv.location);
  row("Country of residence", cv.country);
  if (cv.email) row("E-mail", cv.email);
  if (cv.phone) row("Phone", cv.phone);
  row("Years of professional experience", String(cv.yearsExperience));
  row(
    "Availability",
    cv.availableForWork
      ? cv.availableFrom
        ? `Available from ${cv.availableFrom}`
        : "Available for new assignments"
      : "Not taking new assignments",
  );
  if (cv.dailyRate) row("Daily rate", formatRate(cv.dailyRate));

  heading("2. Summary");
  write(cv.bio, { size: 10, gap: 2 });
  row("Key qualifications", [cv.primarySpecialization, ...cv.secondarySpecializations].join(", "));

  heading("3. Education");
  if (cv.education.length === 0) write("None listed.", { color: MUTED });
  for (const item of cv.education) {
    row(item.year ? String(item.year) : "—", `${item.degree}${item.field ? `, ${item.field}` : ""} — ${item.institution}`);
  }

  heading("4. Language skills");
  if (cv.languages.length === 0) write("None listed.", { color: MUTED });
  for (const language of cv.languages) {
    const level = cv.languageLevels[language];
    row(language, level ? LANGUAGE_LEVEL_LABELS[level] : "Level not given");
  }

  heading("5. Countries of work experience");
  const countries = countriesOfExperience(cv.assignments);
  write(countries.length > 0 ? countries.join(", ") : "None listed.", { color: countries.length > 0 ? INK : MUTED });
  if (cv.assignments.length > 0) {
    write(`Total time on assignments: ${assignmentYearsLabel(assignmentMonths(cv.assignments, generatedAt))}`, {
      size: 9.5,
      color: MUTED,
    });
  }

  heading("6. Employment and assignment record");
  if (cv.assignments.length === 0) write("None listed.", { color: MUTED });
  // Room for one more row (a field at the schema's limits takes less than a page, so it ends at
  // most one page further on) and the closing line: the CV never passes MAX_CV_PAGES.
  const hasRoom = () => doc.bufferedPageRange().count + 2 <= MAX_CV_PAGES;
  let listed = 0;
  record: for (const [index, item] of cv.assignments.entries()) {
    if (!hasRoom()) break;
    if (doc.y > doc.page.height - 160) doc.addPage();
    if (index > 0) doc.moveDown(0.4);
    write(`${monthLabel(item.startDate)} – ${item.endDate ? monthLabel(item.endDate) : "present"}`, {
      size: 9.5,
      weight: "bold",
      color: BRAND,
      gap: 1,
    });
    write(item.title, { size: 11, weight: "bold", gap: 2 });
    const rows: [string, string | null][] = [
      ["Client / employer", item.organization],
      ["Position held", item.role],
      ["Funded by", item.donors.join(", ")],
      ["Location", item.countries.join(", ")],
      ["Sector", item.sector],
      ["Description", item.description],
    ];
    for (const [label, value] of rows) {
      if (!hasRoom()) break record;
      if (value) row(label, value);
    }
    listed = index + 1;
  }
  if (listed < cv.assignments.length) {
    const rest = cv.assignments.length - listed;
    doc.moveDown(0.6);
    write(
      `The record stops here to keep this CV within ${MAX_CV_PAGES} pages: ${rest} more ${rest === 1 ? "assignment is" : "assignments are"} on the consultant's DevConsult SEA profile.`,
      { size: 9.5, color: MUTED },
    );
  }

  // Footer on every page: the date the CV was made and the page number.
  const stamp = `Generated by DevConsult SEA on ${generatedAt.toISOString().slice(0, 10)}; profile last updated ${new Date(cv.updatedAt).toISOString().slice(0, 10)}.`;
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
  doc.end();
  return done;
}
