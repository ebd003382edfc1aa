import { describe, expect } from "vitest";
import { call, type TestApi } from "../../../tests/setup/api-app.ts";
import { insertListedConsultant } from "../../../tests/setup/consultants.ts";
import { apiTest } from "../../../tests/setup/fixtures.ts";

const it = apiTest();

it.beforeAll(async ({ api }) => {
  await insertListedConsultant(api.database.db, {
    name: "Visible Phone",
    country: "Cambodia",
    bio: "Irrigation management for smallholder farmers.",
    showPhone: true,
    phone: "+855 12 345 678",
    email: "hidden@example.org",
    projectsCompleted: 7,
  });
  await insertListedConsultant(api.database.db, {
    name: "Waiting",
    status: "pending",
    bio: "Irrigation design, awaiting approval.",
  });
});

async function get(api: TestApi, path: string) {
  const { status, json } = await call(api.app, "GET", path);
  return { status, body: json };
}

describe("GET /api/consultants", () => {
  it("answers { consultants, total } with paging facts, public fields only", async ({ api }) => {
    const { status, body } = await get(api, "/api/consultants?keywords=irrigation");
    expect(status).toBe(200);
    expect(body).toMatchObject({ total: 1, totalIsCapped: false, page: 1, limit: 12, pageCount: 1, sort: "relevance" });
    expect(body.consultants).toHaveLength(1);
    const [consultant] = body.consultants;
    expect(consultant).toMatchObject({ name: "Visible Phone", phone: "+855 12 345 678", email: null });
    const text = JSON.stringify(body);
    for (const internal of ["hidden@example.org", "search", "static", "status", "userId"]) expect(text).not.toContain(internal);
  });

  it("rejects nonsense with a 400 naming the parameter, never a 500", async ({ api }) => {
    const cases: [string, string][] = [
      ["page=0", "Page must be a whole number of at least 1"],
      ["limit=500", "Limit must be a whole number from 1 to 100"],
      ["sort=cheapest", "Sort must be one of relevance, experience, location, recent"],
      ["experience=lots", "Experience must be one of 1-3, 4-7, 8-15, 15+"],
      ["availability=maybe", "Availability must be available or unavailable"],
    ];
    for (const [query, message] of cases) {
      const { status, body } = await get(api, `/api/consultants?${query}`);
      expect(status).toBe(400);
      expect(body.message).toBe(message);
      expect(body.errors[0]).toMatchObject({ message });
    }
    // Odd but harmless input is a search, not an error.
    for (const query of ["keywords=%27%3B%20drop%20table", "keywords=%E2%80%94%E2%80%94", "location=%25", "languages=,,,"]) {
      expect((await get(api, `/api/consultants?${query}`)).status).toBe(200);
    }
  });
});

describe("GET /api/stats", () => {
  it("answers the four totals and the per-country counts", async ({ api }) => {
    const { status, body } = await get(api, "/api/stats");
    expect(status).toBe(200);
    expect(body).toMatchObject({ totalConsultants: 1, totalCountries: 1, totalSpecializations: 1, totalProjects: 7 });
    expect(body.countries).toContainEqual({ country: "Cambodia", count: 1 });
  });
});
