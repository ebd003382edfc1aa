import { describe, expect, it } from "vitest";
import { pdfLines } from "../../../tests/setup/pdf-text.ts";
import { CV_FORMATS, type CvFormatKey } from "./formats.ts";
import type { CvData } from "./render.ts";

// A section heading never stays alone at the foot of a page (issue 36: the CV "strands a section
// heading at the foot of a page"): the track record's heading travels with its first assignment.
// The education list grows row by row, so the record's heading comes to stand at every height of
// a page, in each layout that has one; each PDF is read back with pdf.js (every piece of text and
// where it stands) and the heading must have text of its own page below it, above the footer.

/** Each layout's record heading, and the line some put under it (which alone is no assignment). */
const RECORD_HEADINGS: Partial<Record<CvFormatKey, { heading: string; intro?: string }>> = {
  standard: { heading: "6. EMPLOYMENT AND ASSIGNMENT RECORD" },
  p11: { heading: "4. EMPLOYMENT RECORD", intro: "Starting with the present post, in reverse order." },
  eu: { heading: "11. Professional experience" },
};

/** The footer line (stamp and page number) stands 36 pt above the page's foot; text above this is the page's. */
const FOOTER_TOP = 48;

function cv(educationRows: number): CvData {
  return {
    name: "Nguyen Thi Mai",
    title: "Public Health Evaluator",
    location: "Hanoi, Vietnam",
    country: "Vietnam",
    email: "mai@example.org",
    phone: null,
    yearsExperience: 14,
    primarySpecialization: "Health",
    secondarySpecializations: ["Monitoring & Evaluation"],
    bio: "Fourteen years evaluating maternal and child health programmes in the northern provinces.",
    languages: ["Vietnamese", "English"],
    languageLevels: { Vietnamese: "native", English: "fluent" },
    availableForWork: true,
    availableFrom: null,
    dailyRate: null,
    assignments: [1, 2].map((id) => ({
      id,
      title: `Mid-term evaluation of the maternal health programme, phase ${id}`,
      organization: "Ministry of Health",
      donors: ["UNICEF"],
      countries: ["Vietnam"],
      role: "Team Leader",
      startDate: `201${id}-01`,
      endDate: `201${id + 1}-06`,
      sector: "Health",
      description: "Led a team of four through district visits, interviews and the final report.",
    })),
    education: Array.from({ length: educationRows }, (_, index) => ({
      id: index + 1,
      degree: "Certificate",
      field: `Course ${index + 1}`,
      institution: "Hanoi Medical University",
      year: 2000 + (index % 20),
    })),
    updatedAt: new Date("2026-11-01T00:00:00Z"),
  };
}

describe("a CV's section heading", () => {
  it.each(Object.entries(RECORD_HEADINGS))(
    "%s: the record's heading has its first assignment under it on its page",
    async (key, { heading: text, intro }) => {
      const positions: number[] = [];
      const pages: number[] = [];
      for (let rows = 0; rows <= 56; rows += 2) {
        const bytes = await CV_FORMATS[key as CvFormatKey].render(cv(rows), { generatedAt: new Date("2026-11-27T00:00:00Z") });
        const items = (await pdfLines(bytes)).lines;
        const heading = items.find((item) => item.text === text);
        expect(heading, `${key} with ${rows} education rows has its record heading`).toBeDefined();
        if (!heading) continue;
        positions.push(Math.round(heading.y));
        pages.push(heading.page);
        const under = items.filter(
          (item) => item.page === heading.page && item.y < heading.y - 1 && item.y > FOOTER_TOP && item.text !== intro,
        );
        expect(
          under.length,
          `${key} with ${rows} education rows: the heading at y=${Math.round(heading.y)} is alone`,
        ).toBeGreaterThan(0);
      }
      // The sweep moved the heading over a page's height and onto a next page: through the foot of one.
      expect(Math.max(...positions) - Math.min(...positions)).toBeGreaterThan(400);
      expect(new Set(pages).size).toBeGreaterThan(1);
    },
  );
});
