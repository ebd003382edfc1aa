import { I18nProvider } from "@lingui/react";
import { cleanup, render } from "@testing-library/react";
import { createElement } from "react";
import { afterEach, expect, it } from "vitest";
import { i18nFor } from "#app/i18n/i18n.ts";
import { MatchExplanation } from "./match.tsx";

// A match's score names what it scores for a screen reader: an opportunity's title or a
// consultant's name, written by people in any script. It is isolated (<bdi>) like every other
// user text (issue 37): an Arabic or Hebrew title would otherwise reorder the words around it.

afterEach(cleanup);

it("isolates the opportunity's or consultant's name read with the score", () => {
  const title = "مراجعة برنامج المياه";
  const view = render(
    createElement(
      I18nProvider,
      { i18n: i18nFor("en") },
      createElement(MatchExplanation, { match: { score: 72, parts: [] }, label: title }),
    ),
  );
  const summary = view.container.querySelector("summary");
  expect(summary?.textContent).toBe(`Match 72/100 ${title}`);
  expect(summary?.querySelector("bdi")?.textContent).toBe(title);
});
