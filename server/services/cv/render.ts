import { DEFAULT_LOCALE, type Locale } from "#common/locales.ts";
import {
  type Assignment,
  assignmentMonths,
  countriesOfExperience,
  type DailyRate,
  type Education,
  formatRate,
  type LanguageLevel,
} from "#common/track-record.ts";
import { serverI18n } from "#server/i18n/server-i18n.ts";
import { availableFrom, CV_WORDS, generatedOn, LEVEL_WORDS, monthIn, pageOf, recordStopsHere, totalTime } from "./cv-i18n.ts";
import { BRAND, createCvDocument, ENTRY_ROOM, INK, MUTED } from "./pdf-kit.ts";

// The CV as a PDF, laid out like a donor key-expert CV (the World Bank's and the EU's: personal
// details, summary, education, languages, countries of experience, then the employment and
// assignment record). The fonts, the text runs and the writer are ./pdf-kit.ts's; its own words
// are in the requester's language (./cv-i18n.ts).

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
  /** The language of the layout's own words (headings, labels); the standard layout only. English when absent. */
  locale?: Locale;
};

export { MAX_CV_PAGES } from "./pdf-kit.ts";

export async function renderCvPdf(cv: CvData, { generatedAt = new Date() } = {}): Promise<Buffer> {
  const i18n = await serverI18n(cv.locale ?? DEFAULT_LOCALE);
  const say = (words: keyof typeof CV_WORDS) => i18n._(CV_WORDS[words]);
  const { doc, write, heading, row, rows, record, startEntry, finish } = await createCvDocument(
    `${say("curriculumVitae")}: ${cv.name}`,
  );

  write(say("curriculumVitae").toUpperCase(), { size: 9, weight: "bold", color: MUTED, gap: 2 });
  write(cv.name, { size: 20, weight: "bold", gap: 1 });
  write(cv.title, { size: 12, color: MUTED, gap: 6 });

  heading(say("personalDetails"));
  row(say("name"), cv.name);
  row(say("position"), cv.title);
  row(say("location"), cv.location);
  row(say("residence"), cv.country);
  if (cv.email) row(say("email"), cv.email);
  if (cv.phone) row(say("phone"), cv.phone);
  row(say("years"), String(cv.yearsExperience));
  row(
    say("availability"),
    cv.availableForWork ? (cv.availableFrom ? availableFrom(i18n, cv.availableFrom) : say("availableNow")) : say("notAvailable"),
  );
  if (cv.dailyRate) row(say("dailyRate"), formatRate(cv.dailyRate));

  heading(say("summary"));
  write(cv.bio, { size: 10, gap: 2 });
  row(say("keyQualifications"), [cv.primarySpecialization, ...cv.secondarySpecializations].join(", "));

  heading(say("education"));
  if (cv.education.length === 0) write(say("noneListed"), { color: MUTED });
  for (const item of cv.education) {
    row(item.year ? String(item.year) : "—", `${item.degree}${item.field ? `, ${item.field}` : ""} — ${item.institution}`);
  }

  heading(say("languageSkills"));
  if (cv.languages.length === 0) write(say("noneListed"), { color: MUTED });
  // A language without a level is named, not labelled "Level not given" (issue 36): the ones with a
  // level as rows, then the others on one line.
  const unleveled: string[] = [];
  for (const language of cv.languages) {
    const level = cv.languageLevels[language];
    if (level) row(language, i18n._(LEVEL_WORDS[level]));
    else unleveled.push(language);
  }
  if (unleveled.length > 0) write(unleveled.join(", "), { size: 10 });

  heading(say("countries"));
  const countries = countriesOfExperience(cv.assignments);
  write(countries.length > 0 ? countries.join(", ") : say("noneListed"), { color: countries.length > 0 ? INK : MUTED });
  if (cv.assignments.length > 0) {
    write(totalTime(i18n, assignmentMonths(cv.assignments, generatedAt)), {
      size: 9.5,
      color: MUTED,
    });
  }

  heading(say("record"), { keepWith: ENTRY_ROOM });
  if (cv.assignments.length === 0) write(say("noneListed"), { color: MUTED });
  record(
    cv.assignments,
    (item, index) => {
      startEntry();
      if (index > 0) doc.moveDown(0.4);
      write(`${monthIn(i18n, item.startDate)} – ${item.endDate ? monthIn(i18n, item.endDate) : say("present")}`, {
        size: 9.5,
        weight: "bold",
        color: BRAND,
        gap: 1,
      });
      write(item.title, { size: 11, weight: "bold", gap: 2 });
      return rows([
        [say("client"), item.organization],
        [say("role"), item.role],
        [say("fundedBy"), item.donors.join(", ")],
        [say("location"), item.countries.join(", ")],
        [say("sector"), item.sector],
        [say("description"), item.description],
      ]);
    },
    { say: (max, rest) => recordStopsHere(i18n, max, rest) },
  );

  // Footer on every page: the date the CV was made and the page number.
  return finish(generatedOn(i18n, generatedAt, cv.updatedAt), (page, count) => pageOf(i18n, page, count));
}
