import type { Country } from "#common/constants.ts";
import type { AssignmentInput, Donor, EducationInput, LanguageLevel } from "#common/track-record.ts";
import { createRandom } from "./random.ts";
import workByField from "./work-by-field.json" with { type: "json" };

// Plausible track records for generated consultants (issue 12): 3–8 assignments whose donors fit
// the specialization and whose countries are mostly the consultant's own and its neighbours',
// dated backwards from today within the consultant's career, and one or two degrees. Each
// consultant gets its own random stream, so the rest of the generated directory is unchanged.

export type GeneratedTrackRecord = {
  assignments: AssignmentInput[];
  education: EducationInput[];
  languageLevels: Record<string, LanguageLevel>;
};

const GENERAL_DONORS: Donor[] = ["Asian Development Bank", "World Bank", "European Union", "UNDP", "JICA", "USAID", "DFAT"];
const DONORS_BY_FIELD: Record<string, Donor[]> = {
  "Project Management": GENERAL_DONORS,
  Healthcare: ["WHO", "UNICEF", "Global Fund", "Gates Foundation", "USAID", "UNFPA", "DFAT", "World Bank"],
  Education: ["UNICEF", "World Bank", "Asian Development Bank", "DFAT", "JICA", "KOICA", "European Union", "USAID"],
  Agriculture: ["FAO", "Asian Development Bank", "World Bank", "GIZ", "JICA", "USAID", "European Union", "DFAT"],
  Infrastructure: ["Asian Development Bank", "World Bank", "JICA", "KOICA", "European Union", "DFAT"],
  Environmental: ["UNDP", "GIZ", "World Bank", "Asian Development Bank", "European Union", "FCDO", "USAID"],
  Governance: ["UNDP", "European Union", "USAID", "DFAT", "FCDO", "GIZ", "World Bank"],
  Finance: ["Asian Development Bank", "World Bank", "ILO", "GIZ", "DFAT", "FCDO", "USAID"],
  Technology: ["World Bank", "UNDP", "KOICA", "USAID", "Asian Development Bank", "GIZ", "Gates Foundation"],
  "Gender & Social Inclusion": ["UN Women", "UNFPA", "ILO", "DFAT", "UNDP", "FCDO", "European Union"],
};

/** Assignment titles and clients by specialization (work-by-field.json); the general ones for the rest. */
const WORK_BY_FIELD: Record<string, { titles: string[]; clients: string[] }> = workByField;
const GENERAL_WORK = workByField["Project Management"];

const ROLES = [
  "Team Leader",
  "Deputy Team Leader",
  "Key Expert",
  "National Consultant",
  "International Consultant",
  "Technical Adviser",
];
const RESULTS = [
  "Findings were adopted in the next programme phase.",
  "Delivered on time with a team of national and international experts.",
  "Trained counterpart staff who now run the system.",
  "Recommendations were taken up in the national strategy.",
];

const NEIGHBOURS: Record<Country, Country[]> = {
  Indonesia: ["Malaysia", "Philippines", "Singapore"],
  Thailand: ["Laos", "Cambodia", "Myanmar", "Malaysia"],
  Vietnam: ["Laos", "Cambodia", "Thailand"],
  Philippines: ["Indonesia", "Malaysia", "Vietnam"],
  Malaysia: ["Indonesia", "Singapore", "Thailand", "Brunei"],
  Singapore: ["Malaysia", "Indonesia"],
  Myanmar: ["Thailand", "Laos"],
  Cambodia: ["Vietnam", "Thailand", "Laos"],
  Laos: ["Vietnam", "Thailand", "Cambodia"],
  Brunei: ["Malaysia", "Indonesia"],
};
const FURTHER = ["Timor-Leste", "Bangladesh", "Nepal", "Papua New Guinea", "Mongolia", "Sri Lanka"];

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
const ABROAD = [
  "Mahidol University",
  "Australian National University",
  "London School of Economics",
  "Wageningen University",
  "Asian Institute of Technology",
];
const FIELDS_OF_STUDY: Record<string, string> = {
  "Project Management": "Development Studies",
  Healthcare: "Public Health",
  Education: "Education Policy",
  Agriculture: "Agricultural Economics",
  Infrastructure: "Civil Engineering",
  Environmental: "Environmental Management",
  Governance: "Public Policy",
  Finance: "Economics",
  Technology: "Information Systems",
  "Gender & Social Inclusion": "Gender and Development",
};

function month(index: number) {
  const year = Math.floor(index / 12);
  return `${year}-${String((index % 12) + 1).padStart(2, "0")}`;
}

export function generateTrackRecord(
  profile: { country: Country; primarySpecialization: string; yearsExperience: number; languages: string[] },
  { seed, index, now }: { seed: number; index: number; now: Date },
): GeneratedTrackRecord {
  const random = createRandom((seed * 7919 + index * 104_729) >>> 0);
  const field = profile.primarySpecialization;
  const donors = DONORS_BY_FIELD[field] ?? GENERAL_DONORS;
  const work = WORK_BY_FIELD[field] ?? GENERAL_WORK;
  const nowMonth = now.getUTCFullYear() * 12 + now.getUTCMonth();
  const careerStart = nowMonth - Math.max(3, profile.yearsExperience) * 12;
  const count = random.int(3, 8);
  const assignments: AssignmentInput[] = [];
  // Newest first: the first may be ongoing, each earlier one ends before the next starts.
  let end = random.chance(0.3) ? null : nowMonth - random.int(0, 6);
  let cursor = end ?? nowMonth;
  for (let i = 0; i < count; i++) {
    const length = random.int(3, Math.max(4, Math.min(30, Math.floor((cursor - careerStart) / Math.max(1, count - i)))));
    const start = Math.max(careerStart, cursor - length);
    const countries = [
      random.chance(0.65) ? profile.country : random.pick(NEIGHBOURS[profile.country]),
      ...(random.chance(0.3) ? [random.pick([...NEIGHBOURS[profile.country], ...FURTHER])] : []),
    ];
    const role = random.pick(ROLES);
    const title = random.pick(work.titles);
    assignments.push({
      title,
      organization: random.chance(0.2) ? random.pick(donors) : random.pick(work.clients),
      donors: [...new Set(random.sample(donors, random.int(1, 2)))],
      countries: [...new Set(countries)],
      role,
      startDate: month(start),
      endDate: end === null ? null : month(Math.max(start, end)),
      sector: field,
      description: `${role} for the ${title.toLowerCase()} in ${countries[0]}. ${random.pick(RESULTS)}`,
    });
    cursor = start - random.int(1, 6);
    end = cursor;
    if (cursor <= careerStart + 2) break;
  }
  while (assignments.length < 3) {
    // A short career still lists three short assignments.
    const start = careerStart + assignments.length * 4;
    assignments.push({
      title: random.pick(work.titles),
      organization: random.pick(work.clients),
      donors: [random.pick(donors)],
      countries: [profile.country],
      role: "National Consultant",
      startDate: month(start),
      endDate: month(start + 3),
      sector: field,
      description: null,
    });
  }
  const graduated = Math.max(1970, Math.floor(careerStart / 12) - random.int(0, 2));
  const study = FIELDS_OF_STUDY[field] ?? "Development Studies";
  const education: EducationInput[] = [
    { degree: random.pick(["MA", "MSc", "MPH", "MPP"]), field: study, institution: random.pick(ABROAD), year: graduated },
    ...(random.chance(0.6)
      ? [
          {
            degree: random.pick(["BA", "BSc", "BEng"]),
            field: study,
            institution: UNIVERSITIES[profile.country],
            year: graduated - 3,
          },
        ]
      : []),
  ];
  const languageLevels: Record<string, LanguageLevel> = {};
  for (const [position, language] of profile.languages.entries()) {
    languageLevels[language] = language === "English" ? random.pick(["fluent", "working"]) : position <= 1 ? "native" : "working";
  }
  return { assignments, education, languageLevels };
}
