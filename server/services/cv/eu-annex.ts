import { nameParts } from "#common/person-names.ts";
import { countriesOfExperience, type LanguageLevel, monthLabel } from "#common/track-record.ts";
import { createCvDocument, ENTRY_ROOM, generatedStamp, MUTED } from "./pdf-kit.ts";
import type { CvData } from "./render.ts";

// The CV as the EU's service tenders ask for it, the "Curriculum vitae" annex (issue 34): its
// numbered items in their order (name, education, language skills with levels from 1 excellent
// to 5 basic, other skills, present position, key qualifications, specific experience in the
// region, professional experience as one table). Items a profile does not hold (date of birth,
// nationality, years within the firm) are left for the consultant to fill in.

const EU_LEVEL: Record<LanguageLevel, string> = { native: "1", fluent: "2", working: "3", basic: "4" };

export async function renderEuAnnexPdf(cv: CvData, { generatedAt = new Date() } = {}): Promise<Buffer> {
  const { doc, write, heading, row, table, record, startEntry, finish } = await createCvDocument(`Curriculum vitae: ${cv.name}`, {
    margins: 48,
  });
  const { given, family } = nameParts(cv.name);
  write("CURRICULUM VITAE", { size: 14, weight: "bold", gap: 1 });
  write("Annex to the tender: the expert's CV in the standard layout of EU service contracts.", {
    size: 8.5,
    color: MUTED,
    gap: 4,
  });

  heading("1. Family name", { upper: false });
  write(family);
  heading("2. First names", { upper: false });
  write(given);
  heading("3. Contact", { upper: false });
  row("Location", cv.location);
  if (cv.email) row("E-mail", cv.email);
  if (cv.phone) row("Phone", cv.phone);

  heading("4. Education", { upper: false });
  if (cv.education.length === 0) write("None listed.", { color: MUTED });
  else {
    table(
      ["Institution (date to)", "Degree(s) or diploma(s) obtained"],
      cv.education.map((item) => [
        `${item.institution}${item.year ? ` (${item.year})` : ""}`,
        `${item.degree}${item.field ? `, ${item.field}` : ""}`,
      ]),
      [0.5, 0.5],
    );
  }

  heading("5. Language skills", { upper: false });
  write("Indicate competence on a scale of 1 to 5 (1 - excellent; 5 - basic).", { size: 8.5, color: MUTED, gap: 1 });
  if (cv.languages.length === 0) write("None listed.", { color: MUTED });
  else {
    table(
      ["Language", "Reading", "Speaking", "Writing"],
      cv.languages.map((language) => {
        const level = cv.languageLevels[language];
        const score = level ? EU_LEVEL[level] : "—";
        return [language, score, score, score];
      }),
      [0.4, 0.2, 0.2, 0.2],
    );
  }

  heading("6. Other skills", { upper: false });
  write([cv.primarySpecialization, ...cv.secondarySpecializations].join(", "));
  heading("7. Present position", { upper: false });
  write(cv.title);
  heading("8. Years of professional experience", { upper: false });
  write(String(cv.yearsExperience));
  heading("9. Key qualifications", { upper: false });
  write(cv.bio);
  heading("10. Specific experience in the region", { upper: false });
  const countries = countriesOfExperience(cv.assignments);
  if (countries.length === 0) write("None listed.", { color: MUTED });
  else {
    table(
      ["Country", "Date from - Date to"],
      countries.map((country) => {
        const there = cv.assignments.filter((item) => item.countries.includes(country));
        const from = there.map((item) => item.startDate).sort()[0] ?? "";
        const isOngoing = there.some((item) => item.endDate === null);
        const to = isOngoing
          ? "present"
          : monthLabel(
              there
                .map((item) => item.endDate ?? "")
                .sort()
                .pop() ?? "",
            );
        return [country, `${monthLabel(from)} - ${to}`];
      }),
      [0.5, 0.5],
    );
  }

  heading("11. Professional experience", { upper: false, keepWith: ENTRY_ROOM });
  if (cv.assignments.length === 0) write("None listed.", { color: MUTED });
  const headers = ["Date from - Date to", "Location", "Company & reference person", "Position", "Description"];
  const widths = [0.15, 0.14, 0.2, 0.15, 0.36];
  record(
    cv.assignments,
    (item, index) => {
      startEntry();
      table(
        // The header row on the table's first entry and again at the top of each new page.
        index === 0 || doc.y < 80 ? headers : null,
        [
          [
            `${monthLabel(item.startDate)} - ${item.endDate ? monthLabel(item.endDate) : "present"}`,
            item.countries.join(", "),
            item.organization,
            item.role ?? "—",
            [item.title, `Funded by: ${item.donors.join(", ")}`, item.description].filter(Boolean).join("\n"),
          ],
        ],
        widths,
      );
    },
    // A row of narrow cells can run more than a page at the schema's limits (15 countries in
    // the Location column): room for two pages more.
    { reserve: 1 },
  );
  return finish(generatedStamp(generatedAt, cv.updatedAt));
}
