import { z } from "zod";
import terms from "./opportunity-terms.json" with { type: "json" };

// The Terms of Reference the seeded opportunities are written from (issue 32): assignments as the
// region's organizations advertise them (evaluations, public financial management, WASH, GBV,
// disaster risk reduction, health, education…), each a template with the place, the organization
// and the donor filled in. "{place}" is a province or city of the country, "{country}" the country
// as a sentence names it, "{office}" as a country office names it ("Viet Nam"), "{org}" the
// organization, "{donor}" the funder.

// The templates themselves are data (opportunity-terms.json, one object a ToR): 27 entries of the
// same fourteen fields, written as code, repeated every field name 27 times. The schema below is
// the one place their shape is written; it is checked when the module loads, so a mistyped field
// in the file fails the seed at once instead of writing a ToR with a hole in it.

const termsTemplateSchema = z
  .object({
    title: z.string(),
    /** The first is the assignment's field; a second one is asked for too when given. */
    specializations: z.array(z.string()).min(1),
    donors: z.array(z.string()).min(1),
    /** Whether the country's own language is required besides English. */
    localLanguage: z.boolean(),
    minYears: z.number().int(),
    duration: z.object({ unit: z.enum(["days", "months"]), min: z.number().int(), max: z.number().int() }).strict(),
    levelOfEffort: z.string(),
    /** A daily-rate range in USD (the budget shown, sometimes hidden). */
    dailyRate: z.tuple([z.number(), z.number()]),
    /** Whether the work may be done from home. */
    remote: z.boolean(),
    background: z.string(),
    objectives: z.array(z.string()),
    scope: z.array(z.string()),
    deliverables: z.array(z.string()),
    qualifications: z.array(z.string()),
  })
  .strict();

export type TermsTemplate = z.infer<typeof termsTemplateSchema>;

export const TERMS: TermsTemplate[] = z.array(termsTemplateSchema).parse(terms);

/** Projects' names as their ToRs name them. */
export const PROJECT_NAMES = [
  "Sustainable Livelihoods",
  "Resilient Communities",
  "Strengthening Local Governance",
  "Inclusive Growth",
  "Healthy Mothers, Healthy Babies",
  "Clean Water for All",
  "Climate-Smart Villages",
  "Better Public Services",
  "Women's Economic Empowerment",
  "Skills for Jobs",
  "Safe Schools",
  "Green Mekong",
  "Coastal Resilience",
  "Accountable Budgets",
];

/** The national language a ToR may require, by country. */
export const NATIONAL_LANGUAGE: Record<string, string | undefined> = {
  Indonesia: "Indonesian",
  Thailand: "Thai",
  Vietnam: "Vietnamese",
  Philippines: "Filipino",
  Malaysia: "Malay",
  Myanmar: "Myanmar",
  Cambodia: "Khmer",
  Laos: "Lao",
  Brunei: "Malay",
  Singapore: undefined,
};
