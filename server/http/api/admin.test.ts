import { and, eq } from "drizzle-orm";
import { describe, expect } from "vitest";
import { ADMIN_UNPAGED_LIMIT } from "#common/admin-schema.ts";
import { auditLog, authUsers, type ConsultantStatus, consultants, messages, reviews } from "#server/db/schema.ts";
import { keepCvFile } from "#server/services/cv-import/kept-file.ts";
import { createSession } from "#server/services/sessions.ts";
import { createStorage } from "#server/services/storage.ts";
import { type ApiApp, call, type TestApi } from "../../../tests/setup/api-app.ts";
import { apiTest } from "../../../tests/setup/fixtures.ts";
import { solidPng } from "../../../tests/setup/images.ts";
import { errorRecordingLogger } from "../../../tests/setup/logged-errors.ts";
import { ADMIN_REQUIRED_MESSAGES, errorList } from "../../../tests/setup/profile-messages.ts";
import { freshIp, unique } from "../../../tests/setup/unique.ts";

const it = apiTest();
let env: TestApi;
let app: ApiApp["app"];
it.beforeAll(({ api }) => {
  env = api;
  app = api.app;
});

async function insertUser({ role = "user", name = "Test Person" }: { role?: "user" | "admin"; name?: string } = {}) {
  const [user] = await env.database.db
    .insert(authUsers)
    .values({ email: `u.${unique()}@example.org`, name, hashedPassword: "not-a-hash", role })
    .returning();
  return user!;
}

/** A signed-in person: the user row and a fresh Bearer token. */
async function signedIn(role: "user" | "admin" = "user", name?: string) {
  const user = await insertUser({ role, name });
  const { token } = await createSession(env.database.db, user.id);
  return { user, token };
}

async function insertConsultant(values: { status?: ConsultantStatus; userId?: number; name?: string } = {}) {
  const [row] = await env.database.db
    .insert(consultants)
    .values({
      name: values.name ?? `Consultant ${unique()}`,
      title: "Education Specialist",
      email: `c.${unique()}@example.org`,
      location: "Phnom Penh, Cambodia",
      country: "Cambodia",
      yearsExperience: 5,
      primarySpecialization: "Education",
      bio: "Curriculum reform and teacher training in Cambodia.",
      status: values.status ?? "approved",
      userId: values.userId,
    })
    .returning();
  return row!;
}

/** The owner's profile form (issue 5's schema). */
const profileBody = (overrides: Record<string, unknown> = {}) => ({
  name: "Sokha Chan",
  title: "Education Specialist",
  email: `profile.${unique()}@example.org`,
  location: "Phnom Penh, Cambodia",
  country: "Cambodia",
  yearsExperience: 7,
  primarySpecialization: "Education",
  bio: "Curriculum reform and teacher training across Cambodia.",
  ...overrides,
});

const editBody = (overrides: Record<string, unknown> = {}) => ({
  name: "Sokha Chan",
  title: "Senior Education Specialist",
  email: `sokha.${unique()}@example.org`,
  phone: "",
  location: "Phnom Penh, Cambodia",
  city: "Phnom Penh",
  country: "Cambodia",
  yearsExperience: "6-10 years",
  primarySpecialization: "Education",
  bio: "Curriculum reform and teacher training across Cambodia.",
  availableForWork: true,
  showEmail: false,
  showPhone: false,
  ...overrides,
});

// ---------------------------------------------------------------------------------------------
// The authorization matrix: every /api endpoint (reads as well as writes)
// × anonymous / user / owner / admin. A route the app serves but this table does not list
// fails the completeness test below, so a new endpoint cannot be added without its row.

type Role = "anonymous" | "user" | "owner" | "admin";
const ROLES: Role[] = ["anonymous", "user", "owner", "admin"];

/** Per cell: a fresh consultant owned by the "owner", a fresh plain user, and one of each session. */
type Fixture = { consultantId: number; ownerId: number; otherUserId: number; messageId: number; reviewId: number };
type Row = {
  method: string;
  /** The route as the app registers it. */
  route: string;
  path: (f: Fixture) => string;
  body?: (f: Fixture) => unknown;
  /** A request that is not JSON (a file upload), sent as this. */
  multipart?: () => Promise<FormData>;
  /** The fixture profile's approval status (default pending: approve needs something to approve). */
  consultantStatus?: ConsultantStatus;
  expected: Record<Role, number>;
};

const ADMIN_ONLY = (ok: number) => ({ anonymous: 401, user: 403, owner: 403, admin: ok });
const SIGNED_IN = (ok: number) => ({ anonymous: 401, user: ok, owner: ok, admin: ok });
const ANYONE = (status: number) => ({ anonymous: status, user: status, owner: status, admin: status });

const NOBODY_ELSES = { anonymous: 401, user: 404, owner: 404, admin: 404 };
const OWNER_ONLY = (ok: number) => ({ anonymous: 401, user: 404, owner: ok, admin: 404 });
const OWNER_OR_ADMIN_SEES = (ok: number) => ({ anonymous: 404, user: 404, owner: ok, admin: ok });

/** Reads: who may see what. A pending profile is visible to its owner and admins only. */
const READS: Row[] = [
  { method: "GET", route: "/api/auth/me", path: () => "/api/auth/me", expected: SIGNED_IN(200) },
  { method: "GET", route: "/api/stats", path: () => "/api/stats", expected: ANYONE(200) },
  { method: "GET", route: "/api/openapi.json", path: () => "/api/openapi.json", expected: ANYONE(200) },
  { method: "GET", route: "/api/docs", path: () => "/api/docs", expected: ANYONE(200) },
  { method: "GET", route: "/api/consultants", path: () => "/api/consultants", expected: ANYONE(200) },
  {
    method: "GET",
    route: "/api/consultants/:id",
    path: (f) => `/api/consultants/${f.consultantId}`,
    expected: OWNER_OR_ADMIN_SEES(200),
  },
  {
    method: "GET",
    route: "/api/consultants/:id/cv.pdf",
    path: (f) => `/api/consultants/${f.consultantId}/cv.pdf`,
    expected: OWNER_OR_ADMIN_SEES(200),
  },
  {
    method: "GET",
    route: "/api/consultants/:id/cv.xml",
    path: (f) => `/api/consultants/${f.consultantId}/cv.xml`,
    expected: OWNER_OR_ADMIN_SEES(200),
  },

  {
    method: "GET",
    route: "/api/consultants/:id/reviews",
    path: (f) => `/api/consultants/${f.consultantId}/reviews`,
    consultantStatus: "approved",
    expected: ANYONE(200),
  },
  { method: "GET", route: "/api/my-consultant-profile", path: () => "/api/my-consultant-profile", expected: OWNER_ONLY(200) },
  {
    method: "GET",
    route: "/api/my-consultant-profile/insights",
    path: () => "/api/my-consultant-profile/insights",
    expected: OWNER_ONLY(200),
  },
  {
    method: "GET",
    route: "/api/my-consultant-profile/messages",
    path: () => "/api/my-consultant-profile/messages",
    expected: OWNER_ONLY(200),
  },
  {
    method: "GET",
    route: "/api/my-consultant-profile/messages/:messageId",
    path: (f) => `/api/my-consultant-profile/messages/${f.messageId}`,
    expected: OWNER_ONLY(200),
  },
  { method: "GET", route: "/api/conversations", path: () => "/api/conversations", expected: SIGNED_IN(200) },
  {
    method: "GET",
    route: "/api/conversations/:id",
    path: () => "/api/conversations/2000000000",
    expected: NOBODY_ELSES,
  },
  { method: "GET", route: "/api/shortlists", path: () => "/api/shortlists", expected: SIGNED_IN(200) },
  { method: "GET", route: "/api/shortlists/:id", path: () => "/api/shortlists/2000000000", expected: NOBODY_ELSES },
  {
    method: "GET",
    route: "/api/shortlists/:id/export.csv",
    path: () => "/api/shortlists/2000000000/export.csv",
    expected: NOBODY_ELSES,
  },
  {
    method: "GET",
    route: "/api/shared-shortlists/:token",
    path: () => "/api/shared-shortlists/not-a-real-share-token-0000000000",
    expected: ANYONE(404),
  },
  { method: "GET", route: "/api/saved-searches", path: () => "/api/saved-searches", expected: SIGNED_IN(200) },
];

const MATRIX: Row[] = [
  ...READS,
  { method: "GET", route: "/api/admin/consultants", path: () => "/api/admin/consultants", expected: ADMIN_ONLY(200) },
  {
    method: "GET",
    route: "/api/admin/consultants/:id",
    path: (f) => `/api/admin/consultants/${f.consultantId}`,
    expected: ADMIN_ONLY(200),
  },
  {
    method: "PUT",
    route: "/api/admin/consultants/:id",
    path: (f) => `/api/admin/consultants/${f.consultantId}`,
    body: () => editBody(),
    expected: ADMIN_ONLY(200),
  },
  {
    method: "DELETE",
    route: "/api/admin/consultants/:id",
    path: (f) => `/api/admin/consultants/${f.consultantId}`,
    expected: ADMIN_ONLY(200),
  },
  {
    method: "PUT",
    route: "/api/admin/consultants/:id/approve",
    path: (f) => `/api/admin/consultants/${f.consultantId}/approve`,
    expected: ADMIN_ONLY(200),
  },
  {
    method: "PUT",
    route: "/api/admin/consultants/:id/reject",
    path: (f) => `/api/admin/consultants/${f.consultantId}/reject`,
    body: () => ({ reason: "Please add your work history" }),
    expected: ADMIN_ONLY(200),
  },
  {
    method: "PUT",
    route: "/api/admin/consultants/:id/hide",
    path: (f) => `/api/admin/consultants/${f.consultantId}/hide`,
    expected: ADMIN_ONLY(409),
  },
  { method: "GET", route: "/api/admin/users", path: () => "/api/admin/users", expected: ADMIN_ONLY(200) },
  {
    method: "PUT",
    route: "/api/admin/users/:id/promote",
    path: (f) => `/api/admin/users/${f.otherUserId}/promote`,
    expected: ADMIN_ONLY(200),
  },
  {
    method: "PUT",
    route: "/api/admin/users/:id/demote",
    path: (f) => `/api/admin/users/${f.otherUserId}/demote`,
    expected: ADMIN_ONLY(200),
  },
  // Issue 14: blocking, the approval queue with changes, and the decisions on a change (the
  // fixture profile is pending, so no change waits on it: the admin passes the check and gets 404).
  {
    method: "PUT",
    route: "/api/admin/users/:id/block",
    path: (f) => `/api/admin/users/${f.otherUserId}/block`,
    expected: ADMIN_ONLY(200),
  },
  {
    method: "PUT",
    route: "/api/admin/users/:id/unblock",
    path: (f) => `/api/admin/users/${f.otherUserId}/unblock`,
    expected: ADMIN_ONLY(200),
  },
  // Issue 38: sessions you can see; an admin ends a user's sessions.
  {
    method: "DELETE",
    route: "/api/admin/users/:id/sessions",
    path: (f) => `/api/admin/users/${f.otherUserId}/sessions`,
    expected: ADMIN_ONLY(200),
  },
  // Deleting one's own account (each role's fresh account; other admins remain, so the admin's goes too).
  { method: "DELETE", route: "/api/account", path: () => "/api/account", expected: SIGNED_IN(204) },
  { method: "GET", route: "/api/account/sessions", path: () => "/api/account/sessions", expected: SIGNED_IN(200) },
  { method: "DELETE", route: "/api/account/sessions", path: () => "/api/account/sessions?others=1", expected: SIGNED_IN(200) },
  {
    method: "DELETE",
    route: "/api/account/sessions/:id",
    path: () => "/api/account/sessions/2000000000",
    expected: NOBODY_ELSES,
  },
  { method: "GET", route: "/api/account/mfa", path: () => "/api/account/mfa", expected: SIGNED_IN(200) },
  // Without SECRETS_KEY in this app the set-up is refused (409) for everyone signed in.
  { method: "POST", route: "/api/account/mfa/totp", path: () => "/api/account/mfa/totp", expected: SIGNED_IN(409) },
  {
    method: "POST",
    route: "/api/account/mfa/totp/confirm",
    path: () => "/api/account/mfa/totp/confirm",
    body: () => ({ code: "123456" }),
    expected: SIGNED_IN(409),
  },
  { method: "DELETE", route: "/api/account/mfa/totp", path: () => "/api/account/mfa/totp", expected: SIGNED_IN(409) },
  {
    method: "POST",
    route: "/api/account/mfa/recovery-codes",
    path: () => "/api/account/mfa/recovery-codes",
    expected: SIGNED_IN(409),
  },
  // Passkeys: an empty answer is a 400 for the signed-in; another account's passkey id names nothing.
  { method: "GET", route: "/api/account/passkeys", path: () => "/api/account/passkeys", expected: SIGNED_IN(200) },
  {
    method: "POST",
    route: "/api/account/passkeys/options",
    path: () => "/api/account/passkeys/options",
    expected: SIGNED_IN(200),
  },
  {
    method: "POST",
    route: "/api/account/passkeys",
    path: () => "/api/account/passkeys",
    body: () => ({}),
    expected: SIGNED_IN(400),
  },
  {
    method: "PATCH",
    route: "/api/account/passkeys/:id",
    path: () => "/api/account/passkeys/2000000000",
    body: () => ({ name: "Laptop" }),
    expected: NOBODY_ELSES,
  },
  {
    method: "DELETE",
    route: "/api/account/passkeys/:id",
    path: () => "/api/account/passkeys/2000000000",
    expected: NOBODY_ELSES,
  },
  { method: "GET", route: "/api/admin/queue", path: () => "/api/admin/queue", expected: ADMIN_ONLY(200) },
  {
    method: "PUT",
    route: "/api/admin/consultants/:id/approve-change",
    path: (f) => `/api/admin/consultants/${f.consultantId}/approve-change`,
    expected: ADMIN_ONLY(404),
  },
  {
    method: "PUT",
    route: "/api/admin/consultants/:id/reject-change",
    path: (f) => `/api/admin/consultants/${f.consultantId}/reject-change`,
    body: () => ({ reason: "The new photo does not show your face" }),
    expected: ADMIN_ONLY(404),
  },
  { method: "GET", route: "/api/admin/audit-log", path: () => "/api/admin/audit-log", expected: ADMIN_ONLY(200) },
  { method: "GET", route: "/api/admin/reviews", path: () => "/api/admin/reviews", expected: ADMIN_ONLY(200) },

  // Accounts (issue 3): public forms answer everyone alike (an empty body is a 400 with the
  // spec's messages); the account's own settings need a session.
  { method: "POST", route: "/api/auth/register", path: () => "/api/auth/register", body: () => ({}), expected: ANYONE(400) },
  { method: "POST", route: "/api/auth/login", path: () => "/api/auth/login", body: () => ({}), expected: ANYONE(400) },
  { method: "POST", route: "/api/auth/login/mfa", path: () => "/api/auth/login/mfa", body: () => ({}), expected: ANYONE(400) },
  { method: "POST", route: "/api/auth/logout", path: () => "/api/auth/logout", expected: ANYONE(200) },
  // Issue 38: signing in with a passkey starts with options for anyone; an empty answer is a 400.
  { method: "POST", route: "/api/auth/passkey/options", path: () => "/api/auth/passkey/options", expected: ANYONE(200) },
  {
    method: "POST",
    route: "/api/auth/passkey/verify",
    path: () => "/api/auth/passkey/verify",
    body: () => ({}),
    expected: ANYONE(400),
  },
  // Issue 38: a wrong password is a 400 for the signed-in; a visitor has no session to re-authenticate.
  {
    method: "POST",
    route: "/api/auth/reauthenticate",
    path: () => "/api/auth/reauthenticate",
    body: () => ({ password: "not-the-password" }),
    expected: SIGNED_IN(400),
  },
  // Valid bodies, so that the session check decides (these endpoints validate the body first).
  {
    method: "PUT",
    route: "/api/auth/profile",
    path: () => "/api/auth/profile",
    body: () => ({ name: "Renamed Person", email: `renamed.${unique()}@example.org` }),
    expected: SIGNED_IN(200),
  },
  {
    method: "PUT",
    route: "/api/auth/password",
    path: () => "/api/auth/password",
    body: () => ({ currentPassword: "not-the-password", newPassword: "kettle-harbour-59" }),
    expected: SIGNED_IN(400),
  },
  {
    method: "POST",
    route: "/api/auth/resend-verification",
    path: () => "/api/auth/resend-verification",
    expected: SIGNED_IN(200),
  },
  {
    method: "POST",
    route: "/api/auth/verify-email",
    path: () => "/api/auth/verify-email",
    body: () => ({}),
    expected: ANYONE(400),
  },
  {
    method: "POST",
    route: "/api/auth/forgot-password",
    path: () => "/api/auth/forgot-password",
    body: () => ({}),
    expected: ANYONE(400),
  },
  {
    method: "POST",
    route: "/api/auth/reset-password",
    path: () => "/api/auth/reset-password",
    body: () => ({}),
    expected: ANYONE(400),
  },

  // Profiles (issue 5): one profile per account (the owner already has one: 409); only the owner
  // or an admin edits a profile; uploads need a session.
  {
    method: "POST",
    route: "/api/consultants",
    path: () => "/api/consultants",
    body: () => profileBody(),
    expected: { anonymous: 401, user: 201, owner: 409, admin: 201 },
  },
  {
    method: "PUT",
    route: "/api/consultants/:id",
    path: (f) => `/api/consultants/${f.consultantId}`,
    body: () => profileBody(),
    expected: { anonymous: 401, user: 403, owner: 200, admin: 200 },
  },
  {
    method: "POST",
    route: "/api/upload-photo",
    path: () => "/api/upload-photo",
    multipart: async () => {
      const form = new FormData();
      form.set("profilePhoto", new File([Buffer.from(await solidPng(64, 64))], "me.png", { type: "image/png" }));
      return form;
    },
    expected: SIGNED_IN(201),
  },
  // CV import and confirmed references (issue 34); their own flows are in cv-import.test.ts and
  // references.test.ts. An unknown assignment or reference is a 404 for anyone signed in, after the 401.
  {
    method: "POST",
    route: "/api/my-consultant-profile/import",
    path: () => "/api/my-consultant-profile/import",
    multipart: async () => {
      const form = new FormData();
      form.set("file", new File([Buffer.from("not a CV at all")], "cv.txt", { type: "text/plain" }));
      return form;
    },
    expected: SIGNED_IN(415),
  },
  // The CV the owner kept with the profile (the fixture keeps one for these rows): never anyone else's.
  {
    method: "GET",
    route: "/api/my-consultant-profile/cv-file",
    path: () => "/api/my-consultant-profile/cv-file",
    expected: OWNER_ONLY(200),
  },
  {
    method: "DELETE",
    route: "/api/my-consultant-profile/cv-file",
    path: () => "/api/my-consultant-profile/cv-file",
    expected: OWNER_ONLY(200),
  },
  {
    method: "GET",
    route: "/api/consultants/:id/cv-file",
    path: (f) => `/api/consultants/${f.consultantId}/cv-file`,
    expected: OWNER_OR_ADMIN_SEES(200),
  },
  {
    method: "POST",
    route: "/api/my-consultant-profile/assignments/:id/references",
    path: () => "/api/my-consultant-profile/assignments/2000000000/references",
    body: () => ({ name: "Somchai Wongsawat", email: "somchai@example.org" }),
    expected: NOBODY_ELSES,
  },
  {
    method: "DELETE",
    route: "/api/my-consultant-profile/assignments/:id/references/:refId",
    path: () => "/api/my-consultant-profile/assignments/2000000000/references/2000000000",
    expected: NOBODY_ELSES,
  },
  { method: "GET", route: "/api/references/:token", path: () => "/api/references/no-such-token-anywhere", expected: ANYONE(404) },
  {
    method: "POST",
    route: "/api/references/:token/confirm",
    path: () => "/api/references/no-such-token-anywhere/confirm",
    body: () => ({ score: 9 }),
    expected: ANYONE(404),
  },
  {
    method: "POST",
    route: "/api/references/:token/decline",
    path: () => "/api/references/no-such-token-anywhere/decline",
    expected: ANYONE(404),
  },
  {
    method: "DELETE",
    route: "/api/admin/references/:refId",
    path: () => "/api/admin/references/2000000000",
    expected: ADMIN_ONLY(404),
  },

  // Messages (issue 6): any signed-in person messages a listed consultant; an inbox message exists
  // only for the profile's owner (404 for everyone else, admins included).
  {
    method: "POST",
    route: "/api/consultants/:id/messages",
    path: (f) => `/api/consultants/${f.consultantId}/messages`,
    body: () => ({
      senderName: "Program Officer",
      senderEmail: "officer@example.org",
      subject: "Evaluation in Laos",
      message: `We would like to discuss an evaluation ${unique()}.`,
    }),
    consultantStatus: "approved",
    // The matrix's accounts have unverified addresses: they may not start a conversation (issue 36,
    // conversation-safety.test.ts shows the verified side).
    expected: { anonymous: 401, user: 403, owner: 403, admin: 403 },
  },
  {
    method: "PATCH",
    route: "/api/my-consultant-profile/messages/:messageId",
    path: (f) => `/api/my-consultant-profile/messages/${f.messageId}`,
    body: () => ({ isRead: true }),
    expected: { anonymous: 401, user: 404, owner: 200, admin: 404 },
  },
  {
    method: "POST",
    route: "/api/my-consultant-profile/messages/:messageId/reply",
    path: (f) => `/api/my-consultant-profile/messages/${f.messageId}/reply`,
    body: () => ({ reply: "Thank you, I am available next month." }),
    expected: { anonymous: 401, user: 404, owner: 200, admin: 404 },
  },
  {
    method: "DELETE",
    route: "/api/my-consultant-profile/messages/:messageId",
    path: (f) => `/api/my-consultant-profile/messages/${f.messageId}`,
    expected: { anonymous: 401, user: 404, owner: 200, admin: 404 },
  },

  // Reviews (issue 14): only people the consultant replied to may review (nobody here has a
  // reply: 403), only the reviewer edits or deletes, only the consultant responds, only admins hide.
  {
    method: "POST",
    route: "/api/consultants/:id/reviews",
    path: (f) => `/api/consultants/${f.consultantId}/reviews`,
    body: () => ({ score: 9, text: "Clear and practical advice.", engagement: "Other" }),
    consultantStatus: "approved",
    expected: { anonymous: 401, user: 403, owner: 403, admin: 403 },
  },
  {
    method: "PUT",
    route: "/api/reviews/:reviewId",
    path: (f) => `/api/reviews/${f.reviewId}`,
    body: () => ({ score: 2, text: "Changed by someone else.", engagement: "Other" }),
    expected: { anonymous: 401, user: 403, owner: 403, admin: 403 },
  },
  {
    method: "DELETE",
    route: "/api/reviews/:reviewId",
    path: (f) => `/api/reviews/${f.reviewId}`,
    expected: { anonymous: 401, user: 403, owner: 403, admin: 403 },
  },
  {
    method: "POST",
    route: "/api/reviews/:reviewId/response",
    path: (f) => `/api/reviews/${f.reviewId}/response`,
    body: () => ({ response: "Thank you for working with me." }),
    expected: { anonymous: 401, user: 403, owner: 201, admin: 403 },
  },
  {
    method: "PUT",
    route: "/api/admin/reviews/:reviewId/hide",
    path: (f) => `/api/admin/reviews/${f.reviewId}/hide`,
    body: () => ({ reason: "Personal details in the text" }),
    expected: ADMIN_ONLY(200),
  },
  {
    method: "PUT",
    route: "/api/admin/reviews/:reviewId/unhide",
    path: (f) => `/api/admin/reviews/${f.reviewId}/unhide`,
    expected: ADMIN_ONLY(200),
  },
  // The hiring side (issue 13): anyone signed in starts their own shortlists and saved searches;
  // someone else's conversation, shortlist or saved search is a 404 for everyone but its owner
  // (their own are covered in conversations/shortlists/saved-searches tests; here the id is not theirs).
  {
    method: "POST",
    route: "/api/conversations/:id/messages",
    path: () => "/api/conversations/2000000000/messages",
    body: () => ({ message: "A follow-up on the evaluation." }),
    expected: { anonymous: 401, user: 404, owner: 404, admin: 404 },
  },
  {
    method: "DELETE",
    route: "/api/conversations/:id",
    path: () => "/api/conversations/2000000000",
    expected: { anonymous: 401, user: 404, owner: 404, admin: 404 },
  },

  {
    method: "POST",
    route: "/api/shortlists",
    path: () => "/api/shortlists",
    body: () => ({ name: `List ${unique()}` }),
    expected: SIGNED_IN(201),
  },
  {
    method: "PATCH",
    route: "/api/shortlists/:id",
    path: () => "/api/shortlists/2000000000",
    body: () => ({ name: "Renamed" }),
    expected: { anonymous: 401, user: 404, owner: 404, admin: 404 },
  },
  {
    method: "DELETE",
    route: "/api/shortlists/:id",
    path: () => "/api/shortlists/2000000000",
    expected: { anonymous: 401, user: 404, owner: 404, admin: 404 },
  },
  {
    method: "PUT",
    route: "/api/shortlists/:id/consultants/:consultantId",
    path: () => "/api/shortlists/2000000000/consultants/1",
    body: () => ({ note: "Strong candidate" }),
    expected: { anonymous: 401, user: 404, owner: 404, admin: 404 },
  },
  {
    method: "DELETE",
    route: "/api/shortlists/:id/consultants/:consultantId",
    path: () => "/api/shortlists/2000000000/consultants/1",
    expected: { anonymous: 401, user: 404, owner: 404, admin: 404 },
  },
  {
    method: "POST",
    route: "/api/shortlists/:id/share",
    path: () => "/api/shortlists/2000000000/share",
    expected: { anonymous: 401, user: 404, owner: 404, admin: 404 },
  },
  {
    method: "DELETE",
    route: "/api/shortlists/:id/share",
    path: () => "/api/shortlists/2000000000/share",
    expected: { anonymous: 401, user: 404, owner: 404, admin: 404 },
  },
  {
    method: "POST",
    route: "/api/saved-searches",
    path: () => "/api/saved-searches",
    body: () => ({ name: `Search ${unique()}`, query: "keywords=health", frequency: "weekly" }),
    expected: SIGNED_IN(201),
  },
  {
    method: "PATCH",
    route: "/api/saved-searches/:id",
    path: () => "/api/saved-searches/2000000000",
    body: () => ({ frequency: "off" }),
    expected: { anonymous: 401, user: 404, owner: 404, admin: 404 },
  },
  {
    method: "DELETE",
    route: "/api/saved-searches/:id",
    path: () => "/api/saved-searches/2000000000",
    expected: { anonymous: 401, user: 404, owner: 404, admin: 404 },
  },
  // Organizations (issue 31): their private parts are a 404 for anyone not a member (the ids here
  // name nothing; the roles of members are covered in organizations.test.ts and its neighbours).
  { method: "GET", route: "/api/organizations", path: () => "/api/organizations", expected: SIGNED_IN(200) },
  {
    method: "POST",
    route: "/api/organizations",
    path: () => "/api/organizations",
    body: () => ({ name: `Alliance ${unique()}`, kind: "ngo", country: "TH" }),
    expected: SIGNED_IN(201),
  },
  { method: "GET", route: "/api/organizations/:id", path: () => "/api/organizations/2000000000", expected: ANYONE(404) },
  {
    method: "PATCH",
    route: "/api/organizations/:id",
    path: () => "/api/organizations/2000000000",
    body: () => ({ description: "Taken over" }),
    expected: NOBODY_ELSES,
  },
  { method: "DELETE", route: "/api/organizations/:id", path: () => "/api/organizations/2000000000", expected: NOBODY_ELSES },
  {
    method: "GET",
    route: "/api/organizations/:id/members",
    path: () => "/api/organizations/2000000000/members",
    expected: NOBODY_ELSES,
  },
  {
    method: "PATCH",
    route: "/api/organizations/:id/members/:userId",
    path: (f) => `/api/organizations/2000000000/members/${f.otherUserId}`,
    body: () => ({ role: "admin" }),
    expected: NOBODY_ELSES,
  },
  {
    method: "DELETE",
    route: "/api/organizations/:id/members/:userId",
    path: (f) => `/api/organizations/2000000000/members/${f.otherUserId}`,
    expected: NOBODY_ELSES,
  },
  {
    method: "GET",
    route: "/api/organizations/:id/invitations",
    path: () => "/api/organizations/2000000000/invitations",
    expected: NOBODY_ELSES,
  },
  {
    method: "POST",
    route: "/api/organizations/:id/invitations",
    path: () => "/api/organizations/2000000000/invitations",
    body: () => ({ email: `invitee-${unique()}@example.org` }),
    expected: NOBODY_ELSES,
  },
  {
    method: "DELETE",
    route: "/api/organizations/:id/invitations/:invitationId",
    path: () => "/api/organizations/2000000000/invitations/1",
    expected: NOBODY_ELSES,
  },
  {
    method: "POST",
    route: "/api/organizations/:id/verify",
    path: () => "/api/organizations/2000000000/verify",
    body: () => ({ method: "domain" }),
    expected: NOBODY_ELSES,
  },
  {
    method: "DELETE",
    route: "/api/organizations/:id/verify",
    path: () => "/api/organizations/2000000000/verify",
    expected: ADMIN_ONLY(404),
  },
  {
    method: "PUT",
    route: "/api/organizations/:id/logo",
    path: () => "/api/organizations/2000000000/logo",
    multipart: async () => {
      const form = new FormData();
      form.set("logo", new File([Buffer.from(await solidPng(64, 64))], "logo.png", { type: "image/png" }));
      return form;
    },
    expected: NOBODY_ELSES,
  },
  {
    method: "DELETE",
    route: "/api/organizations/:id/logo",
    path: () => "/api/organizations/2000000000/logo",
    expected: NOBODY_ELSES,
  },
  {
    method: "GET",
    route: "/api/invitations/:token",
    path: () => "/api/invitations/not-a-real-invitation-token-000000000000000",
    expected: ANYONE(404),
  },
  {
    method: "POST",
    route: "/api/invitations/:token/accept",
    path: () => "/api/invitations/not-a-real-invitation-token-000000000000000/accept",
    expected: NOBODY_ELSES,
  },
  {
    method: "POST",
    route: "/api/invitations/:token/decline",
    path: () => "/api/invitations/not-a-real-invitation-token-000000000000000/decline",
    expected: ANYONE(404),
  },
  { method: "GET", route: "/api/acting-organization", path: () => "/api/acting-organization", expected: SIGNED_IN(200) },
  {
    method: "PUT",
    route: "/api/acting-organization",
    path: () => "/api/acting-organization",
    body: () => ({ organizationId: null }),
    expected: SIGNED_IN(200),
  },
  {
    method: "GET",
    route: "/api/my-consultant-profile/hidden-from",
    path: () => "/api/my-consultant-profile/hidden-from",
    expected: OWNER_ONLY(200),
  },
  {
    method: "PUT",
    route: "/api/my-consultant-profile/hidden-from",
    path: () => "/api/my-consultant-profile/hidden-from",
    body: () => ({ organizationIds: [] }),
    expected: OWNER_ONLY(200),
  },
  {
    method: "PATCH",
    route: "/api/shortlists/:id/consultants/:consultantId",
    path: () => "/api/shortlists/2000000000/consultants/1",
    body: () => ({ stage: "contacted" }),
    expected: NOBODY_ELSES,
  },
  {
    method: "GET",
    route: "/api/shortlists/:id/consultants/:consultantId/notes",
    path: () => "/api/shortlists/2000000000/consultants/1/notes",
    expected: NOBODY_ELSES,
  },
  {
    method: "POST",
    route: "/api/shortlists/:id/consultants/:consultantId/notes",
    path: () => "/api/shortlists/2000000000/consultants/1/notes",
    body: () => ({ text: "Ask about March" }),
    expected: NOBODY_ELSES,
  },
  {
    method: "POST",
    route: "/api/conversations/:id/report",
    path: () => "/api/conversations/2000000000/report",
    body: () => ({ reason: "Fake job offer" }),
    expected: NOBODY_ELSES,
  },
  // Opportunities (issue 32): a draft (and anything of an organization one is not in) is a 404;
  // the roles of members and the states are covered in opportunities.test.ts.
  { method: "GET", route: "/api/opportunities", path: () => "/api/opportunities", expected: ANYONE(200) },
  {
    method: "POST",
    route: "/api/opportunities",
    path: () => "/api/opportunities",
    body: () => ({
      organizationId: 2000000000,
      title: "Monitoring and Evaluation Specialist",
      description: "Support the monitoring and evaluation of a rural water programme in the Mekong delta.",
      specializations: ["Environmental"],
      countries: ["Vietnam"],
      duration: { value: 3, unit: "months" },
      deadline: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
    }),
    expected: NOBODY_ELSES,
  },
  { method: "GET", route: "/api/opportunities/:id", path: () => "/api/opportunities/2000000000", expected: ANYONE(404) },
  {
    method: "PATCH",
    route: "/api/opportunities/:id",
    path: () => "/api/opportunities/2000000000",
    body: () => ({ title: "Taken over title" }),
    expected: NOBODY_ELSES,
  },
  { method: "DELETE", route: "/api/opportunities/:id", path: () => "/api/opportunities/2000000000", expected: NOBODY_ELSES },
  {
    method: "POST",
    route: "/api/opportunities/:id/publish",
    path: () => "/api/opportunities/2000000000/publish",
    expected: NOBODY_ELSES,
  },
  {
    method: "POST",
    route: "/api/opportunities/:id/close",
    path: () => "/api/opportunities/2000000000/close",
    body: () => ({ as: "filled" }),
    expected: NOBODY_ELSES,
  },
  {
    method: "GET",
    route: "/api/opportunities/:id/tor.pdf",
    path: () => "/api/opportunities/2000000000/tor.pdf",
    expected: ANYONE(404),
  },
  {
    method: "PUT",
    route: "/api/opportunities/:id/tor.pdf",
    path: () => "/api/opportunities/2000000000/tor.pdf",
    body: () => ({}),
    expected: NOBODY_ELSES,
  },
  {
    method: "DELETE",
    route: "/api/opportunities/:id/tor.pdf",
    path: () => "/api/opportunities/2000000000/tor.pdf",
    expected: NOBODY_ELSES,
  },
  {
    method: "POST",
    route: "/api/opportunities/:id/interests",
    path: () => "/api/opportunities/2000000000/interests",
    body: () => ({ note: "I led the mid-term evaluation of a rural water programme in the Mekong delta." }),
    // A listed profile is asked for first (the fixture's owner has one: the opportunity is then missing).
    consultantStatus: "approved",
    expected: { anonymous: 401, user: 403, owner: 404, admin: 403 },
  },
  {
    method: "PATCH",
    route: "/api/opportunities/:id/interests/mine",
    path: () => "/api/opportunities/2000000000/interests/mine",
    body: () => ({ note: "I led the mid-term evaluation of a rural water programme in the Mekong delta." }),
    expected: NOBODY_ELSES,
  },
  {
    method: "DELETE",
    route: "/api/opportunities/:id/interests/mine",
    path: () => "/api/opportunities/2000000000/interests/mine",
    expected: NOBODY_ELSES,
  },
  {
    method: "GET",
    route: "/api/my-consultant-profile/interests",
    path: () => "/api/my-consultant-profile/interests",
    expected: SIGNED_IN(200),
  },
  {
    method: "GET",
    route: "/api/opportunities/:id/interests",
    path: () => "/api/opportunities/2000000000/interests",
    expected: NOBODY_ELSES,
  },
  {
    method: "PATCH",
    route: "/api/opportunities/:id/interests/:interestId",
    path: () => "/api/opportunities/2000000000/interests/1",
    body: () => ({ stage: "interview" }),
    expected: NOBODY_ELSES,
  },
  {
    method: "GET",
    route: "/api/opportunities/:id/interests/export.csv",
    path: () => "/api/opportunities/2000000000/interests/export.csv",
    expected: NOBODY_ELSES,
  },
  {
    method: "GET",
    route: "/api/opportunities/:id/interests/:interestId/cv.pdf",
    path: () => "/api/opportunities/2000000000/interests/1/cv.pdf",
    expected: NOBODY_ELSES,
  },
  { method: "GET", route: "/api/admin/opportunities", path: () => "/api/admin/opportunities", expected: ADMIN_ONLY(200) },
  {
    method: "POST",
    route: "/api/admin/opportunities/:id/approve",
    path: () => "/api/admin/opportunities/2000000000/approve",
    expected: ADMIN_ONLY(404),
  },
  {
    method: "POST",
    route: "/api/admin/opportunities/:id/reject",
    path: () => "/api/admin/opportunities/2000000000/reject",
    body: () => ({ reason: "Spam" }),
    expected: ADMIN_ONLY(404),
  },
  {
    method: "POST",
    route: "/api/admin/opportunities/:id/unpublish",
    path: () => "/api/admin/opportunities/2000000000/unpublish",
    body: () => ({ reason: "Spam" }),
    expected: ADMIN_ONLY(404),
  },
  {
    method: "POST",
    route: "/api/admin/opportunities/:id/dismiss-reports",
    path: () => "/api/admin/opportunities/2000000000/dismiss-reports",
    expected: ADMIN_ONLY(404),
  },
  // Matching (issue 32): suggestions are the posting organization's; a consultant's matches and
  // digest choice are the profile owner's; a report needs a signed-in person and an opportunity.
  {
    method: "GET",
    route: "/api/opportunities/:id/suggestions",
    path: () => "/api/opportunities/2000000000/suggestions",
    expected: NOBODY_ELSES,
  },
  {
    method: "POST",
    route: "/api/opportunities/:id/report",
    path: () => "/api/opportunities/2000000000/report",
    body: () => ({ reason: "scam" }),
    expected: NOBODY_ELSES,
  },
  {
    method: "GET",
    route: "/api/my-consultant-profile/opportunities",
    path: () => "/api/my-consultant-profile/opportunities",
    expected: OWNER_ONLY(200),
  },
  {
    method: "GET",
    route: "/api/my-consultant-profile/opportunity-digest",
    path: () => "/api/my-consultant-profile/opportunity-digest",
    expected: OWNER_ONLY(200),
  },
  {
    method: "PUT",
    route: "/api/my-consultant-profile/opportunity-digest",
    path: () => "/api/my-consultant-profile/opportunity-digest",
    body: () => ({ frequency: "daily" }),
    expected: OWNER_ONLY(200),
  },
  { method: "GET", route: "/api/admin/organizations", path: () => "/api/admin/organizations", expected: ADMIN_ONLY(200) },
  {
    method: "GET",
    route: "/api/admin/organizations/:id",
    path: () => "/api/admin/organizations/2000000000",
    expected: ADMIN_ONLY(404),
  },
  { method: "GET", route: "/api/admin/reports", path: () => "/api/admin/reports", expected: ADMIN_ONLY(200) },
  {
    method: "PUT",
    route: "/api/admin/reports/:id",
    path: () => "/api/admin/reports/2000000000",
    body: () => ({ action: "dismiss" }),
    expected: ADMIN_ONLY(404),
  },
  // Issue 33: the zero-result searches and the glossary's additions (a concept that does not exist: 404).
  { method: "GET", route: "/api/search/zero-results", path: () => "/api/search/zero-results", expected: ADMIN_ONLY(200) },
  { method: "GET", route: "/api/admin/glossary/export", path: () => "/api/admin/glossary/export", expected: ADMIN_ONLY(200) },
  {
    method: "POST",
    route: "/api/admin/glossary/:conceptId/synonyms",
    path: () => "/api/admin/glossary/no-such-concept/synonyms",
    body: () => ({ language: "en", text: "a new synonym" }),
    expected: ADMIN_ONLY(404),
  },
];

describe("authorization matrix", () => {
  it("lists every /api route the app serves, reads included", () => {
    const served = new Set(
      app.routes
        .filter((r) => r.path.startsWith("/api/") && !r.path.endsWith("*"))
        .filter((r) => r.method !== "ALL")
        .map((r) => `${r.method} ${r.path}`),
    );
    const listed = new Set(MATRIX.map((row) => `${row.method} ${row.route}`));
    expect([...served].filter((route) => !listed.has(route))).toEqual([]);
    expect([...listed].filter((route) => !served.has(route))).toEqual([]);
  });

  for (const row of MATRIX) {
    it(`${row.method} ${row.route}: ${ROLES.map((role) => `${role} ${row.expected[role]}`).join(", ")}`, async () => {
      const actual: Record<string, number> = {};
      for (const role of ROLES) {
        const owner = await signedIn("user");
        const other = await insertUser();
        // Approve needs something to approve; hide refuses a pending profile (409) for the admin.
        const consultant = await insertConsultant({ userId: owner.user.id, status: row.consultantStatus ?? "pending" });
        const [message] = await env.database.db
          .insert(messages)
          .values({
            consultantId: consultant.id,
            senderName: "Org",
            senderEmail: "org@example.org",
            subject: "Hello",
            message: "A job offer for you",
          })
          .returning({ id: messages.id });
        // A review of the profile by someone else (issue 14).
        const [review] = await env.database.db
          .insert(reviews)
          .values({
            consultantId: consultant.id,
            reviewerId: other.id,
            score: 8,
            body: "Careful, timely work.",
            engagement: "Other",
          })
          .returning({ id: reviews.id });
        const fixture = {
          consultantId: consultant.id,
          ownerId: owner.user.id,
          otherUserId: other.id,
          messageId: message!.id,
          reviewId: review!.id,
        };
        if (row.route.endsWith("/cv-file")) {
          const deps = { db: env.database.db, storage: createStorage(env.config), jobs: env.jobs, log: errorRecordingLogger() };
          await keepCvFile(deps, owner.user.id, { bytes: Buffer.from("%PDF-1.4 a CV\n%%EOF"), format: "pdf", name: "cv.pdf" });
        }
        if (row.route.endsWith("/demote"))
          await env.database.db.update(authUsers).set({ role: "admin" }).where(eq(authUsers.id, other.id));
        const token =
          role === "anonymous"
            ? undefined
            : role === "owner"
              ? owner.token
              : (await signedIn(role === "admin" ? "admin" : "user")).token;
        if (row.multipart) {
          const response = await app.request(row.path(fixture), {
            method: row.method,
            body: await row.multipart(),
            headers: { "x-forwarded-for": freshIp(), ...(token ? { authorization: `Bearer ${token}` } : {}) },
          });
          await response.body?.cancel();
          actual[role] = response.status;
          continue;
        }
        const response = await call(app, row.method, row.path(fixture), { token, body: row.body?.(fixture), ip: freshIp() });
        actual[role] = response.status;
      }
      expect(actual).toEqual(row.expected);
    });
  }

  it("refuses an admin's cookie on a request from another site", async () => {
    const admin = await signedIn("admin");
    const consultant = await insertConsultant({ status: "pending" });
    const response = await call(app, "PUT", `/api/admin/consultants/${consultant.id}/approve`, {
      cookie: `session=${admin.token}`,
      headers: { "sec-fetch-site": "cross-site" },
    });
    expect(response.status).toBe(403);
    const [row] = await env.database.db.select().from(consultants).where(eq(consultants.id, consultant.id));
    expect(row?.status).toBe("pending");
    const sameSite = await call(app, "PUT", `/api/admin/consultants/${consultant.id}/approve`, {
      cookie: `session=${admin.token}`,
      headers: { "sec-fetch-site": "same-origin" },
    });
    expect(sameSite.status).toBe(200);
  });

  it("answers 401 before 404 or 400: a visitor learns nothing about ids or bodies", async () => {
    for (const [method, path] of [
      ["GET", "/api/admin/consultants/not-a-number"],
      ["PUT", "/api/admin/consultants/2000000000"],
      ["DELETE", "/api/admin/consultants/0"],
      ["GET", "/api/admin/nothing-here"],
      ["GET", "/api/admin/consultants?page=-1"],
    ] as const) {
      expect((await call(app, method, path)).status, `${method} ${path}`).toBe(401);
    }
    const admin = await signedIn("admin");
    expect((await call(app, "GET", "/api/admin/consultants/not-a-number", { token: admin.token })).status).toBe(404);
    expect((await call(app, "GET", "/api/admin/consultants/99999999999", { token: admin.token })).status).toBe(404);
    expect((await call(app, "GET", "/api/admin/nothing-here", { token: admin.token })).status).toBe(404);
    const badPage = await call(app, "GET", "/api/admin/consultants?page=-1", { token: admin.token });
    expect(badPage.status).toBe(400);
    expect(badPage.json.message).toBe("Page must be a whole number of at least 1");
  });
});

describe("admin rights follow the database", () => {
  it("ends a demoted admin's rights at their next request, and a deleted admin's too", async () => {
    const first = await signedIn("admin");
    const second = await signedIn("admin");
    expect((await call(app, "GET", "/api/admin/users", { token: second.token })).status).toBe(200);
    const demoted = await call(app, "PUT", `/api/admin/users/${second.user.id}/demote`, { token: first.token });
    expect(demoted.status).toBe(200);
    expect(demoted.json).toMatchObject({ id: second.user.id, role: "user" });
    expect((await call(app, "GET", "/api/admin/users", { token: second.token })).status).toBe(403);

    const third = await signedIn("admin");
    expect((await call(app, "GET", "/api/admin/audit-log", { token: third.token })).status).toBe(200);
    await env.database.db.delete(authUsers).where(eq(authUsers.id, third.user.id));
    expect((await call(app, "GET", "/api/admin/audit-log", { token: third.token })).status).toBe(401);
  });

  it("lets an admin demote themselves, but never the last admin (409)", async () => {
    const admin = await signedIn("admin");
    const self = await call(app, "PUT", `/api/admin/users/${admin.user.id}/demote`, { token: admin.token });
    expect(self.status).toBe(200);
    expect((await call(app, "GET", "/api/admin/users", { token: admin.token })).status).toBe(403);

    // Leave exactly one admin in this database, then try to demote them.
    const last = await signedIn("admin");
    await env.database.db
      .update(authUsers)
      .set({ role: "user" })
      .where(eq(authUsers.role, "admin"))
      .then(() => env.database.db.update(authUsers).set({ role: "admin" }).where(eq(authUsers.id, last.user.id)));
    const refused = await call(app, "PUT", `/api/admin/users/${last.user.id}/demote`, { token: last.token });
    expect(refused.status).toBe(409);
    expect(refused.json).toEqual({ message: "At least one admin must remain" });
    const [row] = await env.database.db.select().from(authUsers).where(eq(authUsers.id, last.user.id));
    expect(row?.role).toBe("admin");
  });
});

describe("lists", () => {
  it("answers the spec's client with a plain array of users, never with hashes or tokens", async () => {
    const admin = await signedIn("admin");
    const response = await call(app, "GET", "/api/admin/users", { token: admin.token });
    expect(response.status).toBe(200);
    expect(Array.isArray(response.json)).toBe(true);
    const users = response.json as unknown as Record<string, unknown>[];
    expect(users.length).toBeGreaterThan(0);
    for (const user of users)
      expect(Object.keys(user).sort()).toEqual(["blockedAt", "createdAt", "email", "id", "isEmailVerified", "name", "role"]);
    expect(response.text).not.toMatch(/not-a-hash|hashed|password|token/i);
    expect(response.text).not.toContain(admin.token);
    // Every user, up to the unpaged cap (the authorization matrix above makes about a thousand).
    const total = Number(response.headers.get("x-total-count"));
    expect(users.length).toBe(Math.min(total, ADMIN_UNPAGED_LIMIT));
  });

  it("pages and searches on the server when asked, with the total", async () => {
    const admin = await signedIn("admin");
    const tag = unique();
    for (const n of [1, 2, 3]) await insertUser({ name: `Paged ${tag} ${n}` });
    const first = await call(app, "GET", `/api/admin/users?search=${encodeURIComponent(`paged ${tag}`)}&page=1&limit=2`, {
      token: admin.token,
    });
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ total: 3, page: 1, limit: 2 });
    expect(first.json.users.map((u: { name: string }) => u.name)).toEqual([`Paged ${tag} 3`, `Paged ${tag} 2`]);
    expect(first.json.adminCount).toBeGreaterThanOrEqual(1);
    const second = await call(app, "GET", `/api/admin/users?search=${encodeURIComponent(`paged ${tag}`)}&page=2&limit=2`, {
      token: admin.token,
    });
    expect(second.json.users.map((u: { name: string }) => u.name)).toEqual([`Paged ${tag} 1`]);
  });

  it("lists consultants of every status for admins, with the approval queue as ?status=pending", async () => {
    const admin = await signedIn("admin");
    const tag = unique();
    const pending = await insertConsultant({ status: "pending", name: `Listed ${tag} pending` });
    const rejected = await insertConsultant({ status: "rejected", name: `Listed ${tag} rejected` });
    const all = await call(app, "GET", `/api/admin/consultants?search=${tag}`, { token: admin.token });
    expect(Array.isArray(all.json)).toBe(true);
    expect((all.json as unknown as { id: number }[]).map((c) => c.id).sort()).toEqual([pending.id, rejected.id].sort());
    const queue = await call(app, "GET", `/api/admin/consultants?status=pending&search=${tag}&page=1`, { token: admin.token });
    expect(queue.json).toMatchObject({
      total: 1,
      page: 1,
      consultants: [{ id: pending.id, status: "pending", email: pending.email }],
    });
    const bad = await call(app, "GET", "/api/admin/consultants?status=deleted", { token: admin.token });
    expect(bad.status).toBe(400);
  });
});

describe("editing and deleting consultants through the API", () => {
  it("answers 400 with the spec's admin messages word for word", async () => {
    const admin = await signedIn("admin");
    const consultant = await insertConsultant();
    const response = await call(app, "PUT", `/api/admin/consultants/${consultant.id}`, { token: admin.token, body: {} });
    expect(response.status).toBe(400);
    expect(response.json.errors).toEqual(errorList(ADMIN_REQUIRED_MESSAGES));
    const short = await call(app, "PUT", `/api/admin/consultants/${consultant.id}`, {
      token: admin.token,
      body: editBody({ bio: "Too short", email: "nope" }),
    });
    expect(short.json.errors).toEqual([
      { path: "email", message: "Valid email is required" },
      { path: "bio", message: "Bio must be at least 10 characters" },
    ]);
    const notJson = await app.request(`/api/admin/consultants/${consultant.id}`, {
      method: "PUT",
      headers: { authorization: `Bearer ${admin.token}`, "content-type": "application/json" },
      body: "{not json",
    });
    expect(notJson.status).toBe(400);
  });

  it("saves an edit, keeps an approved profile approved and records the audit entry", async () => {
    const admin = await signedIn("admin", "Editing Admin");
    const consultant = await insertConsultant({ status: "approved" });
    const body = editBody();
    const response = await call(app, "PUT", `/api/admin/consultants/${consultant.id}`, { token: admin.token, body });
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({
      id: consultant.id,
      name: "Sokha Chan",
      email: body.email,
      yearsExperience: "6",
      status: "approved",
    });
    const entries = await call(app, "GET", `/api/admin/audit-log?search=${encodeURIComponent("Editing Admin")}&page=1`, {
      token: admin.token,
    });
    expect(entries.json.entries).toEqual([
      expect.objectContaining({
        action: "edit",
        actorName: "Editing Admin",
        targetType: "consultant",
        targetId: consultant.id,
        changes: expect.objectContaining({ yearsExperience: { from: 5, to: 6 } }),
      }),
    ]);
  });

  it("deletes the consultant with its messages and answers 404 afterwards", async () => {
    const admin = await signedIn("admin");
    const consultant = await insertConsultant();
    await env.database.db.insert(messages).values({
      consultantId: consultant.id,
      senderName: "Org",
      senderEmail: "org@example.org",
      subject: "Hello",
      message: "A job offer for you",
    });
    const response = await call(app, "DELETE", `/api/admin/consultants/${consultant.id}`, { token: admin.token });
    expect(response.status).toBe(200);
    expect(response.json).toEqual({ message: "Consultant deleted successfully" });
    expect(await env.database.db.select().from(messages).where(eq(messages.consultantId, consultant.id))).toEqual([]);
    expect((await call(app, "DELETE", `/api/admin/consultants/${consultant.id}`, { token: admin.token })).status).toBe(404);
    const [entry] = await env.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, consultant.id), eq(auditLog.targetType, "consultant")));
    expect(entry).toMatchObject({ action: "delete", targetType: "consultant" });
  });
});

describe("approval through the API", () => {
  it("keeps a pending profile out of the public list until approved, and e-mails the owner", async () => {
    const admin = await signedIn("admin");
    const owner = await signedIn("user", "Profile Owner");
    const consultant = await insertConsultant({ status: "pending", userId: owner.user.id, name: `Awaiting ${unique()}` });
    const publicIds = async () =>
      (await call(app, "GET", "/api/consultants?limit=100")).json.consultants.map((c: { id: number }) => c.id) as number[];
    expect(await publicIds()).not.toContain(consultant.id);

    const rejected = await call(app, "PUT", `/api/admin/consultants/${consultant.id}/reject`, {
      token: admin.token,
      body: { reason: "Please describe your recent projects" },
    });
    expect(rejected.json).toMatchObject({ status: "rejected", statusReason: "Please describe your recent projects" });
    const rejection = await env.smtp.waitForMailAbout(
      owner.user.email,
      /^Your consultant profile on DevConsult SEA needs changes$/,
    );
    expect(rejection.text).toContain("Please describe your recent projects");
    expect(await publicIds()).not.toContain(consultant.id);

    const noReason = await call(app, "PUT", `/api/admin/consultants/${consultant.id}/reject`, { token: admin.token });
    expect(noReason.status).toBe(400);
    expect(noReason.json.message).toBe("A reason is required");

    const approved = await call(app, "PUT", `/api/admin/consultants/${consultant.id}/approve`, { token: admin.token });
    expect(approved.json).toMatchObject({ status: "approved", statusReason: null });
    const approval = await env.smtp.waitForMailAbout(owner.user.email, /^Your consultant profile on DevConsult SEA is approved$/);
    expect(approval.text).toContain(`/consultant/${consultant.id}`);
    expect(await publicIds()).toContain(consultant.id);

    const hidden = await call(app, "PUT", `/api/admin/consultants/${consultant.id}/hide`, {
      token: admin.token,
      body: { reason: "Duplicate profile" },
    });
    expect(hidden.json).toMatchObject({ status: "hidden", statusReason: "Duplicate profile" });
    expect(await publicIds()).not.toContain(consultant.id);
  });
});

describe("with the profiles in place", () => {
  it("removes the photo files of a deleted profile", async () => {
    const owner = await signedIn("user");
    const form = new FormData();
    form.set("profilePhoto", new File([Buffer.from(await solidPng(200, 200))], "me.png", { type: "image/png" }));
    const uploaded = await app.request("/api/upload-photo", {
      method: "POST",
      body: form,
      headers: { authorization: `Bearer ${owner.token}`, "x-forwarded-for": freshIp() },
    });
    expect(uploaded.status).toBe(201);
    const { photoUrl } = (await uploaded.json()) as { photoUrl: string };
    const created = await call(app, "POST", "/api/consultants", {
      token: owner.token,
      body: profileBody({ profilePhotoUrl: photoUrl }),
      ip: freshIp(),
    });
    expect(created.status).toBe(201);
    const served = await app.request(photoUrl);
    expect(served.status).toBe(200);
    await served.body?.cancel();

    const admin = await signedIn("admin");
    const deleted = await call(app, "DELETE", `/api/admin/consultants/${created.json.id}`, { token: admin.token });
    expect(deleted.status).toBe(200);
    // The files are removed by a job (services/photos.ts), moments after the answer.
    const deadline = Date.now() + 15_000;
    let gone = await app.request(photoUrl);
    while (gone.status !== 404 && Date.now() < deadline) {
      await gone.body?.cancel();
      await new Promise((resolve) => setTimeout(resolve, 100));
      gone = await app.request(photoUrl);
    }
    expect(gone.status).toBe(404);
    await gone.body?.cancel();
    const uploads = await env.database.sql`select photo_url from photo_uploads where photo_url = ${photoUrl}`;
    expect(uploads).toHaveLength(0);
  });

  it("records an admin's edit through the owner's door (PUT /api/consultants/{id}) as the admin's, the owner's own in the owner's name", async () => {
    const owner = await signedIn("user");
    const consultant = await insertConsultant({ userId: owner.user.id, status: "approved" });
    const ownEdit = await call(app, "PUT", `/api/consultants/${consultant.id}`, {
      token: owner.token,
      body: profileBody({ title: "Owner's own title" }),
    });
    expect(ownEdit.status).toBe(200);
    // Issue 14: every change is audited; on an approved profile the title waits for review.
    const own = await env.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, consultant.id), eq(auditLog.targetType, "consultant")));
    expect(own.map((entry) => [entry.action, entry.actorId])).toEqual([
      ["submit_change", owner.user.id],
      ["change", owner.user.id],
    ]);
    expect(own[0]?.changes.title).toEqual({ from: "Education Specialist", to: "Owner's own title" });

    const admin = await signedIn("admin", "Door Admin");
    const adminEdit = await call(app, "PUT", `/api/consultants/${consultant.id}`, {
      token: admin.token,
      body: profileBody({ title: "Title set by an admin" }),
    });
    expect(adminEdit.status).toBe(200);
    expect(adminEdit.json.status).toBe("approved");
    const entries = await env.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, consultant.id), eq(auditLog.targetType, "consultant")));
    expect(entries.slice(2)).toEqual([
      expect.objectContaining({
        action: "edit",
        actorName: "Door Admin",
        targetType: "consultant",
        changes: expect.objectContaining({ title: { from: "Education Specialist", to: "Title set by an admin" } }),
      }),
    ]);
  });

  it("keeps a pending profile off the public page, the list and the sitemap until approved; the owner and admins see it", async () => {
    const owner = await signedIn("user");
    const stranger = await signedIn("user");
    const admin = await signedIn("admin");
    const created = await call(app, "POST", "/api/consultants", {
      token: owner.token,
      body: profileBody({ name: `Visibility ${unique()} Person` }),
      ip: freshIp(),
    });
    expect(created.json.status).toBe("pending");
    const id = created.json.id as number;
    const sitemapHas = async () => {
      const response = await app.request(`/sitemaps/consultants-${Math.floor((id - 1) / 10_000) + 1}.xml`);
      const text = await response.text();
      return text.includes(`/consultant/${id}<`);
    };
    // The public search (issue 4), asked for this profile's own name.
    const listHas = async () =>
      (
        (await call(app, "GET", `/api/consultants?keywords=${encodeURIComponent(created.json.name)}&limit=100`)).json
          .consultants as { id: number }[]
      ).some((c) => c.id === id);
    const publicStatus = async (token?: string) => (await call(app, "GET", `/api/consultants/${id}`, { token })).status;

    expect(await publicStatus()).toBe(404);
    expect(await publicStatus(stranger.token)).toBe(404);
    expect(await publicStatus(owner.token)).toBe(200);
    expect(await publicStatus(admin.token)).toBe(200);
    expect(await listHas()).toBe(false);
    expect(await sitemapHas()).toBe(false);

    const approved = await call(app, "PUT", `/api/admin/consultants/${id}/approve`, { token: admin.token });
    expect(approved.status).toBe(200);
    expect(await publicStatus()).toBe(200);
    expect(await listHas()).toBe(true);
    expect(await sitemapHas()).toBe(true);

    // The owner's later edits keep it approved.
    const edited = await call(app, "PUT", `/api/consultants/${id}`, {
      token: owner.token,
      body: profileBody({ title: "New title" }),
    });
    expect(edited.json.status).toBe("approved");
    expect(await publicStatus()).toBe(200);

    await call(app, "PUT", `/api/admin/consultants/${id}/hide`, { token: admin.token, body: { reason: "Reported" } });
    expect(await publicStatus()).toBe(404);
    expect(await publicStatus(owner.token)).toBe(200);
    expect(await listHas()).toBe(false);
    expect(await sitemapHas()).toBe(false);
  });
});
