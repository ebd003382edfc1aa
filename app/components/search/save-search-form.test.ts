import { describe, expect, it } from "vitest";
import { i18nFor } from "#app/i18n/i18n.ts";
import { parseSearchParamsLeniently } from "#common/search-params.ts";
import { suggestedSearchName } from "./save-search-form.tsx";

// The name "Save this search" suggests (issue 36): the pages that show a saved search's name put it
// in quotation marks themselves (the toast, the duplicate refusal, the buttons' names), so the
// suggestion carries none of its own.

const english = i18nFor("en");
const params = (query: string) => parseSearchParamsLeniently(new URLSearchParams(query));

describe("suggestedSearchName", () => {
  it("names the keywords as typed, without quotation marks, then the other filters", () => {
    expect(suggestedSearchName(english, params("keywords=water+sanitation&location=Thailand"))).toBe(
      "water sanitation, Thailand",
    );
    expect(suggestedSearchName(english, params("keywords=water"))).not.toMatch(/[“”"]/);
  });

  it("says 'All consultants' for a search without filters", () => {
    expect(suggestedSearchName(english, params(""))).toBe("All consultants");
  });
});
