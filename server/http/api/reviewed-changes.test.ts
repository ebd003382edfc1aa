import { describe, expect } from "vitest";
import { organizations, reviews } from "#server/db/schema.ts";
import { call, type TestApi } from "../../../tests/setup/api-app.ts";
import { apiTest } from "../../../tests/setup/fixtures.ts";
import { solidPng } from "../../../tests/setup/images.ts";
import { pdfText } from "../../../tests/setup/pdf-text.ts";
import { mekongEvaluation } from "../../../tests/setup/track-record.ts";
import { freshIp, unique } from "../../../tests/setup/unique.ts";
import { insertSignedInUser } from "../../../tests/setup/users.ts";

// Issue 14: changes after approval wait for review while the approved version stays public (the
// page, the API, the search and the CV), as a diff in the approval queue; approve publishes,
// reject keeps the old version and e-mails the reason; small fields publish at once. And an admin
// blocks and unblocks an account. Through the real HTTP API, real PostgreSQL and a real SMTP server.

const it = apiTest({ REQUIRE_APPROVAL: "true" });

async function upload(api: TestApi, token: string, width: number) {
  const form = new FormData();
  form.set("profilePhoto", new Blob([new Uint8Array(await solidPng(width, width))], { type: "image/png" }), "photo.png");
  const response = await api.app.request("/api/upload-photo", {
    method: "POST",
    body: form,
    headers: { authorization: `Bearer ${token}`, "x-forwarded-for": freshIp() },
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { photoUrl: string }).photoUrl;
}

const ASSIGNMENT = mekongEvaluation();
const NEW_ASSIGNMENT = {
  title: "Gender audit of the rural roads programme",
  organization: "Ministry of Public Works",
  donors: ["World Bank"],
  countries: ["Cambodia"],
  role: null,
  startDate: "2024-01",
  endDate: null,
  sector: "Gender & Social Inclusion",
  description: null,
};

function profileBody(tag: string, extra: Record<string, unknown> = {}) {
  return {
    name: `Lan ${tag}`,
    title: `Maternal Health Adviser ${tag}`,
    email: `lan.${tag}@example.org`,
    location: "Ba Dinh, Hanoi, Vietnam",
    country: "Vietnam",
    yearsExperience: 12,
    languages: ["Vietnamese", "English"],
    languageLevels: { Vietnamese: "native", English: "fluent" },
    primarySpecialization: "Healthcare",
    secondarySpecializations: ["Governance"],
    bio: "Twelve years of maternal health work with provincial health departments.",
    assignments: [ASSIGNMENT],
    ...extra,
  };
}

/** An approved profile with a photo, its owner and an admin. */
async function approvedProfile(api: TestApi) {
  const tag = unique();
  const owner = await insertSignedInUser(api.database.db, { name: `Owner ${tag}` });
  const admin = await insertSignedInUser(api.database.db, { role: "admin" });
  const photo = await upload(api, owner.token, 200);
  const created = await call(api.app, "POST", "/api/consultants", {
    token: owner.token,
    body: profileBody(tag, { profilePhotoUrl: photo }),
    ip: freshIp(),
  });
  expect(created.status, created.text).toBe(201);
  const id = created.json.id as number;
  expect((await call(api.app, "PUT", `/api/admin/consultants/${id}/approve`, { token: admin.token })).status).toBe(200);
  return { tag, owner, admin, id, photo };
}

/** The owner sends their profile's form again (its own values, `changes` on top), as the edit page does. */
const ownerEdits = (
  api: TestApi,
  { tag, owner, id }: { tag: string; owner: { token: string }; id: number },
  changes: Record<string, unknown>,
) => call(api.app, "PUT", `/api/consultants/${id}`, { token: owner.token, ip: freshIp(), body: profileBody(tag, changes) });

const publicView = async (api: TestApi, id: number) => call(api.app, "GET", `/api/consultants/${id}`);
const queueEntry = async (api: TestApi, token: string, id: number) => {
  const queue = await call(api.app, "GET", "/api/admin/queue?page=1&limit=100", { token });
  expect(queue.status).toBe(200);
  return (
    queue.json.entries as { id: number; change: { fields: { field: string; before: unknown; after: unknown }[] } | null }[]
  ).find((entry) => entry.id === id);
};
const auditActions = async (api: TestApi, id: number) =>
  (
    await api.database.sql<{ action: string; changes: Record<string, unknown> }[]>`
      select action, changes from audit_log where target_type = 'consultant' and target_id = ${id} order by id`
  ).map((row) => ({ action: row.action, fields: Object.keys(row.changes).sort() }));

describe("changes after approval", () => {
  it("keeps the approved version public while the change waits as a diff; small fields publish at once", async ({ api }) => {
    const { tag, owner, admin, id, photo } = await approvedProfile(api);
    const newPhoto = await upload(api, owner.token, 240);
    const edited = await ownerEdits(
      api,
      { tag, owner, id },
      {
        name: `Lan Nguyen ${tag}`,
        title: `Health Systems Strengthening Lead ${tag}`,
        profilePhotoUrl: newPhoto,
        secondarySpecializations: ["Governance", "Gender & Social Inclusion"],
        assignments: [NEW_ASSIGNMENT, ASSIGNMENT],
        // Small fields: published at once.
        availableForWork: false,
        languageLevels: { Vietnamese: "native", English: "working" },
      },
    );
    expect(edited.status, edited.text).toBe(200);
    // The owner's answer is what they wrote, and says it waits.
    expect(edited.json).toMatchObject({ name: `Lan Nguyen ${tag}`, availableForWork: false });
    expect(edited.json.change).toMatchObject({
      status: "pending",
      fields: ["name", "title", "profilePhotoUrl", "secondarySpecializations", "assignments"],
    });

    // The public page (API): the approved version, with the small fields already changed.
    const shown = await publicView(api, id);
    expect(shown.json).toMatchObject({
      name: `Lan ${tag}`,
      title: `Maternal Health Adviser ${tag}`,
      profilePhotoUrl: photo,
      secondarySpecializations: ["Governance"],
      availableForWork: false,
      languageLevels: { Vietnamese: "native", English: "working" },
    });
    expect((shown.json.assignments as { title: string }[]).map((item) => item.title)).toEqual([ASSIGNMENT.title]);
    // The search finds the approved title, not the proposed one.
    const byOld = await call(api.app, "GET", `/api/consultants?keywords=${encodeURIComponent(`Adviser ${tag}`)}`);
    expect((byOld.json.consultants as { id: number }[]).map((c) => c.id)).toContain(id);
    const byNew = await call(api.app, "GET", `/api/consultants?keywords=${encodeURIComponent(`Strengthening ${tag}`)}`);
    expect((byNew.json.consultants as { id: number }[]).map((c) => c.id)).not.toContain(id);
    // The CV too.
    const cv = await api.app.request(`/api/consultants/${id}/cv.pdf`);
    const cvText = (await pdfText(new Uint8Array(await cv.arrayBuffer()))).text.replace(/\s+/g, " ");
    expect(cvText).toContain(`Maternal Health Adviser ${tag}`);
    expect(cvText).not.toContain("Strengthening");

    // The queue shows the diff, field by field.
    const entry = await queueEntry(api, admin.token, id);
    expect(entry?.change?.fields).toEqual([
      { field: "name", before: `Lan ${tag}`, after: `Lan Nguyen ${tag}` },
      { field: "title", before: `Maternal Health Adviser ${tag}`, after: `Health Systems Strengthening Lead ${tag}` },
      { field: "profilePhotoUrl", before: photo, after: newPhoto },
      { field: "secondarySpecializations", before: ["Governance"], after: ["Governance", "Gender & Social Inclusion"] },
      // The published assignments with their row ids (a change names the rows it edits by them);
      // these were sent without, so the change names none.
      { field: "assignments", before: [{ id: expect.any(Number), ...ASSIGNMENT }], after: [NEW_ASSIGNMENT, ASSIGNMENT] },
    ]);
    const badge = await call(api.app, "GET", "/api/admin/queue?page=1&limit=1", { token: admin.token });
    expect(badge.json.total).toBeGreaterThanOrEqual(1);

    // The owner's page: their version, with the change waiting.
    const own = await call(api.app, "GET", "/api/my-consultant-profile", { token: owner.token });
    expect(own.json).toMatchObject({ name: `Lan Nguyen ${tag}`, profilePhotoUrl: newPhoto, change: { status: "pending" } });

    // Every change is in the audit log: the one waiting and the one published.
    expect(await auditActions(api, id)).toEqual([
      { action: "approve", fields: ["status"] },
      {
        action: "submit_change",
        fields: ["assignments", "name", "profilePhotoUrl", "secondarySpecializations", "title"],
      },
      { action: "change", fields: ["availableForWork", "languageLevels"] },
    ]);

    // A second edit that sets the title back withdraws that part; the rest still waits.
    const again = await ownerEdits(
      api,
      { tag, owner, id },
      {
        name: `Lan Nguyen ${tag}`,
        profilePhotoUrl: newPhoto,
        secondarySpecializations: ["Governance", "Gender & Social Inclusion"],
        assignments: [NEW_ASSIGNMENT, ASSIGNMENT],
        availableForWork: false,
        languageLevels: { Vietnamese: "native", English: "working" },
      },
    );
    expect(again.json.change.fields).toEqual(["name", "profilePhotoUrl", "secondarySpecializations", "assignments"]);
  });

  it("publishes the change when an admin approves it, and tells the owner", async ({ api }) => {
    const { tag, owner, admin, id, photo } = await approvedProfile(api);
    const newPhoto = await upload(api, owner.token, 260);
    await ownerEdits(api, { tag, owner, id }, { title: `Health Systems Strengthening Lead ${tag}`, profilePhotoUrl: newPhoto });
    // Only admins decide.
    expect((await call(api.app, "PUT", `/api/admin/consultants/${id}/approve-change`, { token: owner.token })).status).toBe(403);
    const approved = await call(api.app, "PUT", `/api/admin/consultants/${id}/approve-change`, { token: admin.token });
    expect(approved.status, approved.text).toBe(200);
    expect((await publicView(api, id)).json).toMatchObject({
      title: `Health Systems Strengthening Lead ${tag}`,
      profilePhotoUrl: newPhoto,
    });
    const found = await call(api.app, "GET", `/api/consultants?keywords=${encodeURIComponent(`Strengthening ${tag}`)}`);
    expect((found.json.consultants as { id: number }[]).map((c) => c.id)).toContain(id);
    expect(await queueEntry(api, admin.token, id)).toBeUndefined();
    // The replaced photo is gone with its upload record.
    expect(await api.database.sql`select 1 from photo_uploads where photo_url = ${photo}`).toHaveLength(0);
    const published = await api.smtp.waitForMailAbout(owner.email, /are published/);
    // The fields named in English as the queue names them, a plain comma list.
    expect(published.text).toContain("Your changes (Professional title, Photo) have been approved");
    expect((await auditActions(api, id)).at(-1)).toEqual({ action: "approve_change", fields: ["profilePhotoUrl", "title"] });
    // Nothing waits any more: a second approval is a 404.
    expect((await call(api.app, "PUT", `/api/admin/consultants/${id}/approve-change`, { token: admin.token })).status).toBe(404);
  });

  it("keeps the approved version when an admin rejects the change, and e-mails the owner the reason", async ({ api }) => {
    const { tag, owner, admin, id, photo } = await approvedProfile(api);
    const newPhoto = await upload(api, owner.token, 280);
    await ownerEdits(api, { tag, owner, id }, { name: `Somebody Else ${tag}`, profilePhotoUrl: newPhoto });
    const noReason = await call(api.app, "PUT", `/api/admin/consultants/${id}/reject-change`, { token: admin.token, body: {} });
    expect(noReason.status).toBe(400);
    expect(noReason.json.message).toBe("A reason is required");
    expect((await queueEntry(api, admin.token, id))?.change?.fields.map((field) => field.field)).toEqual([
      "name",
      "profilePhotoUrl",
    ]);

    const reason = "The photo must show your face, and the name must match your passport.";
    const rejected = await call(api.app, "PUT", `/api/admin/consultants/${id}/reject-change`, {
      token: admin.token,
      body: { reason },
    });
    expect(rejected.status, rejected.text).toBe(200);
    expect((await publicView(api, id)).json).toMatchObject({ name: `Lan ${tag}`, profilePhotoUrl: photo });
    expect(await queueEntry(api, admin.token, id)).toBeUndefined();
    const mail = await api.smtp.waitForMailAbout(owner.email, /were not published/);
    expect(mail.text).toContain(reason);
    expect(mail.text).toContain("changes to your consultant profile (Full name, Photo)");
    // The owner sees the reason; their form is back to the approved version.
    const own = await call(api.app, "GET", "/api/my-consultant-profile", { token: owner.token });
    expect(own.json).toMatchObject({
      name: `Lan ${tag}`,
      change: { status: "rejected", reason, fields: ["name", "profilePhotoUrl"] },
    });
    // The proposed photo is discarded; the approved one stays.
    expect(await api.database.sql`select 1 from photo_uploads where photo_url = ${newPhoto}`).toHaveLength(0);
    expect(await api.database.sql`select 1 from photo_uploads where photo_url = ${photo}`).toHaveLength(1);
    expect((await auditActions(api, id)).at(-1)).toEqual({
      action: "reject_change",
      fields: ["name", "profilePhotoUrl", "reason"],
    });
  });

  it("publishes small fields at once and queues nothing; a profile not yet approved changes at once", async ({ api }) => {
    const { tag, owner, admin, id } = await approvedProfile(api);
    const small = await ownerEdits(
      api,
      { tag, owner, id },
      {
        availableForWork: false,
        showEmail: true,
        showPhone: true,
        phone: "+84 24 3825 1234",
        languageLevels: { Vietnamese: "native", English: "basic" },
        availableFrom: "2027-01-15",
      },
    );
    expect(small.status, small.text).toBe(200);
    expect(small.json.change).toBeNull();
    expect((await publicView(api, id)).json).toMatchObject({
      availableForWork: false,
      email: `lan.${tag}@example.org`,
      phone: "+84 24 3825 1234",
      languageLevels: { Vietnamese: "native", English: "basic" },
      availableFrom: "2027-01-15",
    });
    expect(await queueEntry(api, admin.token, id)).toBeUndefined();
    expect((await auditActions(api, id)).at(-1)?.action).toBe("change");

    // A pending profile is not public yet: its owner's edits are simply the profile under review.
    const newcomer = await insertSignedInUser(api.database.db);
    const created = await call(api.app, "POST", "/api/consultants", {
      token: newcomer.token,
      ip: freshIp(),
      body: profileBody(`${tag}n`),
    });
    const pendingId = created.json.id as number;
    await call(api.app, "PUT", `/api/consultants/${pendingId}`, {
      token: newcomer.token,
      ip: freshIp(),
      body: profileBody(`${tag}n`, { title: "Renamed while pending" }),
    });
    const [row] = await api.database.sql`select title from consultants where id = ${pendingId}`;
    expect(row?.title).toBe("Renamed while pending");
    expect((await queueEntry(api, admin.token, pendingId))?.change).toBeNull();
  });
});

describe("blocking an account", () => {
  it("ends its sessions, refuses its sign-in, hides its profile and reviews; unblocking restores them", async ({ api }) => {
    const tag = unique();
    const password = "lotus-harbour-river-42";
    const email = `blocked.${tag}@example.org`;
    const registered = await call(api.app, "POST", "/api/auth/register", {
      ip: freshIp(),
      body: { name: `Blocked ${tag}`, email, password },
    });
    expect(registered.status, registered.text).toBe(201);
    const userId = registered.json.user.id as number;
    const signIn = () => call(api.app, "POST", "/api/auth/login", { ip: freshIp(), body: { email, password } });
    const first = await signIn();
    const second = await signIn();
    const tokens = [first.json.sessionToken as string, second.json.sessionToken as string];
    const { admin, id: reviewedId } = await approvedProfile(api);
    const created = await call(api.app, "POST", "/api/consultants", {
      token: tokens[0],
      ip: freshIp(),
      body: profileBody(tag),
    });
    const profileId = created.json.id as number;
    expect((await call(api.app, "PUT", `/api/admin/consultants/${profileId}/approve`, { token: admin.token })).status).toBe(200);
    const searchFor = async () =>
      (
        (await call(api.app, "GET", `/api/consultants?keywords=${encodeURIComponent(`Adviser ${tag}`)}`)).json.consultants as {
          id: number;
        }[]
      ).map((c) => c.id);
    expect(await searchFor()).toContain(profileId);
    // A review the account wrote of someone else's profile, for a verified organization (only those count).
    const [organization] = await api.database.db
      .insert(organizations)
      .values({
        slug: `blocked-team-${tag}`,
        name: `Team ${tag}`,
        kind: "ngo",
        country: "TH",
        verifiedAt: new Date(),
        verificationMethod: "admin",
      })
      .returning({ id: organizations.id });
    await api.database.db.insert(reviews).values({
      consultantId: reviewedId,
      reviewerId: userId,
      organizationId: organization!.id,
      score: 3,
      body: "Late on every deliverable.",
      engagement: "Other",
    });
    const reviewsOf = async () => (await call(api.app, "GET", `/api/consultants/${reviewedId}/reviews`)).json;
    expect(await reviewsOf()).toMatchObject({ total: 1, rating: 30 });
    /** The newest audit entry about the account. */
    /** The last audit entry about the user: its action and what it changed. */
    const expectLastAudit = async (action: string, changes: Record<string, { from: unknown; to: unknown }>) => {
      const [entry] = await api.database.sql`
        select action, changes from audit_log where target_type = 'user' and target_id = ${userId} order by id desc limit 1`;
      expect(entry?.action).toBe(action);
      expect(entry?.changes).toEqual(changes);
    };

    // Refusals: a plain user, blocking oneself, blocking an admin.
    const plain = await insertSignedInUser(api.database.db);
    expect((await call(api.app, "PUT", `/api/admin/users/${userId}/block`, { token: plain.token })).status).toBe(403);
    expect((await call(api.app, "PUT", `/api/admin/users/${admin.id}/block`, { token: admin.token })).status).toBe(409);
    const otherAdmin = await insertSignedInUser(api.database.db, { role: "admin" });
    expect((await call(api.app, "PUT", `/api/admin/users/${otherAdmin.id}/block`, { token: admin.token })).status).toBe(409);
    expect((await call(api.app, "PUT", "/api/admin/users/2000000000/block", { token: admin.token })).status).toBe(404);

    const blocked = await call(api.app, "PUT", `/api/admin/users/${userId}/block`, { token: admin.token });
    expect(blocked.status, blocked.text).toBe(200);
    expect(blocked.json.blockedAt).toEqual(expect.any(String));
    // Its sessions ended at once.
    for (const token of tokens) expect((await call(api.app, "GET", "/api/auth/me", { token })).status).toBe(401);
    // It cannot sign in, even with the right password.
    const refused = await signIn();
    expect(refused.status).toBe(403);
    expect(refused.json.message).toBe("This account has been blocked. If you think this is a mistake, please contact support.");
    // Its profile and its reviews are hidden; the rating it gave no longer counts.
    expect((await publicView(api, profileId)).status).toBe(404);
    expect(await searchFor()).not.toContain(profileId);
    expect(await reviewsOf()).toMatchObject({ total: 0, rating: 50, reviews: [] });
    await expectLastAudit("block", {
      blocked: { from: false, to: true },
      profileStatus: { from: "approved", to: "hidden" },
      hiddenReviews: { from: 0, to: 1 },
    });
    const users = await call(api.app, "GET", `/api/admin/users?search=${encodeURIComponent(email)}&page=1`, {
      token: admin.token,
    });
    expect(users.json.users[0]).toMatchObject({ id: userId, blockedAt: expect.any(String) });

    const unblocked = await call(api.app, "PUT", `/api/admin/users/${userId}/unblock`, { token: admin.token });
    expect(unblocked.status, unblocked.text).toBe(200);
    expect(unblocked.json.blockedAt).toBeNull();
    expect((await signIn()).status).toBe(200);
    expect((await publicView(api, profileId)).status).toBe(200);
    expect(await reviewsOf()).toMatchObject({ total: 1, rating: 30 });
    await expectLastAudit("unblock", {
      blocked: { from: true, to: false },
      profileStatus: { from: "hidden", to: "approved" },
      shownReviews: { from: 0, to: 1 },
    });
  });
});
