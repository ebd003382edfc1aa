import { randomBytes } from "node:crypto";
import { describe, expect } from "vitest";
import { MATCH_TEXTS, matchScore } from "#common/opportunity-match.ts";
import { suggestionSearches } from "#server/services/opportunities/matching.ts";
import { searchConsultants } from "#server/services/search/index.ts";
import { call, type TestApi } from "../../../tests/setup/api-app.ts";
import { insertListedConsultant } from "../../../tests/setup/consultants.ts";
import { apiTest } from "../../../tests/setup/fixtures.ts";
import { postOpportunity, verifiedOrganization } from "../../../tests/setup/opportunities.ts";
import { insertSignedInUser } from "../../../tests/setup/users.ts";
import { opportunitiesForYouSchema, suggestionsSchema } from "../openapi/opportunities.ts";

// Matching both ways (issue 32): Suggested consultants come from the search engine's own answers
// to the ToR's criteria (the same profiles, in its order), without the profiles hidden from the
// organization; Opportunities for you; the match score is the same number on both sides.

const it = apiTest();

const unique = () => randomBytes(5).toString("hex");
async function organizationWith(api: TestApi, opportunity: Record<string, unknown>) {
  const poster = await verifiedOrganization(api);
  const id = await postOpportunity(api, poster, {
    description: "Evaluate the programme's sediment work along the delta.",
    ...opportunity,
  });
  return { id, ...poster };
}

/** A listed consultant with an account, and optionally an assignment (its donors and countries feed the track record). */
async function consultant(
  api: TestApi,
  profile: Parameters<typeof insertListedConsultant>[1],
  assignment?: { donors: string[]; countries: string[] },
) {
  const user = await insertSignedInUser(api.database.db, { name: profile?.name ?? `Consultant ${unique()}` });
  const id = await insertListedConsultant(api.database.db, { userId: user.id, ...profile });
  if (assignment) {
    await api.database.sql`
      insert into consultant_assignments (consultant_id, position, title, organization, donors, countries, start_date, end_date)
      values (${id}, 0, 'Delta sediment monitoring', 'Mekong River Commission', ${assignment.donors}, ${assignment.countries},
              '2020-01-01', '2022-06-01')`;
  }
  return { ...user, consultantId: id };
}

describe("suggested consultants", () => {
  it("are the search engine's answers to the ToR's criteria, without the profiles hidden from the organization", async ({
    api,
  }) => {
    const word = `xylo${unique().replace(/\d/g, "q")}`;
    const { id, owner, organizationId } = await organizationWith(api, {
      title: `Sediment ${word} evaluation`,
      specializations: ["Environmental"],
      countries: ["Vietnam"],
      donors: ["Asian Development Bank"],
      languages: ["English", "Vietnamese"],
      minYearsExperience: 8,
    });
    const bio = `Led the sediment ${word} evaluation of three delta provinces.`;
    const best = await consultant(
      api,
      {
        name: "Lan Nguyen",
        primarySpecialization: "Environmental",
        languages: ["English", "Vietnamese"],
        yearsExperience: 12,
        bio,
        country: "Vietnam",
        location: "Hanoi, Vietnam",
      },
      { donors: ["Asian Development Bank"], countries: ["Vietnam"] },
    );
    const hidden = await consultant(
      api,
      { name: "Minh Tran", primarySpecialization: "Environmental", languages: ["English", "Vietnamese"], bio },
      { donors: ["Asian Development Bank"], countries: ["Vietnam"] },
    );
    await api.database
      .sql`insert into consultant_hidden_from (consultant_id, organization_id) values (${hidden.consultantId}, ${organizationId})`;
    const partial = await consultant(api, {
      name: "Somchai Wong",
      primarySpecialization: "Governance",
      secondarySpecializations: ["Environmental"],
      languages: ["English"],
      yearsExperience: 4,
      country: "Vietnam",
      location: "Da Nang, Vietnam",
    });
    const other = await consultant(api, { name: "Dewi Sari", primarySpecialization: "Healthcare", languages: ["English"] });

    const answer = await call(api.app, "GET", `/api/opportunities/${id}/suggestions`, { token: owner.token });
    expect(answer.status, answer.text).toBe(200);
    const { suggestions } = suggestionsSchema.parse(answer.json);
    const ids = suggestions.map((suggestion) => suggestion.consultant.id);
    expect(ids[0]).toBe(best.consultantId);
    expect(ids).toContain(partial.consultantId);
    expect(ids).not.toContain(hidden.consultantId);
    expect(ids).not.toContain(other.consultantId);

    // The same criteria given to the search engine: the same profiles in the same order (each
    // search of the ladder in turn, each profile once), with the hidden one left out.
    const [opportunity] = await api.database.sql<
      { title: string; specializations: string[]; countries: string[]; donors: string[]; languages: string[]; min: number }[]
    >`select title, specializations, countries, donors, languages, min_years_experience as min from opportunities where id = ${id}`;
    const ladder = suggestionSearches({
      title: opportunity!.title,
      specializations: opportunity!.specializations,
      countries: opportunity!.countries,
      remote: false,
      donors: opportunity!.donors,
      languages: opportunity!.languages,
      minYearsExperience: opportunity!.min,
    });
    const engine = { db: api.database.db, runtime: api.runtime };
    const expected: number[] = [];
    for (const params of ladder) {
      const found = await searchConsultants(engine, { ...params, hidden: [hidden.consultantId] });
      for (const row of found.consultants) if (!expected.includes(row.id) && expected.length < 20) expected.push(row.id);
    }
    expect(ids).toEqual(expected);
    // The strictest search alone finds the hidden profile beside the best one: only the exclusion keeps it out.
    const strict = await searchConsultants(engine, ladder[0]!);
    expect(strict.consultants.map((row) => row.id).sort()).toEqual([best.consultantId, hidden.consultantId].sort());

    // The why: the best one shares everything asked; the partial one its secondary specialization and home country.
    const first = suggestions[0]!.match;
    expect(first.score).toBe(100);
    expect(first.parts.find((part) => part.part === "donor")?.shared).toEqual(["Asian Development Bank"]);
    const second = suggestions.find((suggestion) => suggestion.consultant.id === partial.consultantId)!.match;
    expect(second.parts.map((part) => [part.part, part.points, part.shared])).toEqual([
      ["expertise", 25, ["Environmental"]],
      ["countries", 10, ["Vietnam"]],
      ["donor", 0, []],
      ["languages", 8, ["English"]],
      ["experience", 8, ["4"]],
    ]);
    expect(second.score).toBe(51);
  });

  it("are for the organization's members only (it is none of an outsider's business: 404)", async ({ api }) => {
    const { id } = await organizationWith(api, {
      title: "Water quality assessment",
      specializations: ["Environmental"],
      countries: ["Laos"],
    });
    const outsider = await insertSignedInUser(api.database.db);
    expect((await call(api.app, "GET", `/api/opportunities/${id}/suggestions`, { token: outsider.token })).status).toBe(404);
    expect((await call(api.app, "GET", `/api/opportunities/${id}/suggestions`)).status).toBe(401);
    expect((await call(api.app, "GET", "/api/opportunities/999999/suggestions", { token: outsider.token })).status).toBe(404);
  });
});

describe("opportunities for you", () => {
  it("lists open opportunities asking for the profile's specialization, with the score the organization sees", async ({
    api,
  }) => {
    const lan = await consultant(
      api,
      {
        name: "Lan Pham",
        primarySpecialization: "Agriculture",
        secondarySpecializations: ["Finance"],
        languages: ["English", "Khmer"],
        yearsExperience: 6,
        bio: "Rice value chains and rural credit.",
      },
      { donors: ["FAO"], countries: ["Cambodia"] },
    );
    const rice = await organizationWith(api, {
      title: "Rice value chain adviser",
      specializations: ["Agriculture"],
      countries: ["Cambodia"],
      donors: ["FAO"],
      languages: ["Khmer"],
      minYearsExperience: 5,
    });
    const credit = await organizationWith(api, {
      title: "Rural credit review",
      specializations: ["Finance"],
      countries: ["Laos"],
      languages: ["Lao", "English"],
      minYearsExperience: 12,
    });
    const health = await organizationWith(api, {
      title: "Clinic survey",
      specializations: ["Healthcare"],
      countries: ["Cambodia"],
    });
    const closed = await organizationWith(api, {
      title: "Seed systems study",
      specializations: ["Agriculture"],
      countries: ["Cambodia"],
    });
    await call(api.app, "POST", `/api/opportunities/${closed.id}/close`, { token: closed.owner.token, body: {} });

    const answer = await call(api.app, "GET", "/api/my-consultant-profile/opportunities", { token: lan.token });
    expect(answer.status, answer.text).toBe(200);
    const { opportunities } = opportunitiesForYouSchema.parse(answer.json);
    const ids = opportunities.map((opportunity) => opportunity.id);
    expect(ids.slice(0, 2)).toEqual([rice.id, credit.id]);
    expect(ids).not.toContain(health.id);
    expect(ids).not.toContain(closed.id);
    expect(opportunities[0]!.match.score).toBe(100);

    // The organization sees the same score for the same pair, from its side.
    const fromOrganization = await call(api.app, "GET", `/api/opportunities/${credit.id}/suggestions`, {
      token: credit.owner.token,
    });
    const seen = suggestionsSchema
      .parse(fromOrganization.json)
      .suggestions.find((suggestion) => suggestion.consultant.id === lan.consultantId);
    expect(seen?.match).toEqual(opportunities[1]!.match);
    // ...and it is the one function's answer: Finance as a secondary specialization, no country, half the languages, half the years.
    expect(seen?.match).toEqual(
      matchScore(
        {
          specializations: ["Finance"],
          countries: ["Laos"],
          remote: false,
          donors: [],
          languages: ["Lao", "English"],
          minYearsExperience: 12,
        },
        {
          primarySpecialization: "Agriculture",
          secondarySpecializations: ["Finance"],
          country: "Thailand",
          workedIn: ["Cambodia"],
          donors: ["FAO"],
          languages: ["English", "Khmer"],
          yearsExperience: 6,
        },
      ),
    );

    // Once the consultant applies, the applicants list shows the same score, and the opportunity leaves their list.
    const sent = await call(api.app, "POST", `/api/opportunities/${credit.id}/interests`, {
      token: lan.token,
      body: { note: "Six years of rural credit and rice value chain work with cooperatives in Cambodia." },
    });
    expect(sent.status, sent.text).toBe(201);
    const applicants = await call(api.app, "GET", `/api/opportunities/${credit.id}/interests`, { token: credit.owner.token });
    expect(applicants.status, applicants.text).toBe(200);
    expect(applicants.json.interests[0].match).toEqual(seen?.match);
    const after = await call(api.app, "GET", "/api/my-consultant-profile/opportunities", { token: lan.token });
    expect(after.json.opportunities.map((opportunity: { id: number }) => opportunity.id)).not.toContain(credit.id);
  });

  it("needs a profile and a session", async ({ api }) => {
    const nobody = await insertSignedInUser(api.database.db);
    const none = await call(api.app, "GET", "/api/my-consultant-profile/opportunities", { token: nobody.token });
    expect(none.status).toBe(404);
    expect(none.json.message).toBe(MATCH_TEXTS.noProfile);
    expect((await call(api.app, "GET", "/api/my-consultant-profile/opportunities")).status).toBe(401);
  });
});
