import { existsSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ADMIN_CONSULTANT_MESSAGES } from "#common/admin-schema.ts";
import { auditLog, authUsers, type ConsultantStatus, consultants, messages } from "#server/db/schema.ts";
import type { JobQueue } from "#server/jobs/queue.ts";
import { startWorkers, workPhotoCleanup } from "#server/jobs/workers.ts";
import { startTestJobQueue } from "../../../tests/setup/api-app.ts";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/database.ts";
import { recordingLog, type TestServiceDeps, testServiceDeps } from "../../../tests/setup/service-deps.ts";
import { startSmtpServer, type TestSmtp } from "../../../tests/setup/smtp.ts";
import { unique } from "../../../tests/setup/unique.ts";
import { deleteConsultantAsAdmin, getConsultantForAdmin, listConsultantsForAdmin } from "../consultants/admin-list.ts";
import { ADMIN_EDIT, editConsultant } from "../consultants/edit.ts";
import { moderateConsultant } from "../consultants/moderation.ts";
import type { Actor, ServiceDeps } from "../context.ts";
import { Conflict, Forbidden, NotFound, Unauthorized, ValidationFailed } from "../errors.ts";
import type { PhotoStorage } from "../storage.ts";
import { listAuditLog } from "./audit.ts";
import { demoteUser, listUsersForAdmin, promoteUser } from "./users.ts";

let database: TestDatabase;
let jobs: JobQueue;
let base: TestServiceDeps;
let storageDir: string;
let smtp: TestSmtp;
beforeAll(async () => {
  [database, smtp] = await Promise.all([createTestDatabase(), startSmtpServer()]);
  const log = recordingLog().log;
  jobs = await startTestJobQueue(database.url, log);
  base = await testServiceDeps(database.db, { jobs, smtpUrl: smtp.url, log });
  await startWorkers(jobs, { db: database.db, config: base.config, mailer: base.mailer, log, runtime: base.runtime });
  if (base.config.storage.kind !== "local") throw new Error("the tests store photos on disk");
  storageDir = base.config.storage.dir;
});
afterAll(async () => {
  await jobs?.stop();
  await smtp?.close();
  await database?.close();
});

/**
 * The actor a door hands on for a user row (or any `{ id, role }`): the role as the session says,
 * from a session that signed in just now (recent enough for re-authentication, issue 38).
 */
function as(user: { id: number; role?: string } | null): Actor {
  return user && { id: user.id, role: user.role === "admin" ? "admin" : "user", authenticatedAt: new Date() };
}

async function insertUser({ role = "user", name = "Test Person" }: { role?: "user" | "admin"; name?: string } = {}) {
  const [user] = await database.db
    .insert(authUsers)
    .values({
      email: `${name.toLowerCase().replace(/\W+/g, ".")}.${unique()}@example.org`,
      name,
      hashedPassword: "not-a-hash",
      role,
    })
    .returning();
  return user!;
}

async function insertConsultant(values: { status?: ConsultantStatus; userId?: number; name?: string; photo?: string } = {}) {
  const [row] = await database.db
    .insert(consultants)
    .values({
      name: values.name ?? `Consultant ${unique()}`,
      title: "Public Health Specialist",
      email: `c.${unique()}@example.org`,
      location: "Hà Nội, Vietnam",
      country: "Vietnam",
      yearsExperience: 8,
      primarySpecialization: "Healthcare",
      bio: "Ten years of public health work across the Mekong.",
      status: values.status ?? "approved",
      userId: values.userId,
      profilePhotoUrl: values.photo,
    })
    .returning();
  return row!;
}

/**
 * The services' deps with the warnings they logged kept for the test; `storage` wraps the real
 * photo storage (to watch or break it).
 */
function recordingDeps(overrides: { storage?: Partial<PhotoStorage> } = {}) {
  const recorder = recordingLog();
  const deps: ServiceDeps = { ...base, log: recorder.log, storage: { ...base.storage, ...overrides.storage } };
  const warnings = () => recorder.entries.filter((entry) => entry.level === "warn");
  return { deps, warnings };
}

/** Photo clean-up jobs queued for a photo (services/photos.ts removes files by a job). */
async function cleanupJobsFor(photoUrl: string) {
  const [row] = await database.sql<{ n: number }[]>`
    select count(*)::int as n from pgboss.job where name = 'photo-cleanup' and data->'photoUrls' ? ${photoUrl}`;
  return row?.n ?? 0;
}

/** The e-mails queued for an address so far (the queue, not the mail server: a queued mail is as good as sent). */
async function mailJobsTo(address: string) {
  const [row] = await database.sql<{ n: number }[]>`
    select count(*)::int as n from pgboss.job where name = 'mail' and data->>'to' = ${address}`;
  return row?.n ?? 0;
}

/** An admin-dialog edit, the way the dialog and PUT /api/admin/consultants/{id} make it. */
const adminEdit = (deps: ServiceDeps, actor: { id: number; role?: string } | null, id: number, body: unknown) =>
  editConsultant(deps, as(actor), { id, body }, ADMIN_EDIT);

async function auditFor(targetType: "consultant" | "user", targetId: number) {
  return database.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.targetId, targetId))
    .then((rows) => rows.filter((r) => r.targetType === targetType));
}

const editInput = (overrides: Record<string, unknown> = {}) => ({
  name: "Lan Nguyen",
  title: "Senior Public Health Specialist",
  email: `lan.${unique()}@example.org`,
  phone: "+84 24 1234 5678",
  location: "Hà Nội, Vietnam",
  city: "Hà Nội",
  country: "Vietnam",
  yearsExperience: "11-15 years",
  primarySpecialization: "Healthcare",
  bio: "Fifteen years of public health work across the Mekong.",
  availableForWork: false,
  showEmail: true,
  showPhone: false,
  ...overrides,
});

/** An admin's decision that takes a reason, on `owner`'s profile `id`: the profile after it, and the mail the owner got. */
async function decideWithReason(
  deps: ServiceDeps,
  admin: { id: number; role?: string },
  owner: { email: string },
  id: number,
  action: "reject" | "hide",
  reason: string,
) {
  const decided = await moderateConsultant(deps, as(admin), { id, action, body: { reason } });
  return { decided, mail: await smtp.waitForMail(owner.email) };
}

describe("who may use the admin services", () => {
  it("refuses visitors (401), users (403) and an admin demoted or deleted since their last request", async () => {
    const { deps } = recordingDeps();
    const user = await insertUser();
    const consultant = await insertConsultant();
    const calls = [
      (actor: { id: number } | null) => listConsultantsForAdmin(base, as(actor), { page: 1, limit: 5 }),
      (actor: { id: number } | null) => getConsultantForAdmin(base, as(actor), consultant.id),
      (actor: { id: number } | null) => listUsersForAdmin(base, as(actor), { page: 1, limit: 5 }),
      (actor: { id: number } | null) => listAuditLog(base, as(actor), { page: 1, limit: 5 }),
      (actor: { id: number } | null) => adminEdit(base, actor, consultant.id, editInput()),
      (actor: { id: number } | null) => deleteConsultantAsAdmin(deps, as(actor), consultant.id),
      (actor: { id: number } | null) => moderateConsultant(deps, as(actor), { id: consultant.id, action: "hide", body: {} }),
      (actor: { id: number } | null) => promoteUser(base, as(actor), user.id),
      (actor: { id: number } | null) => demoteUser(base, as(actor), user.id),
    ];
    for (const call of calls) {
      await expect(call(null)).rejects.toBeInstanceOf(Unauthorized);
      await expect(call({ id: user.id })).rejects.toBeInstanceOf(Forbidden);
    }

    // The caller's object still says "admin" (a cached session); the database no longer does.
    const formerAdmin = await insertUser({ role: "admin" });
    const staleActor = { id: formerAdmin.id, role: "admin" };
    await expect(listUsersForAdmin(base, as(staleActor), { page: 1, limit: 5 })).resolves.toBeTruthy();
    await database.db.update(authUsers).set({ role: "user" }).where(eq(authUsers.id, formerAdmin.id));
    for (const call of calls) await expect(call(staleActor)).rejects.toBeInstanceOf(Forbidden);
    await database.db.delete(authUsers).where(eq(authUsers.id, formerAdmin.id));
    for (const call of calls) await expect(call(staleActor)).rejects.toBeInstanceOf(Unauthorized);

    expect(await getConsultantForAdmin(base, as(await insertUser({ role: "admin" })), consultant.id)).toMatchObject({
      id: consultant.id,
      status: "approved",
    });
    expect(await auditFor("consultant", consultant.id)).toEqual([]);
  });
});

describe("consultants table", () => {
  it("lists every status with private contact details, searches, pages and counts on the server", async () => {
    const admin = await insertUser({ role: "admin" });
    const tag = unique();
    const made = [];
    for (const status of ["pending", "approved", "rejected", "hidden"] as const) {
      made.push(await insertConsultant({ status, name: `Searchable ${tag} ${status}` }));
    }
    await insertConsultant({ name: `Someone 100%_${tag}` });

    const all = await listConsultantsForAdmin(base, as(admin), { search: tag, page: 1, limit: 10 });
    expect(all.total).toBe(5);
    expect(new Set(all.consultants.map((c) => c.status))).toEqual(new Set(["pending", "approved", "rejected", "hidden"]));
    // Newest first, private e-mail included for admins.
    expect(all.consultants[0]?.name).toBe(`Someone 100%_${tag}`);
    expect(all.consultants.every((c) => c.email.includes("@"))).toBe(true);

    const caseInsensitive = await listConsultantsForAdmin(base, as(admin), {
      search: `SEARCHABLE ${tag.toUpperCase()}`,
      page: 1,
      limit: 2,
    });
    expect(caseInsensitive.total).toBe(4);
    expect(caseInsensitive.consultants).toHaveLength(2);
    const secondPage = await listConsultantsForAdmin(base, as(admin), {
      search: `searchable ${tag}`,
      page: 2,
      limit: 2,
    });
    expect(secondPage.consultants.map((c) => c.id)).not.toEqual(caseInsensitive.consultants.map((c) => c.id));
    expect(secondPage.consultants).toHaveLength(2);

    // % and _ are literal: "100%_" matches only the profile with those characters.
    const literal = await listConsultantsForAdmin(base, as(admin), { search: "100%_", page: 1, limit: 10 });
    expect(literal.consultants.map((c) => c.name)).toEqual([`Someone 100%_${tag}`]);

    const byEmail = await listConsultantsForAdmin(base, as(admin), {
      search: made[0]!.email,
      page: 1,
      limit: 10,
    });
    expect(byEmail.consultants.map((c) => c.id)).toEqual([made[0]!.id]);
  });

  it("serves the approval queue oldest first", async () => {
    const admin = await insertUser({ role: "admin" });
    const tag = unique();
    const first = await insertConsultant({ status: "pending", name: `Queue ${tag} first` });
    const second = await insertConsultant({ status: "pending", name: `Queue ${tag} second` });
    await insertConsultant({ status: "approved", name: `Queue ${tag} listed` });
    const queue = await listConsultantsForAdmin(base, as(admin), {
      search: `Queue ${tag}`,
      status: "pending",
      page: 1,
      limit: 10,
    });
    expect(queue.consultants.map((c) => c.id)).toEqual([first.id, second.id]);
    expect(queue.total).toBe(2);
  });
});

describe("editing a consultant", () => {
  it("refuses invalid input with the spec's admin messages and changes nothing", async () => {
    const admin = await insertUser({ role: "admin" });
    const consultant = await insertConsultant();
    const error = await adminEdit(base, admin, consultant.id, { bio: "short" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationFailed);
    const messagesByField = Object.fromEntries((error as ValidationFailed).errors!.map((e) => [e.path, e.message]));
    // The dialog's schema, whose messages common/admin-schema.test.ts holds to the spec word for word.
    expect(messagesByField).toEqual(ADMIN_CONSULTANT_MESSAGES);
    await expect(adminEdit(base, admin, consultant.id, "not an object")).rejects.toBeInstanceOf(ValidationFailed);
    expect(await getConsultantForAdmin(base, as(admin), consultant.id)).toMatchObject({ name: consultant.name });
    expect(await auditFor("consultant", consultant.id)).toEqual([]);
  });

  it("saves the dialog's fields, keeps an approved profile approved and records what changed", async () => {
    const admin = await insertUser({ role: "admin", name: "Ada Admin" });
    const owner = await insertUser();
    const consultant = await insertConsultant({ status: "approved", userId: owner.id });
    const input = editInput();
    const updated = await adminEdit(base, admin, consultant.id, input);
    expect(updated).toMatchObject({
      name: "Lan Nguyen",
      title: "Senior Public Health Specialist",
      email: input.email,
      yearsExperience: 11,
      availableForWork: false,
      showEmail: true,
      status: "approved",
      ownerId: owner.id,
    });
    const [entry, ...more] = await auditFor("consultant", consultant.id);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({ action: "edit", actorId: admin.id, actorName: "Ada Admin", actorEmail: admin.email });
    expect(entry!.changes).toEqual({
      name: { from: consultant.name, to: "Lan Nguyen" },
      title: { from: "Public Health Specialist", to: "Senior Public Health Specialist" },
      email: { from: consultant.email, to: input.email },
      phone: { from: null, to: "+84 24 1234 5678" },
      city: { from: null, to: "Hà Nội" },
      yearsExperience: { from: 8, to: 11 },
      bio: { from: consultant.bio, to: input.bio },
      availableForWork: { from: true, to: false },
      showEmail: { from: false, to: true },
    });

    // Saving the same values again changes nothing and records nothing.
    await adminEdit(base, admin, consultant.id, input);
    expect(await auditFor("consultant", consultant.id)).toHaveLength(1);
  });

  it("keeps a pending profile pending and leaves out optional fields unchanged", async () => {
    const admin = await insertUser({ role: "admin" });
    const consultant = await insertConsultant({ status: "pending" });
    await database.db
      .update(consultants)
      .set({ phone: "+66 2 123 4567", showPhone: true })
      .where(eq(consultants.id, consultant.id));
    const { phone: _phone, showPhone: _showPhone, city: _city, ...input } = editInput({ yearsExperience: 8 });
    const updated = await adminEdit(base, admin, consultant.id, input);
    expect(updated).toMatchObject({ status: "pending", phone: "+66 2 123 4567", showPhone: true, yearsExperience: 8 });
  });

  it("refuses another profile's e-mail (409, any case) and an unknown id (404)", async () => {
    const admin = await insertUser({ role: "admin" });
    const other = await insertConsultant();
    const consultant = await insertConsultant();
    const error = await adminEdit(base, admin, consultant.id, editInput({ email: other.email.toUpperCase() })).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(Conflict);
    expect((error as Conflict).errors).toEqual([
      { path: "email", message: "A consultant profile with this email already exists" },
    ]);
    await expect(adminEdit(base, admin, 2_000_000_000, editInput())).rejects.toBeInstanceOf(NotFound);
    expect(await auditFor("consultant", consultant.id)).toEqual([]);
  });
});

describe("deleting a consultant", () => {
  it("removes the profile and its messages in one transaction, records it, then has a job remove the photo", async () => {
    const admin = await insertUser({ role: "admin" });
    const owner = await insertUser();
    const photoUrl = "/uploads/photos/abcdefghijklmnopqrstuvwx-400.webp";
    const consultant = await insertConsultant({ userId: owner.id, photo: photoUrl });
    const other = await insertConsultant();
    for (const target of [consultant, consultant, other]) {
      await database.db.insert(messages).values({
        consultantId: target.id,
        senderName: "Org",
        senderEmail: "org@example.org",
        subject: "Hello",
        message: "A job offer for you",
      });
    }
    // Both stored sizes of the photo are real files in the real storage.
    const keys = ["photos/abcdefghijklmnopqrstuvwx-400.webp", "photos/abcdefghijklmnopqrstuvwx-96.webp"];
    for (const key of keys) await base.storage.put(key, new Uint8Array([1, 2, 3]), "image/webp");
    let visibleWhenPhotoRemoved: unknown[] | undefined;
    const removed: string[] = [];
    const { deps } = recordingDeps({
      storage: {
        remove: async (key) => {
          removed.push(key);
          // Another connection already sees the row gone: the files go only after the commit.
          visibleWhenPhotoRemoved = [...(await database.sql`select id from consultants where id = ${consultant.id}`)];
          await base.storage.remove(key);
        },
      },
    });
    await deleteConsultantAsAdmin(deps, as(admin), consultant.id);
    expect(await database.db.select().from(consultants).where(eq(consultants.id, consultant.id))).toEqual([]);
    expect(await database.db.select().from(messages).where(eq(messages.consultantId, consultant.id))).toEqual([]);
    expect(await database.db.select().from(messages).where(eq(messages.consultantId, other.id))).toHaveLength(1);
    expect(await database.db.select().from(authUsers).where(eq(authUsers.id, owner.id))).toHaveLength(1);
    // Nothing touched the storage inside the request: a job was queued for the files.
    expect(removed).toEqual([]);
    expect(await cleanupJobsFor(photoUrl)).toBe(1);
    await workPhotoCleanup(jobs, deps.storage);
    const deadline = Date.now() + 15_000;
    while (removed.length < 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(removed.sort()).toEqual([...keys].sort());
    for (const key of keys) expect(existsSync(path.join(storageDir, key))).toBe(false);
    expect(visibleWhenPhotoRemoved).toEqual([]);
    const [entry] = await auditFor("consultant", consultant.id);
    expect(entry).toMatchObject({ action: "delete", targetLabel: consultant.name });
    expect(entry!.changes).toMatchObject({ email: { from: consultant.email, to: null }, messages: { from: 2, to: 0 } });

    await expect(deleteConsultantAsAdmin(deps, as(admin), consultant.id)).rejects.toBeInstanceOf(NotFound);
    expect(removed).toHaveLength(2);
  });

  it("keeps the deletion when the photo storage is down: the removal waits in the queue", async () => {
    const admin = await insertUser({ role: "admin" });
    const photoUrl = "/uploads/photos/zyxwvutsrqponmlkjihgfedc-400.webp";
    const consultant = await insertConsultant({ photo: photoUrl });
    const { deps, warnings } = recordingDeps({
      storage: {
        remove: async () => {
          throw new Error("storage is down");
        },
      },
    });
    await deleteConsultantAsAdmin(deps, as(admin), consultant.id);
    expect(await database.db.select().from(consultants).where(eq(consultants.id, consultant.id))).toEqual([]);
    expect(warnings()).toHaveLength(0);
    expect(await cleanupJobsFor(photoUrl)).toBe(1);
  });
});

describe("approval", () => {
  it("approves a pending profile, e-mails the owner and records it", async () => {
    const admin = await insertUser({ role: "admin" });
    const owner = await insertUser({ name: "Owner Person" });
    const consultant = await insertConsultant({ status: "pending", userId: owner.id });
    const { deps } = recordingDeps();
    const approved = await moderateConsultant(deps, as(admin), { id: consultant.id, action: "approve", body: undefined });
    expect(approved).toMatchObject({ status: "approved", statusReason: null });
    const mail = await smtp.waitForMail(owner.email);
    expect(mail.subject).toBe("Your consultant profile on DevConsult SEA is approved");
    expect(mail.text).toContain("Hello Owner Person,");
    expect(mail.text).toContain(`http://devconsult.test/consultant/${consultant.id}`);
    const [entry] = await auditFor("consultant", consultant.id);
    expect(entry).toMatchObject({ action: "approve", changes: { status: { from: "pending", to: "approved" } } });

    // Approving again is a no-op: no second e-mail, no second entry.
    await moderateConsultant(deps, as(admin), { id: consultant.id, action: "approve", body: {} });
    expect(await mailJobsTo(owner.email)).toBe(1);
    expect(await auditFor("consultant", consultant.id)).toHaveLength(1);
  });

  it("rejects only with a reason, tells the owner why, and approves later on", async () => {
    const admin = await insertUser({ role: "admin" });
    const owner = await insertUser();
    const consultant = await insertConsultant({ status: "pending", userId: owner.id });
    const { deps } = recordingDeps();
    const missing = await moderateConsultant(deps, as(admin), {
      id: consultant.id,
      action: "reject",
      body: { reason: " " },
    }).catch((e) => e);
    expect(missing).toBeInstanceOf(ValidationFailed);
    expect((missing as ValidationFailed).message).toBe("A reason is required");
    await expect(
      moderateConsultant(deps, as(admin), { id: consultant.id, action: "reject", body: undefined }),
    ).rejects.toBeInstanceOf(ValidationFailed);

    // A refused reason queued nothing: the first mail is the rejection.
    const { decided: rejected, mail } = await decideWithReason(
      deps,
      admin,
      owner,
      consultant.id,
      "reject",
      "The photo shows a logo",
    );
    expect(rejected).toMatchObject({ status: "rejected", statusReason: "The photo shows a logo" });
    expect(mail.subject).toBe("Your consultant profile on DevConsult SEA needs changes");
    expect(mail.text).toContain("The photo shows a logo");
    expect(mail.text).toContain(`http://devconsult.test/profile/edit/${consultant.id}`);

    const approved = await moderateConsultant(deps, as(admin), { id: consultant.id, action: "approve", body: undefined });
    expect(approved).toMatchObject({ status: "approved", statusReason: null });
    const entries = await auditFor("consultant", consultant.id);
    expect(entries.map((e) => e.action).sort()).toEqual(["approve", "reject"]);
    expect(entries.find((e) => e.action === "reject")!.changes).toEqual({
      status: { from: "pending", to: "rejected" },
      statusReason: { from: null, to: "The photo shows a logo" },
    });
  });

  it("hides an approved profile (not a pending one) and re-approves it", async () => {
    const admin = await insertUser({ role: "admin" });
    const owner = await insertUser();
    const listed = await insertConsultant({ status: "approved", userId: owner.id });
    const pending = await insertConsultant({ status: "pending" });
    const { deps } = recordingDeps();
    await expect(moderateConsultant(deps, as(admin), { id: pending.id, action: "hide", body: {} })).rejects.toBeInstanceOf(
      Conflict,
    );
    const { decided: hidden, mail } = await decideWithReason(deps, admin, owner, listed.id, "hide", "Reported as a duplicate");
    expect(hidden).toMatchObject({ status: "hidden", statusReason: "Reported as a duplicate" });
    expect(mail.subject).toBe("Your consultant profile on DevConsult SEA has been hidden");
    expect(mail.text).toContain("Reported as a duplicate");
    const again = await moderateConsultant(deps, as(admin), { id: listed.id, action: "approve", body: undefined });
    expect(again).toMatchObject({ status: "approved", statusReason: null });
    expect((await auditFor("consultant", listed.id)).map((e) => e.action).sort()).toEqual(["approve", "hide"]);
    expect(await auditFor("consultant", pending.id)).toEqual([]);
  });

  it("sends nothing for a profile without an owner, and queues the owner's mail only with a decision that committed", async () => {
    const admin = await insertUser({ role: "admin" });
    const seeded = await insertConsultant({ status: "pending" });
    const { deps } = recordingDeps();
    const [before] = await database.sql<{ n: number }[]>`select count(*)::int as n from pgboss.job where name = 'mail'`;
    await moderateConsultant(deps, as(admin), { id: seeded.id, action: "approve", body: undefined });
    const [after] = await database.sql<{ n: number }[]>`select count(*)::int as n from pgboss.job where name = 'mail'`;
    expect(after!.n).toBe(before!.n);

    // A refused decision (a pending profile cannot be hidden) rolls back its mail with it.
    const owner = await insertUser();
    const owned = await insertConsultant({ status: "pending", userId: owner.id });
    await expect(moderateConsultant(deps, as(admin), { id: owned.id, action: "hide", body: {} })).rejects.toBeInstanceOf(
      Conflict,
    );
    expect(await mailJobsTo(owner.email)).toBe(0);
    await moderateConsultant(deps, as(admin), { id: owned.id, action: "approve", body: undefined });
    expect(await getConsultantForAdmin(base, as(admin), owned.id)).toMatchObject({ status: "approved" });
    expect(await mailJobsTo(owner.email)).toBe(1);
  });

  it("answers 404 for an unknown profile", async () => {
    const admin = await insertUser({ role: "admin" });
    const { deps } = recordingDeps();
    await expect(
      moderateConsultant(deps, as(admin), { id: 2_000_000_000, action: "approve", body: undefined }),
    ).rejects.toBeInstanceOf(NotFound);
  });
});

describe("users table, promote and demote", () => {
  it("lists users without password hashes, searchable and paged, with the number of admins", async () => {
    const admin = await insertUser({ role: "admin" });
    const tag = unique();
    await insertUser({ name: `Findable ${tag} One` });
    await insertUser({ name: `Findable ${tag} Two` });
    const page = await listUsersForAdmin(base, as(admin), { search: `findable ${tag}`, page: 1, limit: 1 });
    expect(page.total).toBe(2);
    expect(page.users).toHaveLength(1);
    expect(page.users[0]!.name).toBe(`Findable ${tag} Two`);
    expect(Object.keys(page.users[0]!).sort()).toEqual([
      "blockedAt",
      "createdAt",
      "email",
      "id",
      "isEmailVerified",
      "name",
      "role",
    ]);
    const [admins] = await database.sql<{ n: number }[]>`select count(*)::int as n from auth_users where role = 'admin'`;
    expect(page.adminCount).toBe(admins!.n);
  });

  it("promotes a user and demotes an admin, recording both; repeating either changes nothing", async () => {
    const admin = await insertUser({ role: "admin" });
    const user = await insertUser({ name: "Promoted Person" });
    expect(await promoteUser(base, as(admin), user.id)).toMatchObject({ id: user.id, role: "admin" });
    expect(await promoteUser(base, as(admin), user.id)).toMatchObject({ role: "admin" });
    expect(await demoteUser(base, as(admin), user.id)).toMatchObject({ role: "user" });
    expect(await demoteUser(base, as(admin), user.id)).toMatchObject({ role: "user" });
    const entries = await auditFor("user", user.id);
    expect(entries.map((e) => [e.action, e.changes])).toEqual(
      expect.arrayContaining([
        ["promote", { role: { from: "user", to: "admin" } }],
        ["demote", { role: { from: "admin", to: "user" } }],
      ]),
    );
    expect(entries).toHaveLength(2);
    await expect(promoteUser(base, as(admin), 2_000_000_000)).rejects.toBeInstanceOf(NotFound);
    await expect(demoteUser(base, as(admin), 2_000_000_000)).rejects.toBeInstanceOf(NotFound);
  });
});

describe("the last admin", () => {
  // Its own database: the rule counts every admin there is.
  let solo: TestDatabase;
  beforeEach(async () => {
    await solo?.close();
    solo = await createTestDatabase();
  });
  afterAll(async () => {
    await solo?.close();
  });

  async function admins(count: number) {
    return Promise.all(
      Array.from({ length: count }, async (_, i) => {
        const [row] = await solo.db
          .insert(authUsers)
          .values({ email: `admin${i}.${unique()}@example.org`, name: `Admin ${i}`, hashedPassword: "x", role: "admin" })
          .returning();
        return row!;
      }),
    );
  }

  it("cannot be demoted, not even by themselves (409), but may demote themselves while another admin remains", async () => {
    const [only] = await admins(1);
    const error = await demoteUser({ db: solo.db, config: base.config }, as(only!), only!.id).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Conflict);
    expect((error as Conflict).message).toBe("At least one admin must remain");

    const [second] = await admins(1);
    expect(await demoteUser({ db: solo.db, config: base.config }, as(only!), only!.id)).toMatchObject({ role: "user" });
    // The former admin's next call is refused; the remaining admin is the last one now.
    await expect(demoteUser({ db: solo.db, config: base.config }, as(only!), second!.id)).rejects.toBeInstanceOf(Forbidden);
    await expect(demoteUser({ db: solo.db, config: base.config }, as(second!), second!.id)).rejects.toBeInstanceOf(Conflict);
  });

  it("holds when two admins demote each other at the same moment: exactly one succeeds", async () => {
    const [a, b] = await admins(2);
    const results = await Promise.allSettled([
      demoteUser({ db: solo.db, config: base.config }, as(a!), b!.id),
      demoteUser({ db: solo.db, config: base.config }, as(b!), a!.id),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const [remaining] = await solo.sql<{ n: number }[]>`select count(*)::int as n from auth_users where role = 'admin'`;
    expect(remaining!.n).toBe(1);
    const failure = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(failure.reason).toBeInstanceOf(Forbidden);
  });
});

describe("audit log", () => {
  it("lists entries newest first with who, what, which target and when, searchable and paged", async () => {
    const admin = await insertUser({ role: "admin", name: `Auditor ${unique()}` });
    const first = await insertConsultant({ status: "pending" });
    const second = await insertConsultant({ status: "approved" });
    const { deps } = recordingDeps();
    await moderateConsultant(deps, as(admin), { id: first.id, action: "approve", body: undefined });
    await moderateConsultant(deps, as(admin), { id: second.id, action: "hide", body: {} });
    const page = await listAuditLog(base, as(admin), { search: admin.name, page: 1, limit: 1 });
    expect(page.total).toBe(2);
    expect(page.entries).toEqual([
      expect.objectContaining({
        actorId: admin.id,
        actorName: admin.name,
        action: "hide",
        targetType: "consultant",
        targetId: second.id,
        targetLabel: second.name,
        createdAt: expect.any(Date),
      }),
    ]);
    const byAction = await listAuditLog(base, as(admin), { search: "approve", page: 1, limit: 100 });
    expect(byAction.entries.some((e) => e.targetId === first.id)).toBe(true);
    expect(byAction.entries.every((e) => e.action === "approve" || e.targetLabel.includes("approve"))).toBe(true);
  });

  it("keeps an entry readable after its admin is deleted", async () => {
    const admin = await insertUser({ role: "admin", name: "Departed Admin" });
    const user = await insertUser();
    await promoteUser(base, as(admin), user.id);
    await database.db.delete(authUsers).where(eq(authUsers.id, admin.id));
    const [entry] = await auditFor("user", user.id);
    expect(entry).toMatchObject({ actorId: null, actorName: "Departed Admin", actorEmail: admin.email, action: "promote" });
  });
});
