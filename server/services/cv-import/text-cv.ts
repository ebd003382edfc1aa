import {
  CV_IMPORT_WARNINGS,
  type CvDrafts,
  type DraftAssignment,
  type DraftEducation,
  type DraftProfile,
} from "#common/cv-import.ts";
import {
  countriesIn,
  countriesOfLocation,
  countryOfPlace,
  descriptionFields,
  donorsIn,
  donorsMentioned,
  donorsOfField,
  emptyAssignment,
  findRange,
  institutionName,
  languagesOfText,
  parseDate,
  sectorOf,
  splitDegree,
  tidy,
  withoutRange,
} from "./normalize.ts";

// Any CV as text: the lines of a PDF (in reading order) or of a Word document. Sections are found
// by their headings, assignments by their ranges of dates, and the parts of an entry's header
// (title, organization, role, place) by what they look like. What cannot be read is left empty
// for the consultant, and the warnings say so.

type Section = "summary" | "experience" | "education" | "languages" | "other" | "personal";

const HEADINGS: [Section, RegExp][] = [
  [
    "experience",
    /^(?:(?:relevant|professional|work|employment|consulting|consultancy|selected|international|specific|key|recent|previous|project|and|&)\s+)*(?:experience|employment(?: record| history)?|assignments?(?: record)?|career(?: history)?|work history|track record|professional record)(?:\s+(?:record|history|and assignments?(?: record)?|and assignment record))?$/i,
  ],
  [
    "education",
    /^(?:education(?:al background)?|academic (?:background|qualifications)|qualifications|education and training|degrees)$/i,
  ],
  ["languages", /^(?:languages?(?: skills| proficiency)?|language skills)$/i],
  [
    "summary",
    /^(?:(?:professional |personal |career |executive )?(?:summary|profile|statement)|about(?: me)?|overview|key qualifications|summary of qualifications)$/i,
  ],
  ["personal", /^(?:personal (?:details|information|data)|contact(?: details| information)?)$/i],
  [
    "other",
    /^(?:(?:technical |computer |other |core |key )?skills(?: and competencies)?|competencies|publications|references|referees|trainings?|certifications?|memberships?|awards|honou?rs|interests|hobbies|other information|additional information|countries of (?:work )?experience|training courses)$/i,
  ],
];

/** A heading's section, or null for a line that is not a heading. */
function headingOf(line: string): Section | null {
  const text = line
    .replace(/^[\d.IVX]+[.)]\s+/, "")
    .replace(/[:：]\s*$/, "")
    .trim();
  if (text.length === 0 || text.length > 60) return null;
  return HEADINGS.find(([, pattern]) => pattern.test(text))?.[0] ?? null;
}

const ROLE_WORDS =
  /\b(?:team leader|leader|consultant|specialist|adviser|advisor|expert|manager|coordinator|co-ordinator|officer|evaluator|analyst|director|lead|researcher|economist|engineer|assistant|associate|chief|head|facilitator|trainer|lecturer|fellow|representative|scientist|statistician|planner|auditor)s?\b/i;
const ORG_WORDS =
  /\b(?:ministry|department|bank|agency|organi[sz]ation|foundation|institute|university|commission|council|authority|association|society|corporation|company|ltd|limited|inc|gmbh|consult(?:ing|ants)?|partners|secretariat|centre|center|network|trust|alliance|federation|committee|government|people's committee|delegation|embassy|oxfam|care international|save the children|world vision|plan international|helvetas|snv|office|unit|fund|international|pte|co\.)\b/i;
const TITLE_WORDS =
  /\b(?:evaluation|assessment|review|study|project|programme|program|support|strengthening|baseline|survey|design|capacity|technical assistance|mid-term|midterm|feasibility|analysis|strategy|plan|initiative|reform|improvement|mapping)\b/i;

const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}.-]+\.[\p{L}]{2,}/u;
const PHONE = /(?:\+|\b00)\d[\d\s().-]{6,}\d/;

type Labelled = { key: keyof typeof ENTRY_LABELS; value: string };

const ENTRY_LABELS = {
  organization:
    /^(?:employer|client|organi[sz]ation|company|name of employer|contracting (?:authority|organi[sz]ation)|client \/ employer|beneficiary)$/i,
  role: /^(?:position(?: held)?|role|function|job title|post|title of post|exact title of (?:your )?post)$/i,
  title:
    /^(?:project|assignment|title|name of (?:assignment|project)(?: or (?:assignment|project))?|project name|project title)$/i,
  location: /^(?:location|country|countries|place|place of assignment)$/i,
  donors: /^(?:funded by|funding|financed by|donors?|funding agency|source of funding|financing)$/i,
  description:
    /^(?:description|main (?:project features|activities)|activities(?: performed)?|duties|responsibilities|tasks|achievements)$/i,
  sector: /^sector$/i,
  dates: /^(?:dates?|period|from|year)$/i,
} as const;

function labelled(line: string): Labelled | null {
  // "Employer: ADB", or a label and its value set apart ("Employer | ADB": a table, or wide spacing).
  const match = /^([^:：|]{2,50})(?:[:：]| \| )\s*(.*)$/.exec(line);
  if (!match?.[1]) return null;
  const label = match[1].trim();
  const key = (Object.keys(ENTRY_LABELS) as (keyof typeof ENTRY_LABELS)[]).find((name) => ENTRY_LABELS[name].test(label));
  return key ? { key, value: (match[2] ?? "").trim() } : null;
}

const isBullet = (line: string) => /^[•·▪‣◦*–-]\s/.test(line);

// ---------------------------------------------------------------------------------------------

export function readTextCv(rawLines: string[]): { drafts: CvDrafts; warnings: string[] } {
  const warnings: string[] = [];
  const lines = joinFromTo(
    rawLines
      .map((line) =>
        line
          .normalize("NFC")
          .replace(/\u00a0/g, " ")
          .replace(/\s{2,}/g, " | ")
          .trim(),
      )
      // Page numbers and running footers.
      .filter((line) => !/^(?:page \d+(?: of \d+)?|\d+ \/ \d+|- \d+ -)$/i.test(line) && !/\bpage \d+ of \d+\b/i.test(line)),
  );

  const sections = splitSections(lines);
  const profile = readProfile(sections.head, sections.personal, sections.summary);
  const assignments = sections.experience.flatMap((block) => readAssignments(block));
  const education = sections.education.flatMap((block) => readEducation(block));
  const languageText = sections.languages.flat().join("\n");
  let languages = languagesOfText(languageText);
  if (languages.length === 0) {
    const line = lines.find((item) => /^languages?\s*[:：]/i.test(item));
    if (line) languages = languagesOfText(line.replace(/^languages?\s*[:：]/i, ""));
  }
  if (sections.experience.length === 0) warnings.push(CV_IMPORT_WARNINGS.noExperience);
  else if (assignments.length === 0) warnings.push(CV_IMPORT_WARNINGS.noDatedAssignment);
  if (sections.education.length === 0 && education.length === 0) warnings.push(CV_IMPORT_WARNINGS.noEducation);
  return { drafts: { profile, assignments, education, languages }, warnings };
}

/** "From: 03/2019" and "To: 06/2021" on two lines, as one; so is a range cut after its dash. */
function joinFromTo(lines: string[]): string[] {
  const joined: string[] = [];
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index] ?? "";
    const next = lines[index + 1] ?? "";
    if (
      (/^from\s*[:：]?\s*\S+/i.test(line) && /^to\s*[:：]?\s*\S+/i.test(next) && findRange(`${line} ${next}`)) ||
      endsOnNextLine(line, next)
    ) {
      joined.push(`${line} ${next}`);
      index += 1;
    } else joined.push(line);
  }
  return joined;
}

/**
 * "… Cambodia 03/2021 –" then "08/2022": a line's width pushed the range's end onto a line of its
 * own (read alone, the range would be open: an assignment still going on). Only a line that is
 * one date and nothing else is taken as the end; an open range followed by anything else stays open.
 */
function endsOnNextLine(line: string, next: string): boolean {
  if (!/[–—‐‒−-]$/.test(line) || parseDate(next.replace(/[.,;]$/, ""), "end") === null) return false;
  const alone = findRange(line);
  const together = findRange(`${line} ${next}`);
  return alone !== null && alone.end === null && together !== null && together.end !== null && together.start === alone.start;
}

type Sections = {
  head: string[];
  personal: string[];
  summary: string[];
  experience: string[][];
  education: string[][];
  languages: string[][];
};

function splitSections(lines: string[]): Sections {
  const sections: Sections = { head: [], personal: [], summary: [], experience: [], education: [], languages: [] };
  let current: Section | "head" = "head";
  let block: string[] = sections.head;
  for (const line of lines) {
    const section = headingOf(line);
    if (section) {
      current = section;
      block = [];
      if (section === "experience") sections.experience.push(block);
      else if (section === "education") sections.education.push(block);
      else if (section === "languages") sections.languages.push(block);
      else if (section === "summary") block = sections.summary;
      else if (section === "personal") block = sections.personal;
      continue;
    }
    if (current === "other") continue;
    // A contact block inside a section (a two-column CV's sidebar, read after the main column):
    // the person's details, not the end of the last assignment or degree. Its lines above the
    // e-mail or phone (name, title, town: short, no sentence, no dates) go with it.
    if (current !== "personal" && block !== sections.head && isContactLine(line)) {
      let start = block.length;
      while (start > 0 && isContactBlockLine(block[start - 1] ?? "")) start -= 1;
      // It starts a paragraph of its own: a description's last line without a full stop stays.
      while (start > 0 && start < block.length && block[start - 1] !== "") start += 1;
      sections.personal.push(...block.splice(start), line);
      current = "personal";
      block = sections.personal;
      continue;
    }
    block.push(line);
  }
  return sections;
}

/** An e-mail address, or a telephone number alone or under its label. */
function isContactLine(line: string): boolean {
  return (
    EMAIL.test(line) || /^(?:(?:tel|phone|mobile|mob|telephone|whatsapp)\.?\s*[:：]?\s*)?(?:\+|00)\d[\d\s().-]{6,}\d$/i.test(line)
  );
}

/** A line of a contact block above its e-mail: blank, or short, not a sentence, without dates. */
function isContactBlockLine(line: string): boolean {
  return line === "" || (line.length <= 80 && !/[.;!?]$/.test(line) && !findRange(line) && !isBullet(line));
}

// ---------------------------------------------------------------------------------------------
// Profile

function readProfile(head: string[], personal: string[], summary: string[]): DraftProfile {
  const profile: DraftProfile = {};
  const all = [...head, ...personal];
  for (const line of all) {
    const field = /^([^:：|]{2,40})(?:[:：]| \| )\s*(.+)$/.exec(line);
    if (!field?.[1] || !field[2]) continue;
    const label = field[1].trim().toLowerCase();
    const value = field[2].trim();
    if (/^(?:name|full name|family name, first name|name of expert)$/.test(label)) profile.name ??= value;
    else if (/^(?:proposed position(?: \/ title)?|position|title|current position|profession)$/.test(label))
      profile.title ??= value;
    else if (/^(?:address|location|based in|residence|country of residence|current location)$/.test(label))
      profile.location ??= value;
  }
  const text = all.join("\n");
  const email = EMAIL.exec(text)?.[0];
  if (email) profile.email = email;
  const phone = PHONE.exec(text.replace(new RegExp(EMAIL.source, "gu"), " "))?.[0];
  if (phone) profile.phone = phone.trim();
  if (!profile.name) {
    const candidates = head.filter(Boolean);
    const nameIndex = candidates.findIndex(looksLikeName);
    const name = candidates[nameIndex];
    if (name) {
      profile.name = name;
      // The line under the name, or its first part ("Senior Economist · name@example.org · +66 …").
      const next = candidates[nameIndex + 1]?.split(/\s+[|·•—]\s+|\.\s+/)[0]?.trim();
      if (!profile.title && next && !EMAIL.test(next) && !PHONE.test(next) && !/[:：]/.test(next) && next.length <= 120) {
        profile.title = next;
      }
    } else {
      // "Kyaw Zin Htet — Disaster Risk Finance Specialist": the name and the title on the CV's first line.
      const [first, title] = (candidates[0] ?? "").split(/\s+[|·•—–]\s+/).map((part) => part.trim());
      if (first && title && looksLikeName(first)) {
        profile.name = first;
        if (!profile.title && !EMAIL.test(title) && !PHONE.test(title) && !/[:：]/.test(title) && title.length <= 120) {
          profile.title = title;
        }
      }
    }
  }
  if (!profile.location) {
    const place = all.find((line) => !EMAIL.test(line) && countriesOfLocation(line).length > 0 && line.length <= 80);
    if (place) profile.location = tidy(place.split(" | ").find((part) => countriesOfLocation(part).length > 0) ?? place);
  }
  const bio = summary
    // Not a "Key qualifications | ..." row of a table.
    .filter((line) => line && !/[:：]$/.test(line) && !/^[^|]{2,30} \| /.test(line))
    .join(" ")
    .replace(/\s+/g, " ")
    .trim();
  if (bio) profile.bio = bio;
  if (profile.location) {
    const country = countriesOfLocation(profile.location).find((item) => countryOfPlace(item));
    if (country) profile.country = country;
  }
  return profile;
}

/** Small words inside names ("Teresa da Costa Soares", "Nurul Huda binti Ahmad"). */
const NAME_PARTICLES = /^(?:da|de|do|dos|das|del|della|van|von|der|den|la|le|bin|binti|bte|al|el|y)$/;

function looksLikeName(line: string): boolean {
  if (/curriculum|vitae|\bcv\b|resume|résumé|page \d/i.test(line)) return false;
  if (/[\d@:|]/.test(line) || headingOf(line)) return false;
  const words = line.split(/\s+/);
  return (
    words.length >= 2 &&
    words.length <= 6 &&
    words.every((word) => NAME_PARTICLES.test(word) || /^[\p{Lu}\p{Lt}][\p{L}\p{M}.'’-]*$/u.test(word))
  );
}

// ---------------------------------------------------------------------------------------------
// Assignments

function readAssignments(block: string[]): DraftAssignment[] {
  const lines = block.filter((line) => line.trim() !== "");
  const dated = lines.map((line, index) => (findRange(line) ? index : -1)).filter((index) => index >= 0);
  if (dated.length === 0) return [];
  // Lines an entry has before its dates (a title over the dates): as many as before the first.
  const first = dated[0] ?? 0;
  const before = lines.slice(0, first);
  const lead = before.length <= 3 && before.every((line) => line.length <= 160 && !isBullet(line)) ? before.length : 0;
  const starts = dated.map((index) => Math.max(0, index - lead));
  return starts.map((start, position) => {
    const end = starts[position + 1] ?? lines.length;
    return readEntry(lines.slice(start, end));
  });
}

function splitParts(line: string): string[] {
  return (
    line
      // "Title (Place)": the place is a part of its own.
      .replace(/\s*\(([^()]{2,80})\)\s*(?=$|[,;|·•])/g, " | $1")
      .split(/\s+\|\s+|\s+[–—·•]\s+|\s+-\s+|\s+at\s+|\s+@\s+|\t|:\s+|;\s+/)
      .flatMap((part) => {
        // "Team Leader, Asian Development Bank": split on commas unless a place follows.
        const pieces = part.split(/,\s+/);
        if (pieces.length === 1) return pieces;
        return mergePlaces(pieces);
      })
      .map((part) => tidy(part.replace(/^\(|\)$/g, "")))
      .filter(Boolean)
  );
}

/**
 * "Hanoi", "Vietnam" after a split on commas belong together as one place; so do a ministry's
 * portfolios ("Ministry of Agriculture", "Forestry and Fisheries").
 */
function mergePlaces(pieces: string[]): string[] {
  const merged: string[] = [];
  for (const piece of pieces) {
    const last = merged[merged.length - 1];
    if (last !== undefined && isPlace(last) && isPlace(piece)) merged[merged.length - 1] = `${last}, ${piece}`;
    else if (last !== undefined && isMinistryPortfolio(last, piece)) merged[merged.length - 1] = `${last}, ${piece}`;
    else merged.push(piece);
  }
  return merged;
}

/** "Forestry and Fisheries" after "Ministry of Agriculture": the rest of the ministry's name, not a part of its own. */
function isMinistryPortfolio(last: string, piece: string): boolean {
  return (
    /^(?:the\s+)?ministry of\s/i.test(last) &&
    /^\p{Lu}\p{Ll}+(?:,? (?:and|&) \p{Lu}\p{Ll}+)+$/u.test(piece.trim()) &&
    !isPlace(piece)
  );
}

function isPlace(text: string): boolean {
  const cleaned = text.replace(/[()]/g, "").trim();
  if (!cleaned || cleaned.length > 80) return false;
  return cleaned.split(/,|\band\b|\/|;/).every((part) => part.trim() === "" || countryOfPlace(part) !== undefined);
}

type Kind = "place" | "organization" | "role" | "title";

function kindOf(part: string): Kind {
  if (isPlace(part)) return "place";
  const words = part.split(/\s+/).length;
  // A role ends with what the person was: "Programme Manager", "Team Leader", "Evaluation Consultant".
  const isRole = new RegExp(`(?:${ROLE_WORDS.source})$`, "i").test(part) && words <= 6;
  const isOrg = ORG_WORDS.test(part) || (donorsIn(part).length > 0 && words <= 8);
  if (isRole && !isOrg) return "role";
  if (isOrg && !TITLE_WORDS.test(part)) return "organization";
  if (isOrg && /^(?:the\s+)?(?:ministry|department|asian|world|united|european|international|national|provincial)/i.test(part)) {
    return "organization";
  }
  if (isRole) return "role";
  return "title";
}

function readEntry(entry: string[]): DraftAssignment {
  const item = emptyAssignment();
  const header: string[] = [];
  const description: string[] = [];
  let location = "";
  let donorsText = "";
  let inDescription = false;
  for (const raw of entry) {
    let line = raw;
    if (!item.startDate) {
      const range = findRange(line);
      if (range) {
        item.startDate = range.start;
        item.endDate = range.end ?? "";
        line = tidy(
          withoutRange(line, range)
            .replace(/^(?:dates?|period|from|year)\s*(?:[:：]|\|)?\s*/i, "")
            // "08/2024 – nay (present)": the translation after the range.
            .replace(/^\((?:present|current|now|ongoing)\)\s*/i, ""),
        );
        if (!line) continue;
      }
    }
    const field = labelled(line);
    if (field && field.key !== "description" && !inDescription) {
      if (field.key === "organization") item.organization ||= field.value;
      else if (field.key === "role") item.role ||= field.value;
      else if (field.key === "title") item.title ||= field.value;
      else if (field.key === "location") location ||= field.value;
      else if (field.key === "donors") donorsText ||= field.value;
      else if (field.key === "sector") item.sector ||= sectorOf(field.value);
      continue;
    }
    if (field?.key === "description") {
      inDescription = true;
      if (field.value) description.push(field.value);
      continue;
    }
    const isHeader =
      !inDescription &&
      header.length < 3 &&
      description.length === 0 &&
      !isBullet(line) &&
      line.length <= 160 &&
      !/\.\s*$/.test(line);
    if (isHeader) header.push(line);
    else {
      inDescription = true;
      description.push(line);
    }
  }

  for (const part of header.flatMap(splitParts)) {
    const kind = kindOf(part);
    if (kind === "place") location ||= part;
    else if (kind === "organization") {
      if (!item.organization) item.organization = part;
      else if (!item.title) item.title = part;
    } else if (kind === "role") {
      if (!item.role) item.role = part;
      else if (!item.title) item.title = part;
    } else if (!item.title) item.title = part;
    else if (!item.organization) item.organization = part;
  }

  const fields = descriptionFields(description.join("\n"));
  item.role ||= fields.role ?? "";
  item.title ||= fields.project ?? item.role;
  item.description = fields.rest
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean)
    .join("\n");
  const everything = [...header, item.organization, item.title, item.description].join("\n");
  item.donors = donorsText ? donorsOfField(donorsText) : (fields.donors ?? donorsMentioned(everything));
  item.countries = location
    ? countriesOfLocation(location)
    : (fields.countries ?? countriesIn([...header, item.organization].join(" ")));
  if (item.countries.length === 0) item.countries = countriesIn(item.description);
  if (fields.sector) item.sector ||= sectorOf(fields.sector);
  return item;
}

// ---------------------------------------------------------------------------------------------
// Education

const DEGREE =
  /\b(?:Ph\.?\s?D|DrPH|D\.?Phil|Doctor(?:ate)?|M\.?Sc|M\.?S\b|M\.?A\b|MBA|MPH|MPA|MPP|LL\.?M|M\.?Eng|M\.?Ed|Master|Bachelor|B\.?Sc|B\.?S\b|B\.?A\b|B\.?Eng|LL\.?B|B\.?Ed|Diploma|Postgraduate|Post-graduate|Certificate)\b/;
const INSTITUTION =
  /\b(?:University|Universit[éeà]|Universitas|Universiti|Universidade|Universidad|Institute|Institut|College|School|Academy|Polytechnic|Đại học|Ecole|École|Hochschule|KAIST)\b|มหาวิทยาลัย|Đại học/iu;

/**
 * A degree line cut inside its institution's name by a narrow column ("MA Public Policy, Australian"
 * over "National University, 2011"), as one line: the first has a comma, no year and no
 * institution, and ends in one to three capitalised words; the next starts with a capital and names
 * the institution.
 */
function joinWrappedInstitutions(lines: string[], hasYear: (line: string) => boolean): string[] {
  const joined: string[] = [];
  for (const line of lines) {
    const previous = joined[joined.length - 1];
    const tail = previous?.split(/,\s+/).slice(1).pop() ?? "";
    const isCut =
      previous !== undefined &&
      !hasYear(previous) &&
      !INSTITUTION.test(previous) &&
      /^(?:\p{Lu}[\p{L}\p{M}'’.-]*\s*){1,3}$/u.test(tail) &&
      !DEGREE.test(tail) &&
      /^\p{Lu}/u.test(line) &&
      INSTITUTION.test(line.split(/,\s+/)[0] ?? "");
    if (isCut) joined[joined.length - 1] = `${previous} ${line}`;
    else joined.push(line);
  }
  return joined;
}

function readEducation(block: string[]): DraftEducation[] {
  const hasYear = (line: string) => /\b(?:19[5-9]\d|20\d{2})\b/.test(line);
  const lines = joinWrappedInstitutions(block.filter(Boolean), hasYear);
  // Either each degree starts its entry, or (dates first) each line with a year does.
  const first = lines[0] ?? "";
  const datesFirst = !DEGREE.test(first) && hasYear(first) && DEGREE.test(lines[1] ?? "");
  const items: string[][] = [];
  for (const line of lines) {
    const last = items[items.length - 1];
    const startsItem = datesFirst ? hasYear(line) && !DEGREE.test(line) : DEGREE.test(line);
    if (startsItem || !last || last.length >= 4) items.push([line]);
    else last.push(line);
  }
  const education: DraftEducation[] = [];
  for (const item of items) {
    const text = item.join(" | ");
    if (!DEGREE.test(text)) continue;
    const range = findRange(text);
    const years = [...text.matchAll(/\b(19[5-9]\d|20\d{2})\b/g)].map((match) => match[1]);
    const year = range ? (range.end ?? range.start).slice(0, 4) : (years[years.length - 1] ?? "");
    const rest = range ? withoutRange(text, range) : text;
    const parts = rest
      .split(/\s+\|\s+|\s+[–—]\s+|\s+-\s+|;\s*|\s*[:：]\s+/)
      .flatMap((part) => {
        // "MSc in Public Health, Mahidol University": the institution after a comma is a part of its own.
        const at = part.search(new RegExp(`,\\s+(?=[^,]*(?:${INSTITUTION.source}))`, "iu"));
        return at > 0 && DEGREE.test(part.slice(0, at)) ? [part.slice(0, at), part.slice(at + 1)] : [part];
      })
      .map((part) => tidy(part.replace(/\(?\b(19[5-9]\d|20\d{2})\b\)?/g, "")))
      // A label left alone ("Institution", "Degree or Diploma obtained") is not a value.
      .filter(
        (part) => part && !/^(?:institution|degrees?(?: or diplomas?)?(?: obtained)?|diplomas?|dates?|year|period)$/i.test(part),
      );
    const degreePart = parts.find((part) => DEGREE.test(part)) ?? "";
    const institution = institutionName(parts.find((part) => part !== degreePart && INSTITUTION.test(part)) ?? "");
    const { degree, field } = splitDegree(degreePart);
    education.push({ degree, field, institution, year });
  }
  return education;
}
