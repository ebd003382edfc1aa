import { Hono } from "hono";
import { CV_IMPORT_MESSAGES } from "#common/cv-import.ts";
import { importCv } from "#server/services/cv-import/index.ts";
import { Unauthorized, ValidationFailed } from "#server/services/errors.ts";
import { apiServiceDeps, type HttpDeps, type HttpEnv } from "../context.ts";
import { actorFrom } from "../request.ts";
import { notStored } from "./service-call.ts";

// POST /api/my-consultant-profile/import: multipart with the CV in `file`. Answers the drafts the
// profile form fills with ({ format, drafts, warnings, attachment }); nothing is saved. The body is
// bounded to the file's 5 MB and its envelope by the body limits (middleware/body-limit.ts).

export function createCvImportApi(deps: HttpDeps) {
  const api = new Hono<HttpEnv>();
  api.post(
    "/",
    async (c, next) => {
      // Signed-out callers are refused before the upload is read.
      if (!(await c.get("getSession")())) throw new Unauthorized("Please sign in to import a CV");
      await next();
    },
    async (c) => {
      const actor = await actorFrom(c);
      let body: Record<string, unknown>;
      try {
        body = await c.req.parseBody();
      } catch {
        throw new ValidationFailed("Send the CV as multipart/form-data in the file field");
      }
      const file = body.file;
      if (!(file instanceof File)) {
        throw new ValidationFailed(CV_IMPORT_MESSAGES.noFile, [{ path: "file", message: CV_IMPORT_MESSAGES.noFile }]);
      }
      const result = await importCv(apiServiceDeps(deps, c), actor, { bytes: new Uint8Array(await file.arrayBuffer()) });
      return notStored(c, result);
    },
  );
  return api;
}
