import { EUROPASS_GENERATOR, LANGUAGE_CODE_OF } from "#common/cv-import.ts";
import { nameParts } from "#common/person-names.ts";
import type { LanguageLevel } from "#common/track-record-lists.ts";
import { escapeMarkup } from "../markup.ts";
import type { CvData } from "./render.ts";

// The CV as a Europass XML (the Europass schema of 2012-2020: <SkillsPassport>, what the Europass
// editor and most HR systems read), written so that it imports back into this site unchanged
// (issue 34): each work experience's Activities start with labelled lines (Role, Funded by,
// Countries, Sector) before the description, and the file names this site as its generator, so
// the import knows an absent Role line means no role.

const ISO_CODES: Record<string, string> = {
  Indonesia: "ID",
  Thailand: "TH",
  Vietnam: "VN",
  Philippines: "PH",
  Malaysia: "MY",
  Singapore: "SG",
  Myanmar: "MM",
  Cambodia: "KH",
  Laos: "LA",
  Brunei: "BN",
};

const CEFR: Record<Exclude<LanguageLevel, "native">, string> = { fluent: "C1", working: "B2", basic: "A2" };

/** Text for an element: the five characters XML reserves escaped, control characters dropped (XML 1.0 has none). */
function text(value: string): string {
  return escapeMarkup(value.replace(/(?![\t\n\r])\p{Cc}/gu, ""));
}

/** Rich text the Europass way: escaped HTML paragraphs, one a line. */
function paragraphs(lines: string[]): string {
  return text(lines.map((line) => `<p>${text(line)}</p>`).join(""));
}

function period(start: string, end: string | null): string {
  const from = `<From year="${start.slice(0, 4)}" month="--${start.slice(5, 7)}"/>`;
  const to = end ? `<To year="${end.slice(0, 4)}" month="--${end.slice(5, 7)}"/>` : "<Current>true</Current>";
  return `<Period>${from}${to}</Period>`;
}

export function renderEuropassXml(cv: CvData): Uint8Array {
  const parts = nameParts(cv.name);
  const first = parts.given;
  const surname = parts.family === "—" ? "" : parts.family;
  const work = cv.assignments
    .map((item) => {
      const lines = [
        ...(item.role ? [`Role: ${item.role}`] : []),
        `Funded by: ${item.donors.join(", ")}`,
        `Countries: ${item.countries.join(", ")}`,
        ...(item.sector ? [`Sector: ${item.sector}`] : []),
        ...(item.description ? item.description.split("\n") : []),
      ];
      const country = item.countries[0] ?? "";
      return `<WorkExperience>${period(item.startDate, item.endDate)}<Position><Label>${text(item.title)}</Label></Position><Activities>${paragraphs(lines)}</Activities><Employer><Name>${text(item.organization)}</Name><ContactInfo><Address><Contact><Country>${ISO_CODES[country] ? `<Code>${ISO_CODES[country]}</Code>` : ""}<Label>${text(country)}</Label></Country></Contact></Address></ContactInfo>${item.sector ? `<Sector><Label>${text(item.sector)}</Label></Sector>` : ""}</Employer></WorkExperience>`;
    })
    .join("");
  const education = cv.education
    .map(
      (item) =>
        `<Education>${item.year ? `<Period><To year="${item.year}"/></Period>` : ""}<Title>${text(item.degree)}</Title>${item.field ? `<Skills>${text(item.field)}</Skills>` : ""}<Organisation><Name>${text(item.institution)}</Name></Organisation></Education>`,
    )
    .join("");
  const native = cv.languages.filter((language) => cv.languageLevels[language] === "native");
  const foreign = cv.languages.filter((language) => cv.languageLevels[language] !== "native");
  const description = (language: string) =>
    `<Description>${LANGUAGE_CODE_OF[language] ? `<Code>${LANGUAGE_CODE_OF[language]}</Code>` : ""}<Label>${text(language)}</Label></Description>`;
  const proficiency = (language: string) => {
    const level = cv.languageLevels[language];
    if (!level || level === "native") return "";
    const cefr = CEFR[level];
    return `<ProficiencyLevel>${["Listening", "Reading", "SpokenInteraction", "SpokenProduction", "Writing"].map((skill) => `<${skill}>${cefr}</${skill}>`).join("")}</ProficiencyLevel>`;
  };
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<SkillsPassport xmlns="http://europass.cedefop.europa.eu/Europass" locale="en">
<DocumentInfo><DocumentType>ECV</DocumentType><CreationDate>${new Date(cv.updatedAt).toISOString().slice(0, 19)}Z</CreationDate><XSDVersion>V3.3</XSDVersion><Generator>${EUROPASS_GENERATOR}</Generator></DocumentInfo>
<LearnerInfo>
<Identification><PersonName><FirstName>${text(first ?? "")}</FirstName><Surname>${text(surname)}</Surname></PersonName><ContactInfo><Address><Contact><Municipality>${text(cv.location)}</Municipality><Country>${ISO_CODES[cv.country] ? `<Code>${ISO_CODES[cv.country]}</Code>` : ""}<Label>${text(cv.country)}</Label></Country></Contact></Address>${cv.email ? `<Email><Contact>${text(cv.email)}</Contact></Email>` : ""}${cv.phone ? `<TelephoneList><Telephone><Contact>${text(cv.phone)}</Contact></Telephone></TelephoneList>` : ""}</ContactInfo></Identification>
<Headline><Type><Code>position</Code><Label>Position</Label></Type><Description><Label>${text(cv.title)}</Label></Description></Headline>
<WorkExperienceList>${work}</WorkExperienceList>
<EducationList>${education}</EducationList>
<Skills><Linguistic><MotherTongueList>${native.map((language) => `<MotherTongue>${description(language)}</MotherTongue>`).join("")}</MotherTongueList><ForeignLanguageList>${foreign.map((language) => `<ForeignLanguage>${description(language)}${proficiency(language)}</ForeignLanguage>`).join("")}</ForeignLanguageList></Linguistic><Other><Description>${paragraphs(cv.bio.split("\n"))}</Description></Other></Skills>
</LearnerInfo>
</SkillsPassport>
`;
  return new TextEncoder().encode(xml);
}
