import { Hono } from "hono";
import { CV_IMPORT_MESSAGES } from "#common/cv-import.ts";
import { importCv } from "#server/services/cv-import/index.ts";
import { apiServiceDeps, type HttpDeps, type HttpEnv } from "../context.ts";
import { actorFrom, signedInFirst, uploadedFile } from "../request.ts";
import { notStored } from "./service-call.ts";

// POST /api/my-consultant-profile/import: multipart with the CV in `file`. Answers the drafts the
// profile form fills with ({ format, drafts, warnings, attachment }); nothing is saved. The body is
// bounded to the file's 5 MB and its envelope by the body limits (middleware/body-limit.ts).

export function createCvImportApi(deps: HttpDeps) {
  const api = new Hono<HttpEnv>();
  api.post("/", signedInFirst("Please sign in to import a CV"), async (c) => {
    const actor = await actorFrom(c);
    const file = await uploadedFile(c, "file", {
      notMultipart: "Send the CV as multipart/form-data in the file field",
      missing: CV_IMPORT_MESSAGES.noFile,
    });
    const result = await importCv(apiServiceDeps(deps, c), actor, { bytes: new Uint8Array(await file.arrayBuffer()) });
    return notStored(c, result);
  });
  return api;
}
