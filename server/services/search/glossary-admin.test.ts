import { readFileSync } from "node:fs";
import { expect } from "vitest";
import { createRuntime } from "#server/runtime.ts";
import { databaseTest } from "../../../tests/setup/fixtures.ts";
import { insertUser } from "../../../tests/setup/users.ts";
import { Forbidden } from "../errors.ts";
import { listGlossaryConcepts } from "./glossary-admin.ts";

// The admins' choice of a concept (/admin/searches, issue 33) in the page's language (issue 37):
// the glossary names every concept in English, Bahasa Indonesia, Vietnamese and Thai, and the
// list gives each concept's label in the language asked for, in that language's order.

const it = databaseTest();
const runtime = createRuntime({ insights: null });

type Label = string | { text: string };
/** The glossary file as written (a label is its text, or an object with its text and flags). */
const file = JSON.parse(readFileSync(new URL("../../../common/glossary/field-glossary.json", import.meta.url), "utf8")) as {
  concepts: { id: string; labels: Record<string, Label> }[];
};
const labelText = (label: Label | undefined) => (typeof label === "object" ? label.text : label);

it("gives each concept's label in the page's language, in that language's order", async ({ database }) => {
  const admin = await insertUser(database.db, { role: "admin" });
  const actor = { id: admin.id, role: "admin" as const };
  const deps = { db: database.db, runtime };
  const byLanguage: Record<string, { id: string; label: string }[]> = {};
  for (const language of ["en", "id", "vi", "th"] as const) {
    const concepts = await listGlossaryConcepts(deps, actor, language);
    byLanguage[language] = concepts;
    expect(concepts).toHaveLength(file.concepts.length);
    // Each concept's own label in that language, as the glossary file writes it.
    for (const concept of file.concepts) {
      expect(concepts.find((item) => item.id === concept.id)?.label, `${concept.id} in ${language}`).toBe(
        labelText(concept.labels[language]),
      );
    }
    const labels = concepts.map((concept) => concept.label);
    expect(labels).toEqual([...labels].sort((a, b) => a.localeCompare(b, language)));
  }
  const find = (language: string, id: string) => byLanguage[language]?.find((concept) => concept.id === id)?.label;
  expect(find("th", "monitoring-evaluation")).toBe("การติดตามและประเมินผล");
  expect(find("vi", "monitoring-evaluation")).toBe("Giám sát và đánh giá");
  expect(find("id", "monitoring-evaluation")).toBe("Pemantauan dan evaluasi");
  expect(find("en", "monitoring-evaluation")).toBe("Monitoring and evaluation");
  // English when no language is asked for (the API's callers).
  expect(await listGlossaryConcepts(deps, actor)).toEqual(byLanguage.en);
});

it("is for admins only", async ({ database }) => {
  const user = await insertUser(database.db);
  await expect(listGlossaryConcepts({ db: database.db, runtime }, { id: user.id, role: "user" }, "th")).rejects.toBeInstanceOf(
    Forbidden,
  );
});
