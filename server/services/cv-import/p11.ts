import {
  CV_IMPORT_WARNINGS,
  type CvDrafts,
  type DraftAssignment,
  type DraftEducation,
  type DraftLanguage,
  type DraftProfile,
} from "#common/cv-import.ts";
import { isFamilyNameFirst } from "#common/person-names.ts";
import type { DocxBlock } from "./docx.ts";
import {
  countriesIn,
  countriesOfLocation,
  descriptionFields,
  donorsMentioned,
  emptyAssignment,
  findRange,
  institutionName,
  languageName,
  parseDate,
  sectorOf,
  splitDegree,
} from "./normalize.ts";

// The UN Personal History Form (P11) as a Word document. Its content is a run of labels and
// values: in a row of labels over a row (or rows) of values, in a cell whose first line is the
// label, or in a "Label: value" line. The labels are read wherever they sit, so the many copies
// of the form in circulation (re-typed, reflowed, with rows split or merged) read alike.

type Pair = { label: Label; value: string; row: number };

type Label =
  | "familyName"
  | "firstName"
  | "middleName"
  | "fullName"
  | "email"
  | "phone"
  | "address"
  | "motherTongue"
  | "language"
  | "read"
  | "write"
  | "speak"
  | "understand"
  | "institution"
  | "from"
  | "to"
  | "degree"
  | "courseOfStudy"
  | "post"
  | "employer"
  | "business"
  | "employerAddress"
  | "duties"
  | "profession"
  | "ignored";

const LABELS: [Label, RegExp][] = [
  ["familyName", /^(?:\d+\.\s*)?(?:family name|surname|last name)$/],
  ["firstName", /^(?:\d+\.\s*)?(?:first name|given names?)$/],
  ["middleName", /^(?:\d+\.\s*)?middle names?$/],
  ["fullName", /^(?:\d+\.\s*)?(?:full name|name)$/],
  ["email", /^(?:\d+\.\s*)?(?:e-?mail(?: address)?)$/],
  ["phone", /^(?:\d+\.\s*)?(?:telephone(?: no\.?| number)?|phone|mobile(?: phone)?)$/],
  ["address", /^(?:\d+\.\s*)?(?:present address|permanent address|address|current address)$/],
  ["motherTongue", /^(?:\d+\.\s*)?(?:languages?\s*[-–:]?\s*)?(?:what is your )?mother tongue\??$/],
  ["language", /^(?:\d+\.\s*)?(?:other )?languages?$/],
  ["read", /^read$/],
  ["write", /^write$/],
  ["speak", /^speak$/],
  ["understand", /^understand$/],
  ["institution", /^(?:name,? place and country|name of institution|institution|name and place of institution)$/],
  ["from", /^(?:attended )?from(?: \(?mo(?:nth)?\.?\s*\/\s*year\)?)?$/],
  ["to", /^(?:attended )?to(?: \(?mo(?:nth)?\.?\s*\/\s*year\)?)?$/],
  ["degree", /^(?:degrees? and academic distinctions|degrees?(?: obtained)?|academic distinctions)$/],
  ["courseOfStudy", /^(?:main course of study|main field of study|field of study|course of study)$/],
  ["post", /^(?:exact title of (?:your )?post|title of (?:your )?post|functional title|position title|post title)$/],
  ["employer", /^(?:name of employer|employer)$/],
  ["business", /^(?:type of business|type of organi[sz]ation)$/],
  ["employerAddress", /^(?:address of employer|employer'?s address|duty station)$/],
  ["duties", /^(?:description of (?:your )?duties|duties and responsibilities|main duties)$/],
  ["profession", /^(?:profession|current profession|occupation)$/],
  [
    "ignored",
    /^(?:\d+\.\s*)?(?:maiden name(?:, if any)?|date of birth|place of birth|nationality(?:\(ies\))?(?: at birth)?|present nationality(?:\(ies\))?|gender|sex|marital status|starting salary|final salary|annual salary|name of supervisor|reason for leaving|no\. and kind of employees supervised by you)$/,
  ],
];

function labelOf(text: string): Label | null {
  const key = text
    .toLowerCase()
    .replace(/[*:：]+\s*$/, "")
    .replace(/\s+/g, " ")
    .trim();
  if (key.length > 70) return null;
  return LABELS.find(([, pattern]) => pattern.test(key))?.[0] ?? null;
}

/** Whether a Word document's text is a P11. */
export function isP11(blocks: DocxBlock[]): boolean {
  const text = blocks
    .flatMap((block) => (block.kind === "paragraph" ? [block.text] : block.rows.flat(2)))
    .join("\n")
    .toLowerCase();
  return /personal history(?: form)?|p\.?\s?11\b/.test(text) && /exact title of (?:your )?post|name of employer/.test(text);
}

/** Every label with its value, in the order of the document; `row` groups the values of one table row. */
function pairsOf(blocks: DocxBlock[]): { pairs: Pair[]; sections: { at: number; name: string }[] } {
  const pairs: Pair[] = [];
  const sections: { at: number; name: string }[] = [];
  let row = 0;
  const section = (text: string) => {
    const key = text.toLowerCase();
    if (/employment record|employment history|work experience/.test(key)) sections.push({ at: pairs.length, name: "employment" });
    else if (/^(?:\d+\.\s*)?education/.test(key)) sections.push({ at: pairs.length, name: "education" });
    else if (/^(?:\d+\.\s*)?languages?\b/.test(key) && !/mother tongue/.test(key))
      sections.push({ at: pairs.length, name: "languages" });
  };
  const inline = (text: string) => {
    const question = /^(.*mother tongue)\?\s*[:：]?\s*(.+)$/i.exec(text);
    if (question?.[2]) {
      pairs.push({ label: "motherTongue", value: question[2].trim(), row });
      return true;
    }
    const match = /^([^:：]{2,70})[:：]\s*(.+)$/.exec(text);
    const label = match?.[1] ? labelOf(match[1]) : null;
    if (label && match?.[2]) pairs.push({ label, value: match[2].trim(), row });
    return label !== null;
  };
  for (const block of blocks) {
    row += 1;
    if (block.kind === "paragraph") {
      if (!inline(block.text)) section(block.text);
      continue;
    }
    const rows = block.rows;
    for (let index = 0; index < rows.length; index += 1) {
      row += 1;
      const cells = rows[index] ?? [];
      const labels = cells.map((cell) => (cell.length === 1 && cell[0] ? labelOf(cell[0]) : null));
      const filled = cells.filter((cell) => cell.length > 0);
      const isLabelRow = filled.length > 0 && cells.every((cell, at) => cell.length === 0 || labels[at] !== null);
      if (isLabelRow) {
        // Values in the rows below, column by column, until the next row of labels.
        let next = index + 1;
        while (next < rows.length) {
          const values = rows[next] ?? [];
          // A row that starts a cell with a label is not a row of values.
          if (values.some((cell) => cell[0] && labelOf(cell[0]))) break;
          row += 1;
          values.forEach((cell, at) => {
            const label = labels[at];
            if (label && cell.length > 0) pairs.push({ label, value: cell.join("\n"), row });
          });
          next += 1;
        }
        index = next - 1;
        continue;
      }
      for (const cell of cells) {
        const [first, ...rest] = cell;
        if (!first) continue;
        const label = labelOf(first);
        if (label && rest.length > 0) pairs.push({ label, value: rest.join("\n"), row });
        else if (!inline(first)) {
          section(first);
          for (const line of rest) inline(line);
        }
      }
    }
  }
  return { pairs, sections };
}

/** Vietnamese family names come first ("Nguyễn Thị Lan"); other names given name first. */
function personName(family: string, first: string, middle: string): string {
  const isFamilyFirst = isFamilyNameFirst(family.split(/\s+/)[0] ?? "");
  return (isFamilyFirst ? [family, middle, first] : [first, middle, family]).filter(Boolean).join(" ");
}

function monthOf(text: string, side: "start" | "end"): string {
  const cleaned = text.trim();
  if (/^(?:present|current|to date|date|now|ongoing)$/i.test(cleaned)) return "";
  return parseDate(cleaned, side)?.month ?? findRange(cleaned)?.start ?? "";
}

function languageLevel(abilities: string[]): DraftLanguage["level"] {
  const easy = abilities.filter((ability) => /easily/i.test(ability) && !/not/i.test(ability)).length;
  if (abilities.length === 0) return null;
  if (easy === abilities.length) return "fluent";
  if (easy >= 2) return "working";
  return "basic";
}

export function readP11(blocks: DocxBlock[]): { drafts: CvDrafts; warnings: string[] } {
  const warnings: string[] = [];
  const { pairs, sections } = pairsOf(blocks);
  const sectionAt = (index: number) => sections.filter((item) => item.at <= index).pop()?.name ?? "";
  // "-", "n/a" or "none" in a box is an empty box.
  const first = (label: Label) => {
    const value = pairs.find((pair) => pair.label === label)?.value.trim() ?? "";
    return /^(?:-+|–|n\/?a|none|nil)$/i.test(value) ? "" : value;
  };

  const profile: DraftProfile = {};
  const name = first("fullName") || personName(first("familyName"), first("firstName"), first("middleName"));
  if (name) profile.name = name;
  const email = /[^\s@]+@[^\s@]+\.[^\s@]+/.exec(first("email"))?.[0];
  if (email) profile.email = email;
  if (first("phone")) profile.phone = first("phone");
  if (first("profession")) profile.title = first("profession");
  const address = first("address");
  if (address) {
    profile.location = address.replace(/\n/g, ", ");
    const country = countriesOfLocation(address)[0];
    if (country) profile.country = country;
  }

  const assignments: DraftAssignment[] = [];
  const education: DraftEducation[] = [];
  const languages: DraftLanguage[] = [];
  const motherTongue = first("motherTongue");
  for (const part of motherTongue.split(/,|\band\b|\//)) {
    const language = languageName(part);
    if (language) languages.push({ name: language, level: "native" });
    else if (part.trim()) warnings.push(CV_IMPORT_WARNINGS.unknownLanguage(part.trim()));
  }

  // Group the pairs into records: a new record starts where a label repeats.
  type Record = { labels: Map<Label, string>; section: string };
  const records: Record[] = [];
  let current: Record | null = null;
  let lastRow = -1;
  pairs.forEach((pair, index) => {
    const section = sectionAt(index);
    const starts =
      !current ||
      current.labels.has(pair.label) ||
      current.section !== section ||
      (pair.label === "language" && pair.row !== lastRow) ||
      (pair.label === "institution" && pair.row !== lastRow);
    if (starts) {
      current = { labels: new Map(), section };
      records.push(current);
    }
    current?.labels.set(pair.label, pair.value);
    lastRow = pair.row;
  });

  for (const record of records) {
    const get = (label: Label) => record.labels.get(label)?.trim() ?? "";
    if (record.labels.has("post") || record.labels.has("employer")) {
      const item = emptyAssignment();
      const post = get("post");
      const duties = descriptionFields(get("duties"));
      item.title = duties.project ?? post;
      item.role = duties.role ?? post;
      item.organization = get("employer");
      item.startDate = monthOf(get("from"), "start");
      item.endDate = monthOf(get("to"), "end");
      item.description = duties.rest;
      item.donors = duties.donors ?? donorsMentioned([item.organization, item.description].join("\n"));
      item.countries = duties.countries ?? [
        ...new Set([...countriesOfLocation(get("employerAddress")), ...countriesIn(duties.rest)]),
      ];
      item.sector = sectorOf(get("business"));
      assignments.push(item);
    } else if (record.labels.has("institution") || record.labels.has("degree")) {
      const split = splitDegree(get("degree"));
      const to = get("to") || get("from");
      education.push({
        degree: split.degree,
        field: get("courseOfStudy") || split.field,
        institution: institutionName(get("institution")),
        year: /(\d{4})/.exec(to)?.[1] ?? "",
      });
    } else if (record.labels.has("language")) {
      const language = languageName(get("language"));
      if (!language) {
        if (get("language")) warnings.push(CV_IMPORT_WARNINGS.unknownLanguage(get("language")));
        continue;
      }
      const abilities = (["read", "write", "speak", "understand"] as const).map((label) => get(label)).filter(Boolean);
      if (!languages.some((item) => item.name === language)) languages.push({ name: language, level: languageLevel(abilities) });
    }
  }
  if (assignments.length === 0) warnings.push(CV_IMPORT_WARNINGS.noP11Employment);
  return { drafts: { profile, assignments, education, languages }, warnings };
}
