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
import { BRAND, createCvDocument, generatedStamp, INK, MUTED } from "./pdf-kit.ts";

// The CV as a PDF, laid out like a donor key-expert CV (the World Bank's and the EU's: personal
// details, summary, education, languages, countries of experience, then the employment and
// assignment record). The fonts, the text runs and the writer are ./pdf-kit.ts's.

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

export { MAX_CV_PAGES } from "./pdf-kit.ts";

export async function renderCvPdf(cv: CvData, { generatedAt = new Date() } = {}): Promise<Buffer> {
  const { doc, write, heading, row, hasRoom, recordStops, finish } = await createCvDocument(`Curriculum vitae: ${cv.name}`);

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
  recordStops(cv.assignments.length - listed);

  // Footer on every page: the date the CV was made and the page number.
  return finish(generatedStamp(generatedAt, cv.updatedAt));
}
