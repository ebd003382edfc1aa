import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, startApiApp } from "../../../tests/setup/api-app.ts";
import { insertSignedInUser } from "../../../tests/setup/users.ts";

// The donor CV layouts of issue 34 (?format=p11, europass, eu beside the standard one): each
// has its sections, in its order, read from where pdf.js finds their headings on the pages; the
// Europass PDF carries its XML and imports back; a visitor's copy has only public fields.

let api: Awaited<ReturnType<typeof startApiApp>>;
beforeAll(async () => {
  api = await startApiApp({ REQUIRE_APPROVAL: "false" });
});
afterAll(async () => {
  await api?.close();
});

const HIDDEN_PHONE = "+66 2 555 0198";

async function profile() {
  const owner = await insertSignedInUser(api.database.db);
  const created = await call(api.app, "POST", "/api/consultants", {
    token: owner.token,
    body: {
      name: "Somchai Wongsawat",
      title: "Senior Infrastructure Engineer",
      email: owner.email,
      phone: HIDDEN_PHONE,
      location: "Bangkok, Thailand",
      country: "Thailand",
      yearsExperience: 20,
      primarySpecialization: "Infrastructure",
      secondarySpecializations: ["Agriculture"],
      bio: "Civil engineer with twenty years in rural roads and irrigation. วิศวกรโยธาที่มีประสบการณ์ด้านถนนชนบท",
      languages: ["Thai", "English", "Lao"],
      languageLevels: { Thai: "native", English: "fluent", Lao: "working" },
      assignments: [
        {
          title: "Rural Roads Asset Management System",
          organization: "Department of Rural Roads",
          donors: ["World Bank"],
          countries: ["Thailand"],
          role: "Road Asset Management Engineer",
          startDate: "2022-01",
          endDate: null,
          sector: "Infrastructure",
          description: "Set up a GIS-based road condition inventory covering 11,000 km.",
        },
        {
          title: "Irrigation Modernisation Project Design",
          organization: "Royal Irrigation Department",
          donors: ["World Bank", "Asian Development Bank"],
          countries: ["Thailand", "Laos"],
          role: "Irrigation Engineer",
          startDate: "2018-04",
          endDate: "2021-10",
          sector: "Agriculture",
          description: "Prepared the design of canal automation for 48,000 hectares.",
        },
      ],
      education: [
        { degree: "MEng", field: "Transportation Engineering", institution: "Asian Institute of Technology", year: 2001 },
      ],
    },
  });
  expect(created.status, created.text).toBe(201);
  return { owner, id: created.json.id as number };
}

type Line = { text: string; page: number; y: number };

/** Every line of text with its page and height on it (pdf.js), top to bottom. */
async function linesOf(bytes: Uint8Array): Promise<{ lines: Line[]; attachments: string[] }> {
  const document = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false }).promise;
  const lines: Line[] = [];
  for (let number = 1; number <= document.numPages; number += 1) {
    const page = await document.getPage(number);
    for (const item of (await page.getTextContent()).items) {
      if ("str" in item && item.str.trim())
        lines.push({ text: item.str.normalize("NFC"), page: number, y: item.transform[5] ?? 0 });
    }
  }
  const attachments = [...((await document.getAttachments()) ?? new Map()).values()].map((attachment) => attachment.filename);
  await document.cleanup();
  return { lines, attachments };
}

/** Where a heading is: its page, and how far down (the order in which a reader meets it). */
function position(lines: Line[], heading: string) {
  const line = lines.find((item) => item.text.trim() === heading);
  return line ? line.page * 10_000 - line.y : null;
}

async function downloadAs(id: number, format: string, token?: string) {
  const response = await api.app.request(`/api/consultants/${id}/cv.pdf?format=${format}`, {
    headers: { "x-forwarded-for": "192.0.2.61", ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  expect(response.status, format).toBe(200);
  expect(response.headers.get("content-type")).toBe("application/pdf");
  return new Uint8Array(await response.arrayBuffer());
}

const SECTIONS: Record<string, string[]> = {
  standard: [
    "1. PERSONAL DETAILS",
    "2. SUMMARY",
    "3. EDUCATION",
    "4. LANGUAGE SKILLS",
    "5. COUNTRIES OF WORK EXPERIENCE",
    "6. EMPLOYMENT AND ASSIGNMENT RECORD",
  ],
  p11: ["PERSONAL HISTORY FORM (P.11)", "1. NAME AND CONTACT", "2. LANGUAGES", "3. EDUCATION", "4. EMPLOYMENT RECORD"],
  europass: ["PERSONAL INFORMATION", "POSITION", "WORK EXPERIENCE", "EDUCATION AND TRAINING", "PERSONAL SKILLS"],
  eu: [
    "1. Family name",
    "2. First names",
    "4. Education",
    "5. Language skills",
    "6. Other skills",
    "7. Present position",
    "9. Key qualifications",
    "10. Specific experience in the region",
    "11. Professional experience",
  ],
};

describe("the CV layouts", () => {
  it("have their sections, in their order, with the track record in each", async () => {
    const { owner, id } = await profile();
    for (const [format, headings] of Object.entries(SECTIONS)) {
      const { lines } = await linesOf(await downloadAs(id, format, owner.token));
      const positions = headings.map((heading) => position(lines, heading));
      expect(
        headings.filter((_, index) => positions[index] === null),
        `${format}: headings not found`,
      ).toEqual([]);
      const sorted = [...(positions as number[])].sort((a, b) => a - b);
      expect(positions, `${format}: sections in order`).toEqual(sorted);
      const text = lines.map((line) => line.text).join(" ");
      for (const expected of [
        "Rural Roads Asset Management System",
        "Royal Irrigation Department",
        "Asian Institute of Technology",
      ]) {
        expect(text, `${format}: ${expected}`).toContain(expected);
      }
      expect(text, format).toContain(HIDDEN_PHONE);
    }
  });

  it("gives visitors the public fields only in every layout", async () => {
    const { id } = await profile();
    for (const format of Object.keys(SECTIONS)) {
      const { lines } = await linesOf(await downloadAs(id, format));
      expect(lines.map((line) => line.text).join(" "), format).not.toContain(HIDDEN_PHONE);
    }
  });

  it("attaches the Europass XML to the Europass PDF, which imports back", async () => {
    const { owner, id } = await profile();
    const bytes = await downloadAs(id, "europass", owner.token);
    expect((await linesOf(bytes)).attachments).toEqual(["attachment.xml"]);
    const body = new FormData();
    body.set("file", new File([Buffer.from(bytes)], "europass.pdf", { type: "application/pdf" }));
    const response = await api.app.request("/api/my-consultant-profile/import", {
      method: "POST",
      body,
      headers: { authorization: `Bearer ${owner.token}`, "x-forwarded-for": "192.0.2.62" },
    });
    expect(response.status).toBe(200);
    // biome-ignore lint/suspicious/noExplicitAny: the test reads the JSON it asserts
    const json = (await response.json()) as any;
    expect(json.format).toBe("europass-pdf");
    expect(json.drafts.assignments.map((item: { title: string; endDate: string }) => [item.title, item.endDate])).toEqual([
      ["Rural Roads Asset Management System", ""],
      ["Irrigation Modernisation Project Design", "2021-10"],
    ]);
  });
});
