import { type Context, Hono } from "hono";
import { SHORTLIST_TEXTS } from "#common/shortlists.ts";
import {
  createShortlist,
  deleteShortlist,
  exportShortlistCsv,
  getShortlist,
  listShortlists,
  putShortlistEntry,
  removeShortlistEntry,
  renameShortlist,
  revokeShortlistShare,
  shareShortlist,
  viewSharedShortlist,
} from "#server/services/shortlists/shortlists.ts";
import { apiServiceDeps, type HttpDeps, type HttpEnv } from "../context.ts";
import { SMALL_BODY_LIMIT } from "../middleware/body-limit.ts";
import { limitBody, pathId, readJson, signedInActor } from "../request.ts";

// Shortlists (issue 13): /api/shortlists… for the owner only (others 404), and
// /api/shared-shortlists/{token} for anyone holding a share link.

/** A missing body is an empty one (PUT …/consultants/{id} with no note adds the consultant). */
const readBody = async (c: Context<HttpEnv>) => (await readJson(c, { allowEmpty: true })) ?? {};

/** A file name for the download: the list's name in safe characters. */
function fileName(name: string): string {
  const safe = name
    .normalize("NFKD")
    .replace(/[^\w -]+/g, "")
    .trim()
    .replace(/\s+/g, "-")
    .slice(0, 60);
  return `${safe || "shortlist"}.csv`;
}

export function createShortlistsApi(deps: HttpDeps) {
  const api = new Hono<HttpEnv>();
  api.use(limitBody(SMALL_BODY_LIMIT));
  const service = (c: Context<HttpEnv>) => apiServiceDeps(deps, c);
  const actor = signedInActor(SHORTLIST_TEXTS.signIn);
  const listId = (c: Context<HttpEnv>) => pathId(c, "id", SHORTLIST_TEXTS.notFound);
  const consultantId = (c: Context<HttpEnv>) => pathId(c, "consultantId", SHORTLIST_TEXTS.consultantNotFound);

  api.get("/", async (c) => c.json({ shortlists: await listShortlists(service(c), await actor(c)) }));
  api.post("/", async (c) => {
    const user = await actor(c);
    return c.json(await createShortlist(service(c), user, await readBody(c)), 201);
  });
  api.get("/:id/export.csv", async (c) => {
    const user = await actor(c);
    const { name, csv } = await exportShortlistCsv(service(c), user, listId(c));
    return c.body(csv, 200, {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileName(name)}"`,
      "Cache-Control": "private, no-store",
    });
  });
  api.get("/:id", async (c) => {
    const user = await actor(c);
    return c.json(await getShortlist(service(c), user, listId(c)));
  });
  api.patch("/:id", async (c) => {
    const user = await actor(c);
    const id = listId(c);
    return c.json(await renameShortlist(service(c), user, { id, body: await readBody(c) }));
  });
  api.delete("/:id", async (c) => {
    const user = await actor(c);
    await deleteShortlist(service(c), user, listId(c));
    return c.json({ message: "Shortlist deleted" });
  });
  api.put("/:id/consultants/:consultantId", async (c) => {
    const user = await actor(c);
    const id = listId(c);
    const consultant = consultantId(c);
    return c.json(await putShortlistEntry(service(c), user, { id, consultantId: consultant, body: await readBody(c) }));
  });
  api.delete("/:id/consultants/:consultantId", async (c) => {
    const user = await actor(c);
    return c.json(await removeShortlistEntry(service(c), user, { id: listId(c), consultantId: consultantId(c) }));
  });
  api.post("/:id/share", async (c) => {
    const user = await actor(c);
    return c.json(await shareShortlist(service(c), user, listId(c)), 201);
  });
  api.delete("/:id/share", async (c) => {
    const user = await actor(c);
    await revokeShortlistShare(service(c), user, listId(c));
    return c.json({ message: "Share link revoked" });
  });
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
