import { Hono } from "hono";
import { z } from "zod";
import { CV_IMPORT_LIMITS, CV_IMPORT_MESSAGES, KEPT_CV_MESSAGES } from "#common/cv-import.ts";
import { cvImportResultSchema, keptCvFile, text } from "#server/http/openapi/cv.ts";
import { describeRoutesIn } from "#server/http/openapi/describe-route.ts";
import { importCv } from "#server/services/cv-import/index.ts";
import { downloadKeptCvOf, downloadOwnKeptCv, removeOwnKeptCv } from "#server/services/cv-import/kept-file.ts";
import { apiServiceDeps, type HttpDeps, type HttpEnv } from "../context.ts";
import { downloadAnswer } from "../download.ts";
import { actorFrom, pathId, readMultipart, signedInFirst, uploadedFile } from "../request.ts";
import { noInput, notStored, saying, serviceApi } from "./service-call.ts";

// POST /api/my-consultant-profile/import: multipart with the CV in `file`, and `keep=true` to keep
// the file attached to the profile. Answers the drafts the profile form fills with ({ format,
// drafts, warnings, attachment }); nothing else is saved. The body is bounded to the file's 5 MB
// and its envelope by the body limits (middleware/body-limit.ts).
//
// The kept CV: GET and DELETE /api/my-consultant-profile/cv-file (its owner), GET
// /api/consultants/{id}/cv-file (the profile's owner and admins; anyone else 404).

const describeRoute = describeRoutesIn("Directory");

const NOT_MULTIPART = "Send the CV as multipart/form-data in the file field";

/** `keep` as a form sends it: a ticked box ("on"), or "true"/"1" from an API client. */
function isTicked(value: unknown) {
  return typeof value === "string" && ["on", "true", "1"].includes(value.trim().toLowerCase());
}

export function createCvImportApi(deps: HttpDeps) {
  const api = new Hono<HttpEnv>();
  api.post(
    "/",
    describeRoute({
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
    }),
    signedInFirst("Please sign in to import a CV"),
    async (c) => {
      const actor = await actorFrom(c);
      const file = await uploadedFile(c, "file", { notMultipart: NOT_MULTIPART, missing: CV_IMPORT_MESSAGES.noFile });
      // The same parsed form (Hono keeps it), for the box beside the file.
      const { keep } = await readMultipart(c, NOT_MULTIPART);
      const result = await importCv(apiServiceDeps(deps, c), actor, {
        bytes: new Uint8Array(await file.arrayBuffer()),
        keep: isTicked(keep),
        name: file.name,
      });
      return notStored(c, result);
    },
  );
  return api;
}

/** /api/my-consultant-profile/cv-file: the signed-in person's kept CV. */
export function createOwnKeptCvApi(deps: HttpDeps) {
  const { api, call } = serviceApi(deps, actorFrom);
  api.get(
    "/",
    describeRoute({
      summary:
        "Your kept CV (imported with keep=true) as a download (Content-Disposition: attachment), in the type it was read as; 404 when none is kept",
      auth: "session",
      response: keptCvFile,
    }),
    call(downloadOwnKeptCv, noInput, downloadAnswer),
  );
  api.delete(
    "/",
    describeRoute({
      summary: "Remove your kept CV (the stored file is deleted); 404 when none is kept",
      auth: "session",
      response: z.strictObject({ message: text }),
    }),
    call(removeOwnKeptCv, noInput, saying(KEPT_CV_MESSAGES.removed)),
  );
  return api;
}

/** /api/consultants/{id}/cv-file: a profile's kept CV, for its owner and admins. */
export function createKeptCvOfApi(deps: HttpDeps) {
  const { api, call } = serviceApi(deps, actorFrom);
  api.get(
    "/",
    describeRoute({
      summary:
        "A profile's kept CV as a download, for the profile's owner and admins; 404 for anyone else, as when none is kept (never a public URL)",
      auth: "session",
      response: keptCvFile,
    }),
    call(downloadKeptCvOf, (c) => pathId(c, "id", KEPT_CV_MESSAGES.notFound), downloadAnswer),
  );
  return api;
}
