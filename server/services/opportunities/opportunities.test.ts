import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UNICODE_BIO, UNICODE_TITLE, ZAWGYI_BIO, ZAWGYI_TITLE } from "../../../tests/fixtures/zawgyi.ts";
import { insertListedConsultant } from "../../../tests/setup/consultants.ts";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/database.ts";
import { inDays } from "../../../tests/setup/opportunities.ts";
import { insertVerifiedOrganization } from "../../../tests/setup/organizations.ts";
import { testServiceDeps } from "../../../tests/setup/service-deps.ts";
import { insertUser } from "../../../tests/setup/users.ts";
import { actorOf, type ServiceDeps } from "../context.ts";
import { expressInterest, updateMyInterest } from "./interests.ts";
import { createOpportunity, publishOpportunity, updateOpportunity } from "./opportunities.ts";

// An opportunity's text as its services store it (the routes' behaviour is in
// server/http/api/opportunities.test.ts).

let database: TestDatabase;
let deps: ServiceDeps;

beforeAll(async () => {
  database = await createTestDatabase();
  // Posting and editing enqueue nothing.
  deps = await testServiceDeps(database.db, { jobs: { enqueue: async () => null } });
});
afterAll(async () => {
  await database?.close();
});

describe("an opportunity's text", () => {
  it("stores Burmese typed in Zawgyi in Unicode, when it is posted and when it is edited (issue 37)", async () => {
    const owner = await insertUser(database.db);
    const { id: organizationId } = await insertVerifiedOrganization(database.sql, { name: "Yangon Water Trust", country: "MM" }, [
      { userId: owner.id, role: "owner" },
    ]);
    const actor = actorOf({ user: owner });
    const description = `Terms of Reference. ${ZAWGYI_BIO} Field work in Ayeyarwady Region.`;
    const posted = await createOpportunity(deps, actor, {
      organizationId,
      title: ZAWGYI_TITLE,
      description,
      specializations: ["Infrastructure"],
      countries: ["Myanmar"],
      duration: { value: 3, unit: "months" },
      deadline: inDays(30),
    });
    const stored = async () => {
      const [row] = await database.sql<{ title: string; description: string; description_html: string }[]>`
        select title, description, description_html from opportunities where id = ${posted.id}`;
      return row;
    };
    expect(posted.title).toBe(UNICODE_TITLE);
    const created = await stored();
    expect(created?.title).toBe(UNICODE_TITLE);
    expect(created?.description).toBe(`Terms of Reference. ${UNICODE_BIO} Field work in Ayeyarwady Region.`);
    expect(created?.description_html).toContain(UNICODE_BIO);
    // Edited in Zawgyi: Unicode again.
    await updateOpportunity(deps, actor, {
      id: posted.id,
      body: { title: `${ZAWGYI_TITLE} (WASH)`, description: `${ZAWGYI_BIO} Two field visits.` },
    });
    const edited = await stored();
    expect(edited?.title).toBe(`${UNICODE_TITLE} (WASH)`);
    expect(edited?.description).toBe(`${UNICODE_BIO} Two field visits.`);
    // Typed in Unicode: kept as it is.
    await updateOpportunity(deps, actor, { id: posted.id, body: { title: UNICODE_TITLE } });
    expect((await stored())?.title).toBe(UNICODE_TITLE);
  });

  it("stores an expression of interest's note typed in Zawgyi in Unicode (issue 37)", async () => {
    const owner = await insertUser(database.db);
    const { id: organizationId } = await insertVerifiedOrganization(
      database.sql,
      { name: "Mandalay Health Network", country: "MM" },
      [{ userId: owner.id, role: "owner" }],
    );
    const posted = await createOpportunity(deps, actorOf({ user: owner }), {
      organizationId,
      title: "Rural water supply evaluation",
      description: "Evaluate the rural water supply programme in two townships, with the township health teams.",
      specializations: ["Infrastructure"],
      countries: ["Myanmar"],
      duration: { value: 2, unit: "months" },
      deadline: inDays(30),
    });
    await publishOpportunity(deps, actorOf({ user: owner }), posted.id);
    const applicant = await insertUser(database.db);
    await insertListedConsultant(database.db, { userId: applicant.id });
    const actor = actorOf({ user: applicant });
    await expressInterest(deps, actor, { id: posted.id, body: { note: ZAWGYI_BIO } });
    const note = async () => {
      const [row] = await database.sql<
        { note: string }[]
      >`select note from opportunity_interests where opportunity_id = ${posted.id}`;
      return row?.note;
    };
    expect(await note()).toBe(UNICODE_BIO);
    await updateMyInterest(deps, actor, {
      id: posted.id,
      body: { note: `WASH adviser with township health teams. ${ZAWGYI_TITLE}` },
    });
    expect(await note()).toBe(`WASH adviser with township health teams. ${UNICODE_TITLE}`);
  });
});
