import { randomBytes } from "node:crypto";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { DEMO_DIRECTORY_SIZE } from "#server/db/seed/demo.ts";
import { type AppServer, startApp } from "../setup/app-server.ts";
import { solidPng } from "../setup/images.ts";
import { startS3Server, type TestS3 } from "../setup/s3.ts";

// Three app instances (as on three machines behind a load balancer) on one PostgreSQL and one
// S3-compatible bucket, started together on an empty database.

const ADMIN = { email: "ops@example.org", password: "a long admin password" };

let s3: TestS3;
let admin: postgres.Sql;
let databaseName: string;
let apps: AppServer[] = [];

beforeAll(async () => {
  s3 = await startS3Server();
  const adminUrl = inject("pgAdminUrl");
  admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  databaseName = `multi_${randomBytes(5).toString("hex")}`;
  await admin.unsafe(`create database ${databaseName}`);
  const url = new URL(adminUrl);
  url.pathname = `/${databaseName}`;
  const env = {
    DATABASE_URL: url.toString(),
    SEED_DEMO: "true",
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    PAGE_CACHE_SECONDS: "5",
    // One key for the cookies the instances sign (a toast), as the README asks.
    SESSION_SECRET: randomBytes(32).toString("base64url"),
    ...s3.env,
  };
  // All three at once: they take turns on the start-up lock, and all must come up.
  apps = await Promise.all([1, 2, 3].map(() => startApp({ useTestDatabase: false, env })));
}, 180_000);

afterAll(async () => {
  await Promise.all(apps.map((app) => app.stop()));
  await admin?.unsafe(`drop database if exists ${databaseName} with (force)`);
  await admin?.end();
  await s3?.close();
});

async function api(app: AppServer, method: string, path: string, { token, body }: { token?: string; body?: unknown } = {}) {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers["content-type"] = "application/json";
  const response = await fetch(`${app.url}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  // biome-ignore lint/suspicious/noExplicitAny: the test reads the JSON it asserts
  return { status: response.status, text, json: (text ? JSON.parse(text) : undefined) as any };
}

async function signIn(app: AppServer, credentials: { email: string; password: string }) {
  const response = await api(app, "POST", "/api/auth/login", { body: credentials });
  expect(response.status, response.text).toBe(200);
  return response.json.sessionToken as string;
}

describe("three instances on one database", () => {
  it("all came up on the empty database: one admin, one demo directory", async () => {
    for (const app of apps) expect((await fetch(`${app.url}/readyz`)).status).toBe(200);
    for (const app of apps) {
      const stats = await api(app, "GET", "/api/stats");
      expect(stats.json.totalConsultants).toBe(DEMO_DIRECTORY_SIZE);
    }
    const [a] = apps as [AppServer];
    const adminToken = await signIn(a, ADMIN);
    const users = await api(a, "GET", "/api/admin/users?limit=100", { token: adminToken });
    expect(users.status, users.text).toBe(200);
    expect(users.json.users.filter((user: { role: string }) => user.role === "admin")).toHaveLength(1);
  });

  it("a session made on one instance works on the others, and its logout is seen by all", async () => {
    const [a, b, c] = apps as [AppServer, AppServer, AppServer];
    const registered = await api(a, "POST", "/api/auth/register", {
      body: { email: "somchai@example.org", password: "kettle-harbour-59", name: "Somchai W." },
    });
    expect(registered.status, registered.text).toBe(201);
    const token = registered.json.sessionToken as string;
    for (const app of [b, c]) expect((await api(app, "GET", "/api/auth/me", { token })).json.email).toBe("somchai@example.org");
    expect((await api(b, "POST", "/api/auth/logout", { token })).status).toBe(200);
    for (const app of apps) expect((await api(app, "GET", "/api/auth/me", { token })).status).toBe(401);
  });

  it("a photo uploaded through one instance is served to all, and a profile hidden through one leaves every instance's stats and search at once", async () => {
    const [a, b, c] = apps as [AppServer, AppServer, AppServer];
    const registered = await api(b, "POST", "/api/auth/register", {
      body: { email: "maria@example.org", password: "kettle-harbour-59", name: "Maria Santos" },
    });
    const token = registered.json.sessionToken as string;
    const form = new FormData();
    form.set("profilePhoto", new Blob([new Uint8Array(await solidPng())], { type: "image/png" }), "me.png");
    const uploaded = await fetch(`${a.url}/api/upload-photo`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(uploaded.status, await uploaded.clone().text()).toBe(201);
    const { photoUrl } = (await uploaded.json()) as { photoUrl: string };
    expect(photoUrl.startsWith(`${s3.endpoint}/${s3.bucket}/photos/`)).toBe(true);

    const created = await api(c, "POST", "/api/consultants", {
      token,
      body: {
        name: "Maria Santos",
        title: "Multiinstance Education Specialist",
        email: "maria@example.org",
        location: "Makati, Metro Manila, Philippines",
        country: "Philippines",
        yearsExperience: 14,
        languages: ["Filipino", "English"],
        primarySpecialization: "Education",
        bio: "Fourteen years advising education ministries on basic education reform and teacher policy.",
        profilePhotoUrl: photoUrl,
      },
    });
    expect(created.status, created.text).toBe(201);
    const id = created.json.id as number;
    const adminToken = await signIn(a, ADMIN);
    expect((await api(a, "PUT", `/api/admin/consultants/${id}/approve`, { token: adminToken, body: {} })).status).toBe(200);

    for (const app of apps) {
      const profile = await api(app, "GET", `/api/consultants/${id}`);
      expect(profile.json.profilePhotoUrl).toBe(photoUrl);
      const photo = await fetch(profile.json.profilePhotoUrl);
      expect(photo.status).toBe(200);
      expect(photo.headers.get("content-type")).toBe("image/webp");
      // Stats (cached per instance) and search now include the new profile everywhere.
      expect((await api(app, "GET", "/api/stats")).json.totalConsultants).toBe(DEMO_DIRECTORY_SIZE + 1);
      const found = await api(app, "GET", "/api/consultants?keywords=Multiinstance");
      expect(found.json.consultants[0].id).toBe(id);
      // The signed-out home page (micro-cached per instance) is warm too.
      expect((await fetch(`${app.url}/`)).status).toBe(200);
    }

    expect(
      (await api(a, "PUT", `/api/admin/consultants/${id}/hide`, { token: adminToken, body: { reason: "Checking details" } }))
        .status,
    ).toBe(200);
    // The others heard of it through PostgreSQL: no minute-long stale stats.
    for (const app of [b, c]) {
      const deadline = Date.now() + 2_000;
      let total = 0;
      do {
        total = (await api(app, "GET", "/api/stats")).json.totalConsultants;
      } while (total !== DEMO_DIRECTORY_SIZE && Date.now() < deadline);
      expect(total).toBe(DEMO_DIRECTORY_SIZE);
      const found = await api(app, "GET", "/api/consultants?keywords=Multiinstance");
      expect(found.json.consultants.map((consultant: { id: number }) => consultant.id)).not.toContain(id);
      expect((await api(app, "GET", `/api/consultants/${id}`)).status).toBe(404);
      // The home page's stats strip, rendered from React Router's build, counts afresh too.
      expect(await homeStatsWithin2s(app, DEMO_DIRECTORY_SIZE)).toBe(DEMO_DIRECTORY_SIZE);
    }
  });

  it("an approval through the /admin page reaches /api/stats on the same instance and on the others within 2 s", async () => {
    const [a, b] = apps as [AppServer, AppServer, AppServer];
    const registered = await api(b, "POST", "/api/auth/register", {
      body: { email: "nguyen@example.org", password: "kettle-harbour-59", name: "Nguyen Van An" },
    });
    const created = await api(b, "POST", "/api/consultants", {
      token: registered.json.sessionToken,
      body: {
        name: "Nguyen Van An",
        title: "Water Governance Adviser",
        email: "nguyen@example.org",
        location: "Ba Dinh, Hanoi, Vietnam",
        country: "Vietnam",
        yearsExperience: 9,
        languages: ["Vietnamese", "English"],
        primarySpecialization: "Governance",
        bio: "Nine years advising provincial water utilities on tariffs, governance and service contracts.",
      },
    });
    expect(created.status, created.text).toBe(201);
    const before = (await api(a, "GET", "/api/stats")).json.totalConsultants as number;
    // Every instance holds the count in its cache now.
    for (const app of apps) expect((await api(app, "GET", "/api/stats")).json.totalConsultants).toBe(before);

    const adminToken = await signIn(a, ADMIN);
    const approved = await fetch(`${a.url}/admin`, {
      method: "POST",
      headers: { cookie: `session=${adminToken}`, origin: a.url, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "approve", id: String(created.json.id) }),
    });
    expect(approved.status).toBe(200);
    for (const app of apps) expect(await apiStatsWithin2s(app, before + 1)).toBe(before + 1);
  });
});

/** /api/stats's total, asked until it is `expected` or 2 s have passed. */
async function apiStatsWithin2s(app: AppServer, expected: number) {
  const deadline = Date.now() + 2_000;
  let total: number;
  do {
    total = (await api(app, "GET", "/api/stats")).json.totalConsultants;
  } while (total !== expected && Date.now() < deadline);
  return total;
}

/** The home page's stats strip's count of consultants, asked until it is `expected` or 2 s have passed. */
async function homeStatsWithin2s(app: AppServer, expected: number) {
  const deadline = Date.now() + 2_000;
  let total: number;
  do {
    const html = await (await fetch(`${app.url}/`)).text();
    const shown = html.match(/>Consultants<\/dt><dd[^>]*>([\d,]+)</)?.[1];
    if (!shown) throw new Error("the home page shows no stats strip");
    total = Number(shown.replace(/,/g, ""));
  } while (total !== expected && Date.now() < deadline);
  return total;
}
