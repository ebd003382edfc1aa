import { COUNTRIES, type Country } from "#common/constants.ts";
import places from "#common/places.json" with { type: "json" };

// Where the generated consultants work: the ten countries of the directory and the neighbours a
// regional roster serves (Timor-Leste, Papua New Guinea, Bangladesh, Nepal, Sri Lanka, the
// Pacific), in the proportions such a roster has. A national consultant works mostly at home and
// in the neighbouring countries; Singapore and Brunei host few donor projects, so their
// consultants work mostly elsewhere; international consultants based in the region range wider.

/** Countries outside the ten where the region's consultants work. */
export const NEIGHBOUR_COUNTRIES = [
  "Timor-Leste",
  "Papua New Guinea",
  "Bangladesh",
  "Nepal",
  "Sri Lanka",
  "Fiji",
  "Solomon Islands",
  "Vanuatu",
  "Samoa",
  "Tonga",
] as const;

export type WorkCountry = Country | (typeof NEIGHBOUR_COUNTRIES)[number];

/** Every country an assignment may name. */
export const WORK_COUNTRIES: readonly WorkCountry[] = [...COUNTRIES, ...NEIGHBOUR_COUNTRIES];

type Weights = Partial<Record<WorkCountry, number>>;

/** Where a national consultant of each country works, in relative weights. */
const NATIONAL_WORK: Record<Country, Weights> = {
  Indonesia: {
    Indonesia: 78,
    "Timor-Leste": 6,
    Philippines: 3,
    "Papua New Guinea": 3,
    Malaysia: 2,
    Myanmar: 2,
    Vietnam: 2,
    Bangladesh: 2,
    Fiji: 1,
    "Solomon Islands": 1,
  },
  Thailand: {
    Thailand: 56,
    Laos: 10,
    Myanmar: 10,
    Cambodia: 9,
    Vietnam: 5,
    Bangladesh: 3,
    Nepal: 3,
    "Sri Lanka": 2,
    Indonesia: 1,
    "Timor-Leste": 1,
  },
  Vietnam: { Vietnam: 76, Laos: 9, Cambodia: 8, Myanmar: 3, Thailand: 2, Bangladesh: 1, "Timor-Leste": 1 },
  Philippines: {
    Philippines: 72,
    "Timor-Leste": 5,
    Indonesia: 4,
    "Papua New Guinea": 4,
    Myanmar: 3,
    Bangladesh: 3,
    Fiji: 2,
    "Solomon Islands": 2,
    Vanuatu: 1,
    Vietnam: 2,
    Cambodia: 1,
    Nepal: 1,
  },
  Malaysia: {
    Malaysia: 36,
    Indonesia: 14,
    Myanmar: 8,
    Philippines: 8,
    Cambodia: 6,
    Vietnam: 6,
    Bangladesh: 6,
    "Timor-Leste": 5,
    "Sri Lanka": 4,
    Laos: 3,
    Brunei: 2,
    "Papua New Guinea": 2,
  },
  Singapore: {
    Indonesia: 15,
    Vietnam: 12,
    Philippines: 12,
    Myanmar: 9,
    Cambodia: 9,
    Laos: 6,
    Thailand: 5,
    "Timor-Leste": 6,
    Bangladesh: 6,
    "Papua New Guinea": 5,
    "Sri Lanka": 4,
    Malaysia: 3,
    Fiji: 2,
    Nepal: 1,
  },
  Myanmar: { Myanmar: 78, Thailand: 7, Bangladesh: 6, Laos: 3, Cambodia: 3, Nepal: 2, "Sri Lanka": 1 },
  Cambodia: { Cambodia: 80, Laos: 6, Vietnam: 4, Myanmar: 4, Thailand: 3, "Timor-Leste": 2, Bangladesh: 1 },
  Laos: { Laos: 82, Cambodia: 5, Thailand: 5, Vietnam: 4, Myanmar: 4 },
  Brunei: {
    Brunei: 4,
    Malaysia: 26,
    Indonesia: 20,
    Philippines: 10,
    "Timor-Leste": 8,
    Cambodia: 6,
    Vietnam: 5,
    Myanmar: 5,
    "Papua New Guinea": 4,
  },
};

/** An international consultant based in the region: a third at home, the rest across the roster. */
const INTERNATIONAL_WORK: Weights = {
  Indonesia: 9,
  Vietnam: 8,
  Philippines: 8,
  Cambodia: 8,
  Laos: 7,
  Myanmar: 7,
  Thailand: 5,
  Malaysia: 2,
  "Timor-Leste": 7,
  "Papua New Guinea": 6,
  Bangladesh: 7,
  Nepal: 5,
  "Sri Lanka": 4,
  Fiji: 3,
  "Solomon Islands": 2,
  Vanuatu: 2,
  Samoa: 1,
  Tonga: 1,
};

/** Cumulative weights, built once: drawing a country costs one random number and a short scan. */
function table(weights: Weights) {
  const entries = Object.entries(weights) as [WorkCountry, number][];
  const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
  let running = 0;
  return entries.map(([country, weight]) => {
    running += weight / total;
    return { country, upTo: running };
  });
}

const NATIONAL_TABLES = Object.fromEntries(
  Object.entries(NATIONAL_WORK).map(([country, weights]) => [country, table(weights)]),
) as Record<Country, ReturnType<typeof table>>;

const INTERNATIONAL_TABLES = Object.fromEntries(
  Object.keys(NATIONAL_WORK).map((home) => [home, table({ ...INTERNATIONAL_WORK, [home]: 40 })]),
) as Record<Country, ReturnType<typeof table>>;

/** Where one assignment of a consultant living in `home` took place (`draw` is a random number in [0, 1)). */
export function assignmentCountry(home: Country, international: boolean, draw: number): WorkCountry {
  const rows = international ? INTERNATIONAL_TABLES[home] : NATIONAL_TABLES[home];
  for (const row of rows) if (draw < row.upTo) return row.country;
  return rows[rows.length - 1]?.country ?? home;
}

/** Groups of countries a regional programme spans, with the name such programmes carry. */
export const SUBREGIONS: { name: string; countries: readonly WorkCountry[]; only?: string[] }[] = [
  { name: "Greater Mekong Subregion", countries: ["Cambodia", "Laos", "Myanmar", "Thailand", "Vietnam"] },
  { name: "ASEAN", countries: ["Indonesia", "Malaysia", "Philippines", "Thailand", "Vietnam", "Cambodia", "Laos", "Myanmar"] },
  {
    name: "Coral Triangle",
    countries: ["Indonesia", "Malaysia", "Philippines", "Timor-Leste", "Papua New Guinea", "Solomon Islands"],
    only: ["Environmental", "Agriculture"],
  },
  { name: "South Asia", countries: ["Bangladesh", "Nepal", "Sri Lanka"] },
  { name: "Pacific", countries: ["Papua New Guinea", "Fiji", "Solomon Islands", "Vanuatu", "Samoa", "Tonga"] },
];

/** Places inside each country where work happens: the gazetteer's for the ten, listed here for the rest. */
const NEIGHBOUR_PLACES: Record<(typeof NEIGHBOUR_COUNTRIES)[number], string[]> = {
  "Timor-Leste": ["Dili", "Baucau", "Maliana", "Oecusse", "Ermera", "Viqueque", "Suai"],
  "Papua New Guinea": ["Port Moresby", "Lae", "Mount Hagen", "Goroka", "Madang", "Bougainville", "Western Province"],
  Bangladesh: ["Dhaka", "Cox's Bazar", "Sylhet", "Khulna", "Rajshahi", "Rangpur", "Barishal", "Chattogram"],
  Nepal: ["Kathmandu", "Pokhara", "Karnali Province", "Lumbini Province", "Madhesh Province", "Koshi Province"],
  "Sri Lanka": ["Colombo", "Kandy", "Jaffna", "Batticaloa", "Galle", "Trincomalee", "Anuradhapura"],
  Fiji: ["Suva", "Lautoka", "Labasa", "Nadi"],
  "Solomon Islands": ["Honiara", "Malaita", "Western Province", "Guadalcanal"],
  Vanuatu: ["Port Vila", "Luganville", "Tanna"],
  Samoa: ["Apia", "Savai'i"],
  Tonga: ["Nuku'alofa", "Vava'u", "Ha'apai"],
};

const GAZETTEER = places.rows as Record<string, string[][]>;

/** Up to twelve places per country, by their first (English) name. */
export const PLACES: Record<WorkCountry, readonly string[]> = Object.fromEntries(
  WORK_COUNTRIES.map((country) => [
    country,
    country in NEIGHBOUR_PLACES
      ? NEIGHBOUR_PLACES[country as keyof typeof NEIGHBOUR_PLACES]
      : (GAZETTEER[country] ?? [[country]]).slice(0, 12).map((names) => names[0] ?? country),
  ]),
) as unknown as Record<WorkCountry, readonly string[]>;

/** The names UN agencies and donors give their country offices ("UNICEF Viet Nam", "UNDP Lao PDR"). */
export function officeCountryName(country: WorkCountry) {
  if (country === "Vietnam") return "Viet Nam";
  if (country === "Laos") return "Lao PDR";
  return country;
}

/** A country as a sentence names it ("the Philippines", "the Solomon Islands"). */
export function countryInText(country: string) {
  return country === "Philippines" || country === "Solomon Islands" ? `the ${country}` : country;
}

/** Each country's central bank, a client of financial-sector work. */
export const CENTRAL_BANKS: Record<WorkCountry, string> = {
  Indonesia: "Bank Indonesia",
  Thailand: "Bank of Thailand",
  Vietnam: "State Bank of Vietnam",
  Philippines: "Bangko Sentral ng Pilipinas",
  Malaysia: "Bank Negara Malaysia",
  Singapore: "Monetary Authority of Singapore",
  Myanmar: "Central Bank of Myanmar",
  Cambodia: "National Bank of Cambodia",
  Laos: "Bank of the Lao PDR",
  Brunei: "Brunei Darussalam Central Bank",
  "Timor-Leste": "Central Bank of Timor-Leste",
  "Papua New Guinea": "Bank of Papua New Guinea",
  Bangladesh: "Bangladesh Bank",
  Nepal: "Nepal Rastra Bank",
  "Sri Lanka": "Central Bank of Sri Lanka",
  Fiji: "Reserve Bank of Fiji",
  "Solomon Islands": "Central Bank of Solomon Islands",
  Vanuatu: "Reserve Bank of Vanuatu",
  Samoa: "Central Bank of Samoa",
  Tonga: "National Reserve Bank of Tonga",
};

/** Countries whose own ministries rarely commission donor-funded work (high-income). */
export const FEW_DONOR_PROJECTS: ReadonlySet<WorkCountry> = new Set(["Singapore", "Brunei"]);
