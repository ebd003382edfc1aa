import { type Context, Hono } from "hono";
import { z } from "zod";
import {
  SHORTLIST_TEXTS,
  shortlistCreateSchema,
  shortlistEntryPatchSchema,
  shortlistEntrySchema,
  shortlistNameSchema,
  shortlistNoteSchema,
} from "#common/shortlists.ts";
import { describeRoutesIn } from "#server/http/openapi/describe-route.ts";
import {
  sharedShortlistSchema,
  shortlistDetailSchema,
  shortlistListSchema,
  shortlistNoteAnswerSchema,
} from "#server/http/openapi/hiring.ts";
import { csv, messageOnly } from "#server/http/openapi/schemas.ts";
import { exportShortlistCsv } from "#server/services/shortlists/csv.ts";
import {
  addShortlistNote,
  listShortlistNotes,
  patchShortlistEntry,
  putShortlistEntry,
  removeShortlistEntry,
} from "#server/services/shortlists/entries.ts";
import {
  createShortlist,
  deleteShortlist,
  getShortlist,
  listShortlists,
  renameShortlist,
  revokeShortlistShare,
  shareShortlist,
  viewSharedShortlist,
} from "#server/services/shortlists/shortlists.ts";
import { apiServiceDeps, type HttpDeps, type HttpEnv } from "../context.ts";
import { CSV_TYPE, downloadAnswer } from "../download.ts";
import { SMALL_BODY_LIMIT } from "../middleware/body-limit.ts";
import { bodyOrEmpty, pathId, signedInActor } from "../request.ts";
import { created, idAndBody, noInput, notStored, pathAndBody, saying, serviceApi, under } from "./service-call.ts";

// Shortlists (issues 13 and 31): /api/shortlists… for the owner of a private list and the members
// of a team list's organization (others 404), and /api/shared-shortlists/{token} for anyone
// holding a share link.

const describeRoute = describeRoutesIn("Hiring");

export function createShortlistsApi(deps: HttpDeps) {
  const { api, call } = serviceApi(deps, signedInActor(SHORTLIST_TEXTS.signIn), SMALL_BODY_LIMIT);
  const listId = (c: Context<HttpEnv>) => pathId(c, "id", SHORTLIST_TEXTS.notFound);
  const consultantId = (c: Context<HttpEnv>) => pathId(c, "consultantId", SHORTLIST_TEXTS.consultantNotFound);
  const entry = (c: Context<HttpEnv>) => ({ id: listId(c), consultantId: consultantId(c) });

  api.get(
    "/",
    describeRoute({
      summary: "The caller's shortlists and their organizations' team lists",
      auth: "session",
      response: shortlistListSchema,
    }),
    call(listShortlists, noInput, under("shortlists")),
  );
  api.post(
    "/",
    describeRoute({
      summary: "Create a shortlist, private or (with organizationId) a team list",
      auth: "session",
      body: shortlistCreateSchema,
      response: shortlistDetailSchema,
      status: 201,
    }),
    call(createShortlist, bodyOrEmpty, created),
  );
  api.get(
    "/:id/export.csv",
    describeRoute({
      summary: "A shortlist as CSV with each entry's stage; ?notes=1 adds the notes",
      auth: "session",
      response: csv,
    }),
    call(
      exportShortlistCsv,
      (c) => ({ id: listId(c), notes: c.req.query("notes") === "1" }),
      (c, { filename, csv }) => downloadAnswer(c, { contentType: CSV_TYPE, filename, body: csv }),
    ),
  );
  api.get(
    "/:id",
    describeRoute({
      summary: "One shortlist, with each entry's stage and internal notes",
      auth: "session",
      response: shortlistDetailSchema,
    }),
    call(getShortlist, listId),
  );
  api.patch(
    "/:id",
    describeRoute({
      summary: "Rename a shortlist",
      auth: "session",
      body: shortlistNameSchema,
      response: shortlistDetailSchema,
    }),
    call(renameShortlist, idAndBody(listId, bodyOrEmpty)),
  );
  api.delete(
    "/:id",
    describeRoute({
      summary: "Delete a shortlist",
      auth: "session",
      response: messageOnly,
    }),
    call(deleteShortlist, listId, saying("Shortlist deleted")),
  );
  api.put(
    "/:id/consultants/:consultantId",
    describeRoute({
      summary: "Add a consultant (with a note)",
      auth: "session",
      body: shortlistEntrySchema,
      response: shortlistDetailSchema,
    }),
    call(putShortlistEntry, pathAndBody(entry, bodyOrEmpty)),
  );
  api.patch(
    "/:id/consultants/:consultantId",
    describeRoute({
      summary: "Move an entry to a stage, or change its note",
      auth: "session",
      body: shortlistEntryPatchSchema,
      response: shortlistDetailSchema,
    }),
    call(patchShortlistEntry, pathAndBody(entry, bodyOrEmpty)),
  );
  api.delete(
    "/:id/consultants/:consultantId",
    describeRoute({
      summary: "Remove a consultant",
      auth: "session",
      response: shortlistDetailSchema,
    }),
    call(removeShortlistEntry, entry),
  );
  api.get(
    "/:id/consultants/:consultantId/notes",
    describeRoute({
      summary: "An entry's internal notes",
      auth: "session",
      response: z.strictObject({ notes: z.array(shortlistNoteAnswerSchema) }),
    }),
    call(listShortlistNotes, entry, notStored),
  );
  api.post(
    "/:id/consultants/:consultantId/notes",
    describeRoute({
      summary: "Add an internal note to an entry",
      auth: "session",
      body: shortlistNoteSchema,
      response: shortlistNoteAnswerSchema,
      status: 201,
    }),
    call(addShortlistNote, pathAndBody(entry, bodyOrEmpty), created),
  );
  api.post(
    "/:id/share",
    describeRoute({
      summary: "Share a shortlist by link",
      auth: "session",
      response: z.strictObject({ token: z.string(), url: z.string() }),
      status: 201,
    }),
    call(shareShortlist, listId, created),
  );
  api.delete(
    "/:id/share",
    describeRoute({
      summary: "Stop sharing a shortlist",
      auth: "session",
      response: messageOnly,
    }),
    call(revokeShortlistShare, listId, saying("Share link revoked")),
  );
  return api;
}

export function createSharedShortlistsApi(deps: HttpDeps) {
  const api = new Hono<HttpEnv>();
  api.get(
    "/:token",
    describeRoute({
      summary: "A shared shortlist, read-only",
      response: sharedShortlistSchema,
    }),
    async (c) => {
      c.header("Cache-Control", "private, no-store");
      c.header("X-Robots-Tag", "noindex");
      return c.json(await viewSharedShortlist(apiServiceDeps(deps, c), c.req.param("token")));
    },
  );
  return api;
}
