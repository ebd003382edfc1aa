import { LANGUAGE_LEVEL_LABELS, type LanguageLevel, monthLabel } from "#common/track-record.ts";
import { renderEuropassXml } from "./europass-xml.ts";
import { BRAND, createCvDocument, generatedStamp, MUTED } from "./pdf-kit.ts";
import type { CvData } from "./render.ts";

// The CV in the Europass layout (issue 34): the section titles in a narrow column on the left,
// the content on the right (personal information, the position, work experience, education and
// training, personal skills with the CEFR grid), and the Europass XML attached to the PDF, as
// the Europass editor does, so the file imports back into this site (or any Europass reader).

const CEFR: Record<Exclude<LanguageLevel, "native">, string> = { fluent: "C1", working: "B2", basic: "A2" };
const LABEL_WIDTH = 130;
/**
 * Pages kept free for what Europass puts after the work experience: education (20 entries of up
 * to 3 × 255 characters: three and a half pages) and the personal skills (15 languages).
 */
const AFTER_RECORD_PAGES = 6;

export async function renderEuropassPdf(cv: CvData, { generatedAt = new Date() } = {}): Promise<Buffer> {
  const kit = await createCvDocument(`Europass CV: ${cv.name}`, {
    margins: 48,
    attachment: {
      name: "attachment.xml",
      body: renderEuropassXml(cv),
      type: "application/xml",
      description: "Europass CV (XML)",
    },
  });
  const { doc, left, width, write, record, finish } = kit;
  const content = { x: left + LABEL_WIDTH + 12, w: width - LABEL_WIDTH - 12 };

  /** A section title in the left column, level with the first line of its content. */
  const section = (title: string) => {
    if (doc.y > doc.page.height - 120) doc.addPage();
    doc.moveDown(0.8);
    const y = doc.y;
    write(title.toUpperCase(), { size: 9, weight: "bold", color: BRAND, x: left, w: LABEL_WIDTH, gap: 0 });
    doc.y = y;
  };
  /** A label on the left and its text on the right. */
  const entry = (label: string, value: string, weight: "regular" | "bold" = "regular") => {
    if (doc.y > doc.page.height - 90) doc.addPage();
    const y = doc.y;
    write(label, { size: 8.5, color: MUTED, x: left, w: LABEL_WIDTH, gap: 0 });
    const labelBottom = doc.y;
    doc.y = y;
    write(value, { size: 10, weight, ...content, gap: 1 });
    doc.y = Math.max(doc.y, labelBottom);
  };

  write("Europass Curriculum Vitae", { size: 16, weight: "bold", color: BRAND, gap: 4 });
  section("Personal information");
  write(cv.name, { size: 14, weight: "bold", ...content, gap: 1 });
  write(cv.location, { ...content, gap: 0 });
  if (cv.phone) write(cv.phone, { ...content, gap: 0 });
  if (cv.email) write(cv.email, { ...content, gap: 0 });

  section("Position");
  write(cv.title, { size: 12, weight: "bold", ...content, gap: 1 });
  write(cv.bio, { ...content, gap: 1 });

  section("Work experience");
  if (cv.assignments.length === 0) write("None listed.", { color: MUTED, ...content });
  record(
    cv.assignments,
    (item, index) => {
      if (index > 0) doc.moveDown(0.5);
      entry(`${monthLabel(item.startDate)} – ${item.endDate ? monthLabel(item.endDate) : "present"}`, item.title, "bold");
      write(`${item.organization} · ${item.countries.join(", ")}`, { ...content, gap: 1 });
      if (item.role) write(`Role: ${item.role}`, { ...content, gap: 0 });
      write(`Funded by: ${item.donors.join(", ")}`, { size: 9, color: MUTED, ...content, gap: 0 });
      if (item.sector) write(`Business or sector: ${item.sector}`, { size: 9, color: MUTED, ...content, gap: 0 });
      if (item.description) write(item.description, { ...content, gap: 1 });
    },
    { reserve: AFTER_RECORD_PAGES },
  );

  section("Education and training");
  if (cv.education.length === 0) write("None listed.", { color: MUTED, ...content });
  for (const item of cv.education) {
    entry(item.year ? String(item.year) : "—", `${item.degree}${item.field ? `, ${item.field}` : ""}`, "bold");
    write(item.institution, { ...content, gap: 1 });
  }

  section("Personal skills");
  const native = cv.languages.filter((language) => cv.languageLevels[language] === "native");
  entry("Mother tongue(s)", native.length > 0 ? native.join(", ") : "—");
  const others = cv.languages.filter((language) => cv.languageLevels[language] !== "native");
  if (others.length > 0) {
    if (doc.y > doc.page.height - 120) doc.addPage();
    doc.moveDown(0.3);
    const y = doc.y;
    write("Other language(s)", { size: 8.5, color: MUTED, x: left, w: LABEL_WIDTH, gap: 0 });
    doc.y = y;
    const columns = ["Language", "Listening", "Reading", "Spoken interaction", "Spoken production", "Writing"];
    const columnWidth = content.w / columns.length;
    const line = (cells: string[], weight: "regular" | "bold") => {
      // A row starts on a new page rather than run its cells over the page's end one by one.
      if (doc.y > doc.page.height - 80) doc.addPage();
      const top = doc.y;
      let bottom = top;
      cells.forEach((cell, index) => {
        doc.y = top;
        write(cell, { size: 8.5, weight, x: content.x + index * columnWidth, w: columnWidth - 4, gap: 0 });
        bottom = Math.max(bottom, doc.y);
      });
      doc.y = bottom + 2;
    };
    line(columns, "bold");
    for (const language of others) {
      const level = cv.languageLevels[language];
      const cefr = level && level !== "native" ? CEFR[level] : "—";
      line([level ? `${language} (${LANGUAGE_LEVEL_LABELS[level]})` : language, cefr, cefr, cefr, cefr, cefr], "regular");
    }
    write("Levels: A1 and A2 basic user, B1 and B2 independent user, C1 and C2 proficient user (Common European Framework).", {
      size: 7.5,
      color: MUTED,
      ...content,
    });
  }
  entry("Job-related skills", [cv.primarySpecialization, ...cv.secondarySpecializations].join(", "));
  return finish(generatedStamp(generatedAt, cv.updatedAt));
}
