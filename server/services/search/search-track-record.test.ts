import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseSearchParams } from "#common/search-params.ts";
import type { AssignmentInput } from "#common/track-record.ts";
import type { NewConsultant } from "#server/db/schema.ts";
import { createRuntime } from "#server/runtime.ts";
import { insertListedConsultant } from "../../../tests/setup/consultants.ts";
import { createTestDatabase, type TestDatabase } from "../../../tests/setup/database.ts";
import { replaceTrackRecord } from "../consultants/track-record.ts";
import { searchConsultants } from "./index.ts";

/** The process state a search keeps (its caches), as a server process has one. */
const runtime = createRuntime({ insights: null });

// Issue 12: the donor and workedIn filters, and keywords that match assignments, on a real
// database whose triggers keep the search columns current.

let database: TestDatabase;

const assignment = (extra: Partial<AssignmentInput>): AssignmentInput => ({
  title: "Programme Officer",
  organization: "Ministry of Planning",
  donors: ["UNDP"],
  countries: ["Thailand"],
  role: null,
  startDate: "2018-01",
  endDate: "2019-12",
  sector: null,
  description: null,
  ...extra,
});

async function consultant(overrides: Partial<NewConsultant>, assignments: Partial<AssignmentInput>[]) {
  const id = await insertListedConsultant(database.db, overrides);
  await replaceTrackRecord(database.db, id, { assignments: assignments.map(assignment) });
  return id;
}

beforeAll(async () => {
  database = await createTestDatabase();
  await consultant({ name: "Anh", country: "Vietnam", city: "Hanoi", primarySpecialization: "Healthcare" }, [
    { donors: ["Asian Development Bank", "WHO"], countries: ["Vietnam", "Laos"], title: "Hospital Reform Adviser" },
    { donors: ["World Bank"], countries: ["Cambodia"], description: "Costed the provincial sanitation masterplan." },
  ]);
  await consultant({ name: "Budi", country: "Indonesia", city: "Jakarta", primarySpecialization: "Finance" }, [
    { donors: ["Asian Development Bank"], countries: ["Indonesia"], organization: "Bank Indonesia" },
  ]);
  await consultant({ name: "Chanthy", country: "Cambodia", city: "Phnom Penh", availableForWork: false }, [
    { donors: ["World Bank", "Asian Development Bank"], countries: ["Vietnam"], title: "Irrigation Economist" },
  ]);
  // Lives in Vietnam but never worked there on an assignment.
  await consultant({ name: "Dung", country: "Vietnam", city: "Da Nang" }, [{ donors: ["JICA"], countries: ["Myanmar"] }]);
  await consultant({ name: "Unlisted", status: "pending" }, [{ donors: ["Asian Development Bank"], countries: ["Vietnam"] }]);
  // Ranking: the same word in a title, in an assignment, in the bio.
  await consultant({ name: "Title match", title: "Mangrove Specialist", bio: "Coastal work across the region." }, []);
  await consultant({ name: "Assignment match", title: "Coastal Planner", bio: "Coastal work across the region." }, [
    { title: "Mangrove restoration lead", donors: ["GIZ"] },
  ]);
  await consultant({ name: "Bio match", title: "Coastal Engineer", bio: "Once planted mangrove seedlings with villagers." }, []);
});
afterAll(async () => {
  await database?.close();
});

async function names(query: Record<string, string>) {
  const parsed = parseSearchParams(new URLSearchParams({ limit: "100", ...query }));
  if (!parsed.success) throw parsed.error;
  const result = await searchConsultants({ db: database.db, runtime }, parsed.data);
  return result.consultants.map((item) => item.name);
}

const sorted = async (query: Record<string, string>) => (await names(query)).sort();

describe("donor and workedIn filters", () => {
  it("donor alone: one donor, several (all must match), any spelling of the list's names", async () => {
    expect(await sorted({ donor: "Asian Development Bank" })).toEqual(["Anh", "Budi", "Chanthy"]);
    expect(await sorted({ donor: "asian development bank,World Bank" })).toEqual(["Anh", "Chanthy"]);
    expect(await sorted({ donor: "World Bank,WHO" })).toEqual(["Anh"]);
    expect(await sorted({ donor: "KOICA" })).toEqual([]);
  });

  it("workedIn alone is where an assignment took place, not where the consultant lives", async () => {
    expect(await sorted({ workedIn: "Vietnam" })).toEqual(["Anh", "Chanthy"]);
    expect(await sorted({ workedIn: "vietnam" })).toEqual(["Anh", "Chanthy"]);
    expect(await sorted({ location: "Vietnam" })).toEqual(["Anh", "Dung"]);
    expect(await sorted({ workedIn: "Myanmar" })).toEqual(["Dung"]);
  });

  it("combine with each other, with keywords and with the other filters", async () => {
    expect(await sorted({ donor: "Asian Development Bank", workedIn: "Vietnam" })).toEqual(["Anh", "Chanthy"]);
    expect(await sorted({ donor: "Asian Development Bank", workedIn: "Indonesia" })).toEqual(["Budi"]);
    expect(await sorted({ donor: "World Bank", availability: "available" })).toEqual(["Anh"]);
    expect(await sorted({ donor: "Asian Development Bank", location: "Indonesia" })).toEqual(["Budi"]);
    expect(await sorted({ donor: "Asian Development Bank", expertise: "Healthcare" })).toEqual(["Anh"]);
    expect(await sorted({ donor: "Asian Development Bank", keywords: "irrigation" })).toEqual(["Chanthy"]);
    expect(await sorted({ workedIn: "Vietnam", keywords: "hospital", sort: "recent" })).toEqual(["Anh"]);
  });

  it("rejects an unknown donor in the API's strict parsing, with a message naming the parameter", () => {
    const parsed = parseSearchParams(new URLSearchParams({ donor: "Acme" }));
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toMatch(/^Donor must be one of World Bank, Asian Development Bank/);
  });
});

describe("filters read from the search document's facets", () => {
  it("follow a change that leaves the text alone (availability, experience), read either way", async () => {
    const id = await consultant({ name: "Facet Mover", title: "Cartographer", availableForWork: false, yearsExperience: 5 }, [
      { donors: ["KOICA"], countries: ["Mongolia"] },
    ]);
    const found = async (query: Record<string, string>) => {
      const parsed = parseSearchParams(new URLSearchParams({ keywords: "cartographer", ...query }));
      if (!parsed.success) throw parsed.error;
      const ways = await Promise.all(
        (["walk-index", "read-all"] as const).map(async (strategy) =>
          (await searchConsultants({ db: database.db, runtime }, parsed.data, { strategy })).consultants.map((item) => item.name),
        ),
      );
      expect(ways[1]).toEqual(ways[0]);
      return ways[0];
    };
    expect(await found({ availability: "unavailable", experience: "4-7", donor: "KOICA", workedIn: "Mongolia" })).toEqual([
      "Facet Mover",
    ]);
    expect(await found({ availability: "available" })).toEqual([]);
    await database.sql`update consultants set available_for_work = true, years_experience = 15 where id = ${id}`;
    expect(await found({ availability: "available", experience: "15+" })).toEqual(["Facet Mover"]);
    expect(await found({ availability: "available", experience: "8-15" })).toEqual(["Facet Mover"]);
    expect(await found({ availability: "unavailable" })).toEqual([]);
    expect(await found({ experience: "4-7" })).toEqual([]);
    expect(await sorted({ donor: "KOICA", availability: "available" })).toEqual(["Facet Mover"]);
    await database.sql`update consultants set status = 'hidden' where id = ${id}`;
    expect(await found({})).toEqual([]);
  });
});

describe("keywords over assignments", () => {
  it("match assignment titles, organizations and descriptions", async () => {
    expect(await names({ keywords: "hospital reform" })).toEqual(["Anh"]);
    expect(await names({ keywords: "sanitation masterplan" })).toEqual(["Anh"]);
    expect(await names({ keywords: "Bank Indonesia" })).toContain("Budi");
  });

  it("rank an assignment match below a title match and above a bio match", async () => {
    expect(await names({ keywords: "mangrove" })).toEqual(["Title match", "Assignment match", "Bio match"]);
  });

  it("follow a replaced list: old assignments stop matching, new ones match", async () => {
    const id = await consultant({ name: "Replacer" }, [{ title: "Fisheries Cooperative Adviser", donors: ["FAO"] }]);
    expect(await names({ keywords: "fisheries" })).toEqual(["Replacer"]);
    expect(await names({ donor: "FAO" })).toEqual(["Replacer"]);
    await replaceTrackRecord(database.db, id, { assignments: [assignment({ title: "Tax Administration Reviewer" })] });
    expect(await names({ keywords: "fisheries" })).toEqual([]);
    expect(await names({ donor: "FAO" })).toEqual([]);
    expect(await names({ keywords: "tax administration" })).toEqual(["Replacer"]);
  });
});

describe("a long track record", () => {
  it("keeps the profile's search document and filter lists in its row, and moves the long text out", async () => {
    // Eight assignments with long descriptions and a long bio: a row far over PostgreSQL's 2 kB
    // TOAST threshold. A search tests the document of every profile it walks, so the document
    // must not need a read from the TOAST table (migration 0014).
    const long = (seed: string) => `${seed} `.repeat(120).trim();
    const id = await consultant(
      { name: "Long Record", bio: long("Led household surveys, costed plans and trained district staff.").slice(0, 4900) },
      Array.from({ length: 8 }, (_, index) => ({
        title: `Assignment ${index} on rural water supply`,
        donors: ["World Bank", "UNICEF"],
        countries: ["Laos", "Vietnam"],
        description: long(`Designed ${index} village schemes and wrote the operations manuals.`).slice(0, 2000),
      })),
    );
    const [row] = await database.sql<{ document: boolean; head: boolean; donors: boolean; bio: boolean }[]>`
      select pg_column_toast_chunk_id(search_document) is null as document,
        pg_column_toast_chunk_id(search_head) is null as head,
        pg_column_toast_chunk_id(track_donors) is null as donors,
        pg_column_toast_chunk_id(bio) is null as bio
      from consultants where id = ${id}`;
    expect(row).toMatchObject({ document: true, head: true, donors: true, bio: false });
    expect(await names({ keywords: "operations manuals", workedIn: "Laos" })).toEqual(["Long Record"]);
  });
});
