import { describe, expect } from "vitest";
import { importCv, postOwnProfile, type TestApi } from "../../../tests/setup/api-app.ts";
import { apiTest } from "../../../tests/setup/fixtures.ts";
import { type PdfLine, pdfLines } from "../../../tests/setup/pdf-text.ts";

// The donor CV layouts of issue 34 (?format=p11, europass, eu beside the standard one): each
// has its sections, in its order, read from where pdf.js finds their headings on the pages; the
// Europass PDF carries its XML and imports back; a visitor's copy has only public fields.

const it = apiTest({ REQUIRE_APPROVAL: "false" });
let api: TestApi;
it.beforeAll(({ api: started }) => {
  api = started;
});

const HIDDEN_PHONE = "+66 2 555 0198";

function profile() {
  return postOwnProfile(api, (owner) => ({
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
  }));
}

/** Where a heading is: its page, and how far down (the order in which a reader meets it). */
function position(lines: PdfLine[], heading: string) {
  const line = lines.find((item) => item.text.trim() === heading);
  return line ? line.page * 10_000 - line.y : null;
}

async function downloadAs(id: number, format: string, token?: string, lang?: string) {
  const response = await api.app.request(`/api/consultants/${id}/cv.pdf?format=${format}${lang ? `&lang=${lang}` : ""}`, {
    headers: { "x-forwarded-for": "192.0.2.61", ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  expect(response.status, format).toBe(200);
  expect(response.headers.get("content-type")).toBe("application/pdf");
  // Each layout its own file: a bid's P11 and EU annex do not overwrite each other.
  const suffix = { standard: "", p11: "-P11", europass: "-Europass", eu: "-EU" }[format];
  expect(response.headers.get("content-disposition"), format).toContain(`filename="CV-Somchai-Wongsawat${suffix}.pdf"`);
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
      const { lines } = await pdfLines(await downloadAs(id, format, owner.token));
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
      const { lines } = await pdfLines(await downloadAs(id, format));
      expect(lines.map((line) => line.text).join(" "), format).not.toContain(HIDDEN_PHONE);
    }
  });

  it("attaches the Europass XML to the Europass PDF, which imports back", async () => {
    const { owner, id } = await profile();
    const bytes = await downloadAs(id, "europass", owner.token);
    expect((await pdfLines(bytes)).attachments).toEqual(["attachment.xml"]);
    const { status, json } = await importCv(
      api.app,
      { bytes, name: "europass.pdf", type: "application/pdf" },
      { token: owner.token, ip: "192.0.2.62" },
    );
    expect(status).toBe(200);
    expect(json.format).toBe("europass-pdf");
    expect(json.drafts.assignments.map((item: { title: string; endDate: string }) => [item.title, item.endDate])).toEqual([
      ["Rural Roads Asset Management System", ""],
      ["Irrigation Modernisation Project Design", "2021-10"],
    ]);
  });
});

/** Text as compared here: no spaces, Thai SARA AM as one character. */
function loose(text: string) {
  return text.replace(/\s/gu, "").replace(/\u0E4D\u0E32/gu, "\u0E33");
}

/** pdf.js's pieces of text joined into the lines they stand on (a run of Thai after "1. " is a piece of its own). */
function joined(lines: PdfLine[]): PdfLine[] {
  const out: PdfLine[] = [];
  for (const line of lines) {
    const last = out.at(-1);
    if (last && last.page === line.page && Math.abs(last.y - line.y) < 2) last.text += line.text;
    else out.push({ ...line });
  }
  // SARA AM is drawn (and copies out) as NIKHAHIT and SARA AA; pdf.js leaves out the spaces
  // between runs of two fonts: compare without spaces.
  return out.map((line) => ({ ...line, text: loose(line.text) }));
}

describe("the CV's own words in the requester's language (issue 37)", () => {
  it("gives the standard CV's headings, labels, months and footer in Thai, Vietnamese or Indonesian", async () => {
    const { id } = await profile();
    const thai = joined((await pdfLines(await downloadAs(id, "standard", undefined, "th"))).lines);
    const text = thai.map((line) => line.text).join(" ");
    const headings = [
      "1. ข้อมูลส่วนตัว",
      "2. สรุปประวัติ",
      "3. การศึกษา",
      "4. ทักษะด้านภาษา",
      "5. ประเทศที่มีประสบการณ์ทำงาน",
      "6. ประวัติการทำงานและการปฏิบัติงาน",
    ];
    const positions = headings.map((heading) => position(thai, loose(heading)));
    expect(
      headings.filter((_, index) => positions[index] === null),
      text,
    ).toEqual([]);
    expect(positions).toEqual([...(positions as number[])].sort((a, b) => a - b));
    // Labels and values in Thai, months with Gregorian years, the consultant's words as written.
    for (const expected of ["ผู้ว่าจ้าง / นายจ้าง", "สถานที่", "ภาษาแม่", "ปัจจุบัน", "2018", "หน้า 1 จาก", "Royal Irrigation Department"]) {
      expect(text, expected).toContain(loose(expected));
    }
    expect(text).not.toContain("2561");
    expect(text).not.toContain("PERSONALDETAILS");
    // Vietnamese and Indonesian are set in one font: every heading read back exactly, spaces and
    // diacritics included, in its order.
    const latinHeadings = {
      vi: [
        "1. Thông tin cá nhân",
        "2. Tóm tắt",
        "3. Học vấn",
        "4. Kỹ năng ngôn ngữ",
        "5. Các quốc gia đã làm việc",
        "6. Quá trình công tác và các nhiệm vụ",
      ],
      id: [
        "1. Data pribadi",
        "2. Ringkasan",
        "3. Pendidikan",
        "4. Kemampuan bahasa",
        "5. Negara pengalaman kerja",
        "6. Riwayat pekerjaan dan penugasan",
      ],
    };
    for (const [lang, words] of Object.entries(latinHeadings)) {
      const { lines } = await pdfLines(await downloadAs(id, "standard", undefined, lang));
      const found = words.map((heading) => position(lines, heading.toUpperCase()));
      expect(
        words.filter((_, index) => found[index] === null),
        lang,
      ).toEqual([]);
      expect(found, lang).toEqual([...(found as number[])].sort((a, b) => a - b));
    }
    // English stays the default.
    const english = (await pdfLines(await downloadAs(id, "standard"))).lines;
    expect(position(english, "1. PERSONAL DETAILS")).not.toBeNull();
  });

  it("keeps the donors' forms in their own wording, and refuses a language it does not have", async () => {
    const { id } = await profile();
    const p11 = (await pdfLines(await downloadAs(id, "p11", undefined, "th"))).lines;
    expect(position(p11, "4. EMPLOYMENT RECORD")).not.toBeNull();
    const refused = await api.app.request(`/api/consultants/${id}/cv.pdf?lang=fr`, {
      headers: { "x-forwarded-for": "192.0.2.63" },
    });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { message: string }).message).toBe("Language (lang) must be one of en, id, vi, th");
  });
});
