// Success stories (spec: static sample stories with hard-coded figures, labelled as samples on the page).

export type Figure = { value: string; label: string };

export type Story = {
  id: string;
  title: string;
  country: string;
  place: string;
  specialization: string;
  organization: string;
  consultant: string;
  challenge: string;
  work: string;
  figures: readonly Figure[];
  quote: string;
  quoteBy: string;
};

export const HEADLINE_FIGURES: readonly Figure[] = [
  { value: "320+", label: "assignments arranged through the directory" },
  { value: "10", label: "ASEAN countries where our consultants work" },
  { value: "9 days", label: "median time from first message to signed contract" },
  { value: "87%", label: "of organizations would hire through us again" },
] as const;

export const STORIES: readonly Story[] = [
  {
    id: "cambodia-maternal-health",
    title: "Faster referrals for mothers in rural Cambodia",
    country: "Cambodia",
    place: "Kampong Speu province",
    specialization: "Healthcare",
    organization: "A provincial maternal-health NGO",
    consultant: "Public health evaluator, Phnom Penh",
    challenge:
      "The NGO's donor required an independent mid-term evaluation of an emergency-referral pilot, in Khmer, with fieldwork finished before the rainy season closed the roads.",
    work: "The evaluator designed a mixed-methods review, interviewed midwives and commune health volunteers at every pilot centre, and ran a validation workshop with the provincial health department.",
    figures: [
      { value: "14", label: "health centres assessed" },
      { value: "32%", label: "shorter referral time found" },
      { value: "3 weeks", label: "from first message to fieldwork" },
    ],
    quote:
      "We needed someone who could talk to village midwives in Khmer and write for a European donor in English. We found her on the second search.",
    quoteBy: "Programme manager, the NGO",
  },
  {
    id: "vietnam-climate-rice",
    title: "Salt-tolerant rice for Mekong Delta farmers",
    country: "Vietnam",
    place: "Soc Trang and Bac Lieu",
    specialization: "Agriculture",
    organization: "A bilateral donor's climate adaptation programme",
    consultant: "Agronomist and extension specialist, Can Tho",
    challenge:
      "Saltwater intrusion was ruining dry-season harvests. The programme needed an agronomist to train farmer groups on salt-tolerant varieties and alternate rice-shrimp rotation.",
    work: "Over two seasons the consultant built a farmer-field-school curriculum in Vietnamese, trained provincial extension officers as trainers, and set up simple salinity monitoring with the cooperatives.",
    figures: [
      { value: "1,200", label: "farming households trained" },
      { value: "18%", label: "higher dry-season yields" },
      { value: "46", label: "extension officers certified as trainers" },
    ],
    quote:
      "Her profile listed exactly the rotation work we needed and that she was available that month. That saved us a whole recruitment round.",
    quoteBy: "Team leader, the programme",
  },
  {
    id: "philippines-open-budgets",
    title: "Budgets citizens can read in Mindanao",
    country: "Philippines",
    place: "Northern Mindanao",
    specialization: "Governance",
    organization: "An implementing firm on a local-governance project",
    consultant: "Public finance and governance adviser, Cagayan de Oro",
    challenge:
      "Municipalities were legally required to publish their budgets, but the documents were several hundred pages of tables that almost nobody read.",
    work: "The adviser worked with municipal budget officers to produce short citizen budgets in English and Cebuano, and coached civil-society groups to use them in public hearings.",
    figures: [
      { value: "12", label: "municipalities published citizen budgets" },
      { value: "2,300", label: "residents at budget hearings" },
      { value: "4", label: "provinces adopting the template" },
    ],
    quote: "Local knowledge made the difference: he had sat in those budget offices before and knew what would stick.",
    quoteBy: "Deputy chief of party, the firm",
  },
  {
    id: "laos-multigrade-teaching",
    title: "Better teaching in multi-grade schools in Laos",
    country: "Laos",
    place: "Oudomxay and Phongsaly",
    specialization: "Education",
    organization: "A UN agency's basic education programme",
    consultant: "Teacher-training specialist, Vientiane",
    challenge:
      "In remote villages one teacher often teaches three grades at once, with materials written for single-grade classrooms and for children who already speak Lao.",
    work: "The consultant adapted lesson plans for multi-grade classes, added activities for children from ethnic-minority language groups, and trained cluster-based mentors to support teachers between visits.",
    figures: [
      { value: "340", label: "teachers trained" },
      { value: "85", label: "schools reached" },
      { value: "21%", label: "more pupils reading at grade level" },
    ],
    quote: "We had been looking for a Lao-speaking education specialist for months. The directory turned up four.",
    quoteBy: "Education officer, the agency",
  },
  {
    id: "indonesia-flood-resilience",
    title: "Flood-resilient drainage for coastal Semarang",
    country: "Indonesia",
    place: "Central Java",
    specialization: "Infrastructure",
    organization: "A multilateral development bank's urban resilience team",
    consultant: "Water-resources engineer, Semarang",
    challenge:
      "Land subsidence and tidal flooding were outpacing the city's drainage plans. The bank needed a local engineer to review designs and safeguard documents quickly.",
    work: "The engineer reviewed hydraulic models and pump-station designs, checked them against subsidence data, and ran consultations with the affected neighbourhoods as the safeguards required.",
    figures: [
      { value: "6 km", label: "of drainage designs reviewed" },
      { value: "11", label: "community consultations held" },
      { value: "5 weeks", label: "ahead of the appraisal deadline" },
    ],
    quote:
      "Finding a qualified engineer who could also run community consultations in Javanese was the hard part. It wasn't, this time.",
    quoteBy: "Task team leader, the bank",
  },
  {
    id: "thailand-cooperative-payments",
    title: "Digital payments for hill-tribe cooperatives",
    country: "Thailand",
    place: "Chiang Rai and Nan",
    specialization: "Finance",
    organization: "A foundation supporting fair-trade coffee cooperatives",
    consultant: "Inclusive finance and technology consultant, Chiang Mai",
    challenge:
      "Cooperative members were paid in cash, months after harvest, and kept no records that a bank would accept for credit.",
    work: "The consultant mapped the cooperatives' cash flows, set up mobile payments and simple digital ledgers, and trained bookkeepers in Thai and in the members' own languages.",
    figures: [
      { value: "7", label: "cooperatives paying members digitally" },
      { value: "60 → 7", label: "days to pay a farmer after delivery" },
      { value: "190", label: "members with a first credit record" },
    ],
    quote: "She understood both the technology and the people. Our members trust the new system because she took the time.",
    quoteBy: "Director, the foundation",
  },
] as const;
