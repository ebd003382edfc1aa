import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppServer, startApp } from "../setup/app-server.ts";
import { insertSignedInUser } from "../setup/users.ts";

// Issue 35, item 3 (the operations review's sixth failure): the profile page's review forms
// answered 500 to a reviewId of 1.5, abc or 99999999999 (PostgreSQL refused the value as an
// integer). Every id in a form goes through the one id parser: a value that names no review is a
// 400, before any query.

let app: AppServer;
let cookie: string;
let consultantId: number;

beforeAll(async () => {
  app = await startApp({ env: { SEED_DEMO: "false", REQUIRE_APPROVAL: "false" } });
  const database = app.database;
  if (!database) throw new Error("the test database is missing");
  const user = await insertSignedInUser(database.db);
  cookie = `session=${user.token}`;
  const [row] = await database.sql<{ id: number }[]>`
    insert into consultants (name, title, email, location, country, years_experience, primary_specialization, bio, status)
    values ('Ids Tester', 'Evaluator', 'ids@example.org', 'Hanoi, Vietnam', 'Vietnam', 5, 'Healthcare', 'Evaluates health programmes.', 'approved')
    returning id`;
  consultantId = row?.id ?? 0;
});
afterAll(async () => {
  await app?.stop();
});

describe("ids in the profile page's review forms", () => {
  for (const intent of ["review-update", "review-delete", "review-respond", "review-hide"]) {
    it(`${intent}: a reviewId that is no id is a 400, never a 500`, async () => {
      for (const reviewId of ["1.5", "abc", "99999999999", "-1", "0", "１", ""]) {
        for (const suffix of ["", ".data"]) {
          const response = await fetch(`${app.url}/consultant/${consultantId}${suffix}`, {
            method: "POST",
            redirect: "manual",
            headers: { cookie, origin: app.url, "content-type": "application/x-www-form-urlencoded" },
            body: new URLSearchParams({ intent, reviewId, score: "5", text: "Careful and on time.", engagement: "Other" }),
          });
          await response.arrayBuffer();
          expect(response.status, `${intent} reviewId=${reviewId}${suffix}`).toBe(400);
        }
      }
    });
  }
});
