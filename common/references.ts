import { z } from "zod";

// Confirmed references (issue 34): a consultant asks a person at a past client to confirm an
// assignment; the referee confirms (dates and role editable, a statement, a 1-10 score) or
// declines through a single-use link, without an account. Shown as "Confirmed by {name},
// {organization}"; the referee's e-mail is never shown.

export const REFERENCE_STATUSES = ["requested", "confirmed", "declined", "withdrawn", "removed"] as const;
export type ReferenceStatus = (typeof REFERENCE_STATUSES)[number];

export const REFERENCE_LIMITS = {
  /** Days a link works. */
  linkDays: 30,
  /** Requests waiting for an answer, per consultant. */
  openPerConsultant: 20,
  /** Requests to one referee address, per week, from everyone together. */
  perRefereePerWeek: 3,
  name: 120,
  email: 255,
  statement: 1000,
} as const;

export const REFERENCE_MESSAGES = {
  name: "Name of the referee is required",
  email: "A valid e-mail address of the referee is required",
  tooManyOpen: `You have ${REFERENCE_LIMITS.openPerConsultant} reference requests waiting for an answer: withdraw one or wait for answers before asking again`,
  tooManyForReferee: "This person has been asked for references several times this week. Please try again next week.",
  linkUnusable: "This reference link has expired or has already been used.",
  duplicate: "This person already has a request for this assignment waiting for an answer",
  score: "Score must be a whole number from 1 to 10",
  statement: `Statement must be at most ${REFERENCE_LIMITS.statement} characters`,
} as const;

const HTML = /<\s*[a-zA-Z!/?]|&[a-zA-Z#][a-zA-Z0-9]*;/;
const blank = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

export const referenceRequestSchema = z.object(
  {
    name: z.preprocess(
      blank,
      z
        .string({ error: REFERENCE_MESSAGES.name })
        .trim()
        .min(1, REFERENCE_MESSAGES.name)
        .max(REFERENCE_LIMITS.name, `Name must be at most ${REFERENCE_LIMITS.name} characters`)
        .refine((value) => !HTML.test(value), "Name must not contain HTML"),
    ),
    email: z.preprocess(
      blank,
      z
        .string({ error: REFERENCE_MESSAGES.email })
        .trim()
        .max(REFERENCE_LIMITS.email, REFERENCE_MESSAGES.email)
        .pipe(z.email({ error: REFERENCE_MESSAGES.email })),
    ),
  },
  { error: "Send the referee's name and email" },
);

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;
const month = (label: string) =>
  z.preprocess(
    blank,
    z
      .string({ error: `${label} must be a month written YYYY-MM` })
      .trim()
      .regex(MONTH, `${label} must be a month written YYYY-MM (for example 2021-03)`)
      .optional(),
  );

/** What the referee may send: corrections of role and dates, a statement, a score; all optional. */
export const referenceConfirmSchema = z
  .object(
    {
      role: z.preprocess(
        blank,
        z
          .string({ error: "Role must be text" })
          .trim()
          .max(255, "Role must be at most 255 characters")
          .refine((value) => !HTML.test(value), "Role must not contain HTML")
          .optional(),
      ),
      startMonth: month("Start month"),
      endMonth: z.preprocess(
        (value) => (value === null ? null : blank(value)),
        z
          .string({ error: "End month must be a month written YYYY-MM" })
          .trim()
          .regex(MONTH, "End month must be a month written YYYY-MM (for example 2021-03)")
          .nullable()
          .optional(),
      ),
      statement: z.preprocess(
        blank,
        z
          .string({ error: "Statement must be text" })
          .trim()
          .max(REFERENCE_LIMITS.statement, REFERENCE_MESSAGES.statement)
          .refine((value) => !HTML.test(value), "Statement must not contain HTML")
          .optional(),
      ),
      score: z.preprocess((value) => {
        const given = blank(value);
        if (typeof given === "string") return /^\s*\d{1,2}\s*$/.test(given) ? Number(given) : Number.NaN;
        return given;
      }, z
        .number({ error: REFERENCE_MESSAGES.score })
        .int(REFERENCE_MESSAGES.score)
        .min(1, REFERENCE_MESSAGES.score)
        .max(10, REFERENCE_MESSAGES.score)
        .optional()),
    },
    { error: "Send the confirmation's fields, each under its name" },
  )
  .refine((value) => !value.startMonth || !value.endMonth || value.endMonth >= value.startMonth, {
    message: "End month must not be before the start month",
    path: ["endMonth"],
  });

export type ReferenceConfirmInput = z.infer<typeof referenceConfirmSchema>;

/** A confirmed reference as everyone sees it on the profile: never the referee's e-mail. */
export type PublicReference = {
  id: number;
  assignmentId: number;
  refereeName: string;
  organization: string;
  role: string | null;
  startMonth: string;
  endMonth: string | null;
  statement: string | null;
  score: number | null;
  confirmedAt: string;
  /** The referee's e-mail is at the organization's verified domain. */
  isDomainVerified: boolean;
};

/** A request as its consultant sees it (the referee's address is theirs to see: they typed it). */
export type OwnReference = PublicReference & {
  status: ReferenceStatus;
  refereeEmail: string;
  requestedAt: string;
  expiresAt: string;
  isExpired: boolean;
};

/** What the referee's page shows. */
export type ReferenceRequestView = {
  consultantName: string;
  consultantTitle: string;
  refereeName: string;
  assignmentTitle: string;
  organization: string;
  role: string | null;
  startMonth: string;
  endMonth: string | null;
  expiresAt: string;
};

/** "Confirmed by Somchai Wongsawat, Asian Development Bank". */
export function confirmedByLabel(reference: { refereeName: string; organization: string }): string {
  return `Confirmed by ${reference.refereeName}, ${reference.organization}`;
}
