import { describe, expect } from "vitest";
import { call } from "./api-app.ts";
import { apiTest } from "./fixtures.ts";
import { freshIp } from "./unique.ts";

// The shared integration fixtures themselves: every API file relies on what they promise, so a
// fixture that stops keeping a promise fails here, by name, before it fails somewhere else.

const it = apiTest({ REQUIRE_APPROVAL: "false" });

describe("the api fixture", () => {
  it("runs the app on a database of its own, cloned from the migrated template", async ({ api }) => {
    const [row] = await api.database.sql<{ name: string; migrations: number }[]>`
      select current_database() as name, (select count(*)::int from drizzle.__drizzle_migrations) as migrations`;
    expect(row?.name).toBe(api.database.name);
    expect(row?.name).toMatch(/^test_[0-9a-f]{12}$/);
    expect(row?.migrations).toBeGreaterThan(0);
    expect(api.config.requireApproval).toBe(false);
  });

  it("signs in an account of each role, which the API knows by its token", async ({ api, signedIn }) => {
    for (const role of ["user", "admin"] as const) {
      const person = await signedIn(role, `A ${role}`);
      const me = await call(api.app, "GET", "/api/auth/me", { token: person.token });
      expect(me.status, role).toBe(200);
      expect(me.json).toMatchObject({ id: person.id, role, name: `A ${role}`, email: person.email });
    }
  });

  it("registers through the API, each account from an address of its own", async ({ api, register }) => {
    const first = await register({ name: "First Person" });
    const second = await register();
    expect(first.ip).not.toBe(second.ip);
    expect(first.body.email).not.toBe(second.body.email);
    const me = await call(api.app, "GET", "/api/auth/me", { cookie: first.cookie });
    expect(me.json.name).toBe("First Person");
  });
});

describe("freshIp", () => {
  it("never gives the same address twice, and every one is an IPv4 address", () => {
    const seen = new Set<string>();
    for (let i = 0; i < 125_000; i++) seen.add(freshIp());
    expect(seen.size).toBe(125_000);
    expect(
      [...seen].every((ip) => /^198\.1[89]\.\d{1,3}\.\d{1,3}$/.test(ip) && ip.split(".").every((part) => Number(part) < 256)),
    ).toBe(true);
  });
});
