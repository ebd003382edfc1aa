import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppServer, startApp } from "../setup/app-server.ts";
import { insertSignedInUser } from "../setup/users.ts";

// Issue 35, item 8, through the production build (the operations review's failures 8 and 11):
// the shared-shortlist page had no Cache-Control, so a shared cache could keep serving a revoked
// link; and signing in after a `.data` request landed on React Router's raw route data.

let app: AppServer;
let owner: Awaited<ReturnType<typeof insertSignedInUser>>;

beforeAll(async () => {
  app = await startApp({ env: { SEED_DEMO: "false" } });
  if (!app.database) throw new Error("the test database is missing");
  owner = await insertSignedInUser(app.database.db);
});
afterAll(async () => {
  await app?.stop();
});

const api = (path: string, method = "GET") =>
  fetch(`${app.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${owner.token}`, origin: app.url, "content-type": "application/json" },
    body: method === "POST" ? "{}" : undefined,
  });

describe("a shared shortlist's page", () => {
  it("is private, no-store, as a page and as route data", async () => {
    const created = await fetch(`${app.url}/api/shortlists`, {
      method: "POST",
      headers: { authorization: `Bearer ${owner.token}`, origin: app.url, "content-type": "application/json" },
      body: JSON.stringify({ name: "For the board" }),
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: number };
    const shared = await api(`/api/shortlists/${id}/share`, "POST");
    expect(shared.status).toBe(201);
    const { token } = (await shared.json()) as { token: string };
    for (const path of [`/shortlists/shared/${token}`, `/shortlists/shared/${token}.data`]) {
      const response = await fetch(`${app.url}${path}`);
      await response.arrayBuffer();
      expect(response.status, path).toBe(200);
      expect(response.headers.get("cache-control"), path).toBe("private, no-store");
    }
  });
});

describe("signing in after a data request", () => {
  it("comes back to the page, never to its .data", async () => {
    const signedOut = await fetch(`${app.url}/shortlists.data`, { redirect: "manual" });
    const body = await signedOut.text();
    const location = `${signedOut.headers.get("location") ?? ""} ${signedOut.headers.get("x-remix-redirect") ?? ""} ${body}`;
    expect(location).toContain("redirectTo=%2Fshortlists");
    expect(location).not.toContain("shortlists.data");
    // Already signed in (or just signed in), the sign-in page sends the browser on: to the page.
    const onward = await fetch(`${app.url}/sign-in?redirectTo=${encodeURIComponent("/shortlists.data")}`, {
      headers: { cookie: `session=${owner.token}` },
      redirect: "manual",
    });
    await onward.arrayBuffer();
    expect(onward.status).toBe(302);
    expect(onward.headers.get("location")).toBe("/shortlists");
    const toApi = await fetch(`${app.url}/sign-in?redirectTo=${encodeURIComponent("/api/shortlists")}`, {
      headers: { cookie: `session=${owner.token}` },
      redirect: "manual",
    });
    await toApi.arrayBuffer();
    expect(toApi.headers.get("location")).toBe("/");
  });
});
