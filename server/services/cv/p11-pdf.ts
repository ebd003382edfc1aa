import { nameParts } from "#common/person-names.ts";
import { LANGUAGE_LEVEL_LABELS, type LanguageLevel, monthLabel } from "#common/track-record.ts";
import { createCvDocument, ENTRY_ROOM, generatedStamp, MUTED } from "./pdf-kit.ts";
import type { CvData } from "./render.ts";

// The CV in the order of the UN Personal History Form (P.11), which UNDP notices ask for instead
// of a CV (issue 34): name, contact, languages (read, write, speak, understand: easily or not),
// education, then the employment record from the present post back, each with the exact title of
// the post, the employer, the type of business, where, and the description of duties. What the
// form asks and a profile does not hold (date of birth, salaries, supervisors) is left for the
// consultant to add by hand.

const ABILITIES: Record<Exclude<LanguageLevel, "native">, string[]> = {
  fluent: ["Easily", "Easily", "Easily", "Easily"],
  working: ["Easily", "Not easily", "Not easily", "Easily"],
  basic: ["Not easily", "Not easily", "Not easily", "Not easily"],
};

export async function renderP11Pdf(cv: CvData, { generatedAt = new Date() } = {}): Promise<Buffer> {
  const { write, heading, row, rows, table, record, startEntry, finish, doc } = await createCvDocument(
    `Personal history: ${cv.name}`,
    {
      margins: 48,
    },
  );
  const { given, family } = nameParts(cv.name);
  write("PERSONAL HISTORY FORM (P.11)", { size: 14, weight: "bold", gap: 1 });
  write(
    "Prepared from the consultant's DevConsult SEA profile. Date of birth, nationality and salaries are to be added by hand.",
    {
      size: 8.5,
      color: MUTED,
      gap: 4,
    },
  );

  heading("1. Name and contact");
  row("Family name", family);
  row("First name", given);
  row("Present address", `${cv.location}${cv.location.includes(cv.country) ? "" : `, ${cv.country}`}`);
  if (cv.phone) row("Telephone No.", cv.phone);
  if (cv.email) row("E-mail", cv.email);

  heading("2. Languages");
  const native = cv.languages.filter((language) => cv.languageLevels[language] === "native");
  row("Mother tongue", native.length > 0 ? native.join(", ") : "—");
  const others = cv.languages.filter((language) => cv.languageLevels[language] !== "native");
  if (others.length > 0) {
    table(
      ["Other languages", "Read", "Write", "Speak", "Understand"],
      others.map((language) => {
        const level = cv.languageLevels[language];
        const abilities = level && level !== "native" ? ABILITIES[level] : ["—", "—", "—", "—"];
        return [level ? `${language} (${LANGUAGE_LEVEL_LABELS[level]})` : language, ...abilities];
      }),
      [0.32, 0.17, 0.17, 0.17, 0.17],
    );
  }

  heading("3. Education");
  if (cv.education.length === 0) write("None listed.", { color: MUTED });
  else {
    table(
      ["Name, place and country", "Attended to", "Degrees and academic distinctions", "Main course of study"],
      cv.education.map((item) => [item.institution, item.year ? String(item.year) : "—", item.degree, item.field ?? "—"]),
      [0.36, 0.14, 0.28, 0.22],
    );
  }

  // The heading keeps the line under it and the first entry with it.
  heading("4. Employment record", { keepWith: ENTRY_ROOM + 20 });
  write("Starting with the present post, in reverse order.", { size: 9, color: MUTED, gap: 2 });
  if (cv.assignments.length === 0) write("None listed.", { color: MUTED });
  record(cv.assignments, (item, index) => {
    startEntry();
    if (index > 0) doc.moveDown(0.5);
    return rows(
      [
        ["From", monthLabel(item.startDate)],
        ["To", item.endDate ? monthLabel(item.endDate) : "Present"],
        ["Exact title of your post", item.role ?? item.title],
        ["Name of employer", item.organization],
        ["Type of business", item.sector],
        ["Address of employer", item.countries.join(", ")],
        [
          "Description of your duties",
          [`Project: ${item.title}`, `Funded by: ${item.donors.join(", ")}`, item.description].filter(Boolean).join("\n"),
        ],
      ],
      { labelWidth: 140 },
    );
  });
  return finish(generatedStamp(generatedAt, cv.updatedAt));
}
