// The generator's vocabulary of the field (see generate.ts): per specialization the job titles, the
// topics a bio names and the sentences that describe how such a consultant works (a bio claims no
// work that the track record does not show).

export type Field = { titles: string[]; topics: string[]; approach: string[] };

export const FIELDS: Record<string, Field> = {
  "Project Management": {
    titles: [
      "Senior Project Manager",
      "Programme Management Consultant",
      "Monitoring & Evaluation Specialist",
      "Programme Team Leader",
    ],
    topics: ["results-based management", "theories of change", "programme evaluation", "contract management", "risk management"],
    approach: [
      "Writes reports that a steering committee can act on in one meeting.",
      "Comfortable turning a vague programme document into a results framework people use.",
      "Has run evaluations with mixed teams of national and international experts.",
    ],
  },
  Healthcare: {
    titles: [
      "Public Health Specialist",
      "Health Systems Strengthening Advisor",
      "Maternal and Child Health Consultant",
      "Epidemiologist",
    ],
    topics: ["primary health care", "universal health coverage", "maternal health", "disease surveillance", "health financing"],
    approach: [
      "Combines field work in health centres with analysis of routine health data.",
      "Works closely with ministry programme managers and district health teams.",
      "Brings clinical training to programme design and evaluation.",
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
      "vocational training",
      "learning assessment",
      "inclusive education",
    ],
    approach: [
      "Spends time in classrooms before writing about them.",
      "Works with curriculum teams, teacher trainers and school directors alike.",
      "Focused on learning outcomes for children in rural and minority-language schools.",
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
    approach: [
      "Most comfortable in the field with farmer groups, traders and extension workers.",
      "Links smallholders to buyers and finance rather than stopping at training.",
      "Works across crops, livestock and fisheries.",
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
      "urban water supply",
      "transport planning",
      "feasibility studies",
      "construction supervision",
    ],
    approach: [
      "Has spent most of a career on site rather than in the office.",
      "Brings contractors, utilities and local authorities to the same table.",
      "Pays attention to maintenance budgets, not only to construction.",
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
      "environmental safeguards",
      "biodiversity conservation",
      "mangrove restoration",
      "renewable energy",
    ],
    approach: [
      "Works with communities, provincial authorities and project engineers on the same sites.",
      "Experienced with the safeguard policies of the multilateral banks.",
      "Combines field survey work with GIS analysis.",
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
    approach: [
      "Works inside ministries alongside civil servants rather than from outside them.",
      "Knows budget systems from the chart of accounts to the audit report.",
      "Experienced in facilitating dialogue between government and civil society.",
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
    approach: [
      "Builds the financial models behind programme design and checks them against banks' real portfolios.",
      "Works with central banks, commercial banks and microfinance institutions.",
      "Focused on finance that reaches women-owned and rural enterprises.",
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
    approach: [
      "Designs systems that government staff can run after the consultants leave.",
      "Works in the space between software teams and the ministries that use their systems.",
      "Experienced with open-source platforms and national data standards.",
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
    approach: [
      "Brings the voices of women, people with disabilities and ethnic minorities into programme design.",
      "Works with organizations of persons with disabilities and women's groups as partners.",
      "Turns gender analysis into targets and budgets that programmes report against.",
    ],
  },
};
