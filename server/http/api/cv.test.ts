import { describe, expect } from "vitest";
import { call, postOwnProfile, type TestApi } from "../../../tests/setup/api-app.ts";
import { expectDownload } from "../../../tests/setup/downloads.ts";
import { apiTest } from "../../../tests/setup/fixtures.ts";
import { pdfText } from "../../../tests/setup/pdf-text.ts";
import { mekongEvaluation } from "../../../tests/setup/track-record.ts";
import { insertSignedInUser } from "../../../tests/setup/users.ts";

const it = apiTest({ REQUIRE_APPROVAL: "false" });

// GET /api/consultants/{id}/cv.pdf (issue 12): the PDF's text is extracted with pdf.js and
// checked for what each viewer may and may not read.

const SECRET_EMAIL = "lan.private.inbox@example.org";
const SECRET_PHONE = "+84 24 555 0142";

function createProfile(api: TestApi, extra: Record<string, unknown> = {}) {
  return postOwnProfile(api, {
    name: "Nguyễn Thị Lan",
    title: "Maternal Health Adviser",
    email: SECRET_EMAIL,
    phone: SECRET_PHONE,
    location: "Ba Đình, Hà Nội, Vietnam",
    country: "Vietnam",
    yearsExperience: 12,
    languages: ["Vietnamese", "English", "Thai"],
    languageLevels: { Vietnamese: "native", English: "fluent", Thai: "basic" },
    primarySpecialization: "Healthcare",
    bio: 'Twelve years of maternal health work. <script>alert("x")</script> (the bio is plain text)',
    dailyRate: { min: 450, max: 650, currency: "USD" },
    assignments: [mekongEvaluation({ donors: ["Asian Development Bank", "UNFPA"], countries: ["Laos", "Vietnam"] })],
    education: [{ degree: "MSc", field: "Public Health", institution: "มหาวิทยาลัยมหิดล (Mahidol University)", year: 2010 }],
    ...extra,
  });
}

async function download(api: TestApi, id: number, token?: string, headers: Record<string, string> = {}) {
  const response = await api.app.request(`/api/consultants/${id}/cv.pdf`, {
    headers: { "x-forwarded-for": "192.0.2.9", ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
  });
  const bytes = new Uint8Array(await response.arrayBuffer());
  return { response, bytes };
}

describe("the CV as a PDF", () => {
  it("gives visitors a key-expert CV of public fields only: no hidden contact details, no hidden rate", async ({ api }) => {
    const { id } = await createProfile(api);
    const { response, bytes } = await download(api, id);
    expect(response.status).toBe(200);
    // A listed profile's public CV is the same for every visitor: a cache may keep it for five minutes.
    expectDownload(response, {
      contentType: "application/pdf",
      disposition: `attachment; filename="CV-Nguyen-Thi-Lan.pdf"; filename*=UTF-8''${encodeURIComponent("CV-Nguyễn-Thị-Lan.pdf")}`,
      cacheControl: "public, max-age=300",
    });
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe("%PDF-");
    const { text } = await pdfText(bytes);
    const flat = text.replace(/\s+/g, " ");
    for (const expected of [
      "CURRICULUM VITAE",
      "Nguyễn Thị Lan",
      "Ba Đình, Hà Nội, Vietnam",
      "PERSONAL DETAILS",
      "EDUCATION",
      "มหาวิทยาลัยมหิดล",
      "LANGUAGE SKILLS",
      "Native",
      "COUNTRIES OF WORK EXPERIENCE",
      "Laos, Vietnam",
      "EMPLOYMENT AND ASSIGNMENT RECORD",
      "Evaluation of the Mekong Maternal Health Programme",
      "Asian Development Bank, UNFPA",
      "Team Leader",
      "Mar 2021 – Jun 2023",
      '<script>alert("x")</script>',
    ]) {
      expect(flat, expected).toContain(expected);
    }
    expect(flat).not.toContain("lan.private.inbox");
    expect(flat).not.toContain("555 0142");
    expect(flat).not.toContain("450");
    expect(flat).not.toContain("Daily rate");
  });

  it("gives the owner and admins the full CV, and signed-in users the rate when the consultant chose that", async ({ api }) => {
    const { owner, id } = await createProfile(api, { email: "lan.owner.copy@example.org", rateVisibility: "signed-in" });
    const admin = await insertSignedInUser(api.database.db, { role: "admin" });
    const stranger = await insertSignedInUser(api.database.db);
    for (const token of [owner.token, admin.token]) {
      const { response, bytes } = await download(api, id, token);
      expect(response.headers.get("cache-control")).toBe("private, no-store");
      const flat = (await pdfText(bytes)).text.replace(/\s+/g, " ");
      expect(flat).toContain("lan.owner.copy@example.org");
      expect(flat).toContain(SECRET_PHONE);
      expect(flat).toContain("450–650 USD per day");
    }
    const strangerText = (await pdfText((await download(api, id, stranger.token)).bytes)).text.replace(/\s+/g, " ");
    expect(strangerText).toContain("450–650 USD per day");
    expect(strangerText).not.toContain("lan.owner.copy");
    const visitorText = (await pdfText((await download(api, id)).bytes)).text.replace(/\s+/g, " ");
    expect(visitorText).not.toContain("USD per day");
  });

  it("is 404 for an unlisted profile except to its owner, and for an id that names nothing", async ({ api }) => {
    const { owner, id } = await createProfile(api, { email: "pending.lan@example.org" });
    await api.database.sql`update consultants set status = 'pending' where id = ${id}`;
    expect((await download(api, id)).response.status).toBe(404);
    expect((await download(api, id, owner.token)).response.status).toBe(200);
    expect((await download(api, 99_999_999)).response.status).toBe(404);
    expect((await call(api.app, "GET", "/api/consultants/abc/cv.pdf")).status).toBe(404);
  });

  it("counts a download for insights once per visitor per day, never for a bot, the owner or an admin", async ({ api }) => {
    const { owner, id } = await createProfile(api, { email: "counted.lan@example.org" });
    const admin = await insertSignedInUser(api.database.db, { role: "admin" });
    const member = await insertSignedInUser(api.database.db);
    const browser = { "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36" };
    const bot = { "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" };
    const downloads = async () => {
      await api.runtime.insights?.flush();
      const [row] = await api.database.sql<{ total: number }[]>`
        select coalesce(sum(cv_downloads), 0)::int as total from consultant_insights where consultant_id = ${id}`;
      return row?.total;
    };
    // A visitor twice, another visitor (another address), a signed-in member twice: three.
    for (const headers of [browser, browser, { ...browser, "x-forwarded-for": "198.51.100.23" }]) {
      expect((await download(api, id, undefined, headers)).response.status).toBe(200);
    }
    await download(api, id, member.token, browser);
    await download(api, id, member.token, { ...browser, "x-forwarded-for": "203.0.113.5" });
    // Not counted: a bot, a request without a user agent, the owner, an admin.
    await download(api, id, undefined, bot);
    await download(api, id);
    await download(api, id, owner.token, browser);
    await download(api, id, admin.token, browser);
    expect(await downloads()).toBe(3);

    // An unlisted profile's CV (its owner only) counts nothing either.
    await api.database.sql`update consultants set status = 'hidden' where id = ${id}`;
    await download(api, id, owner.token, { ...browser, "x-forwarded-for": "192.0.2.77" });
    expect(await downloads()).toBe(3);
  });
});
