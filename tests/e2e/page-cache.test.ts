import { request } from "node:http";
import { gunzipSync } from "node:zlib";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppServer, startApp } from "../setup/app-server.ts";
import { connectBrowser, expectNoConsoleErrors, openPage, waitForHydration } from "../setup/browser.ts";
import { insertSignedInUser } from "../setup/users.ts";

// The micro-cache of signed-out pages (server/http/middleware/page-cache.ts), on the real
// production server with two workers: a long TTL here, so only a write or a cookie can make a
// page fresh, and a write through one worker must empty the other's cache too.

let app: AppServer;
let browser: Browser;
let owner: Awaited<ReturnType<typeof insertSignedInUser>>;
let profileId: number;
let profile: Record<string, unknown>;

function nonceOfHeader(response: Response) {
  const nonce = /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1];
  if (!nonce) throw new Error("no nonce in the CSP header");
  return nonce;
}

/** Every nonce the page carries: script and link attributes, and the loader data. */
function noncesInPage(html: string) {
  const attributes = [...html.matchAll(/nonce="([^"]*)"/g)].map((match) => match[1]);
  const data = [...html.matchAll(/\\?"nonce\\?",\\?"([^"\\]+)\\?"/g)].map((match) => match[1]);
  return new Set([...attributes, ...data]);
}

/** A GET on a connection of its own: with two workers, consecutive calls reach both. */
function rawGet(url: string, headers: Record<string, string>) {
  return new Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
    request(url, { headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
      response.on("error", reject);
    })
      .on("error", reject)
      .end();
  });
}

/**
 * Requests a page on fresh connections until three in a row are cache hits: the two workers take
 * turns (roughly), so by then both hold a copy. A fixed number of requests was not enough: when
 * two pages are warmed in turn, the primary can hand every request for one page to one worker.
 */
async function warmBothWorkers(url: string, headers: Record<string, string>) {
  let hits = 0;
  for (let attempt = 0; attempt < 30 && hits < 3; attempt++) {
    hits = (await rawGet(url, headers)).headers["x-page-cache"] === "hit" ? hits + 1 : 0;
  }
  expect(hits, `${url} was not a cache hit three times in a row`).toBe(3);
}

async function editTitle(title: string) {
  const response = await fetch(`${app.url}/api/consultants/${profileId}`, {
    method: "PUT",
    headers: { authorization: `Bearer ${owner.token}`, "content-type": "application/json" },
    body: JSON.stringify({ ...profile, title }),
  });
  expect(response.status).toBe(200);
}

beforeAll(async () => {
  [app, browser] = await Promise.all([
    startApp({
      // TRUST_PROXY: the visitors of the insights test come from addresses of their own (X-Forwarded-For).
      env: { SEED_DEMO: "false", REQUIRE_APPROVAL: "false", PAGE_CACHE_SECONDS: "60", WEB_CONCURRENCY: "2", TRUST_PROXY: "1" },
    }),
    connectBrowser(),
  ]);
  owner = await insertSignedInUser(app.database!.db, { name: "Cache Owner Khanh" });
  profile = {
    name: "Tran Minh Khanh",
    title: "Water Governance Specialist",
    email: "khanh.cache@example.org",
    phone: "+84 24 555 0101",
    location: "Hoan Kiem, Hanoi, Vietnam",
    city: "Hanoi",
    country: "Vietnam",
    yearsExperience: 11,
    languages: ["Vietnamese", "English"],
    primarySpecialization: "Environmental",
    secondarySpecializations: "Governance",
    bio: "Eleven years on river basin governance with provincial water departments.",
    showEmail: false,
    showPhone: false,
    availableForWork: true,
  };
  const created = await fetch(`${app.url}/api/consultants`, {
    method: "POST",
    headers: { authorization: `Bearer ${owner.token}`, "content-type": "application/json" },
    body: JSON.stringify(profile),
  });
  expect(created.status).toBe(201);
  profileId = (await created.json()).id;
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

describe("signed-out page cache", () => {
  it("stamps every cached copy with the nonce of its own CSP header, compressed or not", async () => {
    const path = `/consultant/${profileId}`;
    const first = await fetch(`${app.url}${path}`);
    await warmBothWorkers(`${app.url}${path}`, { "accept-encoding": "gzip" });
    const second = await fetch(`${app.url}${path}`);
    const third = await fetch(`${app.url}${path}`, { headers: { "accept-encoding": "identity" } });
    expect(second.headers.get("x-page-cache")).toBe("hit");
    expect(third.headers.get("x-page-cache")).toBe("hit");
    expect(third.headers.get("content-encoding")).toBeNull();
    const nonces = new Set<string>();
    for (const response of [first, second, third]) {
      expect(response.status).toBe(200);
      expect(response.headers.get("vary")).toMatch(/cookie/i);
      const nonce = nonceOfHeader(response);
      const html = await response.text();
      expect(html).toContain("Water Governance Specialist");
      expect(noncesInPage(html)).toEqual(new Set([nonce]));
      nonces.add(nonce);
    }
    expect(nonces.size).toBe(3);

    // The gzip bytes themselves are a valid stream with the right checksum.
    const raw = await rawGet(`${app.url}${path}`, { "accept-encoding": "gzip" });
    expect(raw.headers["content-encoding"]).toBe("gzip");
    expect(raw.headers["x-page-cache"]).toBe("hit");
    const nonce = /'nonce-([^']+)'/.exec(String(raw.headers["content-security-policy"]))?.[1] as string;
    expect(noncesInPage(gunzipSync(raw.body).toString("utf8"))).toEqual(new Set([nonce]));
  });

  it("serves a cached home page that a browser runs under its CSP: hydrated, no console errors", async () => {
    await warmBothWorkers(app.url, { "accept-encoding": "gzip" });
    const { page, errors, close } = await openPage(browser);
    // The browser keeps its connection, so it may reach the worker that holds no copy yet (the
    // primary does not hand connections out strictly in turn): that miss fills it, the next is a hit.
    let response = await page.goto(app.url);
    for (let attempt = 0; attempt < 5 && (await response?.headerValue("x-page-cache")) !== "hit"; attempt++) {
      response = await page.goto(app.url);
    }
    expect(await response?.headerValue("x-page-cache")).toBe("hit");
    await waitForHydration(page);
    expectNoConsoleErrors(errors);
    await close();
  });

  it("never gives a signed-in visitor a cached page, nor keeps theirs for others", async () => {
    await warmBothWorkers(app.url, { "accept-encoding": "gzip" });
    expect((await fetch(app.url)).headers.get("x-page-cache")).toBe("hit");
    const signedIn = await fetch(app.url, { headers: { cookie: `session=${owner.token}` } });
    expect(signedIn.headers.get("x-page-cache")).toBeNull();
    const html = await signedIn.text();
    expect(html).toContain("Cache Owner Khanh");
    const after = await fetch(app.url);
    expect(after.headers.get("x-page-cache")).toBe("hit");
    expect(await after.text()).not.toContain("Cache Owner Khanh");
  });

  it("shows a profile change at once on its page and in the listing, whichever worker answers", async () => {
    const path = `/consultant/${profileId}`;
    const identity = { "accept-encoding": "identity" };
    await warmBothWorkers(`${app.url}${path}`, identity);
    await warmBothWorkers(app.url, identity);
    await editTitle("River Basin Planning Lead");
    for (let attempt = 0; attempt < 4; attempt++) {
      const page = (await rawGet(`${app.url}${path}`, identity)).body.toString("utf8");
      expect(page).toContain("River Basin Planning Lead");
      expect(page).not.toContain("Water Governance Specialist");
      expect((await rawGet(app.url, identity)).body.toString("utf8")).toContain("River Basin Planning Lead");
    }
  });
  it("counts a cached copy's visitors in the insights as it counts a rendered page's", async () => {
    const sql = app.database?.sql;
    if (!sql) throw new Error("the app runs on the test database");
    const totals = async () => {
      const [row] = await sql<{ views: number; appearances: number }[]>`
        select coalesce(sum(profile_views), 0)::int as views, coalesce(sum(search_appearances), 0)::int as appearances
        from consultant_insights where consultant_id = ${profileId}`;
      return row ?? { views: 0, appearances: 0 };
    };
    const before = await totals();
    // A visitor is an address a day (issue 35: user agents from one address are one visitor).
    const visitors = Array.from({ length: 6 }, (_, n) => `198.51.100.${20 + n}`);
    const served: string[] = [];
    for (const address of visitors) {
      const headers = {
        "x-forwarded-for": address,
        "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36",
        "accept-encoding": "identity",
      };
      served.push(String((await rawGet(`${app.url}/consultant/${profileId}`, headers)).headers["x-page-cache"]));
      served.push(String((await rawGet(app.url, headers)).headers["x-page-cache"]));
    }
    // Most of these were copies; each visitor still counts once on the profile and on the listing.
    expect(served.filter((state) => state === "hit").length).toBeGreaterThanOrEqual(4);
    const deadline = Date.now() + 30_000;
    let after = await totals();
    while ((after.views - before.views < 6 || after.appearances - before.appearances < 6) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      after = await totals();
    }
    expect({ views: after.views - before.views, appearances: after.appearances - before.appearances }).toEqual({
      views: 6,
      appearances: 6,
    });
  });
});
