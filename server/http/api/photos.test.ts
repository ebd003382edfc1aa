import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect } from "vitest";
import { PHOTO_MAX_BYTES } from "#common/constants.ts";
import { UPLOAD_RATE_LIMIT } from "#server/services/photos.ts";
import { call, type TestApi } from "../../../tests/setup/api-app.ts";
import { apiTest } from "../../../tests/setup/fixtures.ts";
import {
  cameraJpeg,
  decompressionBombPng,
  readWebp,
  SVG,
  solidGif,
  solidPng,
  solidTiff,
  webpChunks,
} from "../../../tests/setup/images.ts";
import { processCpuMs } from "../../../tests/setup/thread-cpu.ts";
import { insertSignedInUser } from "../../../tests/setup/users.ts";

const it = apiTest({ REQUIRE_APPROVAL: "false" });

async function upload(
  api: TestApi,
  file: Uint8Array,
  fileName: string,
  type: string,
  options: { token?: string; headers?: Record<string, string> } = {},
) {
  const body = new FormData();
  body.set("profilePhoto", new File([Buffer.from(file)], fileName, { type }));
  body.set("name", "Ayu Lestari");
  const headers: Record<string, string> = { "x-forwarded-for": "192.0.2.50", ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const response = await api.app.request("/api/upload-photo", { method: "POST", body, headers });
  return {
    status: response.status,
    json: (await response.json()) as { photoUrl?: string; message?: string },
    headers: response.headers,
  };
}

/** Where a photo's file is: the API tests' app stores photos locally, under its DATA_DIR. */
function storedFile(api: TestApi, photoUrl: string) {
  if (api.config.storage.kind !== "local") throw new Error("the API tests store photos locally");
  return path.join(api.config.storage.dir, photoUrl.replace(/^\/uploads\//, ""));
}

describe("POST /api/upload-photo", () => {
  it("needs a session (401)", async ({ api }) => {
    const response = await upload(api, await solidPng(), "me.png", "image/png");
    expect(response.status).toBe(401);
  });

  it("accepts JPEG, PNG and GIF by content, whatever the name and declared type say", async ({ api }) => {
    const user = await insertSignedInUser(api.database.db);
    for (const [bytes, name, type] of [
      [await solidPng(), "actually-a-png.jpg", "image/jpeg"],
      [await cameraJpeg(), "photo.jpeg", "image/jpeg"],
      [await solidGif(), "avatar.gif", "application/octet-stream"],
    ] as const) {
      const response = await upload(api, bytes, name, type, { token: user.token });
      expect(response.status, name).toBe(201);
      expect(response.json.photoUrl).toMatch(/^\/uploads\/photos\/[A-Za-z0-9_-]{24}-400\.webp$/);
      expect(response.headers.get("cache-control")).toBe("no-store");
    }
  });

  it("refuses SVG, TIFF and text renamed as images with 'Invalid file type' (415)", async ({ api }) => {
    const user = await insertSignedInUser(api.database.db);
    for (const [bytes, name] of [
      [SVG, "drawing.png"],
      [await solidTiff(), "scan.jpg"],
      [Buffer.from("just some text"), "notes.gif"],
    ] as const) {
      const response = await upload(api, bytes, name, "image/png", { token: user.token });
      expect(response.status, name).toBe(415);
      expect(response.json).toEqual({ message: "Invalid file type" });
    }
  });

  it("refuses files over 1.5 MB with 'File too large' (413), also while the body is still arriving", async ({ api }) => {
    const user = await insertSignedInUser(api.database.db);
    const png = await solidPng();
    const justOver = Buffer.concat([png, Buffer.alloc(PHOTO_MAX_BYTES + 1 - png.byteLength)]);
    const over = await upload(api, justOver, "big.png", "image/png", { token: user.token });
    expect(over.status).toBe(413);
    expect(over.json).toEqual({ message: "File too large" });
    const huge = await upload(api, Buffer.concat([png, Buffer.alloc(8 * 1024 * 1024)]), "huge.png", "image/png", {
      token: user.token,
    });
    expect(huge.status).toBe(413);
    expect(huge.json).toEqual({ message: "File too large" });
  });

  it("refuses a decompression bomb quickly (413), and says which field is missing (400)", async ({ api }) => {
    const user = await insertSignedInUser(api.database.db);
    const file = decompressionBombPng();
    // The CPU of the whole request in every thread, not the wall clock (stretched by a loaded CI
    // machine): decoding the image would cost ~500 ms more (measured with both pixel guards removed).
    const before = processCpuMs();
    const bomb = await upload(api, file, "bomb.png", "image/png", { token: user.token });
    const cpu = processCpuMs() - before;
    console.info(`uploading a decompression bomb: ${cpu.toFixed(0)} ms of CPU`);
    expect(cpu).toBeLessThan(250);
    expect(bomb.status).toBe(413);
    expect(bomb.json.message).toMatch(/too large/i);
    const noFile = await api.app.request("/api/upload-photo", {
      method: "POST",
      headers: { authorization: `Bearer ${user.token}`, "content-type": "application/json" },
      body: "{}",
    });
    expect(noFile.status).toBe(400);
    expect(await noFile.json()).toMatchObject({ message: "Choose a photo to upload" });
  });

  it("stores a WebP without any of the original metadata, served with its type and a long cache", async ({ api }) => {
    const user = await insertSignedInUser(api.database.db);
    const original = await cameraJpeg({ orientation: 6 });
    expect(original.includes("WGS-84-SECRET-PLACE")).toBe(true);
    const { json } = await upload(api, original, "holiday.jpg", "image/jpeg", { token: user.token });
    const stored = await readFile(storedFile(api, json.photoUrl!));
    expect(webpChunks(stored).filter((chunk) => ["EXIF", "XMP ", "ICCP"].includes(chunk))).toEqual([]);
    for (const secret of ["WGS-84", "TestCam", "Secret Model", "Jane Doe"]) expect(stored.includes(secret)).toBe(false);
    const { metadata } = await readWebp(stored);
    expect(metadata).toMatchObject({ format: "webp", width: 400, height: 400 });
    expect(metadata.exif).toBeUndefined();

    const served = await api.app.request(json.photoUrl!);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/webp");
    expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(Buffer.from(await served.arrayBuffer()).equals(stored)).toBe(true);
    const thumbnail = await api.app.request(json.photoUrl!.replace("-400.webp", "-96.webp"));
    expect(thumbnail.status).toBe(200);
    expect((await api.app.request("/uploads/photos/..%2F..%2Fpostgres.password")).status).toBe(404);
    expect((await api.app.request("/uploads/photos/AAAAAAAAAAAAAAAAAAAAAAAA-400.webp")).status).toBe(404);
  });

  it("removes the old photo when the profile takes a new one", async ({ api }) => {
    const user = await insertSignedInUser(api.database.db);
    const first = (await upload(api, await solidPng(), "a.png", "image/png", { token: user.token })).json.photoUrl!;
    const body = {
      name: "Ayu Lestari",
      title: "Gender Specialist",
      email: `ayu-${user.id}@example.org`,
      location: "Yogyakarta, Indonesia",
      country: "Indonesia",
      yearsExperience: 6,
      primarySpecialization: "Gender & Social Inclusion",
      bio: "Six years of gender analysis for village-level programmes.",
      profilePhotoUrl: first,
    };
    const created = await call(api.app, "POST", "/api/consultants", { token: user.token, body });
    expect(created.status).toBe(201);
    const second = (await upload(api, await solidGif(), "b.gif", "image/gif", { token: user.token })).json.photoUrl!;
    await expect(readFile(storedFile(api, first))).resolves.toBeInstanceOf(Buffer);
    const updated = await call(api.app, "PUT", `/api/consultants/${created.json.id}`, {
      token: user.token,
      body: { ...body, profilePhotoUrl: second },
    });
    expect(updated.status).toBe(200);
    // The replaced photo's files are removed by a job, moments after the answer.
    const deadline = Date.now() + 15_000;
    while ((await api.app.request(first)).status !== 404 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await expect(readFile(storedFile(api, first))).rejects.toThrow(/ENOENT/);
    expect((await api.app.request(first)).status).toBe(404);
    expect((await api.app.request(second)).status).toBe(200);

    // Another person cannot put this photo on their profile.
    const thief = await insertSignedInUser(api.database.db);
    const stolen = await call(api.app, "POST", "/api/consultants", {
      token: thief.token,
      body: { ...body, email: `thief-${thief.id}@example.org`, profilePhotoUrl: second },
    });
    expect(stolen.status).toBe(400);
    expect(stolen.json.errors).toEqual([{ path: "profilePhotoUrl", message: "Please upload the photo again" }]);
  });

  it("refuses cross-site uploads from a browser, and limits uploads per account (429 with Retry-After)", async ({ api }) => {
    const user = await insertSignedInUser(api.database.db);
    const crossSite = await api.app.request("/api/upload-photo", {
      method: "POST",
      body: new FormData(),
      headers: { cookie: `session=${user.token}`, "sec-fetch-site": "cross-site" },
    });
    expect(crossSite.status).toBe(403);

    await api.database.sql`insert into rate_limits (key, window_start, hits)
      values (${`upload-photo:user:${user.id}`}, now(), ${UPLOAD_RATE_LIMIT.limit})`;
    const limited = await upload(api, await solidPng(), "one-more.png", "image/png", { token: user.token });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});
