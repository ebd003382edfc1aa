import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, startApiApp } from "../../../tests/setup/api-app.ts";
import { maximalProfile } from "../../../tests/setup/maximal-profile.ts";
import { pdfText } from "../../../tests/setup/pdf-text.ts";
import { eventLoopCpuMs } from "../../../tests/setup/thread-cpu.ts";
import { insertSignedInUser } from "../../../tests/setup/users.ts";
import { ServiceUnavailable, TooManyRequests } from "../errors.ts";
import { purgeExpired } from "../maintenance.ts";
import { CV_MAX_AGE_DAYS } from "./cache.ts";
import { CV_FORMAT_KEYS, CV_FORMATS } from "./formats.ts";
import { CV_LIMITS, consultantCv } from "./index.ts";
import { MAX_CV_PAGES } from "./render.ts";
import { type CvRenderer, createCvRenderer } from "./renderer.ts";

// Issue 35, item 1: a CV is laid out off the event loop, once per version of what it shows, a
// bounded number of pages, a bounded number of times per client.

let api: Awaited<ReturnType<typeof startApiApp>>;
let renderer: CvRenderer;
let maximalId: number;
let maximalOwner: Awaited<ReturnType<typeof insertSignedInUser>>;

// The CV thread runs at nice 10 (it yields the core to requests): on a CI machine saturated by
// other test files it gets a fraction of a core, and a maximal CV may take longer than the
// production deadline of 20 s. These tests prove pages, CPU on the event loop and caching, not
// speed (the deadline has its own test below): their renderers wait as long as it takes.
const PATIENT = { timeoutMs: 150_000 };

beforeAll(async () => {
  api = await startApiApp({ REQUIRE_APPROVAL: "false" });
  renderer = createCvRenderer(PATIENT);
  maximalOwner = await insertSignedInUser(api.database.db);
  const created = await call(api.app, "POST", "/api/consultants", {
    token: maximalOwner.token,
    body: maximalProfile("maximal.cv@example.org"),
  });
  expect(created.status, created.text).toBe(201);
  maximalId = created.json.id;
});
afterAll(async () => {
  await renderer?.close();
  await api?.close();
});

/** The renderer, counting the CVs it lays out. */
function counting(inner: CvRenderer) {
  const made: string[] = [];
  const wrapped: CvRenderer = {
    ...inner,
    render: (format, cv, options) => {
      made.push(format);
      return inner.render(format, cv, options);
    },
  };
  return { renderer: wrapped, made };
}

const deps = (cv: CvRenderer, clientIp = "192.0.2.40") => ({ db: api.database.db, runtime: { cvRenderer: () => cv }, clientIp });

describe("the CV of a profile at the schema's limits", () => {
  it(`keeps to ${MAX_CV_PAGES} pages in every layout, naming the assignments left out`, async () => {
    for (const format of CV_FORMAT_KEYS) {
      const cv = await consultantCv(deps(renderer, "192.0.2.41"), null, {
        id: maximalId,
        format,
        extension: CV_FORMATS[format].extension,
      });
      if (CV_FORMATS[format].contentType !== "application/pdf") continue;
      const { pages, text } = await pdfText(cv.body);
      expect(pages, format).toBeLessThanOrEqual(MAX_CV_PAGES);
      expect(text.replace(/\s+/g, " "), format).toMatch(
        /The record stops here to keep this CV within 30 pages: \d+ more assignments are on/,
      );
    }
    // Four maximal CVs laid out by a starved thread and read back: minutes on a saturated machine.
  }, 240_000);

  it("costs the event loop under 250 ms of CPU when it is laid out, and almost nothing when it is served again", async () => {
    await api.database.sql`delete from cv_documents`;
    const fresh = createCvRenderer(PATIENT);
    try {
      const before = eventLoopCpuMs();
      await consultantCv(deps(fresh, "192.0.2.42"), maximalOwner, { id: maximalId, format: "standard" });
      const made = eventLoopCpuMs() - before;
      const again = eventLoopCpuMs();
      await consultantCv(deps(fresh, "192.0.2.42"), maximalOwner, { id: maximalId, format: "standard" });
      const served = eventLoopCpuMs() - again;
      console.info(`CV of a maximal profile: ${made} ms of the event loop's CPU when made, ${served} ms when served again`);
      expect(made).toBeLessThan(250);
      expect(served).toBeLessThan(100);
    } finally {
      await fresh.close();
    }
  }, 180_000);
});

describe("CVs made once per version", () => {
  it("lays a CV out once, however many ask for it at once or after, and again after an edit", async () => {
    const { renderer: watched, made } = counting(renderer);
    const owner = await insertSignedInUser(api.database.db);
    const profile = { ...maximalProfile("once.cv@example.org"), assignments: [], education: [] };
    const created = await call(api.app, "POST", "/api/consultants", { token: owner.token, body: profile });
    const id = created.json.id as number;
    const downloads = await Promise.all(
      Array.from({ length: 20 }, () => consultantCv(deps(watched), null, { id, format: "standard" })),
    );
    expect(made).toEqual(["standard"]);
    expect(new Set(downloads.map((cv) => cv.digest)).size).toBe(1);
    // Served from the database, by any instance: a new renderer (another process) makes nothing.
    const other = counting(renderer);
    const again = await consultantCv(deps(other.renderer), null, { id, format: "standard" });
    expect(other.made).toEqual([]);
    expect(Buffer.from(again.body).equals(Buffer.from(downloads[0]!.body))).toBe(true);

    // The owner sees more (contact details): a version of their own.
    await consultantCv(deps(watched), owner, { id, format: "standard" });
    expect(made).toHaveLength(2);
    // An edit makes a new version for visitors; the old ones are not served again.
    const edited = await call(api.app, "PUT", `/api/consultants/${id}`, {
      token: owner.token,
      body: { ...profile, title: "Senior Water Adviser" },
    });
    expect(edited.status, edited.text).toBe(200);
    const after = await consultantCv(deps(watched), null, { id, format: "standard" });
    expect(made).toHaveLength(3);
    expect(after.digest).not.toBe(downloads[0]!.digest);
    expect((await pdfText(after.body)).text).toContain("Senior Water Adviser");
  });

  it("keeps each language's versions apart: the same CV in four languages does not push the English ones out", async () => {
    const { renderer: watched, made } = counting(renderer);
    const owner = await insertSignedInUser(api.database.db);
    const profile = { ...maximalProfile("languages.cv@example.org"), assignments: [], education: [], bio: "A short profile." };
    const created = await call(api.app, "POST", "/api/consultants", { token: owner.token, body: profile });
    const id = created.json.id as number;
    for (const lang of ["en", "th", "vi", "id"]) await consultantCv(deps(watched, "192.0.2.46"), null, { id, lang });
    await consultantCv(deps(watched, "192.0.2.46"), owner, { id });
    expect(made).toHaveLength(5);
    // The visitor's English CV is still kept: served again, not made again.
    await consultantCv(deps(watched, "192.0.2.46"), null, { id, lang: "en" });
    expect(made).toHaveLength(5);
  });

  it(`makes a CV again after ${CV_MAX_AGE_DAYS} days, and the hourly purge forgets the old one`, async () => {
    const { renderer: watched, made } = counting(renderer);
    await consultantCv(deps(watched), null, { id: maximalId, format: "standard" });
    const [{ count: before } = { count: 0 }] = await api.database.sql<{ count: number }[]>`
      select count(*)::int as count from cv_documents where consultant_id = ${maximalId}`;
    expect(before).toBeGreaterThan(0);
    await api.database.sql`update cv_documents set created_at = now() - make_interval(days => ${CV_MAX_AGE_DAYS + 1})`;
    await purgeExpired(api.database.db);
    const [{ count: after } = { count: -1 }] = await api.database.sql<{ count: number }[]>`
      select count(*)::int as count from cv_documents where consultant_id = ${maximalId}`;
    expect(after).toBe(0);
    await consultantCv(deps(watched), null, { id: maximalId, format: "standard" });
    expect(made.length).toBeGreaterThan(0);
  });

  it("answers the download with an ETag, and 304 to a client that has that file", async () => {
    const path = `/api/consultants/${maximalId}/cv.pdf`;
    const first = await api.app.request(path, { headers: { "x-forwarded-for": "192.0.2.43" } });
    expect(first.status).toBe(200);
    const etag = first.headers.get("etag");
    expect(etag).toMatch(/^"[\w-]+"$/);
    const second = await api.app.request(path, { headers: { "x-forwarded-for": "192.0.2.43", "if-none-match": etag ?? "" } });
    expect(second.status).toBe(304);
    // The 304 says how long the copy the client has may still be kept.
    expect(second.headers.get("cache-control")).toBe("public, max-age=300");
    expect((await second.arrayBuffer()).byteLength).toBe(0);
    const unknown = await call(api.app, "GET", `${path}?format=cheapest`);
    expect(unknown.status).toBe(400);
    // The layouts that make PDFs (cv.xml has its own: europass).
    const pdfFormats = CV_FORMAT_KEYS.filter((key) => CV_FORMATS[key].extension === "pdf");
    expect(unknown.json.message).toBe(`Format must be one of ${pdfFormats.join(", ")}`);
  });
});

describe("languages", () => {
  it("names a language without a level instead of printing 'Level not given' (issue 36)", async () => {
    const owner = await insertSignedInUser(api.database.db);
    const profile = {
      ...maximalProfile("levels.cv@example.org"),
      assignments: [],
      education: [],
      languages: ["Vietnamese", "English", "Khmer"],
      languageLevels: { Vietnamese: "native" },
    };
    const created = await call(api.app, "POST", "/api/consultants", { token: owner.token, body: profile });
    expect(created.status, created.text).toBe(201);
    const cv = await consultantCv(deps(renderer), null, { id: created.json.id, format: "standard" });
    const { text } = await pdfText(cv.body);
    expect(text).not.toContain("Level not given");
    expect(text).toContain("English, Khmer");
    expect(text).toContain("Native");
  });
});

describe("bounds", () => {
  it(`lays out at most ${CV_LIMITS.renders.limit} CVs per client in ${CV_LIMITS.renders.windowSeconds / 60} minutes`, async () => {
    const owner = await insertSignedInUser(api.database.db);
    const created = await call(api.app, "POST", "/api/consultants", {
      token: owner.token,
      body: {
        ...maximalProfile("limits.cv@example.org"),
        assignments: [],
        education: [],
        bio: "A short profile to lay out fast.",
      },
    });
    const id = created.json.id as number;
    const client = "2001:db8:cafe::7";
    for (let version = 0; version < CV_LIMITS.renders.limit; version++) {
      // Each version of the profile is a CV to make.
      await api.database.sql`update consultants set updated_at = now() - make_interval(secs => ${version}) where id = ${id}`;
      await consultantCv(deps(renderer, client), null, { id, format: "standard" });
    }
    await api.database.sql`update consultants set updated_at = now() - interval '1 day' where id = ${id}`;
    const refused = consultantCv(deps(renderer, client), null, { id, format: "standard" });
    await expect(refused).rejects.toBeInstanceOf(TooManyRequests);
    // A CV already made is still served to that client; another client gets its own allowance.
    await api.database.sql`update consultants set updated_at = now() - make_interval(secs => 0) where id = ${id}`;
    await expect(consultantCv(deps(renderer, "192.0.2.44"), null, { id, format: "standard" })).resolves.toBeDefined();
  });

  it("refuses with 503 and Retry-After what would wait beyond the queue or the deadline", async () => {
    const queued = createCvRenderer({ maxQueue: 1 });
    const late = createCvRenderer({ timeoutMs: 1 });
    try {
      const [data] = await api.database.sql<{ id: number }[]>`select id from consultants where id = ${maximalId}`;
      expect(data).toBeDefined();
      const cv = (await consultantCv(deps(renderer, "192.0.2.45"), maximalOwner, { id: maximalId, format: "standard" })).body;
      expect(cv.byteLength).toBeGreaterThan(0);
      const sample = { ...(maximalProfile("x@example.org") as object), updatedAt: new Date() } as never;
      const results = await Promise.allSettled(Array.from({ length: 6 }, () => queued.render("standard", sample)));
      const refused = results.filter((result) => result.status === "rejected");
      expect(refused.length).toBeGreaterThan(0);
      for (const result of refused) {
        expect((result as PromiseRejectedResult).reason).toBeInstanceOf(ServiceUnavailable);
        expect(((result as PromiseRejectedResult).reason as ServiceUnavailable).retryAfterSeconds).toBe(5);
      }
      await expect(late.render("standard", sample)).rejects.toBeInstanceOf(ServiceUnavailable);
      // The pool recovers: the next CV is made.
      expect((await queued.render("standard", sample)).byteLength).toBeGreaterThan(0);
    } finally {
      await Promise.all([queued.close(), late.close()]);
    }
  });
});
