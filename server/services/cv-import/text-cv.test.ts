import { describe, expect, it } from "vitest";
import { pdf } from "../../../tests/fixtures/cv/write-files.ts";
import { readPdf } from "./pdf.ts";
import { readTextCv } from "./text-cv.ts";

// A CV's text as pdf.js reads it (one string a line, "" between blocks), read into drafts.

describe("readTextCv", () => {
  it("keeps a two-column CV's sidebar contact block out of the last assignment", () => {
    // A CV printed from a two-column layout: pdf.js reads the main column, then the sidebar.
    const lines = [
      "",
      "Profile",
      "",
      "Public financial management specialist with 15 years of experience in budget reform.",
      "",
      "Professional Experience",
      "",
      "Senior PFM Adviser, World Bank — Hà Nội, Viet Nam",
      "March 2021 – present",
      "Technical lead for the medium-term expenditure framework reform with the Ministry of Finance.",
      "Research Officer, Central Institute for Economic Management — Hà Nội",
      "2006 – 2009",
      "Macro-fiscal research and policy notes.",
      "",
      "Trần Minh Khoa Public Financial Management Expert",
      "",
      "Hà Nội, Việt Nam",
      "khoa.tran@example.org",
      "+84 91 234 5678",
      "",
      "Languages",
      "",
      "Vietnamese (native)",
      "English (fluent)",
    ];
    const { drafts } = readTextCv(lines);
    expect(drafts.assignments.map((item) => [item.title, item.description])).toEqual([
      ["Senior PFM Adviser", "Technical lead for the medium-term expenditure framework reform with the Ministry of Finance."],
      // The sidebar's name, title, town, e-mail and phone do not come with it.
      ["Research Officer", "Macro-fiscal research and policy notes."],
    ]);
    expect(drafts.profile).toMatchObject({ email: "khoa.tran@example.org", phone: "+84 91 234 5678" });
    expect(drafts.languages.map((language) => language.name)).toEqual(["Vietnamese", "English"]);
  });

  it("reads a degree whose institution a narrow column cut across two lines", () => {
    const { drafts } = readTextCv([
      "Education",
      "",
      "MA Public Policy, Australian",
      "National University, 2011",
      "",
      "BA Economics, National",
      "Economics University, Hà Nội, 2006",
      "",
      "MSc Public Health",
      "Mahidol University, 2008",
    ]);
    expect(drafts.education.map(({ degree, institution, year }) => [degree, institution, year])).toEqual([
      ["MA Public Policy", "Australian National University", "2011"],
      ["BA Economics", "National Economics University", "2006"],
      ["MSc Public Health", "Mahidol University", "2008"],
    ]);
  });
  it("joins a range whose end the line's width pushed onto the next line, and leaves an open range open", () => {
    // A PDF with each entry's dates at the end of its first line: the longest line wraps after the dash.
    const lines = [
      "Sokha Chhim",
      "Water Resources Engineer",
      "",
      "EXPERIENCE",
      "Team Leader, Mid-term Review of the Tonle Sap Irrigation Project (ADB), Cambodia 03/2021 –",
      "08/2022",
      "Reviewed 14 irrigation schemes and proposed remedial works.",
      "Hydrologist, Flood Forecasting Unit (World Bank), Lao PDR 01/2018 – 02/2021",
      "Built flood forecasting models for the Xe Bang Fai basin.",
      "",
      "Water Resources Adviser, Mekong River Commission, Lao PDR Sep 2022 –",
      "Basin planning for the lower Mekong.",
    ];
    const { drafts } = readTextCv(lines);
    expect(drafts.assignments.map((item) => [item.startDate, item.endDate, item.description])).toEqual([
      ["2021-03", "2022-08", "Reviewed 14 irrigation schemes and proposed remedial works."],
      ["2018-01", "2021-02", "Built flood forecasting models for the Xe Bang Fai basin."],
      ["2022-09", "", "Basin planning for the lower Mekong."],
    ]);
  });
  it("reads a name and a title given on one first line", () => {
    const lines = [
      "Kyaw Zin Htet — Disaster Risk Finance Specialist",
      "kyawzinhtet@example.com, +95 1 555 0177",
      "",
      "Selected assignments",
      "2021–2025 Disaster Risk Finance Specialist, Ministry of Finance: Disaster Risk Financing Diagnostic",
    ];
    expect(readTextCv(lines).drafts.profile).toMatchObject({
      name: "Kyaw Zin Htet",
      title: "Disaster Risk Finance Specialist",
      email: "kyawzinhtet@example.com",
    });
    // A first line that is no name ("Curriculum Vitae — …") gives none.
    expect(readTextCv(["Curriculum Vitae — Public Health", "", "Experience"]).drafts.profile.name).toBeUndefined();
  });
  it("keeps a ministry's portfolios in its name: 'Ministry of Agriculture, Forestry and Fisheries'", () => {
    const { drafts } = readTextCv([
      "Work Experience",
      "Mar 2019 – Jun 2021",
      "Value Chain Adviser, Ministry of Agriculture, Forestry and Fisheries, Phnom Penh, Cambodia",
      "Organic rice certification with 2,000 smallholders.",
      "Jan 2016 – Feb 2019",
      "Policy Officer, Ministry of Planning and Investment, Hà Nội, Việt Nam",
      "Provincial investment planning.",
    ]);
    expect(drafts.assignments.map((item) => [item.role, item.organization, item.countries])).toEqual([
      ["Value Chain Adviser", "Ministry of Agriculture, Forestry and Fisheries", ["Cambodia"]],
      ["Policy Officer", "Ministry of Planning and Investment", ["Vietnam"]],
    ]);
  });
});

describe("readPdf", () => {
  it("joins a paragraph's lines, and a word hyphenated across two of them without a space", async () => {
    const bytes = await pdf((doc) => {
      doc.text("Work Experience", 50, 50);
      doc.text("2020 – 2021 Public Finance Expert, Ministry of Economy and Finance", 50, 65);
      // A paragraph as a word processor wraps it: "sub-" ends its widest line, "national" begins the next.
      doc.text("Reviewed the chart of accounts and the programme budgets of the provinces for the sub-", 50, 80, {
        lineBreak: false,
      });
      doc.text("national administrations of five provinces.", 50, 95, { lineBreak: false });
    });
    const { lines } = await readPdf(new Uint8Array(bytes));
    expect(lines).toContain(
      "Reviewed the chart of accounts and the programme budgets of the provinces for the sub-national administrations of five provinces.",
    );
  });
});
