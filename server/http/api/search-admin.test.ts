import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, authUsers } from "#server/db/schema.ts";
import { createSession } from "#server/services/sessions.ts";
import { type ApiApp, call, startApiApp } from "../../../tests/setup/api-app.ts";
import { insertPlainConsultant } from "../../../tests/setup/consultants.ts";

// Issue 33 through the API: a search speaks the field's language (expandedTerms), an empty one
// answers its relaxations, admins see the zero-result searches and add a synonym to a concept.

let env: Awaited<ReturnType<typeof startApiApp>>;
let app: ApiApp["app"];
const tokens = { admin: "", user: "" };

async function signedIn(role: "user" | "admin") {
  const [user] = await env.database.db
    .insert(authUsers)
    .values({ email: `${role}.${Math.random().toString(36).slice(2)}@example.org`, name: `A ${role}`, hashedPassword: "x", role })
    .returning();
  return (await createSession(env.database.db, user!.id)).token;
}

beforeAll(async () => {
  env = await startApiApp();
  app = env.app;
  tokens.admin = await signedIn("admin");
  tokens.user = await signedIn("user");
  await insertPlainConsultant(env.database.db, { name: "Mel Spelled", bio: "Monitoring and evaluation of district programmes." });
  await insertPlainConsultant(env.database.db, { name: "Zorb Writer", bio: "Known for zorbling the village pumps." });
  await insertPlainConsultant(env.database.db, {
    name: "Supply Writer",
    bio: "Rural water supply schemes.",
    availableForWork: false,
  });
});
afterAll(async () => {
  await env?.close();
});

const names = (json: Record<string, unknown>) => (json.consultants as { name: string }[]).map((consultant) => consultant.name);

describe("the search in the field's language, through the API", () => {
  it("finds the spelled-out phrase for an acronym and says which concept it expanded", async () => {
    const { status, json } = await call(app, "GET", "/api/consultants?keywords=M%26E");
    expect(status).toBe(200);
    expect(names(json)).toEqual(["Mel Spelled"]);
    expect(json.expandedTerms).toEqual([expect.objectContaining({ typed: "M&E", concept: "monitoring-evaluation" })]);
  });

  it("answers the relaxations beside an empty result", async () => {
    const { json } = await call(app, "GET", "/api/consultants?keywords=water+supply&availability=available");
    expect(json.total).toBe(0);
    expect(json.relaxations).toEqual([
      { drop: { filter: "availability", value: "available" }, count: 1, countIsCapped: false, query: "?keywords=water+supply" },
    ]);
  });
});

describe("zero-result searches and synonyms (admins)", () => {
  it("refuses visitors (401) and other people (403) before reading anything", async () => {
    for (const [method, path] of [
      ["GET", "/api/search/zero-results"],
      ["POST", "/api/admin/glossary/drinking-water-supply/synonyms"],
      ["GET", "/api/admin/glossary/export"],
    ] as const) {
      expect((await call(app, method, path, { body: method === "POST" ? {} : undefined })).status).toBe(401);
      expect((await call(app, method, path, { token: tokens.user, body: method === "POST" ? {} : undefined })).status).toBe(403);
    }
  });

  it("lists the most frequent searches that found nothing, without who searched", async () => {
    await call(app, "GET", "/api/consultants?keywords=Qwxz+Blorp", { token: tokens.user });
    await call(app, "GET", "/api/consultants?keywords=qwxz%20blorp&page=2");
    await call(app, "GET", "/api/consultants?keywords=blorpity");
    const { status, json } = await call(app, "GET", "/api/search/zero-results", { token: tokens.admin });
    expect(status).toBe(200);
    expect(json.days).toBe(30);
    expect(json.searches.slice(0, 2)).toEqual([
      { query: "keywords=qwxz+blorp", keywords: "qwxz blorp", searches: 2, lastSearched: expect.any(String) },
      { query: "keywords=blorpity", keywords: "blorpity", searches: 1, lastSearched: expect.any(String) },
    ]);
    const columns = await env.database.sql`
      select column_name from information_schema.columns where table_name = 'search_zero_results' order by 1`;
    expect(columns.map((column) => column.column_name)).toEqual(["day", "query", "searches"]);
    expect((await call(app, "GET", "/api/search/zero-results?limit=0", { token: tokens.admin })).status).toBe(400);
  });

  it("adds a synonym to a concept: audited, and the concept's searches find it once profiles are tagged again", async () => {
    expect(names((await call(app, "GET", "/api/consultants?keywords=water+supply")).json)).toEqual(["Supply Writer"]);
    const added = await call(app, "POST", "/api/admin/glossary/drinking-water-supply/synonyms", {
      token: tokens.admin,
      body: { language: "en", text: "zorbling" },
    });
    expect(added.status).toBe(201);
    expect(added.json).toMatchObject({ conceptId: "drinking-water-supply", language: "en", text: "zorbling" });
    const [entry] = await env.database.db.select().from(auditLog).where(eq(auditLog.action, "add_synonym"));
    expect(entry).toMatchObject({
      targetType: "concept",
      targetId: added.json.id,
      targetLabel: "drinking-water-supply: zorbling",
    });
    // The retag job tags every profile again in the background.
    await expect
      .poll(async () => names((await call(app, "GET", "/api/consultants?keywords=water+supply")).json).sort(), {
        timeout: 30_000,
      })
      .toEqual(["Supply Writer", "Zorb Writer"]);
    const typed = await call(app, "GET", "/api/consultants?keywords=zorbling");
    expect(typed.json.expandedTerms).toEqual([expect.objectContaining({ typed: "zorbling", concept: "drinking-water-supply" })]);
    // The export carries the addition in its concept, for review into the file.
    const exported = await call(app, "GET", "/api/admin/glossary/export", { token: tokens.admin });
    expect(JSON.stringify(exported.json)).toContain('"zorbling"');
  });

  it("refuses a form already known (409), an unknown concept (404) and a form in the wrong script (400)", async () => {
    const add = (concept: string, body: unknown) =>
      call(app, "POST", `/api/admin/glossary/${concept}/synonyms`, { token: tokens.admin, body });
    expect((await add("drinking-water-supply", { language: "en", text: "zorbling" })).status).toBe(409);
    expect((await add("monitoring-evaluation", { language: "en", text: "water supply" })).status).toBe(409);
    expect((await add("no-such-concept", { language: "en", text: "something" })).status).toBe(404);
    expect((await add("Not_A_Concept", { language: "en", text: "something" })).status).toBe(404);
    expect((await add("gender", { language: "th", text: "gender" })).status).toBe(400);
    expect((await add("gender", { language: "en" })).status).toBe(400);
    expect((await add("gender", { language: "en", text: "x".repeat(500) })).status).toBe(400);
  });
});
