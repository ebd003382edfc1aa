import { COUNTRIES, PROFILE_SPECIALIZATIONS } from "#common/constants.ts";
import {
  CV_IMPORT_WARNINGS,
  type CvDrafts,
  type DraftAssignment,
  type DraftLanguage,
  LANGUAGE_CODES,
} from "#common/cv-import.ts";
import { countrySpellings, findCountry, findPlace, placeKey } from "#common/places.ts";
import { canonicalCountry, canonicalLanguage, type Donor, type LanguageLevel, TRACK_LIMITS } from "#common/track-record-lists.ts";

// What every reader of a CV shares: donors mapped to the canonical list, countries through the
// place gazetteer, languages and levels in canonical form, months and ranges of months as the
// profile form takes them (YYYY-MM).

// ---------------------------------------------------------------------------------------------
// Donors

/**
 * The names a CV gives a donor. Acronyms are matched in capitals only ("WHO", never "who");
 * names ignoring case. Former names map to today's donor (DFID is now FCDO, AusAID is DFAT).
 */
const DONOR_NAMES: [Donor, string[], string[]][] = [
  // [donor, acronyms (case-sensitive), names (any case)]
  [
    "World Bank",
    ["WB", "IBRD", "IDA", "WBG"],
    ["World Bank", "International Bank for Reconstruction and Development", "International Development Association"],
  ],
  ["Asian Development Bank", ["ADB"], ["Asian Development Bank"]],
  [
    "European Union",
    ["EU", "EC", "EUD", "DG INTPA", "DG DEVCO"],
    ["European Union", "European Commission", "EuropeAid", "Delegation of the European Union"],
  ],
  ["UNDP", ["UNDP"], ["United Nations Development Programme", "United Nations Development Program"]],
  ["UNICEF", ["UNICEF"], ["United Nations Children's Fund", "United Nations Children’s Fund", "Unicef"]],
  ["WHO", ["WHO"], ["World Health Organization", "World Health Organisation"]],
  ["FAO", ["FAO"], ["Food and Agriculture Organization", "Food and Agriculture Organisation"]],
  [
    "ILO",
    ["ILO"],
    ["International Labour Organization", "International Labour Organisation", "International Labor Organization"],
  ],
  ["UNFPA", ["UNFPA"], ["United Nations Population Fund"]],
  ["UN Women", ["UN Women", "UN-Women", "UNWOMEN"], ["UN Women", "United Nations Entity for Gender Equality"]],
  ["USAID", ["USAID"], ["United States Agency for International Development", "U.S. Agency for International Development"]],
  ["DFAT", ["DFAT", "AusAID"], ["Department of Foreign Affairs and Trade", "Australian Aid", "Australian Government"]],
  [
    "FCDO",
    ["FCDO", "DFID", "UKaid", "UK Aid"],
    [
      "Foreign, Commonwealth & Development Office",
      "Foreign, Commonwealth and Development Office",
      "Department for International Development",
    ],
  ],
  ["JICA", ["JICA"], ["Japan International Cooperation Agency"]],
  [
    "GIZ",
    ["GIZ"],
    ["Deutsche Gesellschaft für Internationale Zusammenarbeit", "Deutsche Gesellschaft fur Internationale Zusammenarbeit"],
  ],
  ["KOICA", ["KOICA"], ["Korea International Cooperation Agency"]],
  ["Global Fund", ["GFATM"], ["Global Fund"]],
  ["Gates Foundation", ["BMGF"], ["Gates Foundation", "Bill & Melinda Gates Foundation", "Bill and Melinda Gates Foundation"]],
];

/** Funders outside the list: an assignment they funded is "Other". */
const OTHER_FUNDERS = [
  "Sida",
  "SIDA",
  "Danida",
  "DANIDA",
  "SDC",
  "MFAT",
  "KfW",
  "AFD",
  "IFAD",
  "UNEP",
  "GEF",
  "Green Climate Fund",
  "GCF",
  "IFC",
  "UNHCR",
  "WFP",
  "UNESCO",
  "IOM",
  "UNOPS",
  "UN-Habitat",
  "UNAIDS",
  "Norad",
  "NORAD",
  "Irish Aid",
  "Global Affairs Canada",
  "Rockefeller Foundation",
  "Ford Foundation",
  "AIIB",
  "OECD",
  "IMF",
  "International Monetary Fund",
  "Temasek Foundation",
];

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

const donorMatchers: [Donor, RegExp][] = DONOR_NAMES.map(([donor, acronyms, names]) => [
  donor,
  new RegExp(
    [
      ...acronyms.map((acronym) => `(?<![\\p{L}\\p{N}])${escapeRegExp(acronym)}(?![\\p{L}\\p{N}])`),
      ...names.map((name) => `(?<![\\p{L}\\p{N}])(?i:${escapeRegExp(name)})(?![\\p{L}\\p{N}])`),
    ].join("|"),
    "u",
  ),
]);

const otherFunder = new RegExp(
  OTHER_FUNDERS.map((name) => `(?<![\\p{L}\\p{N}])${escapeRegExp(name)}(?![\\p{L}\\p{N}])`).join("|"),
  "u",
);

/** Every listed donor a text names, in the list's order. */
export function donorsIn(text: string): Donor[] {
  return donorMatchers.filter(([, pattern]) => pattern.test(text)).map(([donor]) => donor);
}

/** The donors a running text names, "Other" included when it names a funder outside the list. */
export function donorsMentioned(text: string): Donor[] {
  const found = donorsIn(text);
  if (namesOtherFunder(text)) found.push("Other");
  return found;
}

/** Whether a text names a funder outside the list. */
export function namesOtherFunder(text: string): boolean {
  return otherFunder.test(text);
}

/** A "Funded by" field: its donors in the order written, "Other" for a funder the list does not have. */
export function donorsOfField(text: string): Donor[] {
  const found: { donor: Donor; at: number }[] = [];
  let rest = text;
  for (const [donor, pattern] of donorMatchers) {
    for (const match of text.matchAll(new RegExp(pattern.source, "gu"))) {
      found.push({ donor, at: match.index });
      rest = rest.slice(0, match.index) + " ".repeat(match[0].length) + rest.slice(match.index + match[0].length);
    }
  }
  // What is left once the listed donors are blanked out: a name there is a funder outside the list.
  for (const part of rest.matchAll(/[^,;/&()]+/g)) {
    const words = part[0].replace(/\band\b|\bthe\b/gi, " ").trim();
    if (/\p{Lu}\p{L}/u.test(words)) found.push({ donor: "Other", at: part.index + part[0].indexOf(words.charAt(0)) });
  }
  if (found.length === 0) found.push({ donor: "Other", at: 0 });
  const ordered = found.sort((a, b) => a.at - b.at).map((item) => item.donor);
  return [...new Set(ordered)].slice(0, TRACK_LIMITS.donorsPerAssignment);
}

// ---------------------------------------------------------------------------------------------
// Countries

/** Countries of the field's work outside the ten, with their other names. */
const OTHER_COUNTRIES: [string, string[]][] = [
  ["Timor-Leste", ["East Timor", "Timor Leste"]],
  ["Bangladesh", []],
  ["Nepal", []],
  ["Bhutan", []],
  ["Sri Lanka", []],
  ["India", []],
  ["Pakistan", []],
  ["Afghanistan", []],
  ["Mongolia", []],
  ["China", ["People's Republic of China", "PRC"]],
  ["Papua New Guinea", ["PNG"]],
  ["Fiji", []],
  ["Solomon Islands", []],
  ["Vanuatu", []],
  ["Samoa", []],
  ["Tonga", []],
  ["Japan", []],
  ["South Korea", ["Republic of Korea", "Korea"]],
  ["Australia", []],
  ["New Zealand", []],
  ["Kenya", []],
  ["Ethiopia", []],
  ["Uganda", []],
  ["Tanzania", []],
  ["Mozambique", []],
  ["Ghana", []],
  ["Nigeria", []],
  ["United Kingdom", ["UK", "Great Britain"]],
  ["United States", ["USA", "United States of America", "US"]],
  ["France", []],
  ["Germany", []],
  ["Netherlands", ["The Netherlands", "Holland"]],
  ["Switzerland", []],
  ["Belgium", []],
  ["Italy", []],
  ["Sweden", []],
  ["Canada", []],
  ["Denmark", []],
  ["Norway", []],
  ["Spain", []],
  ["Portugal", []],
  ["Austria", []],
  ["Ireland", []],
];

const otherCountryByKey: ReadonlyMap<string, string> = new Map(
  OTHER_COUNTRIES.flatMap(([name, aliases]) => [name, ...aliases].map((spelling) => [placeKey(spelling), name] as const)),
);

/** ISO 3166 codes a Europass file gives for a country. */
const COUNTRY_CODES: Record<string, string> = {
  ID: "Indonesia",
  TH: "Thailand",
  VN: "Vietnam",
  PH: "Philippines",
  MY: "Malaysia",
  SG: "Singapore",
  MM: "Myanmar",
  KH: "Cambodia",
  LA: "Laos",
  BN: "Brunei",
  TL: "Timor-Leste",
  BD: "Bangladesh",
  NP: "Nepal",
  BT: "Bhutan",
  LK: "Sri Lanka",
  IN: "India",
  PK: "Pakistan",
  AF: "Afghanistan",
  MN: "Mongolia",
  CN: "China",
  PG: "Papua New Guinea",
  FJ: "Fiji",
  SB: "Solomon Islands",
  VU: "Vanuatu",
  WS: "Samoa",
  TO: "Tonga",
  JP: "Japan",
  KR: "South Korea",
  AU: "Australia",
  NZ: "New Zealand",
  KE: "Kenya",
  ET: "Ethiopia",
  UG: "Uganda",
  TZ: "Tanzania",
  MZ: "Mozambique",
  GH: "Ghana",
  NG: "Nigeria",
  GB: "United Kingdom",
  UK: "United Kingdom",
  US: "United States",
  FR: "France",
  DE: "Germany",
  NL: "Netherlands",
  CH: "Switzerland",
  BE: "Belgium",
  IT: "Italy",
  SE: "Sweden",
  CA: "Canada",
  DK: "Denmark",
  NO: "Norway",
  ES: "Spain",
  PT: "Portugal",
  AT: "Austria",
  IE: "Ireland",
};

export function countryOfCode(code: string): string | undefined {
  return COUNTRY_CODES[code.trim().toUpperCase()];
}

/** The country one place name means: a country in any spelling, or a known place's country. */
export function countryOfPlace(text: string): string | undefined {
  const trimmed = text.trim();
  if (!trimmed) return undefined;
  return findCountry(trimmed) ?? otherCountryByKey.get(placeKey(trimmed)) ?? findPlace(trimmed)?.country;
}

/** A location field ("Ba Đình, Hà Nội, Viet Nam"; "Vientiane and Luang Prabang, Lao PDR"): its countries. */
export function countriesOfLocation(text: string): string[] {
  const found: string[] = [];
  for (const part of text.split(/[,;/|()\n]|\band\b|–|—| - /)) {
    const country = countryOfPlace(part);
    if (country) found.push(country);
  }
  if (found.length === 0) found.push(...countriesIn(text));
  return [...new Set(found)];
}

/**
 * A "Countries:" field: each country in any spelling or place; a part the lists do not know but
 * that reads like a country's name is taken as written (the field says it is a country).
 */
export function countriesOfField(text: string): string[] {
  const found: string[] = [];
  for (const part of text.split(/[,;/|]|\band\b/)) {
    const trimmed = part.trim();
    if (!trimmed) continue;
    const known = countryOfPlace(trimmed);
    if (known) found.push(known);
    else if (/^\p{L}[\p{L}\p{M} .'’()-]{1,79}$/u.test(trimmed)) found.push(canonicalCountry(trimmed));
  }
  return [...new Set(found)];
}

/** Every country a running text names (country names only: a city in a sentence is too ambiguous). */
export function countriesIn(text: string): string[] {
  const key = ` ${placeKey(text)} `;
  const found: { name: string; at: number }[] = [];
  const look = (spelling: string, name: string) => {
    const at = key.indexOf(` ${placeKey(spelling)} `);
    if (at >= 0) found.push({ name, at });
  };
  for (const country of COUNTRIES) {
    for (const spelling of countrySpellings(country)) look(spelling, country);
  }
  for (const [name, aliases] of OTHER_COUNTRIES) {
    // Two-letter aliases ("UK", "US") and "Korea" alone are too ambiguous inside a sentence.
    for (const spelling of [name, ...aliases.filter((alias) => alias.length > 3)]) look(spelling, name);
  }
  return [...new Set(found.sort((a, b) => a.at - b.at).map((item) => item.name))];
}

// ---------------------------------------------------------------------------------------------
// Languages

const LANGUAGE_ALIASES: Record<string, string> = {
  "bahasa indonesia": "Indonesian",
  bahasa: "Indonesian",
  "indonesian (bahasa)": "Indonesian",
  "bahasa melayu": "Malay",
  "bahasa malaysia": "Malay",
  malaysian: "Malay",
  burmese: "Myanmar",
  "myanmar (burmese)": "Myanmar",
  tagalog: "Filipino",
  "filipino (tagalog)": "Filipino",
  chinese: "Mandarin",
  "mandarin chinese": "Mandarin",
  "chinese (mandarin)": "Mandarin",
  putonghua: "Mandarin",
  laotian: "Lao",
  cambodian: "Khmer",
  "tiếng việt": "Vietnamese",
  "tieng viet": "Vietnamese",
  ภาษาไทย: "Thai",
  ไทย: "Thai",
  "bahasa inggris": "English",
  visayan: "Bisaya",
};

/** A language as the profile stores it ("bahasa indonesia" → Indonesian; "th" → Thai), or undefined. */
export function languageName(text: string): string | undefined {
  const trimmed = text
    .trim()
    .replace(/[:.\s]+$/, "")
    .replace(/\s+/g, " ");
  if (!trimmed) return undefined;
  return (
    canonicalLanguage(trimmed) ??
    LANGUAGE_ALIASES[trimmed.toLocaleLowerCase("en")] ??
    (trimmed.length <= 3 ? LANGUAGE_CODES[trimmed.toLowerCase()] : undefined)
  );
}

const CEFR_LEVEL: Record<string, LanguageLevel> = {
  C2: "fluent",
  C1: "fluent",
  B2: "working",
  B1: "working",
  A2: "basic",
  A1: "basic",
};

/** A level as a CV words it ("Mother tongue", "Fluent", "C1", "Intermediate") or undefined. */
export function languageLevel(text: string): LanguageLevel | undefined {
  const lower = text.toLowerCase();
  if (/\b(native|mother[- ]tongue|first language|bilingual)\b/.test(lower)) return "native";
  const cefr = /\b([ABC][12])\b/.exec(text);
  if (cefr?.[1]) return CEFR_LEVEL[cefr[1]];
  if (/\b(fluent|excellent|proficient|advanced|full professional|very good)\b/.test(lower)) return "fluent";
  if (/\b(working|good|intermediate|professional working|conversational|upper)\b/.test(lower)) return "working";
  if (/\b(basic|elementary|fair|beginner|limited|notions?)\b/.test(lower)) return "basic";
  return undefined;
}

/** The highest of several CEFR levels (Europass gives one per skill). */
export function bestCefr(levels: string[]): LanguageLevel | null {
  const order = ["C2", "C1", "B2", "B1", "A2", "A1"];
  const best = order.find((level) => levels.some((given) => given.trim().toUpperCase() === level));
  return best ? (CEFR_LEVEL[best] ?? null) : null;
}

/**
 * "English (fluent), Thai – mother tongue; French: basic", or a table read across ("English | Fluent"):
 * each language with its level. A piece that names no language but a level gives it to the language before.
 */
export function languagesOfText(text: string): DraftLanguage[] {
  const found: DraftLanguage[] = [];
  for (const part of text.split(/[,;\n•·]|\s\|\s/)) {
    const piece = part.trim();
    if (!piece) continue;
    const nameText = piece.split(/[(:–—-]|\s{2,}|\t/)[0] ?? "";
    let name = languageName(nameText);
    if (!name) {
      // "Fluent English", "Native Thai speaker"
      for (const word of piece.split(/\s+/)) {
        name = languageName(word.replace(/[^\p{L}]/gu, ""));
        if (name) break;
      }
    }
    if (!name) {
      const last = found[found.length - 1];
      const level = languageLevel(piece);
      if (last && last.level === null && level) last.level = level;
      continue;
    }
    if (found.some((item) => item.name === name)) continue;
    found.push({ name, level: languageLevel(piece.slice(nameText.length)) ?? null });
  }
  return found;
}

// ---------------------------------------------------------------------------------------------
// Months and ranges of months

const MONTH_NAMES: Record<string, number> = {
  jan: 1,
  feb: 2,
  mar: 3,
  apr: 4,
  may: 5,
  jun: 6,
  jul: 7,
  aug: 8,
  sep: 9,
  oct: 10,
  nov: 11,
  dec: 12,
};

const MONTH_WORD =
  "(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)";
/** One date: "Mar 2019", "March, 2019", "03/2019", "3.2019", "15/03/2019", "2019-03", "2019". */
const DATE = `(?:${MONTH_WORD}\\.?,?\\s*(?:\\d{1,2},?\\s+)?\\d{4}|\\d{1,2}[/.]\\d{1,2}[/.]\\d{4}|\\d{1,2}[/.-]\\d{4}|\\d{4}[-/.]\\d{1,2}(?![\\d])|\\d{4})`;
// "nay", "hiện nay" (Vietnamese), "sekarang" (Indonesian), "ปัจจุบัน" (Thai): now.
const PRESENT = "(?:present|current(?:ly)?|now|ongoing|to date|date|today|on-?going|nay|hiện nay|sekarang|kini|ปัจจุบัน)";
const DASH = "\\s*(?:–|—|-|‐|‒|−|to|until|till|→|>)\\s*";

const RANGE = new RegExp(
  `(?<![\\p{L}\\p{N}])(?:from:?\\s*)?(${DATE})(?:${DASH}|\\s*,?\\s*to:?\\s*)(${DATE}|${PRESENT})(?![\\p{L}\\p{N}])`,
  "iu",
);
const SINCE = new RegExp(
  `(?<![\\p{L}\\p{N}])(?:since|from)\\s+(${DATE})(?![\\p{L}\\p{N}])(?!${DASH}(?:${DATE}|${PRESENT}))`,
  "iu",
);
const OPEN = new RegExp(`(?<![\\p{L}\\p{N}])(${DATE})${DASH.replace(/\\s\*\)$/, "")}\\s*$`, "iu");

const pad = (month: number) => String(month).padStart(2, "0");

/** A year as written, with a Thai Buddhist-era year (2562) turned into the Gregorian one (2019). */
function gregorian(year: number): number {
  return year > 2400 ? year - 543 : year;
}

type ParsedDate = { month: string; yearOnly: boolean };

/** One date as YYYY-MM (a year alone as its first or last month), or null. */
export function parseDate(text: string, side: "start" | "end" = "start"): ParsedDate | null {
  const given = text.trim().toLowerCase();
  let match = new RegExp(`^(${MONTH_WORD})\\.?,?\\s*(?:\\d{1,2},?\\s+)?(\\d{4})$`, "i").exec(given);
  if (match?.[1] && match[2]) {
    const month = MONTH_NAMES[match[1].slice(0, 3)];
    return month ? { month: `${gregorian(Number(match[2]))}-${pad(month)}`, yearOnly: false } : null;
  }
  match = /^(\d{1,2})[/.](\d{1,2})[/.](\d{4})$/.exec(given);
  if (match) return monthOf(Number(match[3]), Number(match[2]));
  match = /^(\d{1,2})[/.-](\d{4})$/.exec(given);
  if (match) return monthOf(Number(match[2]), Number(match[1]));
  match = /^(\d{4})[-/.](\d{1,2})$/.exec(given);
  if (match) return monthOf(Number(match[1]), Number(match[2]));
  match = /^(\d{4})$/.exec(given);
  if (match) {
    const year = gregorian(Number(match[1]));
    if (year < 1950 || year > 2100) return null;
    return { month: `${year}-${side === "start" ? "01" : "12"}`, yearOnly: true };
  }
  return null;
}

function monthOf(yearGiven: number, month: number): ParsedDate | null {
  const year = gregorian(yearGiven);
  if (month < 1 || month > 12 || year < 1950 || year > 2100) return null;
  return { month: `${year}-${pad(month)}`, yearOnly: false };
}

export type FoundRange = {
  start: string;
  /** null: ongoing. */
  end: string | null;
  yearOnly: boolean;
  /** Where the range was written in the text. */
  index: number;
  length: number;
};

/** The first range of months a text gives ("Mar 2019 – Jun 2021", "since 2022", "2015-2017"), or null. */
export function findRange(text: string): FoundRange | null {
  const range = RANGE.exec(text);
  if (range?.[1] && range[2]) {
    const start = parseDate(range[1], "start");
    const isPresent = new RegExp(`^${PRESENT}$`, "i").test(range[2].trim());
    const end = isPresent ? null : parseDate(range[2], "end");
    // "2019-2021" is a range of years; "2019 - 03" would not be read as one.
    if (start && (isPresent || end) && (end === null || end.month >= start.month)) {
      return {
        start: start.month,
        end: end?.month ?? null,
        yearOnly: start.yearOnly || (end?.yearOnly ?? false),
        index: range.index,
        length: range[0].length,
      };
    }
  }
  const since = SINCE.exec(text) ?? OPEN.exec(text);
  if (since?.[1]) {
    const start = parseDate(since[1], "start");
    if (start) return { start: start.month, end: null, yearOnly: start.yearOnly, index: since.index, length: since[0].length };
  }
  return null;
}

/** A text without the range found in it, its separators tidied. */
export function withoutRange(text: string, range: FoundRange): string {
  return tidy(`${text.slice(0, range.index)} ${text.slice(range.index + range.length)}`);
}

/** Spaces collapsed, stray separators at the ends removed. */
export function tidy(text: string): string {
  return text
    .replace(/\s+/g, " ")
    .replace(/^[\s,;:|–—•·-]+|[\s,;:|–—•·(-]+$/g, "")
    .replace(/\(\s*\)/g, "")
    .trim();
}

// ---------------------------------------------------------------------------------------------
// Drafts

export function emptyAssignment(): DraftAssignment {
  return {
    title: "",
    organization: "",
    donors: [],
    countries: [],
    role: "",
    startDate: "",
    endDate: "",
    sector: "",
    description: "",
  };
}

/** Limits and tidying the form would ask for anyway, and what could not be read said in warnings. */
export function finishDrafts(drafts: CvDrafts, warnings: string[]): CvDrafts {
  const cut = (text: string, max: number) => (text.length > max ? text.slice(0, max) : text);
  const assignments = drafts.assignments.slice(0, TRACK_LIMITS.assignments).map((item, index) => {
    const name = item.title || item.organization || CV_IMPORT_WARNINGS.unnamedAssignment(index + 1);
    if (!item.startDate) warnings.push(CV_IMPORT_WARNINGS.noStartMonth(name));
    if (item.donors.length === 0) warnings.push(CV_IMPORT_WARNINGS.noDonor(name));
    if (item.countries.length === 0) warnings.push(CV_IMPORT_WARNINGS.noCountry(name));
    if (!item.organization) warnings.push(CV_IMPORT_WARNINGS.noOrganization(name));
    return {
      ...item,
      title: cut(item.title || item.role || item.organization, TRACK_LIMITS.text),
      organization: cut(item.organization, TRACK_LIMITS.text),
      role: cut(item.role, TRACK_LIMITS.text),
      description: cut(item.description, TRACK_LIMITS.description),
      countries: item.countries.slice(0, TRACK_LIMITS.countriesPerAssignment),
      donors: item.donors.slice(0, TRACK_LIMITS.donorsPerAssignment),
    };
  });
  if (drafts.assignments.length > TRACK_LIMITS.assignments) {
    warnings.push(CV_IMPORT_WARNINGS.tooManyAssignments);
  }
  const education = drafts.education.slice(0, TRACK_LIMITS.education).map((item) => ({
    degree: cut(item.degree, TRACK_LIMITS.text),
    field: cut(item.field, TRACK_LIMITS.text),
    institution: cut(item.institution, TRACK_LIMITS.text),
    year: item.year,
  }));
  const languages: DraftLanguage[] = [];
  for (const language of drafts.languages) {
    if (!languages.some((item) => item.name === language.name)) languages.push(language);
  }
  return { profile: drafts.profile, assignments, education, languages: languages.slice(0, 15) };
}

// ---------------------------------------------------------------------------------------------
// Labelled lines inside a description ("Role: Team Leader", "Funded by: ADB, DFAT"), as donor
// CVs write them and as this site's own Europass export does.

export type DescriptionFields = {
  role?: string;
  donors?: Donor[];
  countries?: string[];
  sector?: string;
  project?: string;
  /** The description without those lines. */
  rest: string;
};

const DESCRIPTION_LABELS: [keyof Omit<DescriptionFields, "rest">, RegExp][] = [
  ["role", /^(?:role|position held|position|function)\s*[:：]\s*(.+)$/i],
  ["donors", /^(?:funded by|funding|financed by|donors?|funding agency|source of funding)\s*[:：]\s*(.+)$/i],
  ["countries", /^(?:countries|country|location)\s*[:：]\s*(.+)$/i],
  ["sector", /^sector\s*[:：]\s*(.+)$/i],
  ["project", /^(?:project|assignment|name of assignment or project|project name)\s*[:：]\s*(.+)$/i],
];

export function descriptionFields(description: string): DescriptionFields {
  const fields: DescriptionFields = { rest: "" };
  const rest: string[] = [];
  for (const line of description.split("\n")) {
    const trimmed = line.trim();
    const label = DESCRIPTION_LABELS.find(([, pattern]) => pattern.test(trimmed));
    const value = label ? label[1].exec(trimmed)?.[1]?.trim() : undefined;
    if (!label || !value) {
      rest.push(line);
      continue;
    }
    const [key] = label;
    if (key === "donors") fields.donors = donorsOfField(value);
    else if (key === "countries") fields.countries = countriesOfField(value);
    else fields[key] = value;
  }
  fields.rest = rest.join("\n").trim();
  return fields;
}

const SECTOR_WORDS: [string, RegExp][] = [
  ["Gender & Social Inclusion", /gender|social inclusion|gesi/i],
  ["Healthcare", /health|medic|nutrition|hiv|malaria|tuberculosis/i],
  ["Education", /educat|school|teach|learning/i],
  ["Agriculture", /agricult|farm|fisher|livestock|food security|rural/i],
  ["Infrastructure", /infrastructure|transport|road|energy|water supply|sanitation|urban|construction/i],
  ["Environmental", /environment|climate|forest|biodiversity|conservation|disaster/i],
  ["Governance", /governance|public administration|public sector|justice|decentrali/i],
  ["Finance", /financ|bank|econom|microfinance|fiscal/i],
  ["Technology", /technolog|\bict\b|digital|software|information systems/i],
  ["Project Management", /project management|programme management|program management/i],
];

/** A sector as the profile's list names it ("Public health" → Healthcare), or "". */
export function sectorOf(text: string): string {
  const exact = PROFILE_SPECIALIZATIONS.find((name) => name.toLowerCase() === text.trim().toLowerCase());
  return exact ?? SECTOR_WORDS.find(([, pattern]) => pattern.test(text))?.[0] ?? "";
}

/** "MSc in Public Health" → MSc, Public Health; "Master of Arts, Development Studies" likewise; "LLB" stays whole. */
export function splitDegree(title: string): { degree: string; field: string } {
  const match = /^(.+?)(?:\s+in\s+|,\s+)(.+)$/.exec(title.trim());
  if (match?.[1] && match[2] && match[1].length <= 60) return { degree: match[1].trim(), field: match[2].trim() };
  return { degree: title.trim(), field: "" };
}

const INSTITUTION_WORD = /universi|institut|college|school|academy|polytechnic|đại học|มหาวิทยาลัย|école|ecole|hochschule/iu;

/**
 * "Mahidol University, Salaya, Thailand": the institution without the places after it. After a
 * country, the part before it is taken for the town when it is short and names no institution.
 */
export function institutionName(text: string): string {
  const parts = text.split(/,\s*/);
  let strippedCountry = false;
  while (parts.length > 1 && countryOfPlace(parts[parts.length - 1] ?? "")) {
    parts.pop();
    strippedCountry = true;
  }
  const last = parts[parts.length - 1] ?? "";
  if (strippedCountry && parts.length > 1 && last.split(/\s+/).length <= 3 && !INSTITUTION_WORD.test(last)) parts.pop();
  return tidy(parts.join(", "));
}
