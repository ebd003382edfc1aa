import { describe, expect } from "vitest";
import { importCv, postOwnProfile, type TestApi } from "../../../tests/setup/api-app.ts";
import { expectDownload } from "../../../tests/setup/downloads.ts";
import { apiTest } from "../../../tests/setup/fixtures.ts";

// The CV in donor formats (issue 34): the Europass XML imports back into the same track record,
// and a visitor's copy carries only what the public profile shows.

const it = apiTest({ REQUIRE_APPROVAL: "false" });
let api: TestApi;
it.beforeAll(({ api: started }) => {
  api = started;
});

const HIDDEN_EMAIL = "lan.private@example.org";
const HIDDEN_PHONE = "+84 24 555 0142";

const TRACK_RECORD = {
  assignments: [
    {
      title: "Mid-term Review of the Mekong Maternal & Child Health Programme",
      organization: "Ministry of Health of Lao PDR",
      donors: ["Asian Development Bank", "UNFPA"],
      countries: ["Laos", "Vietnam"],
      role: "Team Leader",
      startDate: "2021-03",
      endDate: "2023-06",
      sector: "Healthcare",
      description: "Led six evaluators across 40 districts.\nPresented findings & next steps to the steering committee.",
    },
    {
      title: "Smallholder coffee certification",
      organization: "Ministry of Agriculture, Forestry and Fisheries",
      donors: ["Other", "USAID"],
      countries: ["Timor-Leste", "Indonesia"],
      role: null,
      startDate: "2024-01",
      endDate: null,
      sector: null,
      description: null,
    },
    {
      title: "Tax administration diagnostic (TADAT)",
      organization: "General Department of Taxation",
      donors: ["World Bank"],
      countries: ["Vietnam", "Peru"],
      role: "Tax Administration Expert",
      startDate: "2018-09",
      endDate: "2019-02",
      sector: "Finance",
      description: "Applied the TADAT methodology; drafted the reform roadmap.",
    },
  ],
  education: [
    { degree: "MSc", field: "Public Health", institution: "Mahidol University", year: 2008 },
    { degree: "Certificate in Project Management", field: null, institution: "Asian Institute of Technology", year: null },
  ],
  languages: ["Vietnamese", "English", "Thai", "Khmer"],
  languageLevels: { Vietnamese: "native", English: "fluent", Thai: "basic" },
};

function profileWithTrackRecord() {
  return postOwnProfile(api, {
    name: "Nguyễn Thị Lan",
    title: "Maternal Health Adviser",
    email: HIDDEN_EMAIL,
    phone: HIDDEN_PHONE,
    location: "Ba Đình, Hà Nội, Vietnam",
    country: "Vietnam",
    yearsExperience: 12,
    primarySpecialization: "Healthcare",
    bio: "Fifteen years of maternal health work across the Mekong.",
    ...TRACK_RECORD,
  });
}

async function download(path: string, token?: string) {
  const response = await api.app.request(path, {
    headers: { "x-forwarded-for": "192.0.2.31", ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  return { response, text: await response.text() };
}

const importXml = (xml: string, token: string) =>
  importCv(api.app, { bytes: xml, name: "cv.xml", type: "application/xml" }, { token, ip: "192.0.2.32" });

describe("the CV as Europass XML", () => {
  it("imports back into the same track record", async () => {
    const { owner, id } = await profileWithTrackRecord();
    const { response, text } = await download(`/api/consultants/${id}/cv.xml?format=europass`, owner.token);
    expect(response.status).toBe(200);
    expectDownload(response, {
      contentType: "application/xml; charset=utf-8",
      disposition: `attachment; filename="CV-Nguyen-Thi-Lan-Europass.xml"; filename*=UTF-8''${encodeURIComponent("CV-Nguyễn-Thị-Lan-Europass.xml")}`,
    });
    expect(text).toContain("<SkillsPassport");
    // A Vietnamese name's family name is its first word (the last one was taken before).
    expect(text).toContain("<PersonName><FirstName>Thị Lan</FirstName><Surname>Nguyễn</Surname></PersonName>");
    // Without ?format=, the XML is the Europass one.
    expect((await download(`/api/consultants/${id}/cv.xml`, owner.token)).text).toBe(text);

    const imported = await importXml(text, owner.token);
    expect(imported.status).toBe(200);
    expect(imported.json.format).toBe("europass-xml");
    const { drafts } = imported.json;
    expect(drafts.assignments).toEqual(
      TRACK_RECORD.assignments.map((item) => ({
        ...item,
        role: item.role ?? "",
        endDate: item.endDate ?? "",
        sector: item.sector ?? "",
        description: item.description ?? "",
      })),
    );
    expect(drafts.education).toEqual(
      TRACK_RECORD.education.map((item) => ({
        ...item,
        field: item.field ?? "",
        year: item.year === null ? "" : String(item.year),
      })),
    );
    expect(drafts.languages).toEqual([
      { name: "Vietnamese", level: "native" },
      { name: "English", level: "fluent" },
      { name: "Thai", level: "basic" },
      { name: "Khmer", level: null },
    ]);
    expect(drafts.profile).toMatchObject({
      name: "Nguyễn Thị Lan",
      title: "Maternal Health Adviser",
      email: HIDDEN_EMAIL,
      bio: "Fifteen years of maternal health work across the Mekong.",
    });
  });

  it("gives a visitor only the public fields, and refuses a format XML does not have", async () => {
    const { id } = await profileWithTrackRecord();
    const { response, text } = await download(`/api/consultants/${id}/cv.xml`);
    expect(response.status).toBe(200);
    expect(text).not.toContain(HIDDEN_EMAIL);
    expect(text).not.toContain(HIDDEN_PHONE);
    expect(text).toContain("Ministry of Health of Lao PDR");
    const wrong = await download(`/api/consultants/${id}/cv.xml?format=standard`);
    expect(wrong.response.status).toBe(400);
    expect(JSON.parse(wrong.text).message).toBe("Format must be one of europass");
    expect((await download(`/api/consultants/${id}/cv.pdf?format=europass-xml`)).response.status).toBe(400);
  });
});
