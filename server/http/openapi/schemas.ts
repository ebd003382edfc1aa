import { z } from "zod";

// What the documented routes answer, and how a route is documented (see ../openapi.ts).

export const errorSchema = z.object({
  message: z.string(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});

/** 403 of a sensitive change without a recent sign-in (issue 38): POST /api/auth/reauthenticate, then again. */
export const reauthenticateSchema = z.object({ message: z.string(), reauthenticate: z.literal(true) }).strict();

export const responseSchemas = {
  user: z
    .object({
      id: z.number().int(),
      email: z.string(),
      name: z.string(),
      role: z.string(),
      isEmailVerified: z.boolean(),
      createdAt: z.string(),
    })
    .strict(),
  stats: z
    .object({
      totalConsultants: z.number().int(),
      totalCountries: z.number().int(),
      totalSpecializations: z.number().int(),
      totalProjects: z.number().int(),
      countries: z.array(z.object({ country: z.string(), count: z.number().int() }).strict()),
    })
    .strict(),
  consultant: z.looseObject({
    id: z.number().int(),
    name: z.string(),
    title: z.string(),
    location: z.string(),
    country: z.string(),
    // As text, as the spec's entity has it (server/http/years-as-text.ts).
    yearsExperience: z.string().regex(/^\d+$/),
    languages: z.array(z.string()),
    primarySpecialization: z.string(),
    secondarySpecializations: z.array(z.string()),
    bio: z.string(),
    profilePhotoUrl: z.string().nullable(),
    availableForWork: z.boolean(),
    email: z.string().nullable().optional(),
    phone: z.string().nullable().optional(),
  }),
};
export const signedIn = z
  .object({
    sessionToken: z.string(),
    user: responseSchemas.user,
    // Issue 38, ENFORCE_SECOND_FACTOR: set up an authenticator app (POST /api/account/mfa/totp) before
    // anything else this policy covers; until then such calls answer 403 with `secondFactorRequired: true`.
    secondFactorSetupRequired: z.literal(true).optional(),
  })
  .strict();
export const searchResultSchema = z
  .object({
    consultants: z.array(responseSchemas.consultant),
    total: z.number().int(),
    totalIsCapped: z.boolean(),
    page: z.number().int(),
    limit: z.number().int(),
    pageCount: z.number().int(),
    sort: z.string(),
    correctedKeywords: z.string().optional(),
    /** The terms of the field glossary the keywords named (issue 33), and the forms they also matched. */
    expandedTerms: z.array(z.object({ typed: z.string(), concept: z.string(), forms: z.array(z.string()) }).strict()).optional(),
    /** When nothing was found: what would find something (the keywords without a word, the search without a filter). */
    relaxations: z
      .array(
        z
          .object({
            drop: z.union([
              z.object({ words: z.array(z.string()) }).strict(),
              z.object({ filter: z.string(), value: z.string() }).strict(),
            ]),
            count: z.number().int(),
            countIsCapped: z.boolean(),
            query: z.string(),
          })
          .strict(),
      )
      .optional(),
  })
  .strict();
export const messageOnly = z.looseObject({ message: z.string() });
export const anyJson = z.looseObject({});

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
export type ApiRoute = {
  method: Method;
  /** As Hono writes it, under /api: "/consultants/:id". */
  path: string;
  summary: string;
  tag: string;
  auth?: "session" | "admin";
  body?: z.ZodType;
  query?: z.ZodType;
  /** The success answer: a schema (JSON), or a media type for files. */
  response: z.ZodType | { mediaType: string };
  status?: number;
  /** A sensitive change: 403 `{ message, reauthenticate: true }` without a recent sign-in (issue 38). */
  reauthenticate?: true;
  /**
   * A file sent as multipart/form-data in `field` (one of `mediaTypes`, at most `maxBytes`), with
   * the form's other text fields; `raw`: the file may also be the whole body, with its own type.
   */
  upload?: { field: string; mediaTypes: string[]; maxBytes: number; otherFields?: string[]; raw?: true };
};

export const pdf = { mediaType: "application/pdf" };
export const csv = { mediaType: "text/csv" };
