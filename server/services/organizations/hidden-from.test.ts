import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabase } from "#server/db/client.ts";
import { createRuntime } from "#server/runtime.ts";
import { insertListedConsultant } from "../../../tests/setup/consultants.ts";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/database.ts";
import { searchParams } from "../../../tests/setup/search-params.ts";
import { recordingLog } from "../../../tests/setup/service-deps.ts";
import { insertUser } from "../../../tests/setup/users.ts";
import { searchDirectory } from "../search/index.ts";
import { searchDirectoryAs } from "./hidden-from.ts";

// Issue 31, "Done when": hiding profiles from organizations must not slow a signed-out search.
// Shown at the driver: a visitor's search sends exactly the statements the search sent before
// hiding existed (none about hidden profiles); a signed-in person costs one indexed statement
// more, and only a person from whom some profile is hidden gets the extra condition.

let database: TestDatabase;
let counted: ReturnType<typeof createDatabase>;
let statements: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  counted = createDatabase(database.url, { max: 2, onQuery: (query) => statements.push(query) });
  // Both connections open first: a new connection's own set-up statements are not the search's.
  await Promise.all([counted.sql`select 1`, counted.sql`select 1`, counted.sql`select 1`]);
});
afterAll(async () => {
  await counted?.close();
  await database?.close();
});

describe("a search as its viewer", () => {
  it("is the same statements for a visitor, and one more for a member, whose search alone leaves the hidden profile out", async () => {
    const deps = { db: counted.db, readDb: counted.db, runtime: createRuntime({ insights: null }), log: recordingLog().log };
    const shown = await insertListedConsultant(database.db, { name: "Lan Shown", bio: "Groundwater hydrogeology in the delta." });
    const hidden = await insertListedConsultant(database.db, { name: "Khamla Hidden", bio: "Groundwater hydrogeology in Laos." });
    const member = await insertUser(database.db, { name: "Ploy Member" });
    const stranger = await insertUser(database.db, { name: "Sam Stranger" });
    await database.sql`
      with organization as (insert into organizations (slug, name, kind, country) values ('employer', 'Employer', 'ngo', 'LA') returning id),
      joined as (insert into organization_members (organization_id, user_id, role) select id, ${member.id}, 'member' from organization)
      insert into consultant_hidden_from (consultant_id, organization_id) select ${hidden}, id from organization`;
    const params = searchParams({ keywords: "hydrogeology" });
    const cost = async (run: () => Promise<{ consultants: { id: number }[] }>) => {
      statements = [];
      const found = (await run()).consultants.map((consultant) => consultant.id).sort();
      return { found, statements: [...statements] };
    };
    await searchDirectory(deps, params); // caches warm (word analysis, plans)

    const before = await cost(() => searchDirectory(deps, params));
    const visitor = await cost(() => searchDirectoryAs(deps, null, params));
    expect(visitor).toEqual(before);
    expect(before.found).toEqual([shown, hidden].sort());
    expect(visitor.statements.join("\n")).not.toMatch(/hidden_from|<> all/);

    const signedIn = await cost(() => searchDirectoryAs(deps, { id: stranger.id, role: "user" }, params));
    expect(signedIn.found).toEqual(before.found);
    expect(signedIn.statements.filter((query) => /consultant_hidden_from/.test(query))).toHaveLength(1);
    expect(signedIn.statements.filter((query) => !/consultant_hidden_from/.test(query))).toEqual(before.statements);

    const fromMember = await cost(() => searchDirectoryAs(deps, { id: member.id, role: "user" }, params));
    expect(fromMember.found).toEqual([shown]);
    expect(fromMember.statements).toHaveLength(before.statements.length + 1);
    expect(fromMember.statements.filter((query) => /<> all/.test(query)).length).toBeGreaterThan(0);
  });
});
