import { type Context, Hono } from "hono";
import { SHORTLIST_TEXTS } from "#common/shortlists.ts";
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

export function createShortlistsApi(deps: HttpDeps) {
  const { api, call } = serviceApi(deps, signedInActor(SHORTLIST_TEXTS.signIn), SMALL_BODY_LIMIT);
  const listId = (c: Context<HttpEnv>) => pathId(c, "id", SHORTLIST_TEXTS.notFound);
  const consultantId = (c: Context<HttpEnv>) => pathId(c, "consultantId", SHORTLIST_TEXTS.consultantNotFound);
  const entry = (c: Context<HttpEnv>) => ({ id: listId(c), consultantId: consultantId(c) });

  api.get("/", call(listShortlists, noInput, under("shortlists")));
  api.post("/", call(createShortlist, bodyOrEmpty, created));
  api.get(
    "/:id/export.csv",
    call(
      exportShortlistCsv,
      (c) => ({ id: listId(c), notes: c.req.query("notes") === "1" }),
      (c, { filename, csv }) => downloadAnswer(c, { contentType: CSV_TYPE, filename, body: csv }),
    ),
  );
  api.get("/:id", call(getShortlist, listId));
  api.patch("/:id", call(renameShortlist, idAndBody(listId, bodyOrEmpty)));
  api.delete("/:id", call(deleteShortlist, listId, saying("Shortlist deleted")));
  api.put("/:id/consultants/:consultantId", call(putShortlistEntry, pathAndBody(entry, bodyOrEmpty)));
  api.patch("/:id/consultants/:consultantId", call(patchShortlistEntry, pathAndBody(entry, bodyOrEmpty)));
  api.delete("/:id/consultants/:consultantId", call(removeShortlistEntry, entry));
  api.get("/:id/consultants/:consultantId/notes", call(listShortlistNotes, entry, notStored));
  api.post("/:id/consultants/:consultantId/notes", call(addShortlistNote, pathAndBody(entry, bodyOrEmpty), created));
  api.post("/:id/share", call(shareShortlist, listId, created));
  api.delete("/:id/share", call(revokeShortlistShare, listId, saying("Share link revoked")));
  return api;
}

export function createSharedShortlistsApi(deps: HttpDeps) {
  const api = new Hono<HttpEnv>();
  api.get("/:token", async (c) => {
    c.header("Cache-Control", "private, no-store");
    c.header("X-Robots-Tag", "noindex");
    return c.json(await viewSharedShortlist(apiServiceDeps(deps, c), c.req.param("token")));
  });
  return api;
}
