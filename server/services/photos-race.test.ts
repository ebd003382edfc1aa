import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { consultants } from "#server/db/schema.ts";
import { createTestDatabase, type TestDatabase } from "../../tests/setup/database.ts";
import { solidPng } from "../../tests/setup/images.ts";
import { recordingLog } from "../../tests/setup/service-deps.ts";
import { insertUser } from "../../tests/setup/users.ts";
import { ServiceUnavailable, ValidationFailed } from "./errors.ts";
import { setOrganizationLogo } from "./organizations/logo.ts";
import { assertPhotoClaimable, purgeAbandonedPhotos, uploadPhoto } from "./photos.ts";
import { localStorage, type PhotoStorage } from "./storage.ts";

// The clean-ups of unused uploads (at a person's next upload, and by age) against a request that
// is about to make an upload a profile's photo or an organization's logo: an upload is either
// claimed (and kept) or cleaned (and the claim refused), never cleaned under a saved reference.
// Real PostgreSQL, real files; the steps interleaved by hand in the order that used to lose.

let database: TestDatabase;
let uploadsDir: string;
let storage: PhotoStorage;

beforeAll(async () => {
  database = await createTestDatabase();
  uploadsDir = await mkdtemp(path.join(os.tmpdir(), "devconsult-photo-race-"));
  storage = localStorage(uploadsDir);
});
afterAll(async () => {
  await database?.close();
  await rm(uploadsDir, { recursive: true, force: true });
});

/**
 * The logo service's deps without a job queue, as the photos pipeline allows (PhotoDeps: removed
 * files go at once), so that a test sees a removal in the files themselves.
 */
const logoDeps = (photoStorage: PhotoStorage) =>
  ({ db: database.db, storage: photoStorage, log: recordingLog().log, jobs: undefined }) as unknown as Parameters<
    typeof setOrganizationLogo
  >[0];

const fileOf = (photoUrl: string) => path.join(uploadsDir, photoUrl.replace(/^\/uploads\//, ""));
const uploadRows = async (photoUrl: string) => database.sql`select 1 from photo_uploads where photo_url = ${photoUrl}`;

async function insertConsultant(userId: number) {
  const [row] = await database.sql<{ id: number }[]>`
    insert into consultants (user_id, name, title, email, location, country, years_experience, primary_specialization, bio)
    values (${userId}, 'Lan', 'Adviser', ${`race-${userId}@example.org`}, 'Hanoi', 'Vietnam', 5, 'Finance', 'A bio of ten characters')
    returning id`;
  if (!row) throw new Error("no consultant");
  return row.id;
}

describe("a profile save and the clean-ups", () => {
  it("keeps an upload that a save has claimed but not yet committed, whichever clean-up runs meanwhile", async () => {
    const user = await insertUser(database.db);
    const consultantId = await insertConsultant(user.id);
    const deps = { storage, db: database.db };
    const photo = await uploadPhoto(deps, user, { bytes: await solidPng(120, 120) });

    await database.db.transaction(async (tx) => {
      // The save has checked the upload is the person's, and has not committed yet...
      await assertPhotoClaimable(tx, user, photo.photoUrl, consultantId);
      // ...when the same person uploads again in another tab, and the hourly purge runs (any age).
      const other = await uploadPhoto(deps, user, { bytes: await solidPng(140, 140) });
      expect(other.photoUrl).not.toBe(photo.photoUrl);
      await purgeAbandonedPhotos(database.db, deps, 0);
      await tx.update(consultants).set({ profilePhotoUrl: photo.photoUrl }).where(eq(consultants.id, consultantId));
    });

    expect(await uploadRows(photo.photoUrl)).toHaveLength(1);
    await expect(readFile(fileOf(photo.photoUrl))).resolves.toBeInstanceOf(Buffer);
    // Once saved, it is in use: a later purge keeps it too.
    await purgeAbandonedPhotos(database.db, deps, 0);
    await expect(readFile(fileOf(photo.photoUrl))).resolves.toBeInstanceOf(Buffer);
  });

  it("refuses a save whose upload was cleaned first ('Please upload the photo again'), leaving nothing half-done", async () => {
    const user = await insertUser(database.db);
    const consultantId = await insertConsultant(user.id);
    const deps = { storage, db: database.db };
    const photo = await uploadPhoto(deps, user, { bytes: await solidPng(120, 120) });
    await purgeAbandonedPhotos(database.db, deps, 0);
    await expect(readFile(fileOf(photo.photoUrl))).rejects.toThrow(/ENOENT/);
    await expect(
      database.db.transaction((tx) => assertPhotoClaimable(tx, user, photo.photoUrl, consultantId)),
    ).rejects.toBeInstanceOf(ValidationFailed);
  });
});

describe("an organization's logo and the clean-ups", () => {
  it("refuses a logo whose upload was cleaned between storing it and setting it, and sets it when tried again", async () => {
    const owner = await insertUser(database.db);
    const [organization] = await database.sql<{ id: number }[]>`
      insert into organizations (slug, name, kind, country) values (${`race-${owner.id}`}, 'Mekong Water Trust', 'ngo', 'TH')
      returning id`;
    const organizationId = organization?.id as number;
    await database.sql`insert into organization_members (organization_id, user_id, role) values (${organizationId}, ${owner.id}, 'owner')`;

    // The logo's files are written, its upload recorded; the request has not set it yet when the
    // same person's profile photo upload clears their unused uploads.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let stored = 0;
    let bothStored = () => {};
    const written = new Promise<void>((resolve) => {
      bothStored = resolve;
    });
    const pausing: PhotoStorage = {
      ...storage,
      put: async (...args) => {
        await storage.put(...args);
        if (++stored === 2) bothStored();
        await held;
      },
    };
    const setting = setOrganizationLogo(logoDeps(pausing), owner, {
      id: organizationId,
      file: new File([new Uint8Array(await solidPng(200, 100))], "logo.png", { type: "image/png" }),
    });
    const outcome = setting.then(
      () => "set",
      (error: unknown) => error,
    );
    await written;
    const [logoRow] = await database.sql<{ photo_url: string }[]>`
      select photo_url from photo_uploads where user_id = ${owner.id}`;
    const logoUrl = logoRow?.photo_url as string;
    await uploadPhoto({ storage, db: database.db }, owner, { bytes: await solidPng(120, 120) });
    release();
    const result = await outcome;

    // Refused with the storage's "try again" (503): the organization shows no logo whose files are gone.
    expect(result).toBeInstanceOf(ServiceUnavailable);
    const [after] = await database.sql<
      { logo_url: string | null }[]
    >`select logo_url from organizations where id = ${organizationId}`;
    expect(after?.logo_url).toBeNull();
    expect(await uploadRows(logoUrl)).toHaveLength(0);
    await expect(readFile(fileOf(logoUrl))).rejects.toThrow(/ENOENT/);
    // Tried again, it is set, with its upload and files.
    await setOrganizationLogo(logoDeps(storage), owner, {
      id: organizationId,
      file: new File([new Uint8Array(await solidPng(200, 100))], "logo.png", { type: "image/png" }),
    });
    const [again] = await database.sql<{ logo_url: string }[]>`select logo_url from organizations where id = ${organizationId}`;
    expect(await uploadRows(again?.logo_url as string)).toHaveLength(1);
    await expect(readFile(fileOf(again?.logo_url as string))).resolves.toBeInstanceOf(Buffer);
  });
});
