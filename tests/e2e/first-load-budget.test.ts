import path from "node:path";
import { describe, expect, it } from "vitest";
import { FIRST_LOAD_BUDGET_KB, firstLoadBudget, PUBLIC_ROUTES, TRANSLATION_BUDGET_KB } from "../../bench/budget.ts";

// The first-load JavaScript budget of issue 37, on the production build this run made (the e2e
// setup builds it): every public page at most 130 KB gzip in English, and a translated page's
// strings at most 8 KB more (138 KB). Measured as `npm run bench` prints it (bench/budget.ts: the
// route manifest, the client entry, the root and the page's route module and every chunk they
// import statically, each at gzip -9). A change that grows a public page past it fails here.

const budget = firstLoadBudget(path.resolve(import.meta.dirname, "../../build/client"));

describe("first-load JavaScript of the public pages", () => {
  it("measures every public page of the build (none renamed away, none measured empty)", () => {
    const measured = budget.filter((row) => row.public).map((row) => row.route);
    expect(measured.sort()).toEqual([...PUBLIC_ROUTES].sort());
    for (const row of budget.filter((row) => row.public)) {
      // React, React DOM and React Router alone are over 100 KB: a smaller figure measured nothing.
      expect(row.gzipKB, row.route).toBeGreaterThan(100);
      expect(row.files, row.route).toBeGreaterThanOrEqual(5);
    }
  });

  it.each(PUBLIC_ROUTES)("%s: at most 130 KB gzip in English, 138 KB translated", (route) => {
    const row = budget.find((candidate) => candidate.route === route);
    expect(row, route).toBeDefined();
    if (!row) return;
    expect(row.gzipKB, `${route} in English`).toBeLessThanOrEqual(FIRST_LOAD_BUDGET_KB);
    for (const [locale, strings] of Object.entries(row.catalogKB)) {
      expect(strings, `${route}: the ${locale} strings`).toBeLessThanOrEqual(TRANSLATION_BUDGET_KB);
      expect(row.gzipKB + strings, `${route} in ${locale}`).toBeLessThanOrEqual(FIRST_LOAD_BUDGET_KB + TRANSLATION_BUDGET_KB);
    }
  });
});
