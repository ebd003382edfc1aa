import { Hono } from "hono";
import { ORGANIZATION_TEXTS } from "#common/organizations.ts";
import { getHiddenFrom, putHiddenFrom } from "#server/services/organizations/hidden-from.ts";
import {
  acceptInvitation,
  declineInvitation,
  inviteMember,
  listInvitations,
  previewInvitation,
  withdrawInvitation,
} from "#server/services/organizations/invitations.ts";
import { LOGO_FIELD, removeOrganizationLogo, setOrganizationLogo } from "#server/services/organizations/logo.ts";
import { listMembers, removeMember, updateMember } from "#server/services/organizations/members.ts";
import { actingState, setActingOrganization } from "#server/services/organizations/membership.ts";
import {
  createOrganization,
  deleteOrganization,
  getOrganization,
  listOrganizations,
  updateOrganization,
} from "#server/services/organizations/organizations.ts";
import { unverifyOrganization, verifyOrganization } from "#server/services/organizations/verification.ts";
import { apiServiceDeps, type HttpContext, type HttpDeps, type HttpEnv } from "../context.ts";
import { SMALL_BODY_LIMIT } from "../middleware/body-limit.ts";
import { actorFrom, bodyOrEmpty, pathId, readMultipart, signedInActor } from "../request.ts";
import {
  created,
  idAndBody,
  noInput,
  notStored,
  pathAndBody,
  queryParams,
  saying,
  serviceApi,
  serviceCalls,
} from "./service-call.ts";

// Organizations (issue 31): /api/organizations… (members see their organizations' private parts,
// anyone else gets 404; a verified organization's own record is public), /api/invitations/{token}
// (the e-mailed link), /api/acting-organization (the header's switcher) and
// /api/my-consultant-profile/hidden-from (a consultant hides their profile from organizations).

const organizationId = (c: HttpContext) => pathId(c, "id", ORGANIZATION_TEXTS.notFound);
const memberOf = (c: HttpContext) => ({
  id: organizationId(c),
  userId: pathId(c, "userId", ORGANIZATION_TEXTS.memberNotFound),
});
const invitationOf = (c: HttpContext) => ({
  id: organizationId(c),
  invitationId: pathId(c, "invitationId", ORGANIZATION_TEXTS.invitationNotFound),
});
const token = (c: HttpContext) => c.req.param("token") ?? "";

export function createOrganizationsApi(deps: HttpDeps) {
  const { api, call } = serviceApi(deps, signedInActor(ORGANIZATION_TEXTS.signIn), SMALL_BODY_LIMIT);
  // A verified organization's record is public: a visitor may read it.
  const open = serviceCalls(deps, actorFrom);

  api.get("/", call(listOrganizations, queryParams, notStored));
  api.post("/", call(createOrganization, bodyOrEmpty, created));
  api.get("/:id", open(getOrganization, organizationId));
  api.patch("/:id", call(updateOrganization, idAndBody(organizationId, bodyOrEmpty)));
  api.delete("/:id", call(deleteOrganization, organizationId, saying("Organization deleted")));

  api.get("/:id/members", call(listMembers, organizationId, notStored));
  api.patch("/:id/members/:userId", call(updateMember, pathAndBody(memberOf, bodyOrEmpty)));
  api.delete("/:id/members/:userId", call(removeMember, memberOf));

  api.get("/:id/invitations", call(listInvitations, organizationId, notStored));
  api.post("/:id/invitations", call(inviteMember, idAndBody(organizationId, bodyOrEmpty), created));
  api.delete("/:id/invitations/:invitationId", call(withdrawInvitation, invitationOf, saying("Invitation withdrawn")));

  api.post("/:id/verify", call(verifyOrganization, idAndBody(organizationId, bodyOrEmpty)));
  api.delete(
    "/:id/verify",
    call((d, actor, id: number) => unverifyOrganization(d, actor, id), organizationId),
  );
  return api;
}

/**
 * /api/organizations/{id}/logo (mounted before /api/organizations, whose bodies are a few
 * fields): PUT stores a new logo through the photo pipeline, DELETE removes it; both answer the
 * organization. The body is limited to a photo's size by server/http/middleware/body-limit.ts.
 */
export function createOrganizationLogoApi(deps: HttpDeps) {
  const api = new Hono<HttpEnv>();
  const actor = signedInActor(ORGANIZATION_TEXTS.signIn);
  api.put("/", async (c) => {
    const who = await actor(c);
    const id = organizationId(c);
    const body = await readMultipart(c, ORGANIZATION_TEXTS.logoMultipart);
    // Multipart with the file in `logo`, as the photo upload takes `profilePhoto`; the service checks the file.
    return notStored(c, await setOrganizationLogo(apiServiceDeps(deps, c), who, { id, file: body[LOGO_FIELD] }));
  });
  api.delete("/", async (c) => {
    const who = await actor(c);
    return notStored(c, await removeOrganizationLogo(apiServiceDeps(deps, c), who, organizationId(c)));
  });
  return api;
}

/** /api/invitations/{token}: anyone holding the link sees and declines it; accepting needs the invited account. */
export function createInvitationsApi(deps: HttpDeps) {
  const { api, call } = serviceApi(deps, signedInActor(ORGANIZATION_TEXTS.signIn), SMALL_BODY_LIMIT);
  const open = serviceCalls(deps, actorFrom);
  api.get(
    "/:token",
    open((d, _actor, value: string) => previewInvitation(d, value), token, notStored),
  );
  api.post("/:token/accept", call(acceptInvitation, token));
  api.post("/:token/decline", open(declineInvitation, token, saying("Invitation declined")));
  return api;
}

/** /api/acting-organization: which organization the signed-in person acts for (null: themselves). */
export function createActingOrganizationApi(deps: HttpDeps) {
  const { api, call } = serviceApi(deps, signedInActor(ORGANIZATION_TEXTS.signIn), SMALL_BODY_LIMIT);
  api.get("/", call(actingState, noInput, notStored));
  api.put("/", call(setActingOrganization, bodyOrEmpty, notStored));
  return api;
}

/** /api/my-consultant-profile/hidden-from: the organizations whose members never see the caller's profile. */
export function createHiddenFromApi(deps: HttpDeps) {
  const { api, call } = serviceApi(deps, signedInActor(ORGANIZATION_TEXTS.signIn), SMALL_BODY_LIMIT);
  api.get("/", call(getHiddenFrom, noInput, notStored));
  api.put("/", call(putHiddenFrom, bodyOrEmpty, notStored));
  return api;
}
