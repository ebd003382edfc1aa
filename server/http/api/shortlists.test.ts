import { describe, expect } from "vitest";
import { SHORTLIST_LIMITS, SHORTLIST_TEXTS } from "#common/shortlists.ts";
import { sharedShortlistSchema } from "#server/http/openapi/hiring.ts";
import { csvCell } from "#server/services/shortlists/csv.ts";
import { call, PUBLIC_URL, type TestApi } from "../../../tests/setup/api-app.ts";
import { expectDownload } from "../../../tests/setup/downloads.ts";
import { apiTest } from "../../../tests/setup/fixtures.ts";
import { unique } from "../../../tests/setup/unique.ts";
import { insertSignedInUser } from "../../../tests/setup/users.ts";

const it = apiTest();

// Shortlists through the JSON API on a real database.

async function insertConsultant(
  api: TestApi,
  name = "Lan Nguyen",
  extra: { status?: string; phone?: string; showPhone?: boolean } = {},
) {
  const email = `c-${unique()}@example.org`;
  const [row] = await api.database.sql<{ id: number }[]>`
    insert into consultants (name, title, email, phone, show_phone, location, country, years_experience, primary_specialization, bio, status, languages)
    values (${name}, 'WASH Specialist', ${email}, ${extra.phone ?? "+84 90 000 0000"}, ${extra.showPhone ?? false}, 'Vientiane, Laos', 'Laos', 9,
            'Water & Sanitation', 'Nine years of rural water supply programmes.', ${extra.status ?? "approved"}, ${["English", "Lao"]})
    returning id`;
  return { id: row!.id, email };
}

async function newList(api: TestApi, token: string, name = "Mekong WASH evaluation — team leader") {
  const response = await call(api.app, "POST", "/api/shortlists", { token, body: { name } });
  expect(response.status, response.text).toBe(201);
  return response.json.id as number;
}

describe("shortlists", () => {
  it("creates a list, adds consultants with notes, and shows it to its owner without contact details", async ({ api }) => {
    const owner = await insertSignedInUser(api.database.db);
    const lan = await insertConsultant(api, "Lan Nguyen");
    const somchai = await insertConsultant(api, "Somchai Phan");
    const id = await newList(api, owner.token);
    const added = await call(api.app, "PUT", `/api/shortlists/${id}/consultants/${lan.id}`, {
      token: owner.token,
      body: { note: "Strong on rural water; ask about July" },
    });
    expect(added.status).toBe(200);
    await call(api.app, "PUT", `/api/shortlists/${id}/consultants/${somchai.id}`, { token: owner.token });
    // Putting the same consultant again changes the note, not the list.
    await call(api.app, "PUT", `/api/shortlists/${id}/consultants/${lan.id}`, {
      token: owner.token,
      body: { note: "Call Monday" },
    });
    const list = await call(api.app, "GET", `/api/shortlists/${id}`, { token: owner.token });
    expect(list.json).toMatchObject({ id, name: "Mekong WASH evaluation — team leader", count: 2, shared: false });
    expect(list.json.entries.map((e: { consultant: { name: string }; note: string }) => [e.consultant.name, e.note])).toEqual([
      ["Lan Nguyen", "Call Monday"],
      ["Somchai Phan", ""],
    ]);
    expect(list.text).not.toContain(lan.email);
    expect(list.text).not.toContain("+84 90");
    const all = await call(api.app, "GET", "/api/shortlists", { token: owner.token });
    expect(all.json.shortlists).toEqual([expect.objectContaining({ id, count: 2 })]);
  });

  it("answers 404 to anyone but the owner, and 401 to a visitor, changing nothing", async ({ api }) => {
    const owner = await insertSignedInUser(api.database.db);
    const other = await insertSignedInUser(api.database.db);
    const admin = await insertSignedInUser(api.database.db, { role: "admin" });
    const lan = await insertConsultant(api);
    const id = await newList(api, owner.token, "Private list");
    for (const token of [other.token, admin.token]) {
      for (const [method, path, body] of [
        ["GET", `/api/shortlists/${id}`, undefined],
        ["PATCH", `/api/shortlists/${id}`, { name: "Taken over" }],
        ["DELETE", `/api/shortlists/${id}`, undefined],
        ["PUT", `/api/shortlists/${id}/consultants/${lan.id}`, { note: "mine now" }],
        ["DELETE", `/api/shortlists/${id}/consultants/${lan.id}`, undefined],
        ["POST", `/api/shortlists/${id}/share`, undefined],
        ["DELETE", `/api/shortlists/${id}/share`, undefined],
        ["GET", `/api/shortlists/${id}/export.csv`, undefined],
      ] as const) {
        const response = await call(api.app, method, path, { token, body });
        expect(response.status, `${method} ${path}`).toBe(404);
        expect(response.json).toEqual({ message: SHORTLIST_TEXTS.notFound });
      }
    }
    expect((await call(api.app, "GET", "/api/shortlists")).status).toBe(401);
    expect((await call(api.app, "GET", `/api/shortlists/${id}`)).status).toBe(401);
    const list = await call(api.app, "GET", `/api/shortlists/${id}`, { token: owner.token });
    expect(list.json).toMatchObject({ name: "Private list", count: 0, shared: false });
    for (const bad of ["0", "x", "99999999999"]) {
      expect((await call(api.app, "GET", `/api/shortlists/${bad}`, { token: owner.token })).status).toBe(404);
    }
  });

  it("validates names and notes with clear 400s", async ({ api }) => {
    const owner = await insertSignedInUser(api.database.db);
    const lan = await insertConsultant(api);
    for (const body of [{}, { name: "   " }, { name: 7 }]) {
      const response = await call(api.app, "POST", "/api/shortlists", { token: owner.token, body });
      expect(response.status).toBe(400);
      expect(response.json.message).toBe(SHORTLIST_TEXTS.name);
    }
    const long = await call(api.app, "POST", "/api/shortlists", { token: owner.token, body: { name: "x".repeat(121) } });
    expect(long.json.message).toBe(SHORTLIST_TEXTS.nameTooLong);
    const id = await newList(api, owner.token);
    const note = await call(api.app, "PUT", `/api/shortlists/${id}/consultants/${lan.id}`, {
      token: owner.token,
      body: { note: "n".repeat(2001) },
    });
    expect(note.status).toBe(400);
    expect(note.json.message).toBe(SHORTLIST_TEXTS.noteTooLong);
    const renamed = await call(api.app, "PATCH", `/api/shortlists/${id}`, { token: owner.token, body: { name: "Renamed" } });
    expect(renamed.json.name).toBe("Renamed");
    const missing = await call(api.app, "PUT", `/api/shortlists/${id}/consultants/2000000000`, { token: owner.token });
    expect(missing.status).toBe(404);
    expect(missing.json.message).toBe(SHORTLIST_TEXTS.consultantNotFound);
  });

  it("caps the number of lists per user with a clear 409", async ({ api }) => {
    const owner = await insertSignedInUser(api.database.db);
    await api.database.sql`
      insert into shortlists (user_id, name) select ${owner.id}, 'List ' || n from generate_series(1, ${SHORTLIST_LIMITS.lists}) n`;
    const refused = await call(api.app, "POST", "/api/shortlists", { token: owner.token, body: { name: "One too many" } });
    expect(refused.status).toBe(409);
    expect(refused.json.message).toBe(SHORTLIST_TEXTS.tooManyLists);
  });

  it("caps the entries of a list with a clear 409", async ({ api }) => {
    const owner = await insertSignedInUser(api.database.db);
    const id = await newList(api, owner.token);
    const [{ first }] = (await api.database.sql`
      with made as (
        insert into consultants (name, title, email, location, country, years_experience, primary_specialization, bio, status)
        select 'Filler ' || n, 'Adviser', 'filler-' || n || '-' || ${unique()} || '@example.org', 'Hanoi', 'Vietnam', 3, 'Healthcare',
               'Filler consultant for the cap.', 'approved'
        from generate_series(1, ${SHORTLIST_LIMITS.entries + 1}) n returning id)
      insert into shortlist_entries (shortlist_id, consultant_id)
      select ${id}, id from made order by id limit ${SHORTLIST_LIMITS.entries}
      returning (select max(id) from made) as first`) as unknown as [{ first: number }];
    const refused = await call(api.app, "PUT", `/api/shortlists/${id}/consultants/${first}`, { token: owner.token });
    expect(refused.status).toBe(409);
    expect(refused.json.message).toBe(SHORTLIST_TEXTS.tooManyEntries);
  });

  it("drops hidden and deleted consultants from lists, and refuses to add an unlisted one", async ({ api }) => {
    const owner = await insertSignedInUser(api.database.db);
    const hidden = await insertConsultant(api, "Soon Hidden");
    const deleted = await insertConsultant(api, "Soon Deleted");
    const stays = await insertConsultant(api, "Stays Listed");
    const pending = await insertConsultant(api, "Pending", { status: "pending" });
    const id = await newList(api, owner.token);
    for (const c of [hidden, deleted, stays]) {
      expect((await call(api.app, "PUT", `/api/shortlists/${id}/consultants/${c.id}`, { token: owner.token })).status).toBe(200);
    }
    expect((await call(api.app, "PUT", `/api/shortlists/${id}/consultants/${pending.id}`, { token: owner.token })).status).toBe(
      404,
    );
    await api.database.sql`update consultants set status = 'hidden' where id = ${hidden.id}`;
    await api.database.sql`delete from consultants where id = ${deleted.id}`;
    const list = await call(api.app, "GET", `/api/shortlists/${id}`, { token: owner.token });
    expect(list.json.count).toBe(1);
    expect(list.json.entries.map((e: { consultant: { name: string } }) => e.consultant.name)).toEqual(["Stays Listed"]);
    const removed = await call(api.app, "DELETE", `/api/shortlists/${id}/consultants/${stays.id}`, { token: owner.token });
    expect(removed.json.entries).toEqual([]);
  });

  it("shares a list read-only through an unguessable link without notes, and revoking it makes the link 404 at once", async ({
    api,
  }) => {
    const owner = await insertSignedInUser(api.database.db);
    const lan = await insertConsultant(api);
    const id = await newList(api, owner.token, "For my colleague");
    await call(api.app, "PUT", `/api/shortlists/${id}/consultants/${lan.id}`, {
      token: owner.token,
      body: { note: "Private thought" },
    });
    const shared = await call(api.app, "POST", `/api/shortlists/${id}/share`, { token: owner.token });
    expect(shared.status).toBe(201);
    expect(shared.json.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(shared.json.url).toBe(`${PUBLIC_URL}/shortlists/shared/${shared.json.token}`);
    const [stored] = await api.database.sql`select share_token_hash from shortlists where id = ${id}`;
    expect(stored?.share_token_hash).not.toContain(shared.json.token);

    const view = await call(api.app, "GET", `/api/shared-shortlists/${shared.json.token}`);
    expect(view.status).toBe(200);
    expect(view.json.name).toBe("For my colleague");
    expect(view.json.entries.map((e: { consultant: { id: number } }) => e.consultant.id)).toEqual([lan.id]);
    expect(view.text).not.toContain("Private thought");
    expect(view.text).not.toContain(lan.email);
    // Issue 36: a private list says who shared it, by display name, never by e-mail address.
    expect(sharedShortlistSchema.parse(view.json).sharedBy).toBe(owner.name);
    expect(view.text).not.toContain(owner.email);
    expect((await call(api.app, "GET", `/api/shortlists/${id}`, { token: owner.token })).json.shared).toBe(true);

    const revoked = await call(api.app, "DELETE", `/api/shortlists/${id}/share`, { token: owner.token });
    expect(revoked.status).toBe(200);
    expect((await call(api.app, "GET", `/api/shared-shortlists/${shared.json.token}`)).status).toBe(404);
    for (const bad of ["short", "x".repeat(43), `${shared.json.token}x`]) {
      expect((await call(api.app, "GET", `/api/shared-shortlists/${bad}`)).status).toBe(404);
    }
    // A new link replaces the old one.
    const first = await call(api.app, "POST", `/api/shortlists/${id}/share`, { token: owner.token });
    const second = await call(api.app, "POST", `/api/shortlists/${id}/share`, { token: owner.token });
    expect((await call(api.app, "GET", `/api/shared-shortlists/${first.json.token}`)).status).toBe(404);
    expect((await call(api.app, "GET", `/api/shared-shortlists/${second.json.token}`)).status).toBe(200);
    // Issue 35: a blocked owner's links stop at once (they kept answering 200), and work again if unblocked.
    await api.database.sql`update auth_users set blocked_at = now() where id = ${owner.id}`;
    expect((await call(api.app, "GET", `/api/shared-shortlists/${second.json.token}`)).status).toBe(404);
    await api.database.sql`update auth_users set blocked_at = null where id = ${owner.id}`;
    expect((await call(api.app, "GET", `/api/shared-shortlists/${second.json.token}`)).status).toBe(200);
  });

  it("exports CSV with public fields and stages, the notes when asked for, quoted, with formulas neutralised", async ({
    api,
  }) => {
    const owner = await insertSignedInUser(api.database.db);
    const evil = await insertConsultant(api, '=HYPERLINK("http://evil.example","click")', { phone: "+1 555", showPhone: true });
    const id = await newList(api, owner.token, "Export / test");
    await call(api.app, "PUT", `/api/shortlists/${id}/consultants/${evil.id}`, {
      token: owner.token,
      body: { note: '@SUM(A1:A2) and "quotes"' },
    });
    const plain = await api.app.request(`/api/shortlists/${id}/export.csv`, {
      headers: { authorization: `Bearer ${owner.token}` },
    });
    const [plainHeader, plainRow] = (await plain.text())
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(plainHeader).toBe(
      '"Name","Title","Location","Country","Years of experience","Primary specialization","Other specializations","Languages","Donors","Daily rate","Availability","Profile","Stage"',
    );
    expect(plainRow).toContain('"Considering"');
    expect(plainRow).not.toContain("SUM");
    const response = await api.app.request(`/api/shortlists/${id}/export.csv?notes=1`, {
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(response.status).toBe(200);
    expectDownload(response, { contentType: "text/csv; charset=utf-8", disposition: 'attachment; filename="Export-test.csv"' });
    const csv = (await response.text()).replace(/^\uFEFF/, "");
    const [header, row] = csv.trim().split("\r\n");
    expect(header).toBe(
      '"Name","Title","Location","Country","Years of experience","Primary specialization","Other specializations","Languages","Donors","Daily rate","Availability","Profile","Stage","Note","Internal notes"',
    );
    expect(row).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`);
    expect(row).toContain(`"'@SUM(A1:A2) and ""quotes"""`);
    expect(row).toContain(`"${PUBLIC_URL}/consultant/${evil.id}"`);
    expect(row).not.toContain(evil.email);
    expect(row).not.toContain("+1 555");
  });

  it("compares donors and daily rates: signed-in-only rates for the owner, public rates only in the shared view and the CSV", async ({
    api,
  }) => {
    const owner = await insertSignedInUser(api.database.db);
    const open = await insertConsultant(api, "Open Rate");
    const members = await insertConsultant(api, "Members Rate");
    const hidden = await insertConsultant(api, "Hidden Rate");
    const { sql } = api.database;
    await sql`update consultants set track_donors = ${["ADB", "World Bank"]}, daily_rate_min = 400, daily_rate_max = 500,
      rate_currency = 'USD', rate_visibility = 'public' where id = ${open.id}`;
    await sql`update consultants set daily_rate_min = 300, daily_rate_max = 300, rate_currency = 'EUR',
      rate_visibility = 'signed-in' where id = ${members.id}`;
    await sql`update consultants set daily_rate_min = 200, rate_currency = 'USD', rate_visibility = 'hidden' where id = ${hidden.id}`;
    const id = await newList(api, owner.token, "Rates");
    for (const c of [open, members, hidden]) {
      await call(api.app, "PUT", `/api/shortlists/${id}/consultants/${c.id}`, { token: owner.token });
    }

    type Seen = { consultant: { name: string; donors: string[]; dailyRate: unknown } };
    const facts = (entries: Seen[]) => entries.map((e) => [e.consultant.name, e.consultant.donors, e.consultant.dailyRate]);
    const mine = await call(api.app, "GET", `/api/shortlists/${id}`, { token: owner.token });
    expect(facts(mine.json.entries)).toEqual([
      ["Open Rate", ["ADB", "World Bank"], { min: 400, max: 500, currency: "USD" }],
      ["Members Rate", [], { min: 300, max: 300, currency: "EUR" }],
      ["Hidden Rate", [], null],
    ]);
    const shared = await call(api.app, "POST", `/api/shortlists/${id}/share`, { token: owner.token });
    const view = await call(api.app, "GET", `/api/shared-shortlists/${shared.json.token}`);
    expect(facts(view.json.entries).map(([, , rate]) => rate)).toEqual([{ min: 400, max: 500, currency: "USD" }, null, null]);
    expect(view.text).not.toContain("EUR");

    const response = await api.app.request(`/api/shortlists/${id}/export.csv`, {
      headers: { authorization: `Bearer ${owner.token}` },
    });
    const csv = await response.text();
    const [, first, second, third] = csv
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(first).toContain('"ADB; World Bank","400–500 USD per day"');
    expect(second).toContain('"Members Rate"');
    expect(second).toContain('"English; Lao","","","Available"');
    expect(csv).not.toContain("EUR");
    expect(third).not.toContain("200");
  });
});

describe("csvCell", () => {
  it("neutralises every formula lead character and quotes everything", () => {
    expect(["=1+1", "+1", "-1", "@x", "\tx", "\rx", "plain", 12].map(csvCell)).toEqual([
      `"'=1+1"`,
      `"'+1"`,
      `"'-1"`,
      `"'@x"`,
      `"'\tx"`,
      `"'\rx"`,
      `"plain"`,
      `"12"`,
    ]);
  });
});
