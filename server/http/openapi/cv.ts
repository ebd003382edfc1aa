import { z } from "zod";
import { CV_IMPORT_FORMATS, CV_IMPORT_LIMITS } from "#common/cv-import.ts";
import { REFERENCE_STATUSES, referenceConfirmSchema, referenceRequestSchema } from "#common/references.ts";
import { LANGUAGE_LEVELS } from "#common/track-record-lists.ts";
import type { ApiRoute } from "./schemas.ts";

// The documented routes of CV import (issue 34).

const text = z.string();
const draftAssignment = z
  .object({
    title: text,
    organization: text,
    donors: z.array(text),
    countries: z.array(text),
    role: text,
    startDate: z.string().describe("YYYY-MM, or empty when the CV gave no month"),
    endDate: z.string().describe("YYYY-MM, or empty while ongoing or unknown"),
    sector: text,
    description: text,
  })
  .strict();

/** A kept CV is the file as uploaded, in the type the import read it as. */
const keptCvFile = {
  mediaType: "application/pdf, application/vnd.openxmlformats-officedocument.wordprocessingml.document, application/xml",
};

export const cvImportResultSchema = z
  .object({
    format: z.enum(CV_IMPORT_FORMATS),
    drafts: z
      .object({
        profile: z
          .object({
            name: text,
            title: text,
            email: text,
            phone: text,
            location: text,
            country: text,
            bio: text,
            yearsExperience: text,
          })
          .partial()
          .strict(),
        assignments: z.array(draftAssignment),
        education: z.array(z.object({ degree: text, field: text, institution: text, year: text }).strict()),
        languages: z.array(z.object({ name: text, level: z.enum(LANGUAGE_LEVELS).nullable() }).strict()),
      })
      .strict(),
    warnings: z.array(text).describe("What could not be read, one sentence each"),
    attachment: z.object({ id: z.number().int(), filename: text, size: z.number().int() }).strict().nullable(),
  })
  .strict();

export const cvRoutes: ApiRoute[] = [
  {
    method: "POST",
    path: "/my-consultant-profile/import",
    tag: "Directory",
    summary:
      "Read a CV (multipart, field file: Europass XML or PDF, UN P11 as .docx, any CV as PDF or .docx; at most 5 MB and 30 pages) into drafts for the profile form; nothing is saved, and the file is forgotten once read unless keep=true: then it is kept attached to your profile, replacing the one kept before (attachment; GET /api/my-consultant-profile/cv-file). 413 too large or too long, 415 not a CV this reads, 400 unreadable or too slow to read (20 s), 429 more than 20 an hour, 503 the file to keep could not be stored",
    auth: "session",
    upload: {
      field: "file",
      mediaTypes: [
        "application/xml",
        "text/xml",
        "application/pdf",
        "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
      ],
      maxBytes: CV_IMPORT_LIMITS.bytes,
      otherFields: ["keep"],
    },
    response: cvImportResultSchema,
  },
  {
    method: "GET",
    path: "/my-consultant-profile/cv-file",
    tag: "Directory",
    summary:
      "Your kept CV (imported with keep=true) as a download (Content-Disposition: attachment), in the type it was read as; 404 when none is kept",
    auth: "session",
    response: keptCvFile,
  },
  {
    method: "DELETE",
    path: "/my-consultant-profile/cv-file",
    tag: "Directory",
    summary: "Remove your kept CV (the stored file is deleted); 404 when none is kept",
    auth: "session",
    response: z.object({ message: text }).strict(),
  },
  {
    method: "GET",
    path: "/consultants/:id/cv-file",
    tag: "Directory",
    summary:
      "A profile's kept CV as a download, for the profile's owner and admins; 404 for anyone else, as when none is kept (never a public URL)",
    auth: "session",
    response: keptCvFile,
  },
];

// Confirmed references (issue 34).

const ownReference = z
  .object({
    id: z.number().int(),
    assignmentId: z.number().int(),
    refereeName: text,
    organization: text,
    role: text.nullable(),
    startMonth: text,
    endMonth: text.nullable(),
    statement: text.nullable(),
    score: z.number().int().min(1).max(10).nullable(),
    confirmedAt: text,
    isDomainVerified: z.boolean(),
    status: z.enum(REFERENCE_STATUSES),
    refereeEmail: text,
    requestedAt: text,
    expiresAt: text,
    isExpired: z.boolean(),
  })
  .strict();

const messageOnly = z.object({ message: text }).strict();

export const referenceRoutes: ApiRoute[] = [
  {
    method: "POST",
    path: "/my-consultant-profile/assignments/:id/references",
    tag: "References",
    summary:
      "Ask a person at the client to confirm one of your assignments: they get an e-mail with a single-use link (30 days). 409 with 20 requests waiting or one already waiting for this person, 429 after 3 requests to one address in a week",
    auth: "session",
    body: referenceRequestSchema,
    response: ownReference,
    status: 201,
  },
  {
    method: "DELETE",
    path: "/my-consultant-profile/assignments/:id/references/:refId",
    tag: "References",
    summary: "Withdraw a reference (waiting or confirmed)",
    auth: "session",
    response: messageOnly,
  },
  {
    method: "GET",
    path: "/references/:token",
    tag: "References",
    summary: "What the referee is asked to confirm (no account: the link's token is the key); 404 once used or expired",
    response: z
      .object({
        consultantName: text,
        consultantTitle: text,
        refereeName: text,
        assignmentTitle: text,
        organization: text,
        role: text.nullable(),
        startMonth: text,
        endMonth: text.nullable(),
        expiresAt: text,
      })
      .strict(),
  },
  {
    method: "POST",
    path: "/references/:token/confirm",
    tag: "References",
    summary:
      "Confirm the assignment, correcting role and dates if need be, with an optional statement and score (1-10); the link is then used up",
    body: referenceConfirmSchema,
    response: messageOnly,
  },
  {
    method: "POST",
    path: "/references/:token/decline",
    tag: "References",
    summary: "Decline the request; the link is then used up",
    response: messageOnly,
  },
  {
    method: "DELETE",
    path: "/admin/references/:refId",
    tag: "Admin",
    summary: "Remove a reference from a profile (recorded in the audit log)",
    auth: "admin",
    response: messageOnly,
  },
];
