import { type Context, Hono } from "hono";
import { ADMIN_MESSAGES, ADMIN_TOASTS, adminConsultantListQuerySchema, adminListQuerySchema } from "#common/admin-schema.ts";
import { listAuditLog } from "#server/services/admin/audit.ts";
import { blockUser, unblockUser } from "#server/services/admin/block.ts";
import { demoteUser, listUsersForAdmin, promoteUser } from "#server/services/admin/users.ts";
import {
  deleteConsultantAsAdmin,
  getConsultantForAdmin,
  listConsultantsForAdmin,
} from "#server/services/consultants/admin-list.ts";
import { approveChange, listApprovalQueue, rejectChange } from "#server/services/consultants/change-review.ts";
import { ADMIN_EDIT, editConsultant } from "#server/services/consultants/edit.ts";
import { type ApprovalAction, moderateConsultant } from "#server/services/consultants/moderation.ts";
import { requireAdminRole } from "#server/services/context.ts";
import { apiServiceDeps, type HttpDeps, type HttpEnv } from "../context.ts";
import { actorFrom, limitBody, pathId, readJson } from "../request.ts";

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

export function createAdminApi(httpDeps: HttpDeps) {
  const api = new Hono<HttpEnv>();
  const deps = (c: Context<HttpEnv>) => apiServiceDeps(httpDeps, c);
  const consultantId = (c: Context<HttpEnv>) => pathId(c, "id", ADMIN_MESSAGES.consultantNotFound);
  const userId = (c: Context<HttpEnv>) => pathId(c, "id", ADMIN_MESSAGES.userNotFound);

  api.use(async (c, next) => {
    requireAdminRole(await actorFrom(c));
    await next();
  });
  api.use(limitBody());

  api.get("/consultants", async (c) => {
    const { paged } = adminConsultantListQuerySchema.parse(c.req.query());
    const result = await listConsultantsForAdmin(deps(c), await actorFrom(c), c.req.query());
    return listResponse(c, "consultants", paged, result);
  });

  api.get("/consultants/:id", async (c) => {
    return c.json(await getConsultantForAdmin(deps(c), await actorFrom(c), consultantId(c)));
  });

  api.put("/consultants/:id", async (c) => {
    const id = consultantId(c);
    return c.json(await editConsultant(deps(c), await actorFrom(c), { id, body: await readBody(c) }, ADMIN_EDIT));
  });

  api.delete("/consultants/:id", async (c) => {
    await deleteConsultantAsAdmin(deps(c), await actorFrom(c), consultantId(c));
    return c.json({ message: "Consultant deleted successfully" });
  });

  for (const action of ["approve", "reject", "hide"] as const satisfies ApprovalAction[]) {
    api.put(`/consultants/:id/${action}`, async (c) => {
      const id = consultantId(c);
      return c.json(await moderateConsultant(deps(c), await actorFrom(c), { id, action, body: await readBody(c) }));
    });
  }

  // The approval queue (issue 14): new profiles and changes to approved ones with their diff, oldest first.
  api.get("/queue", async (c) => {
    return c.json(await listApprovalQueue(deps(c), await actorFrom(c), c.req.query()));
  });

  // A change to an approved profile: approve publishes it; reject keeps the approved version ({ reason }).
  api.put("/consultants/:id/approve-change", async (c) => {
    const id = consultantId(c);
    return c.json({ message: ADMIN_TOASTS.changeApproved, ...(await approveChange(deps(c), await actorFrom(c), id)) });
  });

  api.put("/consultants/:id/reject-change", async (c) => {
    const id = consultantId(c);
    await rejectChange(deps(c), await actorFrom(c), { id, body: await readBody(c) });
    return c.json({ message: ADMIN_TOASTS.changeRejected });
  });

  api.get("/users", async (c) => {
    const { paged } = adminListQuerySchema.parse(c.req.query());
    const result = await listUsersForAdmin(deps(c), await actorFrom(c), c.req.query());
    return listResponse(c, "users", paged, result, { adminCount: result.adminCount });
  });

  api.put("/users/:id/promote", async (c) => {
    return c.json(await promoteUser(deps(c), await actorFrom(c), userId(c)));
  });

  api.put("/users/:id/demote", async (c) => {
    return c.json(await demoteUser(deps(c), await actorFrom(c), userId(c)));
  });

  // Blocking (issue 14): no sign-in, sessions ended, profile and reviews hidden; unblock restores.
  api.put("/users/:id/block", async (c) => {
    return c.json(await blockUser(deps(c), await actorFrom(c), userId(c)));
  });

  api.put("/users/:id/unblock", async (c) => {
    return c.json(await unblockUser(deps(c), await actorFrom(c), userId(c)));
  });

  api.get("/audit-log", async (c) => {
    const { paged } = adminListQuerySchema.parse(c.req.query());
    const result = await listAuditLog(deps(c), await actorFrom(c), c.req.query());
    return listResponse(c, "entries", paged, result);
  });

  return api;
}
