import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabase } from "#server/db/client.ts";
import { consultantChanges } from "#server/db/schema.ts";
import { insertListedConsultant } from "../../../tests/setup/consultants.ts";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/database.ts";
import { insertUser } from "../../../tests/setup/users.ts";
import { listApprovalQueue } from "./change-review.ts";

// The approval queue reads the published values of every change on its page together: a page of
// changes costs the same statements whether it holds one change or several.

let database: TestDatabase;
let counted: ReturnType<typeof createDatabase>;
let statements: string[] = [];
let admin: { id: number; role: "admin" };

beforeAll(async () => {
  database = await createTestDatabase();
  counted = createDatabase(database.url, { max: 1, onQuery: (query) => statements.push(query) });
  await counted.sql`select 1`;
  const user = await insertUser(database.db, { role: "admin" });
  admin = { id: user.id, role: "admin" };
});
afterAll(async () => {
  await counted?.close();
  await database?.close();
});

async function proposeTitle(title: string, proposed: string) {
  const id = await insertListedConsultant(database.db, { title });
  await database.db.insert(consultantChanges).values({ consultantId: id, changes: { title: proposed } });
  return id;
}

async function queueCost() {
  statements = [];
  const queue = await listApprovalQueue({ db: counted.db }, admin, {});
  return { queue, statements: statements.length };
}

describe("the approval queue", () => {
  it("shows each change against its published values, in statements that do not grow with the changes", async () => {
    const first = await proposeTitle("Hydrologist", "Senior Hydrologist");
    const one = await queueCost();
    expect(one.queue.entries.find((entry) => entry.id === first)?.change?.fields).toEqual([
      expect.objectContaining({ field: "title", before: "Hydrologist", after: "Senior Hydrologist" }),
    ]);

    const second = await proposeTitle("Economist", "Health Economist");
    const third = await proposeTitle("Surveyor", "Land Surveyor");
    const three = await queueCost();
    const byId = new Map(three.queue.entries.map((entry) => [entry.id, entry.change?.fields]));
    expect(byId.get(second)).toEqual([
      expect.objectContaining({ field: "title", before: "Economist", after: "Health Economist" }),
    ]);
    expect(byId.get(third)).toEqual([expect.objectContaining({ field: "title", before: "Surveyor", after: "Land Surveyor" })]);
    expect(three.statements).toBe(one.statements);
  });
});
