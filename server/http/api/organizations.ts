import { Hono } from "hono";
import { z } from "zod";
import { PHOTO_MAX_BYTES } from "#common/constants.ts";
import {
  actingSchema,
  hiddenFromSchema,
  invitationSchema,
  memberUpdateSchema,
  ORGANIZATION_TEXTS,
  organizationCreateSchema,
  organizationSearchSchema,
  organizationUpdateSchema,
  verifySchema,
} from "#common/organizations.ts";
import { describeRoutesIn } from "#server/http/openapi/describe-route.ts";
import {
  actingAnswerSchema,
  hiddenFromAnswerSchema,
  invitationAnswerSchema,
  invitationPreviewSchema,
  memberSchema,
  organizationListSchema,
  organizationSchema,
} from "#server/http/openapi/organizations.ts";
import { messageOnly } from "#server/http/openapi/schemas.ts";
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

const describeRoute = describeRoutesIn("Organizations");

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

  api.get(
    "/",
    describeRoute({
      summary: "The caller's organizations, or with ?search= organizations by name",
      auth: "session",
      query: organizationSearchSchema,
      response: organizationListSchema,
    }),
    call(listOrganizations, queryParams, notStored),
  );
  api.post(
    "/",
    describeRoute({
      summary: "Create an organization (the caller becomes its owner)",
      auth: "session",
      body: organizationCreateSchema,
      response: organizationSchema,
      status: 201,
    }),
    call(createOrganization, bodyOrEmpty, created),
  );
  api.get(
    "/:id",
    describeRoute({
      summary: "An organization: members see it whole, anyone a verified one",
      response: organizationSchema,
    }),
    open(getOrganization, organizationId),
  );
  api.patch(
    "/:id",
    describeRoute({
      summary: "Change an organization's details (owners and admins)",
      auth: "session",
      body: organizationUpdateSchema,
      response: organizationSchema,
    }),
    call(updateOrganization, idAndBody(organizationId, bodyOrEmpty)),
  );
  api.delete(
    "/:id",
    describeRoute({
      summary: "Delete an organization (owners and admins)",
      auth: "session",
      response: messageOnly,
      reauthenticate: true,
    }),
    call(deleteOrganization, organizationId, saying("Organization deleted")),
  );

  api.get(
    "/:id/members",
    describeRoute({
      summary: "An organization's members (members only)",
      auth: "session",
      response: z.strictObject({ members: z.array(memberSchema) }),
    }),
    call(listMembers, organizationId, notStored),
  );
  api.patch(
    "/:id/members/:userId",
    describeRoute({
      summary:
        "Change a member's role or let a plain member post opportunities (owners and admins), or one's own listing on the public page",
      auth: "session",
      body: memberUpdateSchema,
      response: memberSchema,
    }),
    call(updateMember, pathAndBody(memberOf, bodyOrEmpty)),
  );
  api.delete(
    "/:id/members/:userId",
    describeRoute({
      summary: "Remove a member (owners and admins), or leave (one's own id)",
      auth: "session",
      response: z.strictObject({ left: z.boolean() }),
    }),
    call(removeMember, memberOf),
  );

  api.get(
    "/:id/invitations",
    describeRoute({
      summary: "Invitations waiting for an answer (owners and admins)",
      auth: "session",
      response: z.strictObject({ invitations: z.array(invitationAnswerSchema) }),
    }),
    call(listInvitations, organizationId, notStored),
  );
  api.post(
    "/:id/invitations",
    describeRoute({
      summary: "Invite someone by e-mail (a single-use link, 7 days)",
      auth: "session",
      body: invitationSchema,
      response: invitationAnswerSchema,
      status: 201,
    }),
    call(inviteMember, idAndBody(organizationId, bodyOrEmpty), created),
  );
  api.delete(
    "/:id/invitations/:invitationId",
    describeRoute({
      summary: "Withdraw an invitation",
      auth: "session",
      response: messageOnly,
    }),
    call(withdrawInvitation, invitationOf, saying("Invitation withdrawn")),
  );

  api.post(
    "/:id/verify",
    describeRoute({
      summary: "Verify an organization: by a member's e-mail at its domain, or by a site admin",
      auth: "session",
      body: verifySchema,
      response: organizationSchema,
    }),
    call(verifyOrganization, idAndBody(organizationId, bodyOrEmpty)),
  );
  api.delete(
    "/:id/verify",
    describeRoute({
      summary: "Take an organization's verification back (site admins)",
      auth: "admin",
      response: z.strictObject({ id: z.number().int(), verified: z.literal(false) }),
      reauthenticate: true,
    }),
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
  api.put(
    "/",
    describeRoute({
      summary:
        "Upload or replace the organization's logo (owners and admins; members 403, others 404): a JPEG, PNG or GIF of at most 1.5 MB, fitted whole into a square and stored as WebP",
      auth: "session",
      upload: { field: "logo", mediaTypes: ["image/jpeg", "image/png", "image/gif"], maxBytes: PHOTO_MAX_BYTES },
      response: organizationSchema,
    }),
    async (c) => {
      const who = await actor(c);
      const id = organizationId(c);
      const body = await readMultipart(c, ORGANIZATION_TEXTS.logoMultipart);
      // Multipart with the file in `logo`, as the photo upload takes `profilePhoto`; the service checks the file.
      return notStored(c, await setOrganizationLogo(apiServiceDeps(deps, c), who, { id, file: body[LOGO_FIELD] }));
    },
  );
  api.delete(
    "/",
    describeRoute({
      summary: "Remove the organization's logo (owners and admins): its initials are shown instead",
      auth: "session",
      response: organizationSchema,
    }),
    async (c) => {
      const who = await actor(c);
      return notStored(c, await removeOrganizationLogo(apiServiceDeps(deps, c), who, organizationId(c)));
    },
  );
  return api;
}

/** /api/invitations/{token}: anyone holding the link sees and declines it; accepting needs the invited account. */
export function createInvitationsApi(deps: HttpDeps) {
  const { api, call } = serviceApi(deps, signedInActor(ORGANIZATION_TEXTS.signIn), SMALL_BODY_LIMIT);
  const open = serviceCalls(deps, actorFrom);
  api.get(
    "/:token",
    describeRoute({
      summary: "An invitation, as its e-mailed link shows it",
      response: invitationPreviewSchema,
    }),
    open((d, _actor, value: string) => previewInvitation(d, value), token, notStored),
  );
  api.post(
    "/:token/accept",
    describeRoute({
      summary: "Accept an invitation (signed in with the invited address)",
      auth: "session",
      response: organizationSchema,
    }),
    call(acceptInvitation, token),
  );
  api.post(
    "/:token/decline",
    describeRoute({
      summary: "Decline an invitation (whoever holds the link)",
      response: messageOnly,
    }),
    open(declineInvitation, token, saying("Invitation declined")),
  );
  return api;
}

/** /api/acting-organization: which organization the signed-in person acts for (null: themselves). */
export function createActingOrganizationApi(deps: HttpDeps) {
  const { api, call } = serviceApi(deps, signedInActor(ORGANIZATION_TEXTS.signIn), SMALL_BODY_LIMIT);
  api.get(
    "/",
    describeRoute({
      summary: "The caller's organizations and the one they act for",
      auth: "session",
      response: actingAnswerSchema,
    }),
    call(actingState, noInput, notStored),
  );
  api.put(
    "/",
    describeRoute({
      summary: "Act for one of one's organizations, or for oneself (null)",
      auth: "session",
      body: actingSchema,
      response: actingAnswerSchema,
    }),
    call(setActingOrganization, bodyOrEmpty, notStored),
  );
  return api;
}

/** /api/my-consultant-profile/hidden-from: the organizations whose members never see the caller's profile. */
export function createHiddenFromApi(deps: HttpDeps) {
  const { api, call } = serviceApi(deps, signedInActor(ORGANIZATION_TEXTS.signIn), SMALL_BODY_LIMIT);
  api.get(
    "/",
    describeRoute({
      summary: "The organizations the caller's profile is hidden from",
      auth: "session",
      response: hiddenFromAnswerSchema,
    }),
    call(getHiddenFrom, noInput, notStored),
  );
  api.put(
    "/",
    describeRoute({
      summary: "Hide the caller's profile from these organizations (the whole list)",
      auth: "session",
      body: hiddenFromSchema,
      response: hiddenFromAnswerSchema,
    }),
    call(putHiddenFrom, bodyOrEmpty, notStored),
  );
  return api;
}
