import { describe, expect } from "vitest";
import { PROFILE_LANGUAGE_MESSAGE } from "#common/consultant-schema.ts";
import { call, postOwnProfile, type TestApi } from "../../../tests/setup/api-app.ts";
import { insertConsultant, numberedProfiles } from "../../../tests/setup/consultants.ts";
import { apiTest } from "../../../tests/setup/fixtures.ts";
import { errorList, OWNER_REQUIRED_MESSAGES } from "../../../tests/setup/profile-messages.ts";
import { insertSignedInUser } from "../../../tests/setup/users.ts";

const it = apiTest({ REQUIRE_APPROVAL: "true" });

const profile = numberedProfiles("somchai", {
  name: "Somchai Wongsawat",
  title: "Agricultural Value Chain Specialist",
  phone: "+66 53 555 0199",
  location: "Mueang, Chiang Mai, Thailand",
  city: "Chiang Mai",
  country: "Thailand",
  yearsExperience: 9,
  languages: ["Thai", "English"],
  primarySpecialization: "Agriculture",
  secondarySpecializations: "Environmental, Finance",
  bio: "Nine years building smallholder value chains for FAO and IFAD projects in northern Thailand.",
  showEmail: false,
  showPhone: false,
  availableForWork: true,
});

/** A profile its owner posted (`created`, at `path`), beside a stranger's account and an admin's. */
async function profileAmongOthers(api: TestApi) {
  const owner = await insertSignedInUser(api.database.db);
  const stranger = await insertSignedInUser(api.database.db);
  const admin = await insertSignedInUser(api.database.db, { role: "admin" });
  const created = (await call(api.app, "POST", "/api/consultants", { token: owner.token, body: profile() })).json;
  return { owner, stranger, admin, created, path: `/api/consultants/${created.id}` };
}

describe("POST /api/consultants", () => {
  it("needs a session (401)", async ({ api }) => {
    const response = await call(api.app, "POST", "/api/consultants", { body: profile() });
    expect(response.status).toBe(401);
    expect(response.json.message).toBe("You need to be logged in to create or edit a consultant profile");
  });

  it("answers 400 with the spec's messages for every missing field", async ({ api }) => {
    const user = await insertSignedInUser(api.database.db);
    const response = await call(api.app, "POST", "/api/consultants", { token: user.token, body: { bio: "too short" } });
    expect(response.status).toBe(400);
    expect(response.json.errors).toEqual(errorList(OWNER_REQUIRED_MESSAGES));
    for (const body of [
      profile({ email: "not-an-email" }),
      profile({ yearsExperience: "lots" }),
      profile({ name: "x".repeat(256) }),
    ]) {
      const refused = await call(api.app, "POST", "/api/consultants", { token: user.token, body });
      expect(refused.status).toBe(400);
    }
    const notJson = await api.app.request("/api/consultants", {
      method: "POST",
      headers: { authorization: `Bearer ${user.token}`, "content-type": "application/json" },
      body: "{not json",
    });
    expect(notJson.status).toBe(400);
    const tooBig = await call(api.app, "POST", "/api/consultants", {
      token: user.token,
      body: profile({ bio: "b".repeat(3 * 1024 * 1024) }),
    });
    expect(tooBig.status).toBe(413);
  });

  it("creates the caller's profile, pending approval, ignoring fields the client may not set", async ({ api }) => {
    const user = await insertSignedInUser(api.database.db);
    const other = await insertSignedInUser(api.database.db);
    const response = await call(api.app, "POST", "/api/consultants", {
      token: user.token,
      body: profile({
        id: 424242,
        createdAt: "1999-01-01T00:00:00.000Z",
        rating: 100,
        projectsCompleted: 999,
        userId: other.id,
        user_id: other.id,
        status: "approved",
      }),
    });
    expect(response.status).toBe(201);
    const created = response.json;
    expect(created).toMatchObject({
      rating: 50,
      projectsCompleted: 0,
      status: "pending",
      secondarySpecializations: ["Environmental", "Finance"],
      languages: ["Thai", "English"],
    });
    expect(created.id).not.toBe(424242);
    expect(created.createdAt).not.toMatch(/^1999/);
    expect(created).not.toHaveProperty("userId");
    const [row] = await api.database.sql`select user_id, status, rating from consultants where id = ${created.id}`;
    expect(row).toEqual({ user_id: user.id, status: "pending", rating: 50 });
  });

  it("allows one profile per account and one per shown e-mail address (409)", async ({ api }) => {
    const user = await insertSignedInUser(api.database.db);
    const first = await call(api.app, "POST", "/api/consultants", {
      token: user.token,
      body: profile({ email: "One.Only@example.org", showEmail: true }),
    });
    expect(first.status).toBe(201);
    const second = await call(api.app, "POST", "/api/consultants", { token: user.token, body: profile() });
    expect(second.status).toBe(409);
    expect(second.json.message).toBe("You already have a consultant profile. Edit it instead of creating another one.");
    const someoneElse = await insertSignedInUser(api.database.db);
    const duplicate = await call(api.app, "POST", "/api/consultants", {
      token: someoneElse.token,
      body: profile({ email: "one.only@EXAMPLE.org" }),
    });
    expect(duplicate.status).toBe(409);
    expect(duplicate.json).toEqual({
      message: "A consultant profile with this email already exists",
      errors: [{ path: "email", message: "A consultant profile with this email already exists" }],
    });
  });
});

describe("hidden addresses (security review 2026-11, defect 9)", () => {
  it("does not tell a signed-in user that a hidden address belongs to a consultant", async ({ api }) => {
    // Each posted by its owner, 201 (postOwnProfile checks it).
    await postOwnProfile(api, profile({ email: "Hidden.Person@example.org", showEmail: false }));
    const { owner: prober, id: ownId } = await postOwnProfile(api, profile({ email: "prober@example.org" }));
    // The hidden address and a free one get the same answer.
    const probeHidden = await call(api.app, "PUT", `/api/consultants/${ownId}`, {
      token: prober.token,
      body: profile({ email: "hidden.person@EXAMPLE.org" }),
    });
    const probeFree = await call(api.app, "PUT", `/api/consultants/${ownId}`, {
      token: prober.token,
      body: profile({ email: "free.person@example.org" }),
    });
    expect([probeHidden.status, probeFree.status]).toEqual([200, 200]);
    const created = await call(api.app, "POST", "/api/consultants", {
      token: (await insertSignedInUser(api.database.db)).token,
      body: profile({ email: "Hidden.Person@example.org", showEmail: true }),
    });
    expect(created.status).toBe(201);
  });
});

describe("PUT /api/consultants/{id}", () => {
  it("lets the owner and admins edit: 401 signed out, 403 anyone else, 404 for no such id", async ({ api }) => {
    const { owner, stranger, admin, created, path } = await profileAmongOthers(api);
    const edit = (title: string) => profile({ email: created.email, title });

    expect((await call(api.app, "PUT", path, { body: edit("Signed out") })).status).toBe(401);
    const forbidden = await call(api.app, "PUT", path, { token: stranger.token, body: edit("Stranger") });
    expect(forbidden.status).toBe(403);
    expect(forbidden.json.message).toBe("You can only edit your own profile");
    const byOwner = await call(api.app, "PUT", path, { token: owner.token, body: edit("Owner edit") });
    expect(byOwner.status).toBe(200);
    expect(byOwner.json.title).toBe("Owner edit");
    const byAdmin = await call(api.app, "PUT", path, { token: admin.token, body: edit("Admin edit") });
    expect(byAdmin.status).toBe(200);
    const [row] = await api.database.sql`select title, user_id from consultants where id = ${created.id}`;
    expect(row).toEqual({ title: "Admin edit", user_id: owner.id });

    for (const id of ["99999999", "abc", "0", "-1", "1.5", "99999999999999"]) {
      expect((await call(api.app, "PUT", `/api/consultants/${id}`, { token: owner.token, body: edit("x") })).status, id).toBe(
        404,
      );
    }
  });

  it("ignores protected fields on update", async ({ api }) => {
    const owner = await insertSignedInUser(api.database.db);
    const created = (await call(api.app, "POST", "/api/consultants", { token: owner.token, body: profile() })).json;
    const response = await call(api.app, "PUT", `/api/consultants/${created.id}`, {
      token: owner.token,
      body: profile({
        email: created.email,
        rating: 100,
        projectsCompleted: 77,
        status: "approved",
        id: 1,
        createdAt: "2000-01-01",
      }),
    });
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({ id: created.id, rating: 50, projectsCompleted: 0, status: "pending" });
    expect(response.json.createdAt).toBe(created.createdAt);
  });
});

describe("reading profiles", () => {
  it("GET /api/my-consultant-profile: 401 signed out, 404 without a profile, everything for the owner", async ({ api }) => {
    expect((await call(api.app, "GET", "/api/my-consultant-profile")).status).toBe(401);
    const owner = await insertSignedInUser(api.database.db);
    expect((await call(api.app, "GET", "/api/my-consultant-profile", { token: owner.token })).status).toBe(404);
    const created = (await call(api.app, "POST", "/api/consultants", { token: owner.token, body: profile() })).json;
    const own = await call(api.app, "GET", "/api/my-consultant-profile", { token: owner.token });
    expect(own.status).toBe(200);
    expect(own.headers.get("cache-control")).toBe("no-store");
    expect(own.json).toMatchObject({
      id: created.id,
      email: created.email,
      phone: "+66 53 555 0199",
      status: "pending",
      statusReason: null,
    });
  });

  it("GET /api/consultants/{id}: an unlisted profile is 404 except for its owner and admins", async ({ api }) => {
    const { owner, stranger, admin, path } = await profileAmongOthers(api);
    expect((await call(api.app, "GET", path)).status).toBe(404);
    expect((await call(api.app, "GET", path, { token: stranger.token })).status).toBe(404);
    const ownView = await call(api.app, "GET", path, { token: owner.token });
    expect(ownView.status).toBe(200);
    expect(ownView.headers.get("cache-control")).toBe("private, no-store");
    expect((await call(api.app, "GET", path, { token: admin.token })).status).toBe(200);
  });

  it("GET /api/consultants/{id}: hidden e-mail and phone never leave the server, shown ones do", async ({ api }) => {
    const hidden = await insertConsultant(api.database.sql, { email: "secret.person@example.org", phone: "+84 90 555 0001" });
    const shown = await insertConsultant(api.database.sql, {
      email: "open.person@example.org",
      phone: "+84 90 555 0002",
      show_email: true,
      show_phone: true,
    });
    const hiddenView = await call(api.app, "GET", `/api/consultants/${hidden.id}`);
    expect(hiddenView.status).toBe(200);
    expect(hiddenView.json).toMatchObject({ email: null, phone: null, showEmail: false, showPhone: false });
    expect(hiddenView.text).not.toContain("secret.person");
    expect(hiddenView.text).not.toContain("555 0001");
    const shownView = await call(api.app, "GET", `/api/consultants/${shown.id}`);
    expect(shownView.json).toMatchObject({ email: "open.person@example.org", phone: "+84 90 555 0002" });
    const list = await call(api.app, "GET", "/api/consultants?limit=100");
    expect(list.text).not.toContain("secret.person");
    // updatedAt is public since issue 12 ("Last updated" on the profile).
    for (const key of ["userId", "status", "statusReason"]) expect(hiddenView.json).not.toHaveProperty(key);
  });
});

describe("yearsExperience is text in every answer (spec section 3)", () => {
  it("writes it as a string in create, update, own, public, search and admin answers, and accepts a number or numeric text", async ({
    api,
  }) => {
    const owner = await insertSignedInUser(api.database.db);
    const created = await call(api.app, "POST", "/api/consultants", {
      token: owner.token,
      body: profile({ yearsExperience: 17 }),
    });
    expect(created.status).toBe(201);
    expect(created.json.yearsExperience).toBe("17");
    const id = created.json.id as number;

    const updated = await call(api.app, "PUT", `/api/consultants/${id}`, {
      token: owner.token,
      body: profile({ yearsExperience: "18" }),
    });
    expect(updated.status).toBe(200);
    expect(updated.json.yearsExperience).toBe("18");
    const own = await call(api.app, "GET", "/api/my-consultant-profile", { token: owner.token });
    expect(own.json.yearsExperience).toBe("18");

    await api.database.sql`update consultants set status = 'approved' where id = ${id}`;
    const visitor = await call(api.app, "GET", `/api/consultants/${id}`);
    expect(visitor.json.yearsExperience).toBe("18");
    const search = await call(api.app, "GET", `/api/consultants?keywords=${encodeURIComponent("Somchai Wongsawat")}&limit=50`);
    expect(search.json.consultants.length).toBeGreaterThan(0);
    for (const consultant of search.json.consultants) expect(typeof consultant.yearsExperience).toBe("string");

    const admin = await insertSignedInUser(api.database.db, { role: "admin" });
    const adminView = await call(api.app, "GET", `/api/admin/consultants/${id}`, { token: admin.token });
    expect(adminView.json.yearsExperience).toBe("18");
    const [row] = await api.database.sql<{ years: number }[]>`select years_experience as years from consultants where id = ${id}`;
    expect(row?.years).toBe(18);
  });
});

describe("profileLanguage: the language the profile is written in (issue 37)", () => {
  it("is stored, returned everywhere the profile is, cleared with null or blank, and kept when left out", async ({ api }) => {
    const owner = await insertSignedInUser(api.database.db);
    const created = await call(api.app, "POST", "/api/consultants", { token: owner.token, body: profile() });
    expect(created.status).toBe(201);
    expect(created.json.profileLanguage).toBeNull();
    const id = created.json.id as number;
    const path = `/api/consultants/${id}`;

    // Any case, as a BCP 47 code of the list; stored in the list's spelling.
    const stated = await call(api.app, "PUT", path, {
      token: owner.token,
      body: profile({ email: created.json.email, profileLanguage: " TH " }),
    });
    expect(stated.status).toBe(200);
    expect(stated.json.profileLanguage).toBe("th");
    const stored = async () =>
      (await api.database.sql`select profile_language from consultants where id = ${id}`)[0]?.profile_language;
    expect(await stored()).toBe("th");

    // Left out: kept. The owner's, the public, the search's and the admin's answers carry it.
    const { profileLanguage: _, ...withoutLanguage } = profile({ email: created.json.email });
    expect((await call(api.app, "PUT", path, { token: owner.token, body: withoutLanguage })).json.profileLanguage).toBe("th");
    expect((await call(api.app, "GET", "/api/my-consultant-profile", { token: owner.token })).json.profileLanguage).toBe("th");
    await api.database.sql`update consultants set status = 'approved' where id = ${id}`;
    expect((await call(api.app, "GET", path)).json.profileLanguage).toBe("th");
    const search = await call(api.app, "GET", `/api/consultants?keywords=${encodeURIComponent("Somchai Wongsawat")}&limit=50`);
    expect(search.json.consultants.find((consultant: { id: number }) => consultant.id === id)?.profileLanguage).toBe("th");
    const admin = await insertSignedInUser(api.database.db, { role: "admin" });
    expect((await call(api.app, "GET", `/api/admin/consultants/${id}`, { token: admin.token })).json.profileLanguage).toBe("th");

    // "Not stated": null from JSON, a blank choice from a form.
    const cleared = await call(api.app, "PUT", path, {
      token: owner.token,
      body: profile({ email: created.json.email, profileLanguage: null }),
    });
    expect(cleared.json.profileLanguage).toBeNull();
    await call(api.app, "PUT", path, { token: owner.token, body: profile({ email: created.json.email, profileLanguage: "km" }) });
    const blank = await call(api.app, "PUT", path, {
      token: owner.token,
      body: profile({ email: created.json.email, profileLanguage: "" }),
    });
    expect(blank.json.profileLanguage).toBeNull();
    expect(await stored()).toBeNull();
  });

  it("refuses a code outside the list with 400, naming the field and the codes, and changes nothing", async ({ api }) => {
    const owner = await insertSignedInUser(api.database.db);
    const created = (
      await call(api.app, "POST", "/api/consultants", { token: owner.token, body: profile({ profileLanguage: "vi" }) })
    ).json;
    expect(created.profileLanguage).toBe("vi");
    const path = `/api/consultants/${created.id}`;
    for (const profileLanguage of ["xx", "Thai", "th-TH", 7, ["th"]]) {
      const refused = await call(api.app, "PUT", path, {
        token: owner.token,
        body: profile({ email: created.email, title: "Changed title", profileLanguage }),
      });
      expect(refused.status, String(profileLanguage)).toBe(400);
      expect(refused.json.errors).toEqual([{ path: "profileLanguage", message: PROFILE_LANGUAGE_MESSAGE }]);
    }
    expect(PROFILE_LANGUAGE_MESSAGE).toMatch(/^Profile language must be one of en, id, vi, th, km, lo, my, fil, ms/);
    const [row] = await api.database.sql`select title, profile_language from consultants where id = ${created.id}`;
    expect(row).toEqual({ title: "Agricultural Value Chain Specialist", profile_language: "vi" });
    // A new profile with an unknown code is not created.
    const other = await insertSignedInUser(api.database.db);
    const refusedNew = await call(api.app, "POST", "/api/consultants", {
      token: other.token,
      body: profile({ profileLanguage: "klingon" }),
    });
    expect(refusedNew.status).toBe(400);
    expect(await api.database.sql`select 1 from consultants where user_id = ${other.id}`).toHaveLength(0);
  });
});
