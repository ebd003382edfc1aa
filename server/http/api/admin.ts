import { type Context, Hono } from "hono";
import { ADMIN_MESSAGES, adminConsultantListQuerySchema, adminListQuerySchema } from "../../../common/admin-schema.ts";
import {
  type AdminDeps,
  type ApprovalAction,
  adminDepsFrom,
  deleteConsultantAsAdmin,
  demoteUser,
  getConsultantForAdmin,
  listAuditLog,
  listConsultantsForAdmin,
  listUsersForAdmin,
  moderateConsultant,
  promoteUser,
  updateConsultantAsAdmin,
} from "../../services/admin.ts";
import { requireAdmin } from "../../services/guards.ts";
import type { HttpDeps, HttpEnv } from "../context.ts";
import { limitBody, pathId, readJson } from "../request.ts";

// /api/admin/*: the spec's admin calls (section 7) plus the approval queue and the audit log.
// Admins only: 401 signed out, 403 for everyone else, checked before anything about the request
// is read. The session is resolved from the database on each request, and the services check
// the role again inside their transactions, so a demoted admin's next request is refused.

/** An empty body is "nothing given", which the schemas answer with their messages. */
const readBody = (c: Context<HttpEnv>) => readJson(c, { allowEmpty: true });

/**
 * The spec's client reads a plain array; a client that asks for a page (page or limit given) gets
 * `{ <items>, total, page, limit }`. The unpaged form is capped and says so in its headers.
 */
function listResponse<K extends string, T>(
  c: Context<HttpEnv>,
  key: K,
  paged: boolean,
  result: { total: number; page: number; limit: number } & Record<K, T[]>,
  extra: Record<string, unknown> = {},
) {
  if (paged) return c.json({ [key]: result[key], total: result.total, page: result.page, limit: result.limit, ...extra });
  c.header("X-Total-Count", String(result.total));
  if (result.total > result[key].length) {
    const next = new URL(c.req.url);
    next.searchParams.set("page", "1");
    next.searchParams.set("limit", "100");
    c.header("Link", `<${next.pathname}${next.search}>; rel="next"`);
  }
  return c.json(result[key]);
}

export function createAdminApi({ db, mailer, storage, config }: HttpDeps) {
  const api = new Hono<HttpEnv>();
  const deps = (c: Context<HttpEnv>): AdminDeps => adminDepsFrom({ db, mailer, storage, config, log: c.get("log") });
  const actorOf = async (c: Context<HttpEnv>) => requireAdmin(await c.get("getSession")()).user;

  api.use(async (c, next) => {
    await actorOf(c);
    await next();
  });
  api.use(limitBody());

  api.get("/consultants", async (c) => {
    const query = adminConsultantListQuerySchema.parse(c.req.query());
    const result = await listConsultantsForAdmin(db, await actorOf(c), query);
    return listResponse(c, "consultants", query.paged, result);
  });

  api.get("/consultants/:id", async (c) => {
    const id = pathId(c, "id", ADMIN_MESSAGES.consultantNotFound);
    return c.json(await getConsultantForAdmin(db, await actorOf(c), id));
  });

  api.put("/consultants/:id", async (c) => {
    const id = pathId(c, "id", ADMIN_MESSAGES.consultantNotFound);
    return c.json(await updateConsultantAsAdmin(db, await actorOf(c), id, await readBody(c)));
  });

  api.delete("/consultants/:id", async (c) => {
    const id = pathId(c, "id", ADMIN_MESSAGES.consultantNotFound);
    await deleteConsultantAsAdmin(db, await actorOf(c), id, deps(c));
    return c.json({ message: "Consultant deleted successfully" });
  });

  for (const action of ["approve", "reject", "hide"] as const satisfies ApprovalAction[]) {
    api.put(`/consultants/:id/${action}`, async (c) => {
      const id = pathId(c, "id", ADMIN_MESSAGES.consultantNotFound);
      return c.json(await moderateConsultant(db, await actorOf(c), id, action, await readBody(c), deps(c)));
    });
  }

  api.get("/users", async (c) => {
    const query = adminListQuerySchema.parse(c.req.query());
    const result = await listUsersForAdmin(db, await actorOf(c), query);
    return listResponse(c, "users", query.paged, result, { adminCount: result.adminCount });
  });

  api.put("/users/:id/promote", async (c) => {
    const id = pathId(c, "id", ADMIN_MESSAGES.userNotFound);
    return c.json(await promoteUser(db, await actorOf(c), id));
  });

  api.put("/users/:id/demote", async (c) => {
    const id = pathId(c, "id", ADMIN_MESSAGES.userNotFound);
    return c.json(await demoteUser(db, await actorOf(c), id));
  });

  api.get("/audit-log", async (c) => {
    const query = adminListQuerySchema.parse(c.req.query());
    const result = await listAuditLog(db, await actorOf(c), query);
    return listResponse(c, "entries", query.paged, result);
  });

  return api;
}
