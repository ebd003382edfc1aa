import { screen } from "@testing-library/react";
import { createElement } from "react";
import { describe, expect, it } from "vitest";
import { CV_IMPORT_WARNINGS, type CvImportResult } from "#common/cv-import.ts";
import { appContextOf, renderRoute, routeHarness } from "../../../../tests/setup/route-stub.tsx";
import { ImportSummary } from "./cv-import.tsx";

// What "Import from your CV" says once a CV was read (issue 34): how many entries it added, or,
// when it added none (a scanned PDF, a CV whose entries the form already has), that it added none.

const harness = routeHarness();

const result = (warnings: string[]): CvImportResult => ({
  format: "pdf",
  drafts: { profile: {}, assignments: [], education: [], languages: [] },
  warnings,
  attachment: null,
});

function open(added: { assignments: number; education: number; languages: number }, warnings: string[] = []) {
  const page = { default: () => createElement(ImportSummary, { result: result(warnings), added }) };
  return renderRoute(page as never, { path: "/profile/new", url: "/profile/new", context: appContextOf(harness.deps, null) });
}

describe("the CV import's summary", () => {
  it("counts what it added", async () => {
    open({ assignments: 3, education: 1, languages: 2 });
    expect((await screen.findByText(/^Added 3 assignments, 1 education entry and 2 languages/)).textContent).toContain(
      "From your CV: check it",
    );
  });

  it("says it added nothing rather than 'Added 0 assignments, each marked …' (a scanned PDF)", async () => {
    open({ assignments: 0, education: 0, languages: 0 }, [CV_IMPORT_WARNINGS.noExperience]);
    await screen.findByText(/^No assignment, education entry or language was added/);
    expect(screen.queryByText(/Added 0/)).toBeNull();
    expect(screen.getByText(CV_IMPORT_WARNINGS.noExperience)).toBeTruthy();
  });
});
