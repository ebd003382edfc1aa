// The Resources page's library (spec: four publications, three webinars and four tools, all static).

export type Publication = {
  title: string;
  type: string;
  category: string;
  description: string;
  date: string;
  pages: number;
};
export type Webinar = { title: string; speaker: string; role: string; date: string; time: string };
export type Tool = { title: string; type: string; description: string };

export const PUBLICATIONS: readonly Publication[] = [
  {
    title: "State of Development Consulting in Southeast Asia 2026",
    type: "Report",
    category: "Market insights",
    description:
      "Who hires consultants in the region, for what, at what day rates and on what terms: survey results from 600 consultants and 140 organizations in all ten ASEAN countries.",
    date: "September 2026",
    pages: 48,
  },
  {
    title: "Hiring National Experts: A Guide for International Organizations",
    type: "Guide",
    category: "Procurement",
    description:
      "Writing terms of reference, shortlisting, checking references and agreeing fair terms with national consultants, with model clauses for short-term contracts.",
    date: "July 2026",
    pages: 32,
  },
  {
    title: "Monitoring and Evaluation Practice Across ASEAN",
    type: "Toolkit",
    category: "Monitoring & evaluation",
    description:
      "Practical guidance on baselines, theories of change and mixed-methods evaluations in low-data settings, with examples from health, education and agriculture programmes.",
    date: "April 2026",
    pages: 64,
  },
  {
    title: "Gender-Responsive Programming in the Mekong Region",
    type: "Policy brief",
    category: "Gender & social inclusion",
    description:
      "What works in designing programmes that reach women and ethnic-minority communities in Cambodia, Laos, Myanmar, Thailand and Vietnam, and how to measure it.",
    date: "February 2026",
    pages: 16,
  },
] as const;

export const WEBINARS: readonly Webinar[] = [
  {
    title: "Terms of Reference That Attract the Right Consultant",
    speaker: "Dr. Ratana Somsri",
    role: "Former regional procurement lead, UN agency, Bangkok",
    date: "Thursday, January 21, 2027",
    time: "2:00 PM - 3:30 PM SGT",
  },
  {
    title: "Day Rates, Contracts and Taxes: What Consultants in ASEAN Should Know",
    speaker: "Maria Lourdes Santos",
    role: "Independent governance consultant and trainer, Manila",
    date: "Thursday, February 18, 2027",
    time: "3:00 PM - 4:30 PM SGT",
  },
  {
    title: "Ethics and Safeguarding in Field Research",
    speaker: "Dr. Nguyen Thi Hoa",
    role: "Research ethics adviser, public health, Hanoi",
    date: "Thursday, March 18, 2027",
    time: "2:00 PM - 3:30 PM SGT",
  },
] as const;

export const TOOLS: readonly Tool[] = [
  {
    title: "Terms of Reference Template",
    type: "Template",
    description:
      "A structured ToR for short-term assignments: background, objectives, deliverables, timeline, qualifications and reporting lines.",
  },
  {
    title: "Consultant Day-Rate Benchmark",
    type: "Spreadsheet",
    description:
      "Typical daily fees by country, specialization and seniority, to budget an assignment or price your own work realistically.",
  },
  {
    title: "Logical Framework Builder",
    type: "Planning tool",
    description:
      "Build a logframe step by step, from goal to activities, with indicators, means of verification and assumptions.",
  },
  {
    title: "Field Data Collection Checklist",
    type: "Checklist",
    description:
      "Consent, translation, enumerator training, data protection and logistics: what to settle before the first interview.",
  },
] as const;
