import { type Context, Hono } from "hono";
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
import { notStored, ok, serviceCalls } from "./service-call.ts";

// Confirmed references (issue 34). The consultant's side under /api/my-consultant-profile, the
// referee's under /api/references/{token} (no account: the token is the key), an admin's removal
// under /api/admin/references.

const assignmentId = (c: Context<HttpEnv>) => pathId(c, "id", "Assignment not found");
const referenceId = (c: Context<HttpEnv>) => pathId(c, "refId", "Reference not found");

/** /api/my-consultant-profile/assignments/{id}/references */
export function createOwnReferencesApi(deps: HttpDeps) {
  const api = new Hono<HttpEnv>();
  const call = serviceCalls(deps, actorFrom);
  api.post(
    "/:id/references",
    call(
      requestReference,
      async (c) => ({ assignmentId: assignmentId(c), body: await readJson(c) }),
      (c, result) => notStored(c, result, 201),
    ),
  );
  api.delete(
    "/:id/references/:refId",
    call(withdrawReference, (c) => ({ assignmentId: assignmentId(c), referenceId: referenceId(c) }), notStored),
  );
  return api;
}

/** /api/references/{token}: the referee's page, without an account. */
export function createRefereeApi(deps: HttpDeps) {
  const api = new Hono<HttpEnv>();
  const call = serviceCalls(deps, async () => null);
  const token = (c: Context<HttpEnv>) => c.req.param("token") ?? "";
  api.get(
    "/:token",
    call((services, _actor, input: string) => viewReferenceRequest(services, input), token, notStored),
  );
  api.post(
    "/:token/confirm",
    call(
      (services, _actor, input: { token: string; body: unknown }) => confirmReference(services, input),
      async (c) => ({ token: token(c), body: await readJson(c, { allowEmpty: true }) }),
      notStored,
    ),
  );
  api.post(
    "/:token/decline",
    call(
      (services, _actor, input: { token: string }) => declineReference(services, input),
      (c) => ({ token: token(c) }),
      notStored,
    ),
  );
  return api;
}

/** DELETE /api/admin/references/{refId} */
export function createAdminReferencesApi(deps: HttpDeps) {
  const api = new Hono<HttpEnv>();
  const call = serviceCalls(deps, actorFrom);
  api.delete(
    "/:refId",
    call(removeReference, (c) => ({ referenceId: referenceId(c) }), ok),
  );
  return api;
}
