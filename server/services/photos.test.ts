import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PHOTO_MAX_BYTES } from "#common/constants.ts";
import { sniffImageType } from "#common/photo-size.ts";
import { createTestDatabase, type TestDatabase } from "../../tests/setup/database.ts";
import {
  cameraJpeg,
  decompressionBombPng,
  readWebp,
  SVG,
  solidGif,
  solidPng,
  solidTiff,
  webpChunks,
} from "../../tests/setup/images.ts";
import { processCpuMs } from "../../tests/setup/thread-cpu.ts";
import { insertUser } from "../../tests/setup/users.ts";
import { PayloadTooLarge, TooManyRequests, Unauthorized, UnsupportedMediaType, ValidationFailed } from "./errors.ts";
import { purgeAbandonedPhotos, renderPhoto, UPLOAD_RATE_LIMIT, uploadPhoto } from "./photos.ts";
import { localStorage } from "./storage.ts";

let database: TestDatabase;
let uploadsDir: string;
let deps: { storage: ReturnType<typeof localStorage> };

beforeAll(async () => {
  database = await createTestDatabase();
  uploadsDir = await mkdtemp(path.join(os.tmpdir(), "devconsult-photos-"));
  deps = { storage: localStorage(uploadsDir) };
});
afterAll(async () => {
  await database?.close();
  await rm(uploadsDir, { recursive: true, force: true });
});

async function storedFiles() {
  return (await readdir(path.join(uploadsDir, "photos")).catch(() => [] as string[])).sort();
}

function fileOf(photoUrl: string) {
  return path.join(uploadsDir, photoUrl.replace(/^\/uploads\//, ""));
}

describe("recognizing images by content", () => {
  it("knows JPEG, PNG and GIF by their first bytes, whatever the name says", async () => {
    expect(sniffImageType(await cameraJpeg())).toBe("jpeg");
    expect(sniffImageType(await solidPng())).toBe("png");
    expect(sniffImageType(await solidGif())).toBe("gif");
    expect(sniffImageType(await solidTiff())).toBeNull();
    expect(sniffImageType(SVG)).toBeNull();
    expect(sniffImageType(Buffer.from("just some text, named photo.png"))).toBeNull();
    expect(sniffImageType(Buffer.alloc(0))).toBeNull();
  });

  it("refuses SVG, TIFF and text as 'Invalid file type'", async () => {
    for (const bytes of [SVG, await solidTiff(), Buffer.from("hello")]) {
      const error = await renderPhoto(bytes).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(UnsupportedMediaType);
      expect((error as Error).message).toBe("Invalid file type");
    }
  });

  it("decodes only with the JPEG, PNG and GIF loaders, even for a file that starts like a PNG", async () => {
    // A PNG signature followed by an SVG document: the sniffing passes, the decoder must not.
    const disguised = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), SVG]);
    await expect(renderPhoto(disguised)).rejects.toSatisfy(
      (error) => error instanceof UnsupportedMediaType || error instanceof ValidationFailed,
    );
    // The same process cannot read TIFF any more, whatever the caller does.
    const sharp = (await import("sharp")).default;
    await expect(sharp(await solidTiff()).metadata()).rejects.toThrow(/unsupported image format/);
  });

  it("refuses a small file that declares a huge image quickly, without decoding it", async () => {
    const bomb = decompressionBombPng();
    expect(bomb.byteLength).toBeLessThan(200_000);
    // Decoding it costs about 500 ms of CPU (measured with both pixel guards removed); refusing it
    // from its header 1-25 ms. CPU, not the wall clock: a loaded CI machine stretched the latter.
    const before = processCpuMs();
    const error = await renderPhoto(bomb).catch((e: unknown) => e);
    const cpu = processCpuMs() - before;
    console.info(`refusing a decompression bomb: ${cpu.toFixed(0)} ms of CPU`);
    expect(cpu).toBeLessThan(150);
    expect(error).toBeInstanceOf(PayloadTooLarge);
    expect((error as Error).message).toMatch(/too large/i);
  });

  it("reports a damaged image as unreadable, not as a server error", async () => {
    const jpeg = await cameraJpeg();
    const error = await renderPhoto(jpeg.subarray(0, 400)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationFailed);
  });
});

describe("re-encoding", () => {
  it("makes square WebP profile and thumbnail sizes, applies the orientation and keeps no metadata", async () => {
    const input = await cameraJpeg({ orientation: 6 });
    expect(input.includes("WGS-84-SECRET-PLACE")).toBe(true);
    const { profile, thumbnail } = await renderPhoto(input);
    for (const [file, size] of [
      [profile, 400],
      [thumbnail, 96],
    ] as const) {
      expect(webpChunks(file).filter((chunk) => ["EXIF", "XMP ", "ICCP"].includes(chunk))).toEqual([]);
      for (const secret of ["WGS-84", "TestCam", "Secret Model", "Jane Doe"]) expect(file.includes(secret)).toBe(false);
      const { metadata, pixels } = await readWebp(file);
      expect(metadata.format).toBe("webp");
      expect([metadata.width, metadata.height]).toEqual([size, size]);
      expect(metadata.exif).toBeUndefined();
      expect(metadata.orientation).toBeUndefined();
      // Orientation 6 turns the left (red) half to the top.
      const { data, info } = pixels;
      const at = (x: number, y: number) =>
        Array.from(data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3));
      const [topRed, , topBlue] = at(size / 2, 2) as [number, number, number];
      const [bottomRed, , bottomBlue] = at(size / 2, size - 3) as [number, number, number];
      expect(topRed).toBeGreaterThan(200);
      expect(topBlue).toBeLessThan(60);
      expect(bottomBlue).toBeGreaterThan(200);
      expect(bottomRed).toBeLessThan(60);
    }
  });

  it("accepts a GIF and a PNG by content", async () => {
    for (const input of [await solidGif(), await solidPng(1200, 800)]) {
      const { profile } = await renderPhoto(input);
      expect(webpChunks(profile)[0]).toMatch(/^VP8/);
    }
  });
});

describe("uploadPhoto", () => {
  it("needs a signed-in person", async () => {
    await expect(uploadPhoto({ ...deps, db: database.db }, null, { bytes: await solidPng() })).rejects.toBeInstanceOf(
      Unauthorized,
    );
  });

  it("refuses files over 1.5 MB with 'File too large' before decoding", async () => {
    const user = await insertUser(database.db);
    const big = Buffer.concat([await solidPng(), Buffer.alloc(PHOTO_MAX_BYTES)]);
    const error = await uploadPhoto({ ...deps, db: database.db }, user, { bytes: big }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PayloadTooLarge);
    expect((error as Error).message).toBe("File too large");
  });

  it("stores both sizes under unguessable names, records the uploader and clears their abandoned uploads", async () => {
    const user = await insertUser(database.db);
    const before = await storedFiles();
    const first = await uploadPhoto({ ...deps, db: database.db }, user, { bytes: await cameraJpeg() });
    expect(first.photoUrl).toMatch(/^\/uploads\/photos\/[A-Za-z0-9_-]{24}-400\.webp$/);
    const stored = await readFile(fileOf(first.photoUrl));
    expect(webpChunks(stored)[0]).toMatch(/^VP8/);
    await expect(readFile(fileOf(first.photoUrl.replace("-400.webp", "-96.webp")))).resolves.toBeInstanceOf(Buffer);
    expect((await storedFiles()).length).toBe(before.length + 2);
    const [row] = await database.sql`select user_id from photo_uploads where photo_url = ${first.photoUrl}`;
    expect(row?.user_id).toBe(user.id);

    // A second upload without saving a profile in between: the first one was abandoned.
    const second = await uploadPhoto({ ...deps, db: database.db }, user, { bytes: await solidPng() });
    expect(second.photoUrl).not.toBe(first.photoUrl);
    await expect(readFile(fileOf(first.photoUrl))).rejects.toThrow(/ENOENT/);
    expect((await storedFiles()).length).toBe(before.length + 2);
    const rows = await database.sql`select photo_url from photo_uploads where user_id = ${user.id}`;
    expect(rows.map((r) => r.photo_url)).toEqual([second.photoUrl]);
  });

  it("limits uploads per person", async () => {
    const user = await insertUser(database.db);
    await database.sql`insert into rate_limits (key, window_start, hits)
      values (${`upload-photo:user:${user.id}`}, now(), ${UPLOAD_RATE_LIMIT.limit})`;
    await expect(uploadPhoto({ ...deps, db: database.db }, user, { bytes: await solidPng() })).rejects.toBeInstanceOf(
      TooManyRequests,
    );
  });
});

describe("purgeAbandonedPhotos", () => {
  it("removes day-old uploads that no profile shows, and keeps the rest", async () => {
    const user = await insertUser(database.db);
    const other = await insertUser(database.db);
    const old = await uploadPhoto({ ...deps, db: database.db }, user, { bytes: await solidPng() });
    const shown = await uploadPhoto({ ...deps, db: database.db }, other, { bytes: await solidPng() });
    const fresh = await uploadPhoto({ ...deps, db: database.db }, await insertUser(database.db), { bytes: await solidPng() });
    await database.sql`update photo_uploads set created_at = now() - interval '25 hours' where photo_url in ${database.sql([old.photoUrl, shown.photoUrl])}`;
    await database.sql`insert into consultants (user_id, name, title, email, location, country, years_experience, primary_specialization, bio, profile_photo_url)
      values (${other.id}, 'Shown', 'T', ${`shown-${other.id}@example.org`}, 'L', 'Laos', 3, 'Finance', 'A bio of ten characters', ${shown.photoUrl})`;
    await expect(purgeAbandonedPhotos(database.db, deps)).resolves.toBe(1);
    await expect(readFile(fileOf(old.photoUrl))).rejects.toThrow(/ENOENT/);
    await expect(readFile(fileOf(shown.photoUrl))).resolves.toBeInstanceOf(Buffer);
    await expect(readFile(fileOf(fresh.photoUrl))).resolves.toBeInstanceOf(Buffer);
  });

  it("keeps a day-old upload that an organization shows as its logo (issue 31)", async () => {
    const owner = await insertUser(database.db);
    const logo = await uploadPhoto({ ...deps, db: database.db }, owner, { bytes: await solidPng() });
    await database.sql`update photo_uploads set created_at = now() - interval '25 hours' where photo_url = ${logo.photoUrl}`;
    await database.sql`insert into organizations (slug, name, kind, country, logo_url)
      values (${`logo-${owner.id}`}, 'Mekong Water Trust', 'ngo', 'TH', ${logo.photoUrl})`;
    await expect(purgeAbandonedPhotos(database.db, deps)).resolves.toBe(0);
    await expect(readFile(fileOf(logo.photoUrl))).resolves.toBeInstanceOf(Buffer);
    expect(await database.sql`select 1 from photo_uploads where photo_url = ${logo.photoUrl}`).toHaveLength(1);
  });
});
