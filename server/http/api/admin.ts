import { type Context, Hono } from "hono";
import { ADMIN_MESSAGES, ADMIN_TOASTS, adminConsultantListQuerySchema, adminListQuerySchema } from "#common/admin-schema.ts";
import { ORGANIZATION_TEXTS, REPORT_TEXTS } from "#common/organizations.ts";
import { endUserSessionsAsAdmin } from "#server/services/accounts/account-sessions.ts";
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
import { type Actor, requireAdminRole, type ServiceDeps } from "#server/services/context.ts";
import { listReports, resolveReport } from "#server/services/conversations/reports.ts";
import { getOrganizationForAdmin, listOrganizationsForAdmin } from "#server/services/organizations/admin.ts";
import { apiServiceDeps, type HttpDeps, type HttpEnv } from "../context.ts";
import { actorFrom, limitBody, pathId, readJson } from "../request.ts";
import { idAndBody, queryParams, saying, serviceCalls } from "./service-call.ts";

// /api/admin/*: the spec's admin calls (section 7) plus the approval queue and the audit log.
// Admins only: 401 signed out, 403 for everyone else, checked before anything about the request
// is read. The session is resolved from the database on each request, and the services check
// the role again inside their transactions, so a demoted admin's next request is refused.

/** An empty body is "nothing given", which the schemas answer with their messages. */
const readBody = (c: Context<HttpEnv>) => readJson(c, { allowEmpty: true });

type ListPage<K extends string> = { total: number; page: number; limit: number } & Record<K, unknown[]>;

/**
 * The spec's client reads a plain array; a client that asks for a page (page or limit given) gets
 * `{ <items>, total, page, limit }`. The unpaged form is capped and says so in its headers.
 */
function listResponse<K extends string>(
  c: Context<HttpEnv>,
  key: K,
  paged: boolean,
  result: ListPage<K>,
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

/** An admin list: whether a page was asked for is read from the query first, then the service lists. */
function listRoute<K extends string, R extends ListPage<K>>(
  httpDeps: HttpDeps,
  key: K,
  query: { parse: (input: unknown) => { paged: boolean } },
  service: (deps: ServiceDeps, actor: Actor, input: unknown) => Promise<R>,
  extra: (result: R) => Record<string, unknown> = () => ({}),
) {
  return async (c: Context<HttpEnv>) => {
    const { paged } = query.parse(c.req.query());
    const result = await service(apiServiceDeps(httpDeps, c), await actorFrom(c), c.req.query());
    return listResponse(c, key, paged, result, extra(result));
  };
}

export function createAdminApi(httpDeps: HttpDeps) {
  const api = new Hono<HttpEnv>();
  const call = serviceCalls(httpDeps, actorFrom);
  const consultantId = (c: Context<HttpEnv>) => pathId(c, "id", ADMIN_MESSAGES.consultantNotFound);
  const userId = (c: Context<HttpEnv>) => pathId(c, "id", ADMIN_MESSAGES.userNotFound);
  const idAndReadBody = idAndBody(consultantId, readBody);

  api.use(async (c, next) => {
    requireAdminRole(await actorFrom(c));
    await next();
  });
  api.use(limitBody());

  api.get("/consultants", listRoute(httpDeps, "consultants", adminConsultantListQuerySchema, listConsultantsForAdmin));
  api.get("/consultants/:id", call(getConsultantForAdmin, consultantId));
  api.put(
    "/consultants/:id",
    call((deps, actor, input: { id: number; body: unknown }) => editConsultant(deps, actor, input, ADMIN_EDIT), idAndReadBody),
  );
  api.delete("/consultants/:id", call(deleteConsultantAsAdmin, consultantId, saying("Consultant deleted successfully")));

  for (const action of ["approve", "reject", "hide"] as const satisfies ApprovalAction[]) {
    const input = async (c: Context<HttpEnv>) => ({ id: consultantId(c), action, body: await readBody(c) });
    api.put(`/consultants/:id/${action}`, call(moderateConsultant, input));
  }

  // The approval queue (issue 14): new profiles and changes to approved ones with their diff, oldest first.
  api.get("/queue", call(listApprovalQueue, queryParams));

  // A change to an approved profile: approve publishes it; reject keeps the approved version ({ reason }).
  api.put(
    "/consultants/:id/approve-change",
    call(approveChange, consultantId, (c, approved) => c.json({ message: ADMIN_TOASTS.changeApproved, ...approved })),
  );
  api.put("/consultants/:id/reject-change", call(rejectChange, idAndReadBody, saying(ADMIN_TOASTS.changeRejected)));

  api.get(
    "/users",
    listRoute(httpDeps, "users", adminListQuerySchema, listUsersForAdmin, (result) => ({ adminCount: result.adminCount })),
  );
  api.put("/users/:id/promote", call(promoteUser, userId));
  api.put("/users/:id/demote", call(demoteUser, userId));
  // Blocking (issue 14): no sign-in, sessions ended, profile and reviews hidden; unblock restores.
  api.put("/users/:id/block", call(blockUser, userId));
  api.put("/users/:id/unblock", call(unblockUser, userId));
  // Issue 38: ends every session of a user (audited).
  api.delete("/users/:id/sessions", call(endUserSessionsAsAdmin, userId));

  api.get("/audit-log", listRoute(httpDeps, "entries", adminListQuerySchema, listAuditLog));

  // Organizations (issue 31): the table (search, filter verified / unverified / reported), one with
  // its members and reports; verifying and unverifying are POST/DELETE /api/organizations/{id}/verify.
  const organizationId = (c: Context<HttpEnv>) => pathId(c, "id", ORGANIZATION_TEXTS.notFound);
  api.get("/organizations", call(listOrganizationsForAdmin, queryParams));
  api.get("/organizations/:id", call(getOrganizationForAdmin, organizationId));
  // Reported conversations: the queue, and what an admin does about one (warn, block, unverify, dismiss).
  api.get("/reports", call(listReports, queryParams));
  api.put(
    "/reports/:id",
    call(
      resolveReport,
      idAndBody((c) => pathId(c, "id", REPORT_TEXTS.notFound), readBody),
    ),
  );

  return api;
}
