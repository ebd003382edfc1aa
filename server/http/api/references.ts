import { type Context, Hono } from "hono";
import { z } from "zod";
import { referenceConfirmSchema, referenceRequestSchema } from "#common/references.ts";
import { messageOnly, ownReference, text } from "#server/http/openapi/cv.ts";
import { describeRoutesIn } from "#server/http/openapi/describe-route.ts";
import {
  confirmReference,
  declineReference,
  removeReference,
  requestReference,
  viewReferenceRequest,
  withdrawReference,
} from "#server/services/references/index.ts";
import type { HttpDeps, HttpEnv } from "../context.ts";
import { actorFrom, pathId, readJson } from "../request.ts";
import { notStored, ok, serviceApi, visitorCalls } from "./service-call.ts";

// Confirmed references (issue 34). The consultant's side under /api/my-consultant-profile, the
// referee's under /api/references/{token} (no account: the token is the key), an admin's removal
// under /api/admin/references.

const describeRoute = describeRoutesIn("References");
const describeAdminRoute = describeRoutesIn("Admin");

const assignmentId = (c: Context<HttpEnv>) => pathId(c, "id", "Assignment not found");
const referenceId = (c: Context<HttpEnv>) => pathId(c, "refId", "Reference not found");

/** /api/my-consultant-profile/assignments/{id}/references */
export function createOwnReferencesApi(deps: HttpDeps) {
  const { api, call } = serviceApi(deps, actorFrom);
  api.post(
    "/:id/references",
    describeRoute({
      summary:
        "Ask a person at the client to confirm one of your assignments: they get an e-mail with a single-use link (30 days). 409 with 20 requests waiting or one already waiting for this person, 429 after 3 requests to one address in a week",
      auth: "session",
      body: referenceRequestSchema,
      response: ownReference,
      status: 201,
    }),
    call(
      requestReference,
      async (c) => ({ assignmentId: assignmentId(c), body: await readJson(c) }),
      (c, result) => notStored(c, result, 201),
    ),
  );
  api.delete(
    "/:id/references/:refId",
    describeRoute({
      summary: "Withdraw a reference (waiting or confirmed)",
      auth: "session",
      response: messageOnly,
    }),
    call(withdrawReference, (c) => ({ assignmentId: assignmentId(c), referenceId: referenceId(c) }), notStored),
  );
  return api;
}

/** /api/references/{token}: the referee's page, without an account. */
export function createRefereeApi(deps: HttpDeps) {
  const api = new Hono<HttpEnv>();
  const visit = visitorCalls(deps);
  const token = (c: Context<HttpEnv>) => c.req.param("token") ?? "";
  api.get(
    "/:token",
    describeRoute({
      summary: "What the referee is asked to confirm (no account: the link's token is the key); 404 once used or expired",
      response: z.strictObject({
        consultantName: text,
        consultantTitle: text,
        refereeName: text,
        assignmentTitle: text,
        organization: text,
        role: text.nullable(),
        startMonth: text,
        endMonth: text.nullable(),
        expiresAt: text,
      }),
    }),
    visit(viewReferenceRequest, token, notStored),
  );
  api.post(
    "/:token/confirm",
    describeRoute({
      summary:
        "Confirm the assignment, correcting role and dates if need be, with an optional statement and score (1-10); the link is then used up",
      body: referenceConfirmSchema,
      response: messageOnly,
    }),
    visit(confirmReference, async (c) => ({ token: token(c), body: await readJson(c, { allowEmpty: true }) }), notStored),
  );
  api.post(
    "/:token/decline",
    describeRoute({
      summary: "Decline the request; the link is then used up",
      response: messageOnly,
    }),
    visit(declineReference, (c) => ({ token: token(c) }), notStored),
  );
  return api;
}

/** DELETE /api/admin/references/{refId} */
export function createAdminReferencesApi(deps: HttpDeps) {
  const { api, call } = serviceApi(deps, actorFrom);
  api.delete(
    "/:refId",
    describeAdminRoute({
      summary: "Remove a reference from a profile (recorded in the audit log)",
      auth: "admin",
      response: messageOnly,
    }),
    call(removeReference, (c) => ({ referenceId: referenceId(c) }), ok),
  );
  return api;
}
