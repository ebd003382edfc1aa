import { COUNTRIES, type Country, LANGUAGES, PROFILE_SPECIALIZATIONS } from "#common/constants.ts";
import { canonicalCity } from "#common/places.ts";
import { createRandom } from "./random.ts";
import { type GeneratedTrackRecord, generateTrackRecord } from "./track-record.ts";

// Deterministic, plausible consultant profiles for the demo directory and the benchmarks.
// Hand-written pools: names as people in each country write them, real cities, the donors and
// agencies that commission work in the region, and bios built from the vocabulary of the field.

export type GeneratedConsultant = {
  name: string;
  title: string;
  email: string;
  phone: string;
  location: string;
  city: string;
  country: Country;
  yearsExperience: number;
  languages: string[];
  primarySpecialization: string;
  secondarySpecializations: string[];
  bio: string;
  showEmail: boolean;
  showPhone: boolean;
  availableForWork: boolean;
  rating: number;
  projectsCompleted: number;
  createdAt: Date;
  /** Assignments, education and language levels (issue 12). */
  trackRecord?: GeneratedTrackRecord;
};

export { createRandom };

type Random = ReturnType<typeof createRandom>;

type People = { given: string[]; family: string[]; familyFirst?: boolean };

const PEOPLE: Record<Country, People> = {
  Indonesia: {
    given: ["Ayu", "Budi", "Dewi", "Rizky", "Siti", "Agus", "Putri", "Hendra", "Wulan", "Fajar", "Intan", "Yusuf"],
    family: ["Santoso", "Wijaya", "Pratama", "Kusuma", "Hidayat", "Nugroho", "Saputra", "Lestari", "Setiawan", "Rahmawati"],
  },
  Thailand: {
    given: ["Somchai", "Nattaya", "Kittisak", "Pimchanok", "Anan", "Suda", "Thanawat", "Kanokwan", "Prasert", "Waranya"],
    family: ["Srisuk", "Chaiyaporn", "Wongsawat", "Rattanakorn", "Boonmee", "Suwannarat", "Jaidee", "Thongchai"],
  },
  Vietnam: {
    family: ["Nguyễn", "Trần", "Lê", "Phạm", "Hoàng", "Vũ", "Đặng", "Bùi"],
    given: ["Thị Lan", "Văn Minh", "Thu Hà", "Quốc Bảo", "Hồng Nhung", "Đức Anh", "Thanh Hương", "Minh Tuấn", "Ngọc Mai"],
    familyFirst: true,
  },
  Philippines: {
    given: ["Maria", "Jose", "Angelica", "Paolo", "Kristine", "Ramon", "Joy", "Miguel", "Carmela", "Rafael"],
    family: ["Santos", "Reyes", "Cruz", "Bautista", "Garcia", "Mendoza", "Villanueva", "Aquino", "Dela Cruz", "Ramos"],
  },
  Malaysia: {
    given: ["Ahmad Faizal", "Nurul Huda", "Siti Aminah", "Farah Izzati", "Hafiz", "Aishah", "Rajesh", "Priya", "Mei Ling"],
    family: ["Abdullah", "Ismail", "Hassan", "Rahman", "Kumar", "Ramasamy", "Tan", "Lim", "Wong"],
  },
  Singapore: {
    given: ["Jia Hui", "Daniel", "Sarah", "Iskandar", "Rachel", "Arjun", "Grace", "Benjamin", "Nadia", "Wei Jie"],
    family: ["Tan", "Lim", "Ng", "Koh", "Teo", "Menon", "Chua", "Goh", "Rahim"],
  },
  Myanmar: {
    given: ["Aung", "Thandar", "Zaw", "Khin", "Hla", "Kyaw", "Su", "Min", "Ei", "Nay"],
    family: ["Kyaw Min", "Win", "Min Htet", "Myo Thu", "Aye", "Zin Oo", "Myat Noe", "Thant", "Phyu", "Lin"],
  },
  Cambodia: {
    family: ["Sok", "Chea", "Keo", "Phan", "Sam", "Heng", "Long", "Ouk", "Meas"],
    given: ["Dara", "Chanthy", "Vannak", "Sreymom", "Rithy", "Bopha", "Piseth", "Kunthea", "Sophal"],
    familyFirst: true,
  },
  Laos: {
    given: ["Khamla", "Souksavanh", "Noy", "Bounmy", "Phonesavanh", "Malaythong", "Somphone", "Vilayvanh", "Keo"],
    family: ["Phommachanh", "Keola", "Sisouphanh", "Vongsa", "Inthavong", "Chanthavong", "Keomany", "Douangmala"],
  },
  Brunei: {
    given: ["Nurul Ain", "Haziq", "Siti Rahmah", "Amir", "Nur Syafiqah", "Hafiz", "Aqilah", "Khairul"],
    family: ["Zainal", "Yusof", "Omar", "Salleh", "Bakar", "Jaafar", "Ali", "Matussin"],
  },
};

/** International consultants based in the region. */
const EXPATS: People = {
  given: ["Sarah", "James", "Anna", "Lars", "Sophie", "David", "Emma", "Hiroshi", "Priya", "Carlos", "Claire", "Tomás"],
  family: ["Mitchell", "O'Connor", "Müller", "Eriksen", "Dubois", "Kim", "Thompson", "Tanaka", "Sharma", "Mendes", "Moreau"],
};

const CITIES: Record<Country, string[]> = {
  Indonesia: ["Jakarta", "Surabaya", "Yogyakarta", "Bandung", "Makassar", "Medan"],
  Thailand: ["Bangkok", "Chiang Mai", "Khon Kaen", "Hat Yai"],
  Vietnam: ["Hà Nội", "Hồ Chí Minh City", "Đà Nẵng", "Huế", "Cần Thơ"],
  Philippines: ["Manila", "Quezon City", "Cebu City", "Davao City", "Iloilo City"],
  Malaysia: ["Kuala Lumpur", "Penang", "Kota Kinabalu", "Kuching", "Johor Bahru"],
  Singapore: ["Singapore"],
  Myanmar: ["Yangon", "Mandalay", "Naypyidaw"],
  Cambodia: ["Phnom Penh", "Siem Reap", "Battambang"],
  Laos: ["Vientiane", "Luang Prabang", "Pakse"],
  Brunei: ["Bandar Seri Begawan"],
};

const HOME_LANGUAGES: Record<Country, string[]> = {
  Indonesia: ["Indonesian"],
  Thailand: ["Thai"],
  Vietnam: ["Vietnamese"],
  Philippines: ["Filipino"],
  Malaysia: ["Malay"],
  Singapore: ["Mandarin", "Malay"],
  Myanmar: ["Myanmar"],
  Cambodia: ["Khmer"],
  Laos: ["Lao", "Thai"],
  Brunei: ["Malay"],
};

const PHONE_PREFIX: Record<Country, string> = {
  Indonesia: "+62 812",
  Thailand: "+66 81",
  Vietnam: "+84 91",
  Philippines: "+63 917",
  Malaysia: "+60 12",
  Singapore: "+65 9",
  Myanmar: "+95 9",
  Cambodia: "+855 12",
  Laos: "+856 20",
  Brunei: "+673 8",
};

type Field = { titles: string[]; topics: string[]; work: string[] };

const FIELDS: Record<string, Field> = {
  "Project Management": {
    titles: [
      "Senior Project Manager",
      "Programme Management Consultant",
      "Monitoring & Evaluation Specialist",
      "Team Leader, Donor Programmes",
    ],
    topics: [
      "results-based management",
      "logframes and theories of change",
      "programme evaluation",
      "procurement and contract management",
      "risk management",
    ],
    work: [
      "led the mid-term evaluation of a five-country resilience programme",
      "managed a multi-donor trust fund portfolio",
      "set up the monitoring and evaluation system for a national poverty reduction programme",
    ],
  },
  Healthcare: {
    titles: [
      "Public Health Specialist",
      "Health Systems Strengthening Advisor",
      "Maternal and Child Health Consultant",
      "Epidemiologist",
    ],
    topics: [
      "primary health care",
      "universal health coverage",
      "maternal and newborn health",
      "disease surveillance",
      "health financing",
    ],
    work: [
      "designed a district health information system used by 300 clinics",
      "evaluated a national immunisation campaign",
      "supported the costing of an essential health services package",
    ],
  },
  Education: {
    titles: [
      "Education Policy Advisor",
      "Curriculum Development Specialist",
      "TVET Consultant",
      "Early Childhood Education Specialist",
    ],
    topics: [
      "curriculum reform",
      "teacher professional development",
      "technical and vocational training",
      "learning assessment",
      "inclusive education",
    ],
    work: [
      "helped a ministry of education redesign its lower-secondary curriculum",
      "evaluated a teacher training programme reaching 12,000 teachers",
      "built a national learning assessment framework",
    ],
  },
  Agriculture: {
    titles: [
      "Agricultural Value Chain Specialist",
      "Food Security Advisor",
      "Rural Livelihoods Consultant",
      "Agribusiness Development Expert",
    ],
    topics: [
      "value chain development",
      "smallholder farming",
      "climate-smart agriculture",
      "food security",
      "irrigation management",
    ],
    work: [
      "developed coffee and cocoa value chains with 8,000 smallholders",
      "led a food security assessment after typhoon season",
      "designed a rice seed certification system",
    ],
  },
  Infrastructure: {
    titles: [
      "Infrastructure Finance Specialist",
      "Urban Water Supply Engineer",
      "Transport Planning Consultant",
      "Rural Roads Engineer",
    ],
    topics: [
      "public-private partnerships",
      "urban water and sanitation",
      "transport planning",
      "feasibility studies",
      "construction supervision",
    ],
    work: [
      "prepared feasibility studies for a provincial water supply project",
      "supervised the construction of 400 km of rural roads",
      "structured a public-private partnership for a bus rapid transit line",
    ],
  },
  Environmental: {
    titles: [
      "Climate Adaptation Specialist",
      "Environmental Safeguards Consultant",
      "Natural Resource Management Advisor",
      "Renewable Energy Specialist",
    ],
    topics: [
      "climate change adaptation",
      "environmental and social safeguards",
      "biodiversity conservation",
      "mangrove restoration",
      "renewable energy",
    ],
    work: [
      "prepared environmental impact assessments for hydropower projects",
      "designed a community mangrove restoration programme",
      "wrote a national adaptation plan chapter on coastal zones",
    ],
  },
  Governance: {
    titles: [
      "Public Financial Management Advisor",
      "Local Governance Specialist",
      "Anti-Corruption Consultant",
      "Rule of Law Advisor",
    ],
    topics: ["public financial management", "decentralisation", "anti-corruption", "civil service reform", "access to justice"],
    work: [
      "supported a budget reform programme in the ministry of finance",
      "trained 500 local officials in participatory planning",
      "reviewed the procurement law with the national assembly",
    ],
  },
  Finance: {
    titles: [
      "Microfinance Specialist",
      "Development Finance Advisor",
      "Financial Inclusion Consultant",
      "Impact Investment Analyst",
    ],
    topics: ["financial inclusion", "microfinance", "SME finance", "blended finance", "digital payments"],
    work: [
      "designed a credit guarantee scheme for women-owned enterprises",
      "assessed the microfinance sector for a central bank",
      "structured a blended finance facility for climate projects",
    ],
  },
  Technology: {
    titles: [
      "Digital Development Specialist",
      "Health Information Systems Consultant",
      "GIS and Data Analyst",
      "ICT for Development Advisor",
    ],
    topics: ["digital public infrastructure", "data systems", "GIS mapping", "open data", "e-government"],
    work: [
      "implemented DHIS2 for a national health programme",
      "built GIS maps of flood risk for 1,200 villages",
      "advised on a digital identity and e-government strategy",
    ],
  },
  "Gender & Social Inclusion": {
    titles: ["Gender and Social Inclusion Specialist", "GESI Advisor", "Gender Equality Consultant"],
    topics: [
      "gender mainstreaming",
      "social inclusion",
      "women's economic empowerment",
      "disability inclusion",
      "gender-based violence prevention",
    ],
    work: [
      "wrote the gender action plan for an urban infrastructure loan",
      "led a gender analysis of agricultural extension services",
      "designed a women's leadership programme for local councils",
    ],
  },
};

const FUNDERS = [
  "the Asian Development Bank",
  "the World Bank",
  "UNDP",
  "UNICEF",
  "WHO",
  "FAO",
  "IFAD",
  "GIZ",
  "JICA",
  "DFAT",
  "the European Union",
  "UN Women",
  "KOICA",
  "the Gates Foundation",
];

function personName(random: Random, people: People) {
  const given = random.pick(people.given);
  const family = random.pick(people.family);
  return people.familyFirst ? `${family} ${given}` : `${given} ${family}`;
}

function slug(text: string) {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/đ/gi, "d")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ".")
    .replace(/^\.|\.$/g, "");
}

function joinList(items: string[]) {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

export type GenerateOptions = {
  count: number;
  seed?: number;
  now?: Date;
  /** For large synthetic directories: allow repeated names and make e-mails unique with a tag and index. */
  uniqueSuffix?: boolean;
  emailTag?: string;
};

/** Makes `count` consultants; spreads them evenly over countries and specializations. */
export function* generateConsultants({
  count,
  seed = 2026,
  now = new Date("2026-11-01T00:00:00Z"),
  uniqueSuffix = false,
  emailTag = "",
}: GenerateOptions) {
  const random = createRandom(seed);
  const usedNames = new Set<string>();
  for (let i = 0; i < count; i++) {
    const country = COUNTRIES[i % COUNTRIES.length] as Country;
    const primarySpecialization = PROFILE_SPECIALIZATIONS[
      Math.floor(i / COUNTRIES.length) % PROFILE_SPECIALIZATIONS.length
    ] as string;
    const field = FIELDS[primarySpecialization] as Field;
    const expat = random.chance(0.18);
    let name = personName(random, expat ? EXPATS : PEOPLE[country]);
    for (let tries = 0; usedNames.has(name) && tries < 20; tries++) name = personName(random, expat ? EXPATS : PEOPLE[country]);
    if (usedNames.has(name) || uniqueSuffix) name = uniqueSuffix ? name : `${name} ${String.fromCharCode(65 + (i % 26))}.`;
    usedNames.add(name);
    const city = random.pick(CITIES[country]);
    const yearsExperience = random.pick([2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 14, 15, 17, 20, 22, 25, 28]);
    const languages = [
      ...new Set([
        "English",
        ...(expat ? [] : HOME_LANGUAGES[country].slice(0, random.int(1, 2))),
        ...(random.chance(0.25) ? [random.pick(LANGUAGES)] : []),
      ]),
    ];
    const secondaryPool = PROFILE_SPECIALIZATIONS.filter((s) => s !== primarySpecialization);
    const secondarySpecializations = random.sample(secondaryPool, random.int(0, 3));
    const title = random.pick(field.titles);
    const topics = random.sample(field.topics, 3);
    const funders = random.sample(FUNDERS, 3);
    const otherCountries = random.sample(
      COUNTRIES.filter((c) => c !== country),
      random.int(1, 3),
    );
    const shortName = name.split(" ")[0];
    const bio = [
      `${title} based in ${city}, ${country}, with ${yearsExperience} years of experience in ${joinList(topics)}.`,
      `${shortName} has worked on assignments for ${joinList(funders)} across ${joinList([country, ...otherCountries])}.`,
      `Recent work: ${random.pick(field.work)}.`,
      random.chance(0.5)
        ? `Comfortable leading mixed teams of government counterparts and international experts, and writing for both ministers and donors.`
        : `Known for practical recommendations, clear reporting and close work with government counterparts and communities.`,
      random.chance(0.3) ? "Experienced in project management, from inception reports to final evaluations." : "",
    ]
      .filter(Boolean)
      .join(" ");
    const emailLocal = slug(name) || `consultant${i}`;
    yield {
      name,
      title,
      email: uniqueSuffix ? `${emailLocal}.${emailTag}${i}@example.org` : `${emailLocal}@example.org`,
      phone: `${PHONE_PREFIX[country]} ${String(random.int(100, 999))} ${String(random.int(1000, 9999))}`,
      location: city === country ? country : `${city}, ${country}`,
      city: canonicalCity(city),
      country,
      yearsExperience,
      languages,
      primarySpecialization,
      secondarySpecializations,
      bio,
      showEmail: random.chance(0.6),
      showPhone: random.chance(0.4),
      availableForWork: random.chance(0.75),
      rating: random.int(62, 98),
      projectsCompleted: Math.max(1, Math.round(yearsExperience * (1 + random.next() * 2))),
      createdAt: new Date(now.getTime() - random.int(0, 540) * 86_400_000 - random.int(0, 86_399) * 1000),
      // From its own random stream: the fields above stay what they were before track records.
      trackRecord: generateTrackRecord({ country, primarySpecialization, yearsExperience, languages }, { seed, index: i, now }),
    } satisfies GeneratedConsultant;
  }
}
