import { describe, expect } from "vitest";
import { call, type TestApi } from "../../../tests/setup/api-app.ts";
import { insertConsultant, profileBody } from "../../../tests/setup/consultants.ts";
import { apiTest } from "../../../tests/setup/fixtures.ts";
import { mekongEvaluation } from "../../../tests/setup/track-record.ts";
import { insertSignedInUser } from "../../../tests/setup/users.ts";

const it = apiTest({ REQUIRE_APPROVAL: "false" });

// Issue 12: assignments, education, languages with levels, availability and the daily rate,
// through the JSON API on a real database.

/** A valid profile (tests/setup's), of a public health specialist; what a test is about goes in `extra`. */
const profile = (extra: Record<string, unknown> = {}) => profileBody({ title: "Public Health Specialist", ...extra });

/** tests/setup's assignment, with two donors and two countries (kept in their order). */
const assignment = (extra: Record<string, unknown> = {}) =>
  mekongEvaluation({ donors: ["Asian Development Bank", "WHO"], countries: ["Vietnam", "Laos"], ...extra });

const education = (extra: Record<string, unknown> = {}) => ({
  degree: "MSc",
  field: "Public Health",
  institution: "Mahidol University",
  year: 2010,
  ...extra,
});

async function createProfile(api: TestApi, body: Record<string, unknown> = {}) {
  const owner = await insertSignedInUser(api.database.db);
  const created = await call(api.app, "POST", "/api/consultants", { token: owner.token, body: profile(body) });
  expect(created.status, JSON.stringify(created.json)).toBe(201);
  return { owner, created: created.json };
}

async function storedCounts(api: TestApi, consultantId: number) {
  const [row] = await api.database.sql<{ assignments: number; education: number }[]>`
    select (select count(*) from consultant_assignments where consultant_id = ${consultantId})::int as assignments,
           (select count(*) from consultant_education where consultant_id = ${consultantId})::int as education`;
  return row;
}

describe("POST and PUT with a track record", () => {
  it("stores assignments and education in the shapes of the issue and returns them everywhere", async ({ api }) => {
    const { owner, created } = await createProfile(api, {
      assignments: [assignment(), assignment({ title: "Health Financing Adviser", donors: ["world bank"], endDate: null })],
      education: [education(), education({ degree: "MD", field: "", institution: "Hanoi Medical University", year: "2004" })],
      languages: ["vietnamese", "ENGLISH", "thai"],
      languageLevels: { Vietnamese: "native", english: "fluent", Thai: "basic" },
      availableFrom: "2027-01-15",
    });
    // The first as it was sent (its values are already canonical), the second with its donor's name canonical.
    expect(created.assignments).toEqual([
      { id: expect.any(Number), ...assignment() },
      expect.objectContaining({ title: "Health Financing Adviser", donors: ["World Bank"], endDate: null }),
    ]);
    expect(created.education).toEqual([
      { id: expect.any(Number), degree: "MSc", field: "Public Health", institution: "Mahidol University", year: 2010 },
      { id: expect.any(Number), degree: "MD", field: null, institution: "Hanoi Medical University", year: 2004 },
    ]);
    expect(created.languages).toEqual(["Vietnamese", "English", "Thai"]);
    expect(created.languageLevels).toEqual({ Vietnamese: "native", English: "fluent", Thai: "basic" });
    expect(created.availableFrom).toBe("2027-01-15");

    const publicView = await call(api.app, "GET", `/api/consultants/${created.id}`);
    expect(publicView.status).toBe(200);
    expect(publicView.json).toMatchObject({
      assignments: created.assignments,
      education: created.education,
      languages: ["Vietnamese", "English", "Thai"],
      languageLevels: { Vietnamese: "native", English: "fluent", Thai: "basic" },
      availableFrom: "2027-01-15",
      dailyRate: null,
    });
    expect(typeof publicView.json.updatedAt).toBe("string");
    const own = await call(api.app, "GET", "/api/my-consultant-profile", { token: owner.token });
    expect(own.json).toMatchObject({ assignments: created.assignments, education: created.education, rateVisibility: "hidden" });
  });

  it("counts the completed assignments (with an end date) as projects completed (issue 36)", async ({ api }) => {
    const { owner, created } = await createProfile(api, {
      assignments: [assignment(), assignment({ title: "Health Financing Adviser", endDate: null })],
    });
    // Not "0 projects completed" beside two assignments: the finished one counts, the ongoing one not yet.
    expect(created.projectsCompleted).toBe(1);
    const path = `/api/consultants/${created.id}`;
    expect((await call(api.app, "GET", path)).json.projectsCompleted).toBe(1);
    const finished = await call(api.app, "PUT", path, {
      token: owner.token,
      body: profile({
        email: created.email,
        assignments: [assignment(), assignment({ title: "Health Financing Adviser", endDate: "2024-12" })],
      }),
    });
    expect(finished.status, finished.text).toBe(200);
    expect(finished.json.projectsCompleted).toBe(2);
    // Left out, the list and its count stay; emptied, nothing is completed.
    const kept = await call(api.app, "PUT", path, { token: owner.token, body: profile({ email: created.email }) });
    expect(kept.json.projectsCompleted).toBe(2);
    const emptied = await call(api.app, "PUT", path, {
      token: owner.token,
      body: profile({ email: created.email, assignments: [] }),
    });
    expect(emptied.json.projectsCompleted).toBe(0);
    expect((await call(api.app, "GET", path)).json.projectsCompleted).toBe(0);
  });

  it("replaces the whole list on PUT, keeps it when the list is left out, empties it with []", async ({ api }) => {
    const { owner, created } = await createProfile(api, {
      assignments: [assignment({ title: "First" }), assignment({ title: "Second" })],
      education: [education()],
    });
    const path = `/api/consultants/${created.id}`;
    const replaced = await call(api.app, "PUT", path, {
      token: owner.token,
      body: profile({ email: created.email, assignments: [assignment({ title: "Third" })] }),
    });
    expect(replaced.status).toBe(200);
    expect(replaced.json.assignments.map((item: { title: string }) => item.title)).toEqual(["Third"]);
    expect(replaced.json.education).toHaveLength(1);

    const kept = await call(api.app, "PUT", path, { token: owner.token, body: profile({ email: created.email }) });
    expect(kept.json.assignments.map((item: { title: string }) => item.title)).toEqual(["Third"]);

    const reordered = await call(api.app, "PUT", path, {
      token: owner.token,
      body: profile({ email: created.email, assignments: [assignment({ title: "B" }), assignment({ title: "A" })] }),
    });
    expect(reordered.json.assignments.map((item: { title: string }) => item.title)).toEqual(["B", "A"]);

    const emptied = await call(api.app, "PUT", path, {
      token: owner.token,
      body: profile({ email: created.email, assignments: [], education: [] }),
    });
    expect(emptied.json.assignments).toEqual([]);
    expect(emptied.json.education).toEqual([]);
    expect(await storedCounts(api, created.id)).toEqual({ assignments: 0, education: 0 });
  });

  it("answers 400 naming the item and the field for each bad value, and stores nothing", async ({ api }) => {
    const { owner, created } = await createProfile(api, {
      assignments: [assignment({ title: "Kept" })],
      education: [education()],
    });
    const path = `/api/consultants/${created.id}`;
    const cases: [Record<string, unknown>, string, string][] = [
      [
        { assignments: [assignment(), assignment(), assignment({ donors: ["Acme Foundation"] })] },
        "assignments[2].donors[0]",
        'Assignment 3: Unknown donor "Acme Foundation"',
      ],
      [{ assignments: [assignment({ donors: [] })] }, "assignments[0].donors", "Assignment 1: Choose at least one funding donor"],
      [{ assignments: [assignment({ countries: [] })] }, "assignments[0].countries", "Assignment 1: Name at least one country"],
      [{ assignments: [assignment({ startDate: "03/2021" })] }, "assignments[0].startDate", "Assignment 1: Start month must be"],
      [{ assignments: [assignment({ startDate: "2021-13" })] }, "assignments[0].startDate", "Assignment 1: Start month must be"],
      [{ assignments: [assignment({ startDate: "" })] }, "assignments[0].startDate", "Assignment 1: Start month is required"],
      [{ assignments: [assignment({ endDate: "2021" })] }, "assignments[0].endDate", "Assignment 1: End month must be a month"],
      [
        { assignments: [assignment(), assignment(), assignment({ startDate: "2022-05", endDate: "2022-04" })] },
        "assignments[2].endDate",
        "Assignment 3: End month must not be before the start month",
      ],
      [{ assignments: [assignment({ title: " " })] }, "assignments[0].title", "Assignment 1: Assignment title is required"],
      [{ assignments: [assignment({ organization: undefined })] }, "assignments[0].organization", "Assignment 1: Client"],
      [{ assignments: [assignment({ sector: "Astrology" })] }, "assignments[0].sector", "Assignment 1: Sector must be one of"],
      [
        { assignments: [assignment({ description: "d".repeat(1024 * 1024) })] },
        "assignments[0].description",
        "Assignment 1: Description must be at most 2000 characters",
      ],
      [
        { assignments: [assignment({ role: "<script>alert(1)</script>" })] },
        "assignments[0].role",
        "Assignment 1: Role or position must not contain HTML",
      ],
      [
        { assignments: [assignment({ description: 'Built <img src=x onerror="alert(1)">' })] },
        "assignments[0].description",
        "must not contain HTML",
      ],
      [
        { assignments: Array.from({ length: 500 }, () => assignment()) },
        "assignments",
        "Keep at most 50 assignments: remove the others",
      ],
      [{ assignments: "lots" }, "assignments", "Add assignments as a list of entries"],
      [{ assignments: ["x"] }, "assignments[0]", "Give each assignment its title, client and dates, each under its name"],
      [{ education: { degree: "MPH" } }, "education", "Add education as a list of entries"],
      [{ education: [42] }, "education[0]", "Give each education entry its degree, institution and year, each under its name"],
      [{ languageLevels: ["Vietnamese"] }, "languageLevels", "Give each language's level under the language's name"],
      [{ dailyRate: "450 USD" }, "dailyRate", "Give the daily rate with its lowest and highest amounts (min, max)"],
      [{ showEmail: "sometimes" }, "showEmail", "Show email publicly must be true or false"],
      [
        { education: [education(), { ...education(), degree: "" }] },
        "education[1].degree",
        "Education entry 2: Degree is required",
      ],
      [{ education: [education({ year: 1850 })] }, "education[0].year", "Education entry 1: Year must be a year from 1950"],
      [{ education: [education({ institution: "<b>MIT</b>" })] }, "education[0].institution", "must not contain HTML"],
      [{ languages: ["Klingon"] }, "languages", 'Unknown language "Klingon"'],
      [{ languageLevels: { Vietnamese: "expert" } }, "languageLevels.Vietnamese", "Each language level must be one of"],
      [{ availableFrom: "2027-02-30" }, "availableFrom", "Available from must be a date"],
      [{ dailyRate: { min: 500, max: 400, currency: "USD" } }, "dailyRate.max", "The highest daily rate must not be below"],
      [{ dailyRate: { min: 500, max: 600, currency: null } }, "dailyRate.currency", "Choose the currency"],
      [{ dailyRate: { min: 500, max: 600, currency: "XXX" } }, "dailyRate.currency", "Currency must be one of"],
      [{ dailyRate: { min: -5, max: 600, currency: "USD" } }, "dailyRate.min", "Daily rate must be a whole number"],
      [{ rateVisibility: "friends" }, "rateVisibility", "Rate visibility must be one of"],
    ];
    for (const [extra, path_, message] of cases) {
      const refused = await call(api.app, "PUT", path, {
        token: owner.token,
        body: profile({ email: created.email, title: "Changed title", ...extra }),
      });
      expect(refused.status, `${path_}: ${refused.text.slice(0, 300)}`).toBe(400);
      expect(refused.json.errors[0]).toEqual({ path: path_, message: expect.stringContaining(message) });
      expect(refused.json.message).toBe(refused.json.errors[0].message);
    }
    // A whole body of the wrong shape: the profile's own words; where a schema has none, a person's
    // words too (common/shape-messages.ts), never zod's "Invalid input: expected object, received array".
    for (const body of ["a profile", [profile()]]) {
      const refused = await call(api.app, "PUT", path, { token: owner.token, body });
      expect(refused.status).toBe(400);
      expect(refused.json.message).toBe("Send the profile's fields, each under its name");
    }
    const unworded = await call(api.app, "POST", "/api/auth/verify-email", { body: ["a token"] });
    expect(unworded.status).toBe(400);
    expect(unworded.json.message).toBe("Send the request's fields, each under its name");
    // The same bad input on create stores no profile at all.
    const newcomer = await insertSignedInUser(api.database.db);
    const refusedCreate = await call(api.app, "POST", "/api/consultants", {
      token: newcomer.token,
      body: profile({ assignments: [assignment({ endDate: "2001-01" })] }),
    });
    expect(refusedCreate.status).toBe(400);
    expect(refusedCreate.json.errors[0].path).toBe("assignments[0].endDate");
    expect((await call(api.app, "GET", "/api/my-consultant-profile", { token: newcomer.token })).status).toBe(404);

    const after = await call(api.app, "GET", path, { token: owner.token });
    expect(after.json.title).toBe("Public Health Specialist");
    expect(after.json.assignments.map((item: { title: string }) => item.title)).toEqual(["Kept"]);
    expect(await storedCounts(api, created.id)).toEqual({ assignments: 1, education: 1 });
  });

  it("only the owner or an admin replaces the lists", async ({ api }) => {
    const { created } = await createProfile(api, { assignments: [assignment({ title: "Mine" })] });
    const path = `/api/consultants/${created.id}`;
    const body = profile({ email: created.email, assignments: [assignment({ title: "Vandal" })] });
    expect((await call(api.app, "PUT", path, { body })).status).toBe(401);
    const stranger = await insertSignedInUser(api.database.db);
    expect((await call(api.app, "PUT", path, { token: stranger.token, body })).status).toBe(403);
    expect((await call(api.app, "GET", path)).json.assignments.map((item: { title: string }) => item.title)).toEqual(["Mine"]);
    const admin = await insertSignedInUser(api.database.db, { role: "admin" });
    const edited = await call(api.app, "PUT", path, {
      token: admin.token,
      body: { ...body, assignments: [assignment({ title: "Corrected by admin" })] },
    });
    expect(edited.status).toBe(200);
    expect(edited.json.assignments.map((item: { title: string }) => item.title)).toEqual(["Corrected by admin"]);
  });
});

describe("privacy of the daily rate and of hidden contact details", () => {
  it("shows the rate as the consultant chose: nobody, signed-in users, or everyone; the owner and admins always", async ({
    api,
  }) => {
    const rate = { min: 450, max: 600, currency: "USD" };
    const { owner, created } = await createProfile(api, { dailyRate: rate, assignments: [assignment()] });
    const path = `/api/consultants/${created.id}`;
    const stranger = await insertSignedInUser(api.database.db);
    const admin = await insertSignedInUser(api.database.db, { role: "admin" });
    const seen = async (token?: string) => (await call(api.app, "GET", path, { token })).json.dailyRate;

    expect(created.dailyRate).toEqual(rate);
    expect(created.rateVisibility).toBe("hidden");
    expect(await seen()).toBeNull();
    expect(await seen(stranger.token)).toBeNull();
    expect(await seen(owner.token)).toEqual(rate);
    expect(await seen(admin.token)).toEqual(rate);
    const visitorText = (await call(api.app, "GET", path)).text;
    expect(visitorText).not.toContain("450");
    expect(visitorText).not.toContain("rateVisibility");
    expect((await call(api.app, "GET", "/api/consultants?limit=100")).text).not.toContain('"dailyRate"');

    await call(api.app, "PUT", path, {
      token: owner.token,
      body: profile({ email: created.email, rateVisibility: "signed-in" }),
    });
    expect(await seen()).toBeNull();
    expect(await seen(stranger.token)).toEqual(rate);

    await call(api.app, "PUT", path, { token: owner.token, body: profile({ email: created.email, rateVisibility: "public" }) });
    expect(await seen()).toEqual(rate);

    const cleared = await call(api.app, "PUT", path, {
      token: owner.token,
      body: profile({ email: created.email, dailyRate: null }),
    });
    expect(cleared.json.dailyRate).toBeNull();
    expect(await seen()).toBeNull();
  });

  it("never sends hidden contact details with the track record", async ({ api }) => {
    const { created } = await createProfile(api, {
      email: "hidden.lan@example.org",
      phone: "+84 24 555 7777",
      assignments: [assignment()],
      education: [education()],
    });
    const view = await call(api.app, "GET", `/api/consultants/${created.id}`);
    expect(view.status).toBe(200);
    expect(view.text).not.toContain("hidden.lan");
    expect(view.text).not.toContain("555 7777");
    expect(view.json).not.toHaveProperty("userId");
  });
});

describe("canonical languages", () => {
  it("stores languages as the list spells them, so a lower-case language is found by the filter", async ({ api }) => {
    const { created } = await createProfile(api, { languages: "khmer, ENGLISH, Khmer", name: "Sokha Chan" });
    expect(created.languages).toEqual(["Khmer", "English"]);
    const found = await call(api.app, "GET", "/api/consultants?languages=Khmer&limit=100");
    expect(found.json.consultants.map((item: { id: number }) => item.id)).toContain(created.id);
  });

  it("the migration's rule: a row written in lower case directly is still shown in canonical form after an update", async ({
    api,
  }) => {
    // Rows written before issue 12 were canonicalised by the migration; here the API's rule for new writes.
    const legacy = await insertConsultant(api.database.sql, { languages: ["English"] });
    const view = await call(api.app, "GET", `/api/consultants/${legacy.id}`);
    expect(view.json.languages).toEqual(["English"]);
    expect(view.json.assignments).toEqual([]);
    expect(view.json.languageLevels).toEqual({});
  });
});

describe("the database keeps its own promises", () => {
  it("refuses an end before the start, an unknown donor or level, and cascades with the profile", async ({ api }) => {
    const { sql } = api.database;
    const { id } = await insertConsultant(sql);
    const row = (extra: Record<string, unknown>) => ({
      consultant_id: id,
      position: 0,
      title: "T",
      organization: "O",
      donors: ["UNDP"],
      countries: ["Laos"],
      start_date: "2020-05-01",
      ...extra,
    });
    await expect(sql`insert into consultant_assignments ${sql(row({ end_date: "2020-04-01" }))}`).rejects.toThrow(
      /consultant_assignments_dates_check/,
    );
    await expect(sql`insert into consultant_assignments ${sql(row({ donors: ["Acme"] }))}`).rejects.toThrow(
      /consultant_assignments_donors_check/,
    );
    await expect(sql`update consultants set language_levels = '{"Thai": "expert"}' where id = ${id}`).rejects.toThrow(
      /consultants_language_levels_check/,
    );
    await expect(sql`update consultants set daily_rate_min = 5 where id = ${id}`).rejects.toThrow(/consultants_daily_rate_check/);
    await sql`insert into consultant_assignments ${sql(row({}))}`;
    await sql`insert into consultant_education ${sql({ consultant_id: id, position: 0, degree: "BA", institution: "RUPP" })}`;
    await sql`delete from consultants where id = ${id}`;
    expect(await storedCounts(api, id)).toEqual({ assignments: 0, education: 0 });
  });
});

describe("GET /api/consultants with donor and workedIn", () => {
  it("filters by donor and country of experience, and answers 400 for an unknown donor", async ({ api }) => {
    const { created } = await createProfile(api, {
      name: "Filter Person",
      assignments: [assignment({ donors: ["KOICA", "UNFPA"], countries: ["Timor-Leste"] })],
    });
    const ids = async (query: string) =>
      (await call(api.app, "GET", `/api/consultants?limit=100&${query}`)).json.consultants.map((item: { id: number }) => item.id);
    expect(await ids("donor=KOICA,UNFPA")).toEqual([created.id]);
    expect(await ids("donor=koica&workedIn=timor-leste")).toEqual([created.id]);
    expect(await ids("donor=KOICA&workedIn=Laos")).toEqual([]);
    const refused = await call(api.app, "GET", "/api/consultants?donor=Acme");
    expect(refused.status).toBe(400);
    expect(refused.text).toContain("Donor must be one of");
  });
});
