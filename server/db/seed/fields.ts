// The generator's vocabulary of the field (see generate.ts): per specialization the job titles, the
// topics and the kinds of recent work a bio names, and the donors and agencies that commission work
// in the region.

export type Field = { titles: string[]; topics: string[]; work: string[] };

export const FIELDS: Record<string, Field> = {
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

export const FUNDERS = [
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
