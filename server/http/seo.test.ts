import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../tests/setup/database.ts";
import { eventLoopCpuMs } from "../../tests/setup/thread-cpu.ts";
import { loadConfig } from "../config.ts";
import { SITEMAP_BLOCK_SIZE, STATIC_PAGE_PATHS } from "../services/sitemap.ts";
import type { HttpEnv } from "./context.ts";
import { createSeoRoutes } from "./seo.ts";

const DIRECTORY_SIZE = 100_000;
/** A sitemap file's cost to the event loop (measured: see the log line; in 10 ms ticks). */
const SITEMAP_CPU_MS = 400;
/** Far above a busy machine's jitter (2.6 s seen at a load of 17 on 2 cores): only a stall fails it. */
const SITEMAP_STALL_MS = 10_000;
const SITE = "https://devconsult.example";

let database: TestDatabase;
let app: Hono<HttpEnv>;

beforeAll(async () => {
  database = await createTestDatabase();
  // Rows made inside PostgreSQL: the sitemap's speed depends on the row count, not on the texts.
  await database.sql`
    insert into consultants (name, title, email, location, country, years_experience, primary_specialization, bio, status, updated_at)
    select 'Consultant ' || g, 'Adviser', 'c' || g || '@example.org', 'Vientiane, Laos', 'Laos', 5, 'Finance',
           'A bio of more than ten characters.', 'approved', timestamptz '2025-01-01' + g * interval '1 minute'
    from generate_series(1, ${DIRECTORY_SIZE}) as g`;
  // Every tenth profile waits for approval and one is hidden: neither may be listed.
  await database.sql`update consultants set status = 'pending' where id % 10 = 0`;
  await database.sql`update consultants set status = 'hidden', updated_at = '2030-01-01' where id = 7`;
  await database.sql`update consultants set updated_at = '2029-06-01T12:00:00Z' where id = 5`;
  await database.sql`analyze consultants`;
  app = new Hono<HttpEnv>().route(
    "/",
    createSeoRoutes({ db: database.db, config: loadConfig({ PUBLIC_URL: SITE, NODE_ENV: "test" }) }),
  );
}, 180_000); // 100 000 rows made inside PostgreSQL: quick on a quiet machine, slow on a loaded one.
afterAll(async () => {
  await database?.close();
});

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);

describe("robots.txt", () => {
  it("points to the sitemap and keeps admin, forms and the API out", async () => {
    const response = await app.request("/robots.txt");
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).toContain("User-agent: *");
    for (const line of [
      "Disallow: /admin",
      "Disallow: /profile/",
      "Disallow: /th/admin",
      "Disallow: /vi/profile/",
      "Disallow: /id/my-consultant-profile",
      "Disallow: /api/",
      `Sitemap: ${SITE}/sitemap.xml`,
    ]) {
      expect(text.split("\n")).toContain(line);
    }
    expect(text).not.toMatch(/Disallow: \/consultant/);
  });
});

describe("sitemap", () => {
  it("is an index of the static pages and blocks of profiles, and answers quickly at 100 000 profiles", async () => {
    const started = performance.now();
    const cpuBefore = eventLoopCpuMs();
    const response = await app.request("/sitemap.xml");
    const xml = await response.text();
    const cpu = eventLoopCpuMs() - cpuBefore;
    const elapsed = performance.now() - started;
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<sitemapindex xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
    const blocks = Math.ceil(DIRECTORY_SIZE / SITEMAP_BLOCK_SIZE);
    expect(locs(xml)).toEqual([
      `${SITE}/sitemaps/pages.xml`,
      `${SITE}/sitemaps/opportunities.xml`,
      ...Array.from({ length: blocks }, (_, i) => `${SITE}/sitemaps/consultants-${i + 1}.xml`),
    ]);
    // The newest change of a block is its lastmod; a hidden profile's change does not count.
    expect(xml).toContain(`consultants-1.xml</loc><lastmod>2029-06-01T12:00:00.000Z</lastmod>`);
    // What it costs, not how long it took on a busy machine: the event loop's CPU (a few ms: the
    // blocks' newest changes come from an index), and no stall (PostgreSQL's side is in the wait).
    expect(cpu).toBeLessThan(SITEMAP_CPU_MS);
    expect(elapsed).toBeLessThan(SITEMAP_STALL_MS);
  });

  it("lists the home page and the static pages in every language, each with its alternates", async () => {
    const xml = await (await app.request("/sitemaps/pages.xml")).text();
    expect(xml).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    expect(locs(xml)).toEqual(
      STATIC_PAGE_PATHS.flatMap((path) => [
        `${SITE}${path}`,
        `${SITE}/id${path === "/" ? "" : path}`,
        `${SITE}/vi${path === "/" ? "" : path}`,
        `${SITE}/th${path === "/" ? "" : path}`,
      ]),
    );
    // The Thai about page names all four and the default (the English page).
    const thaiAbout = xml.split("<url>").find((entry) => entry.startsWith(`<loc>${SITE}/th/about</loc>`)) ?? "";
    for (const [hreflang, href] of [
      ["en", "/about"],
      ["id", "/id/about"],
      ["vi", "/vi/about"],
      ["th", "/th/about"],
      ["x-default", "/about"],
    ]) {
      expect(thaiAbout).toContain(`<xhtml:link rel="alternate" hreflang="${hreflang}" href="${SITE}${href}"/>`);
    }
    expect(STATIC_PAGE_PATHS).toEqual([
      "/",
      "/about",
      "/resources",
      "/opportunities",
      "/resources/how-donors-hire-consultants",
      "/resources/writing-an-expression-of-interest",
      "/resources/daily-rates",
      "/resources/p11-and-eu-cv-formats",
      "/help-center",
      "/contact",
      "/privacy-policy",
    ]);
  });

  it("lists every approved profile once with its lastmod, and nothing else", async () => {
    const listed = new Set<string>();
    let slowest = 0;
    let costliest = 0;
    for (let block = 1; block <= Math.ceil(DIRECTORY_SIZE / SITEMAP_BLOCK_SIZE); block++) {
      const started = performance.now();
      const cpuBefore = eventLoopCpuMs();
      const response = await app.request(`/sitemaps/consultants-${block}.xml`);
      const xml = await response.text();
      costliest = Math.max(costliest, eventLoopCpuMs() - cpuBefore);
      slowest = Math.max(slowest, performance.now() - started);
      expect(response.status).toBe(200);
      const urls = locs(xml);
      expect(xml.match(/<lastmod>/g)?.length).toBe(urls.length);
      for (const url of urls) listed.add(url as string);
    }
    const [{ approved }] = (await database.sql`select count(*)::int as approved from consultants where status = 'approved'`) as [
      { approved: number },
    ];
    expect(listed.size).toBe(approved);
    expect(listed.has(`${SITE}/consultant/5`)).toBe(true);
    expect(listed.has(`${SITE}/consultant/7`)).toBe(false);
    expect(listed.has(`${SITE}/consultant/10`)).toBe(false);
    console.log(`sitemap blocks: at most ${costliest} ms of the event loop's CPU, ${Math.round(slowest)} ms in all`);
    expect(costliest).toBeLessThan(SITEMAP_CPU_MS);
    expect(slowest).toBeLessThan(SITEMAP_STALL_MS);
    const page = await (await app.request("/sitemaps/consultants-1.xml")).text();
    // Only the English URL (every language's profile page is canonical on it), with its alternates.
    expect(page).toContain(
      `<url><loc>${SITE}/consultant/5</loc><lastmod>2029-06-01T12:00:00.000Z</lastmod><xhtml:link rel="alternate" hreflang="en" href="${SITE}/consultant/5"/><xhtml:link rel="alternate" hreflang="id" href="${SITE}/id/consultant/5"/><xhtml:link rel="alternate" hreflang="vi" href="${SITE}/vi/consultant/5"/><xhtml:link rel="alternate" hreflang="th" href="${SITE}/th/consultant/5"/><xhtml:link rel="alternate" hreflang="x-default" href="${SITE}/consultant/5"/></url>`,
    );
    expect(page).not.toContain(`<loc>${SITE}/th/consultant/5</loc>`);
  });

  it("answers 404 for blocks that hold no public profile and for made-up names", async () => {
    expect((await app.request("/sitemaps/consultants-999.xml")).status).toBe(404);
    expect((await app.request("/sitemaps/consultants-0.xml")).status).toBe(404);
    expect((await app.request("/sitemaps/other.xml")).status).toBe(404);
  });
});
