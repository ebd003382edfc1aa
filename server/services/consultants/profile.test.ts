import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseId as parseConsultantId } from "#common/ids.ts";
import type { JobQueue } from "#server/jobs/queue.ts";
import { workPhotoCleanup } from "#server/jobs/workers.ts";
import { UNICODE_BIO, UNICODE_TITLE, ZAWGYI_BIO, ZAWGYI_TITLE } from "../../../tests/fixtures/zawgyi.ts";
import { startTestJobQueue } from "../../../tests/setup/api-app.ts";
import { numberedProfiles } from "../../../tests/setup/consultants.ts";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/database.ts";
import { solidPng } from "../../../tests/setup/images.ts";
import { errorList, OWNER_REQUIRED_MESSAGES } from "../../../tests/setup/profile-messages.ts";
import { recordingLog, testServiceDeps } from "../../../tests/setup/service-deps.ts";
import { insertUser } from "../../../tests/setup/users.ts";
import type { Actor, ServiceDeps } from "../context.ts";
import { Conflict, Forbidden, NotFound, Unauthorized, ValidationFailed } from "../errors.ts";
import { uploadPhoto } from "../photos.ts";
import { directoryStats } from "../stats.ts";
import { localStorage } from "../storage.ts";
import { editConsultant, OWNER_EDIT } from "./edit.ts";
import { createConsultant, deleteConsultant, getConsultantForEdit, getOwnConsultant, viewConsultant } from "./profile.ts";

let database: TestDatabase;
let uploadsDir: string;
let jobs: JobQueue;
let deps: ServiceDeps;

beforeAll(async () => {
  database = await createTestDatabase();
  uploadsDir = await mkdtemp(path.join(os.tmpdir(), "devconsult-consultants-"));
  jobs = await startTestJobQueue(database.url, recordingLog().log);
  const base = await testServiceDeps(database.db, { jobs, env: { REQUIRE_APPROVAL: "true" } });
  deps = { ...base, storage: localStorage(uploadsDir) };
  // Replaced photos' files are removed by a job (services/photos.ts), as in the app.
  await workPhotoCleanup(jobs, deps.storage);
});
afterAll(async () => {
  await jobs?.stop();
  await database?.close();
  await rm(uploadsDir, { recursive: true, force: true });
});

/** A photo's file is gone (the clean-up job runs within a second or two of the change). */
async function removed(file: string) {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    if (
      await readFile(file).then(
        () => false,
        () => true,
      )
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await expect(readFile(file)).rejects.toThrow(/ENOENT/);
}

/** The same deps on a site that lists new profiles without review. */
const withoutApproval = () => ({ ...deps, config: { ...deps.config, requireApproval: false } });

/** The owner's form and PUT /api/consultants/{id}. */
const updateConsultant = (deps: ServiceDeps, actor: Actor, id: number, body: unknown) =>
  editConsultant(deps, actor, { id, body }, OWNER_EDIT);

const profile = numberedProfiles("lan", {
  name: "Lan Nguyen",
  title: "Public Health Specialist",
  phone: "+84 24 3825 1234",
  location: "Ba Dinh, Hanoi, Vietnam",
  city: "Hanoi",
  country: "Vietnam",
  yearsExperience: "12",
  languages: "Vietnamese, English, , english",
  primarySpecialization: "Healthcare",
  secondarySpecializations: ["Gender & Social Inclusion", "Governance"],
  bio: "Twelve years designing maternal health programmes with the Ministry of Health.",
});

const photoFile = (url: string) => path.join(uploadsDir, url.replace(/^\/uploads\//, ""));

describe("creating a profile", () => {
  it("needs a signed-in person", async () => {
    await expect(createConsultant(deps, null, profile())).rejects.toBeInstanceOf(Unauthorized);
  });

  it("reports every missing field with the spec's message", async () => {
    const user = await insertUser(database.db);
    const error = (await createConsultant(deps, user, { bio: "short" }).catch((e: unknown) => e)) as ValidationFailed;
    expect(error).toBeInstanceOf(ValidationFailed);
    expect(error.errors).toEqual(errorList(OWNER_REQUIRED_MESSAGES));
    expect(error.message).toBe("Name is required");
  });

  it("owns the profile to the caller, splits lists, applies the defaults and ignores fields the client may not set", async () => {
    const user = await insertUser(database.db);
    const other = await insertUser(database.db);
    const created = await createConsultant(
      deps,
      user,
      profile({
        id: 999_999,
        createdAt: "2001-01-01T00:00:00Z",
        rating: 100,
        projectsCompleted: 500,
        userId: other.id,
        status: "approved",
        statusReason: "forged",
      }),
    );
    expect(created.id).not.toBe(999_999);
    expect(created.rating).toBe(50);
    expect(created.projectsCompleted).toBe(0);
    expect(created.status).toBe("pending");
    expect(created.statusReason).toBeNull();
    expect(created.createdAt.getFullYear()).toBeGreaterThan(2020);
    expect(created.languages).toEqual(["Vietnamese", "English"]);
    expect(created.secondarySpecializations).toEqual(["Gender & Social Inclusion", "Governance"]);
    expect(created.yearsExperience).toBe(12);
    expect([created.showEmail, created.showPhone, created.availableForWork]).toEqual([false, false, true]);
    const [row] = await database.sql`select user_id, rating, status from consultants where id = ${created.id}`;
    expect(row).toEqual({ user_id: user.id, rating: 50, status: "pending" });
  });

  it("stores Burmese typed in Zawgyi in Unicode, in the profile and its track record, and cuts it into words (issue 37)", async () => {
    const user = await insertUser(database.db);
    const created = await createConsultant(
      deps,
      user,
      profile({
        title: ZAWGYI_TITLE,
        bio: ZAWGYI_BIO,
        assignments: [
          {
            title: ZAWGYI_TITLE,
            organization: "UNICEF Myanmar",
            donors: ["UNICEF"],
            countries: ["Myanmar"],
            startDate: "2019-01",
            endDate: "2020-06",
            description: ZAWGYI_BIO,
          },
        ],
      }),
    );
    expect([created.title, created.bio]).toEqual([UNICODE_TITLE, UNICODE_BIO]);
    const [row] = await database.sql<{ title: string; description: string; unspaced: string }[]>`
      select a.title, a.description, c.search_unspaced as unspaced
      from consultants c join consultant_assignments a on a.consultant_id = c.id where c.id = ${created.id}`;
    expect([row?.title, row?.description]).toEqual([UNICODE_TITLE, UNICODE_BIO]);
    // The search's words are Unicode words ("သန့်ရှင်း", clean; "အကြံပေး", adviser), which a query typed in Unicode finds.
    expect(row?.unspaced.split(" ")).toEqual(expect.arrayContaining(["သန့်ရှင်း", "အကြံပေး"]));
    // Editing in Zawgyi again: Unicode stored.
    const edited = await updateConsultant(deps, user, created.id, profile({ title: ZAWGYI_TITLE, bio: `${ZAWGYI_BIO} WASH` }));
    expect(edited.bio).toBe(`${UNICODE_BIO} WASH`);
  });

  it("is listed at once when the site does not require approval", async () => {
    const user = await insertUser(database.db);
    const created = await createConsultant(withoutApproval(), user, profile());
    expect(created.status).toBe("approved");
    await expect(viewConsultant(deps, null, created.id)).resolves.toMatchObject({ status: "approved" });
  });

  it("allows one profile per person and one profile per e-mail address (any case)", async () => {
    const user = await insertUser(database.db);
    const first = await createConsultant(deps, user, profile({ email: "Unique.Person@Example.org", showEmail: true }));
    const second = await createConsultant(deps, user, profile()).catch((e: unknown) => e);
    expect(second).toBeInstanceOf(Conflict);
    expect((second as Error).message).toMatch(/already have a consultant profile/);

    const someoneElse = await insertUser(database.db);
    const duplicate = (await createConsultant(deps, someoneElse, profile({ email: "unique.person@EXAMPLE.org" })).catch(
      (e: unknown) => e,
    )) as Conflict;
    expect(duplicate).toBeInstanceOf(Conflict);
    expect(duplicate.message).toBe("A consultant profile with this email already exists");
    expect(duplicate.errors).toEqual([{ path: "email", message: "A consultant profile with this email already exists" }]);
    expect(first.email).toBe("Unique.Person@Example.org");
  });

  it("turns simultaneous creations into one profile and a 409, never a 500", async () => {
    const user = await insertUser(database.db);
    const results = await Promise.allSettled([
      createConsultant(deps, user, profile()),
      createConsultant(deps, user, profile()),
      createConsultant(deps, user, profile()),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const result of results.filter((r) => r.status === "rejected")) {
      expect((result as PromiseRejectedResult).reason).toBeInstanceOf(Conflict);
    }
  });
});

describe("who sees a profile", () => {
  it("shows unlisted profiles only to their owner and admins, and never the hidden contact details to visitors", async () => {
    const owner = await insertUser(database.db);
    const admin = await insertUser(database.db, { role: "admin" });
    const stranger = await insertUser(database.db);
    const created = await createConsultant(deps, owner, profile({ showEmail: false, showPhone: false }));
    await expect(viewConsultant(deps, null, created.id)).rejects.toBeInstanceOf(NotFound);
    await expect(viewConsultant(deps, stranger, created.id)).rejects.toBeInstanceOf(NotFound);
    await expect(viewConsultant(deps, owner, created.id)).resolves.toMatchObject({ canEdit: true, status: "pending" });
    await expect(viewConsultant(deps, admin, created.id)).resolves.toMatchObject({ canEdit: true });

    await database.sql`update consultants set status = 'approved' where id = ${created.id}`;
    const seen = await viewConsultant(deps, stranger, created.id);
    expect(seen.canEdit).toBe(false);
    expect(seen.consultant.email).toBeNull();
    expect(seen.consultant.phone).toBeNull();
    expect(JSON.stringify(seen)).not.toContain(created.email);
    expect(JSON.stringify(seen)).not.toContain("3825");
    expect(seen).not.toHaveProperty("consultant.userId");
    await expect(viewConsultant(deps, null, 2_000_000_000)).rejects.toBeInstanceOf(NotFound);
  });

  it("shows the contact details the consultant chose to show", async () => {
    const owner = await insertUser(database.db);
    const created = await createConsultant(withoutApproval(), owner, profile({ showEmail: "on", showPhone: false }));
    const { consultant } = await viewConsultant(deps, null, created.id);
    expect(consultant.email).toBe(created.email);
    expect(consultant.phone).toBeNull();
  });

  it("gives the owner everything through getOwnConsultant, including status", async () => {
    const owner = await insertUser(database.db);
    await expect(getOwnConsultant(deps, null)).rejects.toBeInstanceOf(Unauthorized);
    await expect(getOwnConsultant(deps, owner)).rejects.toBeInstanceOf(NotFound);
    const created = await createConsultant(deps, owner, profile());
    const own = await getOwnConsultant(deps, owner);
    expect(own).toMatchObject({ id: created.id, email: created.email, phone: "+84 24 3825 1234", status: "pending" });
    expect(own).not.toHaveProperty("userId");
  });

  it("parses path ids strictly", () => {
    expect(parseConsultantId("42")).toBe(42);
    for (const bad of ["0", "-1", "1.5", "1e3", "abc", "", "042", "99999999999", "2147483648", " 1"]) {
      expect(parseConsultantId(bad)).toBeNull();
    }
  });
});

describe("editing a profile", () => {
  it("lets only the owner or an admin edit: 401 signed out, 403 for anyone else", async () => {
    const owner = await insertUser(database.db);
    const stranger = await insertUser(database.db);
    const admin = await insertUser(database.db, { role: "admin" });
    const created = await createConsultant(deps, owner, profile());
    await expect(updateConsultant(deps, null, created.id, profile())).rejects.toBeInstanceOf(Unauthorized);
    const forbidden = await updateConsultant(deps, stranger, created.id, profile()).catch((e: unknown) => e);
    expect(forbidden).toBeInstanceOf(Forbidden);
    expect((forbidden as Error).message).toBe("You can only edit your own profile");
    await expect(getConsultantForEdit(deps, stranger, created.id)).rejects.toBeInstanceOf(Forbidden);
    await expect(updateConsultant(deps, owner, 2_000_000_000, profile())).rejects.toBeInstanceOf(NotFound);

    const byAdmin = await updateConsultant(deps, admin, created.id, profile({ title: "Senior Health Adviser" }));
    expect(byAdmin.title).toBe("Senior Health Adviser");
    const [row] = await database.sql`select user_id from consultants where id = ${created.id}`;
    expect(row?.user_id).toBe(owner.id);
  });

  it("keeps optional fields left out, clears blank ones, and ignores protected fields", async () => {
    const owner = await insertUser(database.db);
    const created = await createConsultant(deps, owner, profile({ showEmail: true }));
    await database.sql`update consultants set rating = 77, projects_completed = 9 where id = ${created.id}`;
    const { phone: _phone, city: _city, languages: _languages, ...required } = profile({ email: created.email });
    const updated = await updateConsultant(deps, owner, created.id, {
      ...required,
      city: "",
      rating: 100,
      projectsCompleted: 0,
      status: "approved",
      id: 1,
    });
    expect(updated.phone).toBe("+84 24 3825 1234");
    expect(updated.languages).toEqual(["Vietnamese", "English"]);
    expect(updated.showEmail).toBe(true);
    expect(updated.city).toBeNull();
    expect(updated.rating).toBe(77);
    expect(updated.projectsCompleted).toBe(9);
    expect(updated.status).toBe("pending");
    expect(updated.id).toBe(created.id);
    expect(updated.updatedAt.getTime()).toBeGreaterThanOrEqual(created.updatedAt.getTime());
  });

  it("refuses another profile's shown e-mail address but accepts its own", async () => {
    const a = await insertUser(database.db);
    const b = await insertUser(database.db);
    const first = await createConsultant(deps, a, profile({ showEmail: true }));
    const second = await createConsultant(deps, b, profile());
    await expect(updateConsultant(deps, b, second.id, profile({ email: first.email.toUpperCase() }))).rejects.toBeInstanceOf(
      Conflict,
    );
    await expect(updateConsultant(deps, b, second.id, profile({ email: second.email }))).resolves.toMatchObject({
      email: second.email,
    });
  });

  it("sends a rejected profile its owner corrects back to the approval queue", async () => {
    const owner = await insertUser(database.db);
    const created = await createConsultant(deps, owner, profile());
    await database.sql`update consultants set status = 'rejected', status_reason = 'Bio is incomplete' where id = ${created.id}`;
    await expect(viewConsultant(deps, owner, created.id)).resolves.toMatchObject({ statusReason: "Bio is incomplete" });
    const updated = await updateConsultant(deps, owner, created.id, profile({ email: created.email }));
    expect(updated.status).toBe("pending");
    expect(updated.statusReason).toBeNull();
  });
});

describe("profile photos", () => {
  it("takes only a photo its editor uploaded, removes the old files when replaced, and the rest when deleted", async () => {
    const owner = await insertUser(database.db);
    const thief = await insertUser(database.db);
    const first = await uploadPhoto(deps, owner, { bytes: await solidPng() });
    const created = await createConsultant(deps, owner, profile({ profilePhotoUrl: first.photoUrl }));
    expect(created.profilePhotoUrl).toBe(first.photoUrl);

    // Another person may not put this photo on their own profile (and later delete it).
    const stolen = (await createConsultant(deps, thief, profile({ profilePhotoUrl: first.photoUrl })).catch(
      (e: unknown) => e,
    )) as ValidationFailed;
    expect(stolen).toBeInstanceOf(ValidationFailed);
    expect(stolen.errors?.[0]?.path).toBe("profilePhotoUrl");
    await expect(
      createConsultant(deps, thief, profile({ profilePhotoUrl: "https://tracker.example/pixel.gif" })),
    ).rejects.toBeInstanceOf(ValidationFailed);

    // The owner's next upload does not touch the photo their profile shows.
    const second = await uploadPhoto(deps, owner, { bytes: await solidPng(500, 300) });
    await expect(readFile(photoFile(first.photoUrl))).resolves.toBeInstanceOf(Buffer);
    const updated = await updateConsultant(
      deps,
      owner,
      created.id,
      profile({ email: created.email, profilePhotoUrl: second.photoUrl }),
    );
    expect(updated.profilePhotoUrl).toBe(second.photoUrl);
    await removed(photoFile(first.photoUrl));
    await removed(photoFile(first.photoUrl.replace("-400.webp", "-96.webp")));
    await expect(readFile(photoFile(second.photoUrl))).resolves.toBeInstanceOf(Buffer);

    // Saving again without a photo change keeps the photo.
    await updateConsultant(deps, owner, created.id, profile({ email: created.email }));
    await expect(readFile(photoFile(second.photoUrl))).resolves.toBeInstanceOf(Buffer);

    await expect(deleteConsultant(deps, thief, created.id)).rejects.toBeInstanceOf(Forbidden);
    await deleteConsultant(deps, owner, created.id);
    await removed(photoFile(second.photoUrl));
    await removed(photoFile(second.photoUrl.replace("-400.webp", "-96.webp")));
    const uploads = await database.sql`select 1 from photo_uploads where user_id = ${owner.id}`;
    expect(uploads).toHaveLength(0);
  });

  it("removes the photo files when the owner clears the photo", async () => {
    const owner = await insertUser(database.db);
    const upload = await uploadPhoto(deps, owner, { bytes: await solidPng() });
    const created = await createConsultant(deps, owner, profile({ profilePhotoUrl: upload.photoUrl }));
    const updated = await updateConsultant(deps, owner, created.id, profile({ email: created.email, profilePhotoUrl: "" }));
    expect(updated.profilePhotoUrl).toBeNull();
    await removed(photoFile(upload.photoUrl));
  });
});

describe("the directory stats after a write", () => {
  it("count a new, edited or deleted listed profile at once: the cached stats are dropped on write", async () => {
    const { db } = database;
    const before = await directoryStats(deps);
    const user = await insertUser(db);
    const created = await createConsultant(withoutApproval(), user, profile({ country: "Brunei" }));
    const afterCreate = await directoryStats(deps);
    expect(afterCreate.totalConsultants).toBe(before.totalConsultants + 1);
    const brunei = (stats: typeof before) => stats.countries.find((entry) => entry.country === "Brunei")?.count ?? 0;
    expect(brunei(afterCreate)).toBe(brunei(before) + 1);

    await updateConsultant(deps, user, created.id, profile({ country: "Myanmar", email: created.email }));
    expect(brunei(await directoryStats(deps))).toBe(brunei(before));

    await deleteConsultant(deps, user, created.id);
    expect((await directoryStats(deps)).totalConsultants).toBe(before.totalConsultants);
  });
});
