import type { Context } from "hono";
import { z } from "zod";
import {
  ADMIN_MESSAGES,
  ADMIN_TOASTS,
  adminConsultantListQuerySchema,
  adminConsultantSchema,
  adminListQuerySchema,
  hideSchema,
  rejectSchema,
} from "#common/admin-schema.ts";
import {
  ORGANIZATION_FILTERS,
  ORGANIZATION_ROLES,
  ORGANIZATION_TEXTS,
  REPORT_TEXTS,
  reportActionSchema,
} from "#common/organizations.ts";
import { REVIEWED_FIELDS } from "#common/profile-changes.ts";
import {
  adminList,
  adminOrganizationShape,
  adminUserAnswer,
  auditEntryAnswer,
  queueEntryAnswer,
  reportAnswerSchema,
  reportStatus,
} from "#server/http/openapi/admin.ts";
import type { RouteDescription } from "#server/http/openapi/describe-route.ts";
import { describeRoutesIn } from "#server/http/openapi/describe-route.ts";
import { adminConsultantAnswer, messageOnly, pageFields } from "#server/http/openapi/schemas.ts";
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
import { actorFrom, pathId, readJson } from "../request.ts";
import { idAndBody, queryParams, saying, serviceApi } from "./service-call.ts";

// /api/admin/*: the spec's admin calls (section 7) plus the approval queue and the audit log.
// Admins only: 401 signed out, 403 for everyone else, checked before anything about the request
// is read. The session is resolved from the database on each request, and the services check
// the role again inside their transactions, so a demoted admin's next request is refused.

const describeRoute = describeRoutesIn("Administration");

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
  const { api, call } = serviceApi(httpDeps, actorFrom);
  const consultantId = (c: Context<HttpEnv>) => pathId(c, "id", ADMIN_MESSAGES.consultantNotFound);
  const userId = (c: Context<HttpEnv>) => pathId(c, "id", ADMIN_MESSAGES.userNotFound);
  const idAndReadBody = idAndBody(consultantId, readBody);

  api.use(async (c, next) => {
    requireAdminRole(await actorFrom(c));
    await next();
  });

  api.get(
    "/consultants",
    describeRoute({
      summary: "Profiles by status",
      auth: "admin",
      response: adminList("consultants", adminConsultantAnswer),
    }),
    listRoute(httpDeps, "consultants", adminConsultantListQuerySchema, listConsultantsForAdmin),
  );
  api.get(
    "/consultants/:id",
    describeRoute({
      summary: "One profile, every field",
      auth: "admin",
      response: adminConsultantAnswer,
    }),
    call(getConsultantForAdmin, consultantId),
  );
  api.put(
    "/consultants/:id",
    describeRoute({
      summary: "Edit any profile",
      auth: "admin",
      body: adminConsultantSchema,
      response: adminConsultantAnswer,
    }),
    call((deps, actor, input: { id: number; body: unknown }) => editConsultant(deps, actor, input, ADMIN_EDIT), idAndReadBody),
  );
  api.delete(
    "/consultants/:id",
    describeRoute({
      summary: "Delete a profile",
      auth: "admin",
      response: messageOnly,
      reauthenticate: true,
    }),
    call(deleteConsultantAsAdmin, consultantId, saying("Consultant deleted successfully")),
  );

  const moderation = {
    approve: { summary: "Approve a profile" },
    reject: { summary: "Reject a profile with a reason", body: rejectSchema },
    hide: { summary: "Hide a profile", body: hideSchema },
  } satisfies Record<ApprovalAction, Pick<RouteDescription, "summary" | "body">>;
  for (const action of ["approve", "reject", "hide"] as const satisfies ApprovalAction[]) {
    const input = async (c: Context<HttpEnv>) => ({ id: consultantId(c), action, body: await readBody(c) });
    api.put(
      `/consultants/:id/${action}`,
      describeRoute({ auth: "admin", response: adminConsultantAnswer, ...moderation[action] }),
      call(moderateConsultant, input),
    );
  }

  // The approval queue (issue 14): new profiles and changes to approved ones with their diff, oldest first.
  api.get(
    "/queue",
    describeRoute({
      summary: "The approval queue: new profiles and changes, oldest first",
      auth: "admin",
      response: z.strictObject({ entries: z.array(queueEntryAnswer), ...pageFields }),
    }),
    call(listApprovalQueue, queryParams),
  );

  // A change to an approved profile: approve publishes it; reject keeps the approved version ({ reason }).
  api.put(
    "/consultants/:id/approve-change",
    describeRoute({
      summary: "Approve a pending change to a listed profile",
      auth: "admin",
      response: z.strictObject({ message: z.string(), fields: z.array(z.enum(REVIEWED_FIELDS)) }),
    }),
    call(approveChange, consultantId, (c, approved) => c.json({ message: ADMIN_TOASTS.changeApproved, ...approved })),
  );
  api.put(
    "/consultants/:id/reject-change",
    describeRoute({
      summary: "Reject a pending change with a reason",
      auth: "admin",
      body: rejectSchema,
      response: messageOnly,
    }),
    call(rejectChange, idAndReadBody, saying(ADMIN_TOASTS.changeRejected)),
  );

  api.get(
    "/users",
    describeRoute({
      summary: "Accounts",
      auth: "admin",
      response: adminList("users", adminUserAnswer, { adminCount: z.number().int() }),
    }),
    listRoute(httpDeps, "users", adminListQuerySchema, listUsersForAdmin, (result) => ({ adminCount: result.adminCount })),
  );
  api.put(
    "/users/:id/promote",
    describeRoute({
      summary: "Make an account admin",
      auth: "admin",
      response: adminUserAnswer,
      reauthenticate: true,
    }),
    call(promoteUser, userId),
  );
  api.put(
    "/users/:id/demote",
    describeRoute({
      summary: "Take the admin role away",
      auth: "admin",
      response: adminUserAnswer,
      reauthenticate: true,
    }),
    call(demoteUser, userId),
  );
  // Blocking (issue 14): no sign-in, sessions ended, profile and reviews hidden; unblock restores.
  api.put(
    "/users/:id/block",
    describeRoute({
      summary: "Block an account",
      auth: "admin",
      response: adminUserAnswer,
      reauthenticate: true,
    }),
    call(blockUser, userId),
  );
  api.put(
    "/users/:id/unblock",
    describeRoute({
      summary: "Unblock an account",
      auth: "admin",
      response: adminUserAnswer,
      reauthenticate: true,
    }),
    call(unblockUser, userId),
  );
  // Issue 38: ends every session of a user (audited).
  api.delete(
    "/users/:id/sessions",
    describeRoute({
      summary: "End every session of a user (audited)",
      auth: "admin",
      response: z.strictObject({ message: z.string(), ended: z.number().int() }),
    }),
    call(endUserSessionsAsAdmin, userId),
  );

  api.get(
    "/audit-log",
    describeRoute({
      summary: "Who did what",
      auth: "admin",
      response: adminList("entries", auditEntryAnswer),
    }),
    listRoute(httpDeps, "entries", adminListQuerySchema, listAuditLog),
  );

  // Organizations (issue 31): the table (search, filter verified / unverified / reported), one with
  // its members and reports; verifying and unverifying are POST/DELETE /api/organizations/{id}/verify.
  const organizationId = (c: Context<HttpEnv>) => pathId(c, "id", ORGANIZATION_TEXTS.notFound);
  api.get(
    "/organizations",
    describeRoute({
      summary: "Organizations: search, filter verified / unverified / reported",
      auth: "admin",
      query: z.object({
        search: z.string().optional(),
        filter: z.enum(ORGANIZATION_FILTERS).optional(),
        page: z.number().int().optional(),
        limit: z.number().int().optional(),
      }),
      response: z.strictObject({
        organizations: z.array(z.strictObject(adminOrganizationShape)),
        filter: z.enum(ORGANIZATION_FILTERS),
        ...pageFields,
      }),
    }),
    call(listOrganizationsForAdmin, queryParams),
  );
  api.get(
    "/organizations/:id",
    describeRoute({
      summary: "One organization with its members and the reports about it",
      auth: "admin",
      response: z.strictObject({
        ...adminOrganizationShape,
        domain: z.string().nullable(),
        description: z.string(),
        members: z.array(
          z.strictObject({
            userId: z.number().int(),
            name: z.string(),
            email: z.string(),
            role: z.enum(ORGANIZATION_ROLES.values),
            listed: z.boolean(),
            canPost: z.boolean(),
            joinedAt: z.string(),
          }),
        ),
        reports: z.array(
          z.strictObject({
            id: z.number().int(),
            subject: z.string(),
            senderName: z.string(),
            reason: z.string(),
            status: reportStatus,
            createdAt: z.string(),
          }),
        ),
      }),
    }),
    call(getOrganizationForAdmin, organizationId),
  );
  // Reported conversations: the queue, and what an admin does about one (warn, block, unverify, dismiss).
  api.get(
    "/reports",
    describeRoute({
      summary: "Reported conversations (open by default; ?status=all)",
      auth: "admin",
      query: z.object({
        status: z.enum(["open", "all"]).optional(),
        page: z.number().int().optional(),
        limit: z.number().int().optional(),
      }),
      response: z.strictObject({ reports: z.array(reportAnswerSchema), ...pageFields }),
    }),
    call(listReports, queryParams),
  );
  api.put(
    "/reports/:id",
    describeRoute({
      summary: "Act on a report: warn the sender, block the account, unverify the organization, or dismiss",
      auth: "admin",
      body: reportActionSchema,
      response: reportAnswerSchema,
      reauthenticate: true,
    }),
    call(
      resolveReport,
      idAndBody((c) => pathId(c, "id", REPORT_TEXTS.notFound), readBody),
    ),
  );

  return api;
}
