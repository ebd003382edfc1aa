import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { CvDrafts } from "#common/cv-import.ts";
import { parseCvFile } from "./parse-file.ts";

// The import's accuracy on the corpus of tests/fixtures/cv (issue 34): every file is read and its
// fields compared with the ones a careful reader finds in it (`.expected.json`). Field-level
// precision (of the fields the import filled, how many are right) and recall (of the fields the CV
// has, how many the import got right) per format. The bar: Europass 98 %, P11 90 %, and for any
// other PDF or Word CV, 70 % of the assignments found with both dates right.

const CORPUS = path.resolve(import.meta.dirname, "../../../tests/fixtures/cv");

type Expected = {
  format: string;
  layout: string;
  profile: Record<string, string>;
  assignments: Record<string, string | string[]>[];
  education: Record<string, string>[];
  languages: { name: string; level: string | null }[];
};

type Tally = { filled: number; expected: number; right: number; assignments: number; datedRight: number; files: number };

const normalize = (value: unknown): string => {
  if (Array.isArray(value)) return [...value].map(normalize).sort().join("|");
  if (value === null || value === undefined) return "";
  return String(value)
    .normalize("NFC")
    .replace(/^[•·\-\s]+/gm, "")
    .replace(/\s+/g, " ")
    .trim()
    .toLowerCase();
};

function compareFields(
  tally: Tally,
  expected: Record<string, unknown>,
  found: Record<string, unknown> | undefined,
  misses: string[],
  where: string,
) {
  for (const [field, want] of Object.entries(expected)) {
    const wanted = normalize(want);
    const got = normalize(found?.[field]);
    if (wanted) tally.expected += 1;
    if (got) tally.filled += 1;
    if (wanted && got === wanted) tally.right += 1;
    else if (wanted || got) misses.push(`${where}.${field}: expected "${wanted.slice(0, 70)}", got "${got.slice(0, 70)}"`);
  }
}

/** Each expected assignment with the found one most like it (dates, organization, title), each found one used once. */
function pairAssignments(expected: Expected["assignments"], found: CvDrafts["assignments"]) {
  const left = new Set(found.map((_, index) => index));
  return expected.map((want) => {
    let best = -1;
    let bestScore = 0;
    for (const index of left) {
      const got = found[index] as unknown as Record<string, unknown>;
      const score = (["startDate", "endDate", "organization", "title", "role"] as const).filter(
        (field) => normalize(want[field]) !== "" && normalize(want[field]) === normalize(got[field]),
      ).length;
      if (score > bestScore) {
        best = index;
        bestScore = score;
      }
    }
    if (best < 0 || bestScore < 2) return undefined;
    left.delete(best);
    return found[best];
  });
}

async function corpusFiles() {
  const files: { file: string; expected: Expected }[] = [];
  for (const dir of ["europass", "p11", "pdf", "docx"]) {
    for (const name of (await readdir(path.join(CORPUS, dir))).sort()) {
      if (name.endsWith(".expected.json")) continue;
      const file = path.join(CORPUS, dir, name);
      files.push({ file, expected: JSON.parse(await readFile(`${file}.expected.json`, "utf8")) as Expected });
    }
  }
  return files;
}

describe("the CV import's accuracy on the corpus", () => {
  it("meets the bar per format, and says how it did", { timeout: 240_000 }, async () => {
    const files = await corpusFiles();
    const tallies = new Map<string, Tally>();
    const report: string[] = [];
    for (const { file, expected } of files) {
      const kind = expected.format.startsWith("europass") ? "europass" : expected.format === "p11-docx" ? "p11" : "free";
      const tally = tallies.get(kind) ?? { filled: 0, expected: 0, right: 0, assignments: 0, datedRight: 0, files: 0 };
      tallies.set(kind, tally);
      tally.files += 1;
      const parsed = await parseCvFile(new Uint8Array(await readFile(file)));
      expect(parsed.format, file).toBe(expected.format);
      const misses: string[] = [];
      compareFields(tally, expected.profile, parsed.drafts.profile, misses, "profile");
      const paired = pairAssignments(expected.assignments, parsed.drafts.assignments);
      expected.assignments.forEach((want, index) => {
        const got = paired[index];
        compareFields(tally, want, got, misses, `assignments[${index}]`);
        tally.assignments += 1;
        if (got && got.startDate === want.startDate && got.endDate === want.endDate) tally.datedRight += 1;
      });
      // Assignments found that the CV does not have: every field filled is a wrong one.
      for (const extra of parsed.drafts.assignments.filter((item) => !paired.includes(item))) {
        compareFields(
          tally,
          Object.fromEntries(Object.keys(expected.assignments[0] ?? {}).map((key) => [key, ""])),
          extra,
          misses,
          "extra",
        );
      }
      expected.education.forEach((want, index) => {
        compareFields(tally, want, parsed.drafts.education[index], misses, `education[${index}]`);
      });
      for (const extra of parsed.drafts.education.slice(expected.education.length)) {
        compareFields(tally, { degree: "", field: "", institution: "", year: "" }, extra, misses, "extra education");
      }
      const languages = (list: { name: string; level: string | null }[]) =>
        Object.fromEntries(list.map((item) => [item.name, item.level ?? "(no level)"]));
      compareFields(tally, languages(expected.languages), languages(parsed.drafts.languages), misses, "languages");
      for (const name of Object.keys(languages(parsed.drafts.languages))) {
        if (!(name in languages(expected.languages))) {
          tally.filled += 1;
          misses.push(`languages.${name}: not in the CV`);
        }
      }
      report.push(
        `${path.relative(CORPUS, file)} [${expected.layout}]: ${misses.length} misses${misses.length ? `\n    ${misses.slice(0, 12).join("\n    ")}` : ""}`,
      );
    }
    const figures = [...tallies.entries()].map(([kind, tally]) => ({
      kind,
      files: tally.files,
      precision: tally.right / Math.max(1, tally.filled),
      recall: tally.right / Math.max(1, tally.expected),
      datedAssignments: tally.datedRight / Math.max(1, tally.assignments),
    }));
    const percent = (value: number) => `${(value * 100).toFixed(1)} %`;
    console.info(
      [
        ...report,
        "",
        ...figures.map(
          (figure) =>
            `${figure.kind}: ${figure.files} files, field precision ${percent(figure.precision)}, recall ${percent(figure.recall)}, assignments found with both dates right ${percent(figure.datedAssignments)}`,
        ),
      ].join("\n"),
    );
    const of = (kind: string) => figures.find((figure) => figure.kind === kind);
    expect(of("europass")?.files).toBeGreaterThanOrEqual(10);
    expect(of("p11")?.files).toBeGreaterThanOrEqual(10);
    expect(of("free")?.files).toBeGreaterThanOrEqual(20);
    expect(of("europass")?.precision).toBeGreaterThanOrEqual(0.98);
    expect(of("europass")?.recall).toBeGreaterThanOrEqual(0.98);
    expect(of("p11")?.precision).toBeGreaterThanOrEqual(0.9);
    expect(of("p11")?.recall).toBeGreaterThanOrEqual(0.9);
    expect(of("free")?.datedAssignments).toBeGreaterThanOrEqual(0.7);
  });
});
