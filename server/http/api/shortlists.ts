import { type Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { SHORTLIST_TEXTS } from "#common/shortlists.ts";
import { NotFound, PayloadTooLarge, Unauthorized, ValidationFailed } from "#server/services/errors.ts";
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
  type ShortlistDeps,
  shareShortlist,
  viewSharedShortlist,
} from "#server/services/shortlists/shortlists.ts";
import type { HttpDeps, HttpEnv } from "../context.ts";

// Shortlists (issue 13): /api/shortlists… for the owner only (others 404), and
// /api/shared-shortlists/{token} for anyone holding a share link.

const MAX_ID = 2_147_483_647;

function idParam(c: Context<HttpEnv>, name: string, message: string): number {
  const value = c.req.param(name);
  if (!value || !/^[1-9]\d{0,9}$/.test(value) || Number(value) > MAX_ID) throw new NotFound(message);
  return Number(value);
}

async function readJson(c: Context<HttpEnv>): Promise<unknown> {
  const text = await c.req.text();
  if (text.trim() === "") return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new ValidationFailed("The request body must be JSON");
  }
}

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
  api.use(
    bodyLimit({
      maxSize: 16 * 1024,
      onError: () => {
        throw new PayloadTooLarge("The request body is too large");
      },
    }),
  );
  const service: ShortlistDeps = { db: deps.db, publicUrl: deps.config.publicUrl };
  const actor = async (c: Context<HttpEnv>) => {
    const user = (await c.get("getSession")())?.user;
    if (!user) throw new Unauthorized(SHORTLIST_TEXTS.signIn);
    return user;
  };
  const listId = (c: Context<HttpEnv>) => idParam(c, "id", SHORTLIST_TEXTS.notFound);
  const consultantId = (c: Context<HttpEnv>) => idParam(c, "consultantId", SHORTLIST_TEXTS.consultantNotFound);

  api.get("/", async (c) => c.json({ shortlists: await listShortlists(service, await actor(c)) }));
  api.post("/", async (c) => {
    const user = await actor(c);
    return c.json(await createShortlist(service, user, await readJson(c)), 201);
  });
  api.get("/:id/export.csv", async (c) => {
    const user = await actor(c);
    const { name, csv } = await exportShortlistCsv(service, user, listId(c));
    return c.body(csv, 200, {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileName(name)}"`,
      "Cache-Control": "private, no-store",
    });
  });
  api.get("/:id", async (c) => {
    const user = await actor(c);
    return c.json(await getShortlist(service, user, listId(c)));
  });
  api.patch("/:id", async (c) => {
    const user = await actor(c);
    const id = listId(c);
    return c.json(await renameShortlist(service, user, id, await readJson(c)));
  });
  api.delete("/:id", async (c) => {
    const user = await actor(c);
    await deleteShortlist(service, user, listId(c));
    return c.json({ message: "Shortlist deleted" });
  });
  api.put("/:id/consultants/:consultantId", async (c) => {
    const user = await actor(c);
    const id = listId(c);
    const consultant = consultantId(c);
    return c.json(await putShortlistEntry(service, user, { id, consultantId: consultant, body: await readJson(c) }));
  });
  api.delete("/:id/consultants/:consultantId", async (c) => {
    const user = await actor(c);
    return c.json(await removeShortlistEntry(service, user, { id: listId(c), consultantId: consultantId(c) }));
  });
  api.post("/:id/share", async (c) => {
    const user = await actor(c);
    return c.json(await shareShortlist(service, user, listId(c)), 201);
  });
  api.delete("/:id/share", async (c) => {
    const user = await actor(c);
    await revokeShortlistShare(service, user, listId(c));
    return c.json({ message: "Share link revoked" });
  });
  return api;
}

export function createSharedShortlistsApi(deps: HttpDeps) {
  const api = new Hono<HttpEnv>();
  const service: ShortlistDeps = { db: deps.db, publicUrl: deps.config.publicUrl };
  api.get("/:token", async (c) => {
    c.header("Cache-Control", "private, no-store");
    c.header("X-Robots-Tag", "noindex");
    return c.json(await viewSharedShortlist(service, c.req.param("token")));
  });
  return api;
}
