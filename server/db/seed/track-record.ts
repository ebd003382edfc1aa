import type { Country } from "#common/constants.ts";
import type { AssignmentInput, Donor, EducationInput, LanguageLevel } from "#common/track-record.ts";
import { createRandom } from "./random.ts";
import {
  assignmentCountry,
  CENTRAL_BANKS,
  countryInText,
  FEW_DONOR_PROJECTS,
  officeCountryName,
  PLACES,
  SUBREGIONS,
  WORK_COUNTRIES,
  type WorkCountry,
} from "./regions.ts";
import workByField from "./work-by-field.json" with { type: "json" };

// Plausible track records for generated consultants (issue 12, made consistent by issue 36): 3–8
// assignments in the consultant's specializations, each with its own title (never twice on one
// profile), a client that commissions such work (a ministry, a donor's country office, an NGO or a
// firm), donors that fund that field and that client, and countries where a consultant of that
// home country works (regions.ts). Dated backwards from `now` within the consultant's career.
// Each consultant gets its own random stream.

export type GeneratedTrackRecord = {
  assignments: AssignmentInput[];
  education: EducationInput[];
  languageLevels: Record<string, LanguageLevel>;
};

type Work = {
  titles: string[];
  regional: string[];
  clients: string[];
  offices: string[];
  partners: string[];
  outcomes: string[];
  /**
   * For each outcome, the kinds of work it can be a result of (a case-insensitive pattern of the
   * title): "Cut non-revenue water …" belongs to a water utility's assignment, never to a road
   * safety audit. A title no outcome fits is shown without a description.
   */
  fits: string[];
};

/** Titles, clients, donors' offices, partners and outcomes by specialization (work-by-field.json). */
export const WORK_BY_FIELD: Record<string, Work> = workByField;

/** The donors that fund each field's work in the region. */
export const DONORS_BY_FIELD: Record<string, Donor[]> = {
  "Project Management": ["Asian Development Bank", "World Bank", "European Union", "UNDP", "JICA", "USAID", "DFAT"],
  Healthcare: ["WHO", "UNICEF", "Global Fund", "Gates Foundation", "USAID", "UNFPA", "DFAT", "World Bank"],
  Education: ["UNICEF", "World Bank", "Asian Development Bank", "DFAT", "JICA", "KOICA", "European Union", "USAID"],
  Agriculture: ["FAO", "Asian Development Bank", "World Bank", "GIZ", "JICA", "USAID", "European Union", "DFAT"],
  Infrastructure: ["Asian Development Bank", "World Bank", "JICA", "KOICA", "European Union", "DFAT"],
  Environmental: ["UNDP", "GIZ", "World Bank", "Asian Development Bank", "European Union", "FCDO", "USAID"],
  Governance: ["UNDP", "European Union", "USAID", "DFAT", "FCDO", "GIZ", "World Bank"],
  Finance: ["Asian Development Bank", "World Bank", "ILO", "GIZ", "DFAT", "FCDO", "USAID"],
  Technology: ["World Bank", "UNDP", "KOICA", "USAID", "Asian Development Bank", "GIZ", "Gates Foundation", "UNICEF"],
  "Gender & Social Inclusion": ["UN Women", "UNFPA", "ILO", "DFAT", "UNDP", "FCDO", "European Union"],
};

/** How a donor's office in a country signs its contracts. */
const COUNTRY_OFFICE: Partial<Record<Donor, (country: string) => string>> = {
  UNDP: (c) => `UNDP ${c}`,
  UNICEF: (c) => `UNICEF ${c}`,
  WHO: (c) => `WHO Country Office for ${c}`,
  UNFPA: (c) => `UNFPA ${c}`,
  "UN Women": (c) => `UN Women ${c}`,
  FAO: (c) => `FAO Representation in ${c}`,
  ILO: (c) => `ILO Country Office for ${c}`,
  "World Bank": (c) => `World Bank, ${c} Country Office`,
  "Asian Development Bank": (c) => `ADB ${c} Resident Mission`,
  "European Union": (c) => `Delegation of the European Union to ${countryInText(c)}`,
  DFAT: (c) => `DFAT, Australian Embassy in ${countryInText(c)}`,
  FCDO: (c) => `FCDO, British Embassy in ${countryInText(c)}`,
  JICA: (c) => `JICA ${c} Office`,
  KOICA: (c) => `KOICA ${c} Office`,
  GIZ: (c) => `GIZ ${c}`,
  USAID: (c) => `USAID/${c}`,
};

/** Who commissions a donor's regional work, and its global funds. */
const REGIONAL_OFFICE: Record<Donor, string> = {
  UNDP: "UNDP Bangkok Regional Hub",
  UNICEF: "UNICEF East Asia and Pacific Regional Office",
  WHO: "WHO Regional Office for the Western Pacific",
  UNFPA: "UNFPA Asia-Pacific Regional Office",
  "UN Women": "UN Women Regional Office for Asia and the Pacific",
  FAO: "FAO Regional Office for Asia and the Pacific",
  ILO: "ILO Regional Office for Asia and the Pacific",
  "World Bank": "World Bank, East Asia and Pacific Region",
  "Asian Development Bank": "Asian Development Bank, Southeast Asia Department",
  "European Union": "European Commission, DG International Partnerships",
  DFAT: "DFAT, Australian Government",
  FCDO: "Foreign, Commonwealth & Development Office",
  JICA: "Japan International Cooperation Agency",
  KOICA: "Korea International Cooperation Agency",
  GIZ: "GIZ",
  USAID: "USAID Regional Development Mission for Asia",
  "Global Fund": "The Global Fund to Fight AIDS, Tuberculosis and Malaria",
  "Gates Foundation": "Gates Foundation",
  Other: "Other",
};

/** Commonwealth countries host a High Commission rather than an embassy. */
const COMMONWEALTH = new Set<WorkCountry>([
  "Malaysia",
  "Singapore",
  "Brunei",
  "Bangladesh",
  "Sri Lanka",
  "Papua New Guinea",
  "Fiji",
  "Solomon Islands",
  "Vanuatu",
  "Samoa",
  "Tonga",
]);

/**
 * Countries where a donor has no office of the usual name: ADB has none in Malaysia (its work there
 * is run from headquarters), and in Manila, its seat, the office is the Philippines Country Office.
 */
const NO_COUNTRY_OFFICE: Partial<Record<Donor, ReadonlySet<WorkCountry>>> = {
  "Asian Development Bank": new Set(["Malaysia"]),
};
const OFFICE_NAMED: Partial<Record<Donor, Partial<Record<WorkCountry, string>>>> = {
  "Asian Development Bank": { Philippines: "ADB Philippines Country Office" },
};

function officeName(donor: Donor, country: WorkCountry) {
  const office = COUNTRY_OFFICE[donor];
  if (!office || FEW_DONOR_PROJECTS.has(country) || NO_COUNTRY_OFFICE[donor]?.has(country)) return REGIONAL_OFFICE[donor];
  const named = OFFICE_NAMED[donor]?.[country];
  if (named) return named;
  const name = office(officeCountryName(country));
  return COMMONWEALTH.has(country) ? name.replace("Embassy", "High Commission") : name;
}

const ROLES = {
  junior: ["National Consultant", "Research Associate", "Field Coordinator", "Project Officer"],
  juniorAbroad: ["Research Associate", "Junior Expert", "Field Coordinator"],
  mid: ["National Consultant", "Key Expert", "Deputy Team Leader", "Technical Specialist", "National Consultant"],
  senior: ["Team Leader", "Senior National Consultant", "Technical Adviser", "Key Expert"],
  abroad: ["International Consultant", "Team Leader", "Key Expert", "Senior Adviser", "International Consultant"],
  regional: ["Regional Consultant", "Team Leader", "Lead Evaluator", "Senior Adviser"],
};

/** Abroad, by specialization: the schools where the field's practitioners take their master's. */
const ABROAD: Record<string, string[]> = {
  "Project Management": [
    "Institute of Development Studies, University of Sussex",
    "Erasmus University Rotterdam (ISS)",
    "Asian Institute of Management",
  ],
  Healthcare: ["London School of Hygiene & Tropical Medicine", "Mahidol University", "University of Queensland"],
  Education: ["UCL Institute of Education", "University of Melbourne", "Hiroshima University"],
  Agriculture: ["Wageningen University", "University of the Philippines Los Baños", "Kasetsart University"],
  Infrastructure: ["Asian Institute of Technology", "Delft University of Technology", "University of Tokyo"],
  Environmental: ["Asian Institute of Technology", "Yale School of the Environment", "Australian National University"],
  Governance: ["Australian National University", "Lee Kuan Yew School of Public Policy", "London School of Economics"],
  Finance: ["London School of Economics", "Nanyang Technological University", "University of Sydney"],
  Technology: ["KAIST", "University of Twente (ITC)", "National University of Singapore"],
  "Gender & Social Inclusion": [
    "Institute of Development Studies, University of Sussex",
    "Asian Institute of Technology",
    "Monash University",
  ],
};

const UNIVERSITIES: Record<Country, string> = {
  Indonesia: "Universitas Indonesia",
  Thailand: "Chulalongkorn University",
  Vietnam: "Vietnam National University, Hanoi",
  Philippines: "University of the Philippines Diliman",
  Malaysia: "Universiti Malaya",
  Singapore: "National University of Singapore",
  Myanmar: "University of Yangon",
  Cambodia: "Royal University of Phnom Penh",
  Laos: "National University of Laos",
  Brunei: "Universiti Brunei Darussalam",
};

const STUDY: Record<string, { field: string; masters: string[]; bachelors: string[] }> = {
  "Project Management": { field: "Development Studies", masters: ["MA", "MSc", "MBA"], bachelors: ["BA", "BSc"] },
  Healthcare: { field: "Public Health", masters: ["MPH", "MSc"], bachelors: ["MD", "BSc Nursing", "BSc"] },
  Education: { field: "Education Policy", masters: ["MEd", "MA"], bachelors: ["BEd", "BA"] },
  Agriculture: { field: "Agricultural Economics", masters: ["MSc"], bachelors: ["BSc Agriculture", "BSc"] },
  Infrastructure: { field: "Civil Engineering", masters: ["MEng", "MSc"], bachelors: ["BEng"] },
  Environmental: { field: "Environmental Management", masters: ["MSc"], bachelors: ["BSc"] },
  Governance: { field: "Public Policy", masters: ["MPP", "MPA", "LLM"], bachelors: ["BA", "LLB"] },
  Finance: { field: "Economics", masters: ["MSc", "MBA", "MA"], bachelors: ["BA", "BBA"] },
  Technology: { field: "Information Systems", masters: ["MSc"], bachelors: ["BSc", "BEng"] },
  "Gender & Social Inclusion": { field: "Gender and Development", masters: ["MA", "MSc"], bachelors: ["BA"] },
};

/** USAID's programmes stopped in mid-2025; the FCDO was formed in September 2020. */
const USAID_LAST_MONTH = 2025 * 12 + 5;
const FCDO_FIRST_MONTH = 2020 * 12 + 8;

function month(index: number) {
  const year = Math.floor(index / 12);
  return `${year}-${String((index % 12) + 1).padStart(2, "0")}`;
}

type Random = ReturnType<typeof createRandom>;

function fill(template: string, values: Record<string, string>) {
  if (!template.includes("{")) return template;
  let text = template;
  for (const key in values) text = text.replace(`{${key}}`, values[key] as string);
  return text;
}

/**
 * Donors a field's work could have had in those months (USAID and the FCDO only when they
 * existed): the four lists of each field built once, as the generator asks for them per assignment.
 */
const DONOR_LISTS = new Map(
  Object.entries(DONORS_BY_FIELD).map(([field, donors]) => [
    field,
    [0, 1, 2, 3].map((flags) =>
      donors.filter((donor) => (donor !== "USAID" || (flags & 1) === 1) && (donor !== "FCDO" || (flags & 2) === 2)),
    ),
  ]),
);
function donorsFor(field: string, startMonth: number, endMonth: number): Donor[] {
  const lists = DONOR_LISTS.get(field) ?? DONOR_LISTS.get("Project Management");
  return lists?.[(endMonth <= USAID_LAST_MONTH ? 1 : 0) | (startMonth >= FCDO_FIRST_MONTH ? 2 : 0)] ?? [];
}

/** The subregions a regional programme of each field around each country may span, built once. */
const SUBREGION_LISTS = new Map(
  Object.keys(DONORS_BY_FIELD).map((field) => [
    field,
    new Map(
      WORK_COUNTRIES.map((country) => [
        country,
        SUBREGIONS.filter((region) => region.countries.includes(country) && (!region.only || region.only.includes(field))),
      ]),
    ),
  ]),
);
function subregionsOf(country: WorkCountry, field: string) {
  return SUBREGION_LISTS.get(field)?.get(country) ?? [];
}

/** Work that needs a coast, which Laos and Nepal do not have. */
const COASTAL = /coast|mangrove|coral|seaweed|marine|port /i;
const LANDLOCKED = new Set<WorkCountry>(["Laos", "Nepal"]);

/**
 * A title of the list not yet on this profile (as a template: one place's review is not repeated
 * for another), and no coastal work in a landlocked country.
 */
function unused(random: Random, templates: string[], used: Set<string>, country: WorkCountry) {
  const offset = random.int(0, templates.length - 1);
  for (let step = 0; step < templates.length; step++) {
    const template = templates[(offset + step) % templates.length] as string;
    if (!used.has(template) && !(LANDLOCKED.has(country) && COASTAL.test(template))) {
      used.add(template);
      return template;
    }
  }
  return templates[offset] as string;
}

export type TrackProfile = {
  country: Country;
  primarySpecialization: string;
  secondarySpecializations: string[];
  yearsExperience: number;
  languages: string[];
  /** An international consultant based in the region (not a national of `country`). */
  international: boolean;
};

/** One assignment's client and donors: a donor's own office, a government counterpart, or a partner. */
function clientAndDonors(
  random: Random,
  {
    work,
    field,
    country,
    place,
    regional,
    months,
  }: { work: Work; field: string; country: WorkCountry; place: string; regional: boolean; months: [number, number] },
) {
  const donors = donorsFor(field, ...months);
  const offices = work.offices.filter((office): office is Donor => donors.includes(office as Donor));
  const draw = random.next();
  if ((draw < 0.35 || (regional && draw < 0.8)) && offices.length > 0) {
    const donor = random.pick(offices);
    const cofunder = random.chance(0.15) ? random.pick(donors) : donor;
    return {
      organization: regional ? REGIONAL_OFFICE[donor] : officeName(donor, country),
      donors: [...new Set([donor, cofunder])],
    };
  }
  const funding = [...new Set(random.sample(donors, random.int(1, 2)))];
  if (draw < 0.8 && !regional && !FEW_DONOR_PROJECTS.has(country)) {
    const client = fill(random.pick(work.clients), { place, centralBank: CENTRAL_BANKS[country] });
    // A national body is named with its country: "Ministry of Health, Cambodia".
    const organization = client.includes(",") ? client : `${client}, ${officeCountryName(country)}`;
    return { organization, donors: funding };
  }
  return { organization: random.pick(work.partners), donors: funding };
}

const FITS = new Map(
  Object.values(WORK_BY_FIELD).map((work) => [work, work.fits.map((pattern) => new RegExp(pattern, "i"))] as const),
);

/** The field's outcomes that can be results of the assignment with this title. */
export function outcomesFor(work: Work, title: string): string[] {
  const fits = FITS.get(work) ?? [];
  return work.outcomes.filter((_outcome, i) => fits[i]?.test(title) ?? false);
}

export function generateTrackRecord(
  profile: TrackProfile,
  { seed, index, now }: { seed: number; index: number; now: Date },
): GeneratedTrackRecord {
  const random = createRandom((seed * 7919 + index * 104_729) >>> 0);
  const primary = profile.primarySpecialization;
  const nowMonth = now.getUTCFullYear() * 12 + now.getUTCMonth();
  const years = Math.max(3, profile.yearsExperience);
  const careerStart = nowMonth - years * 12;
  const count = years <= 3 ? random.int(3, 4) : years <= 7 ? random.int(3, 6) : random.int(4, 8);
  const usedTitles = new Set<string>();
  const usedOutcomes = new Set<string>();
  const formerOutcomes = new Set<string>();
  const results = createRandom((seed * 7919 + index * 104_729 + 7_777_777) >>> 0);
  const assignments: AssignmentInput[] = [];
  // Newest first: the first may be ongoing, each earlier one ends before the next starts.
  let end: number | null = random.chance(0.3) ? null : nowMonth - random.int(0, 6);
  let cursor = end ?? nowMonth;
  for (let i = 0; i < count; i++) {
    const room = Math.floor((cursor - careerStart) / Math.max(1, count - i));
    const length = random.int(2, Math.max(3, Math.min(30, room)));
    const start = Math.max(careerStart, cursor - length);
    // The newest assignment is always in the consultant's main field (the bio names it).
    const field =
      i > 0 && profile.secondarySpecializations.length > 0 && random.chance(0.15)
        ? random.pick(profile.secondarySpecializations)
        : primary;
    const work = WORK_BY_FIELD[field] ?? (WORK_BY_FIELD[primary] as Work);
    const home = assignmentCountry(profile.country, profile.international, random.next());
    const subregions = subregionsOf(home, field);
    const careerYear = (start - careerStart) / 12;
    const regional =
      field === primary &&
      careerYear >= 8 &&
      subregions.length > 0 &&
      random.chance(0.1) &&
      work.regional.some((template) => !usedTitles.has(template));
    let countries: WorkCountry[] = [home];
    // One place for the title and the client: "… in Savannakhet" for the provincial office there.
    const place = random.pick(PLACES[home]);
    let title: string;
    if (regional) {
      const region = random.pick(subregions);
      const others = random.sample(
        region.countries.filter((c) => c !== home),
        random.int(1, 3),
      );
      countries = [home, ...others];
      title = fill(unused(random, work.regional, usedTitles, home), { region: region.name });
    } else {
      title = fill(unused(random, work.titles, usedTitles, home), { place });
    }
    const endMonth = end ?? nowMonth;
    const { organization, donors } = clientAndDonors(random, {
      work,
      field,
      country: home,
      place,
      regional: countries.length > 1,
      months: [start, endMonth],
    });
    const abroad = profile.international || home !== profile.country;
    const role =
      countries.length > 1
        ? random.pick(ROLES.regional)
        : abroad
          ? random.pick(careerYear < 6 ? ROLES.juniorAbroad : ROLES.abroad)
          : random.pick(careerYear < 4 ? ROLES.junior : careerYear < 12 ? ROLES.mid : ROLES.senior);
    // One or two results of this kind of work (issue 36: a "Care Economy Study" said "Trained 120
    // women councillors"), none told twice on the profile. They are chosen with a stream of their
    // own; the main stream still makes the draws it made when results were any of the field's, so
    // that every other part of the directory (titles, clients, dates, reviews) stays as it was.
    const wanted = random.chance(0.4) ? 2 : 1;
    let drawn = 0;
    for (let tries = 0; drawn < wanted && tries < 8; tries++) {
      const outcome = random.pick(work.outcomes);
      if (formerOutcomes.has(outcome)) continue;
      formerOutcomes.add(outcome);
      drawn++;
    }
    const fitting = outcomesFor(work, title).filter((outcome) => !usedOutcomes.has(outcome));
    const described = results.sample(fitting, Math.min(fitting.length, wanted));
    for (const outcome of described) usedOutcomes.add(outcome);
    assignments.push({
      title,
      organization,
      donors,
      countries,
      role,
      startDate: month(start),
      endDate: end === null ? null : month(Math.max(start, end)),
      sector: field,
      description: drawn > 0 && random.chance(0.9) && described.length > 0 ? described.join(" ") : null,
    });
    cursor = start - random.int(1, 6);
    end = cursor;
    if (cursor <= careerStart + 2 && assignments.length >= 3) break;
  }
  const graduated = Math.max(1970, Math.floor(careerStart / 12) - random.int(0, 2));
  const study = STUDY[primary] ?? (STUDY["Project Management"] as (typeof STUDY)[string]);
  const abroadSchools = ABROAD[primary] ?? ["Australian National University"];
  const education: EducationInput[] = [
    ...(profile.yearsExperience >= 15 && random.chance(0.25)
      ? [{ degree: "PhD", field: study.field, institution: random.pick(abroadSchools), year: graduated + random.int(4, 9) }]
      : []),
    {
      degree: random.pick(study.masters),
      field: study.field,
      institution: profile.international || random.chance(0.6) ? random.pick(abroadSchools) : UNIVERSITIES[profile.country],
      year: graduated,
    },
    ...(random.chance(0.6)
      ? [
          {
            degree: random.pick(study.bachelors),
            field: null,
            institution: profile.international ? random.pick(abroadSchools) : UNIVERSITIES[profile.country],
            year: graduated - random.int(2, 5),
          },
        ]
      : []),
  ];
  const languageLevels: Record<string, LanguageLevel> = {};
  for (const [position, language] of profile.languages.entries()) {
    languageLevels[language] =
      language === "English"
        ? profile.international
          ? "native"
          : random.pick(["fluent", "fluent", "working"])
        : position <= 1 && !profile.international
          ? "native"
          : random.pick(["working", "basic"]);
  }
  return { assignments, education, languageLevels };
}
