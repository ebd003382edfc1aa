import { screen, within } from "@testing-library/react";
import { createElement } from "react";
import { describe, expect, it } from "vitest";
import { standInAssignmentId } from "#common/track-record.ts";
import { appContextOf, renderRoute, routeHarness } from "../../../tests/setup/route-stub.tsx";
import { mekongEvaluation } from "../../../tests/setup/track-record.ts";
import { ReferencesPanel } from "./references-panel.tsx";
import { ExperienceSection, TrackHighlights } from "./track-record-view.tsx";

// The owner's references panel (issue 34) offers "Ask for a reference" on stored assignments only.
// While an edit waits for review, the owner's view shows a new assignment with a negative stand-in
// id (it has no row yet): asking about it could only fail, so it is not offered, and the panel
// says when it can be.

const harness = routeHarness();

function open(assignments: { id: number; title: string }[], lang?: string) {
  const page = {
    default: () =>
      createElement(ReferencesPanel, {
        assignments: assignments.map(({ id, title }) => ({ ...mekongEvaluation({ title }), id })),
        references: [],
        answer: null,
        lang,
      }),
  };
  return renderRoute(page as never, {
    path: "/my-consultant-profile",
    url: "/my-consultant-profile",
    context: appContextOf(harness.deps, null),
  });
}

describe("the references panel", () => {
  it("offers a reference for stored assignments only while a new one waits for review", async () => {
    const view = open([
      { id: 41, title: "Mid-term evaluation of the Mekong WASH programme" },
      { id: standInAssignmentId(0), title: "Baseline survey of district hospitals" },
    ]);
    const list = (await screen.findByRole("heading", { name: "References from past clients" })).closest("section") as HTMLElement;
    expect(within(list).getByText("Mid-term evaluation of the Mekong WASH programme")).toBeTruthy();
    expect(within(list).queryByText("Baseline survey of district hospitals")).toBeNull();
    expect(within(list).getAllByRole("button", { name: /Ask for a reference/ })).toHaveLength(1);
    expect(within(list).getByText("An assignment waiting for review can be confirmed once it is published.")).toBeTruthy();
    expect(within(list).queryByText("Add assignments to your profile to ask for references.")).toBeNull();
    view.unmount();
  });

  it("marks the assignments' titles with the language the profile is written in (issue 37)", async () => {
    const view = open([{ id: 42, title: "การประเมินผลโครงการประปาหมู่บ้าน" }], "th");
    const title = await screen.findByRole("heading", { name: "การประเมินผลโครงการประปาหมู่บ้าน" });
    expect(title.getAttribute("lang")).toBe("th");
    expect(title.getAttribute("dir")).toBe("auto");
    view.unmount();
  });

  it("asks for assignments when there are none, and says nothing of waiting ones", async () => {
    const view = open([]);
    expect(await screen.findByText("Add assignments to your profile to ask for references.")).toBeTruthy();
    expect(screen.queryByText("An assignment waiting for review can be confirmed once it is published.")).toBeNull();
    expect(screen.queryByRole("button", { name: /Ask for a reference/ })).toBeNull();
    view.unmount();
  });
});

describe("a confirmed reference on the profile (issue 34)", () => {
  it("says who confirmed, never their e-mail; the badge only for the organization's verified domain; counted apart", async () => {
    const assignments = [
      { ...mekongEvaluation(), id: 51 },
      { ...mekongEvaluation({ title: "Baseline survey of district hospitals" }), id: 52 },
    ];
    const confirmed = (id: number, refereeName: string, isDomainVerified: boolean) => ({
      id,
      assignmentId: 51,
      refereeName,
      organization: "Ministry of Health of Lao PDR",
      role: null,
      startMonth: "2021-03",
      endMonth: "2023-06",
      statement: id === 1 ? "Led the evaluation with care." : null,
      score: id === 1 ? 9 : null,
      confirmedAt: "2026-11-01T00:00:00.000Z",
      isDomainVerified,
    });
    const references = [confirmed(1, "Souphanh Keola", true), confirmed(2, "Noy Inthavong", false)];
    const page = {
      default: () =>
        createElement("div", null, [
          createElement(TrackHighlights, { key: "highlights", assignments, references }),
          createElement(ExperienceSection, { key: "experience", assignments, references }),
        ]),
    };
    const view = renderRoute(page as never, {
      path: "/consultant/1",
      url: "/consultant/1",
      context: appContextOf(harness.deps, null),
    });
    const verified = (await screen.findByText("Souphanh Keola")).closest("div") as HTMLElement;
    expect(verified.textContent).toContain("Confirmed by Souphanh Keola, Ministry of Health of Lao PDR");
    expect(within(verified).getByText("Verified organization e-mail")).toBeTruthy();
    expect(verified.textContent).toContain("Score 9/10");
    expect(verified.textContent).toContain("“Led the evaluation with care.”");
    const other = screen.getByText("Noy Inthavong").closest("div") as HTMLElement;
    expect(other.textContent).toContain("Confirmed by Noy Inthavong, Ministry of Health of Lao PDR");
    expect(within(other).queryByText("Verified organization e-mail")).toBeNull();
    expect(screen.getAllByText("Verified organization e-mail")).toHaveLength(1);
    // Counted by assignment, apart from the rating: two references on one of two assignments.
    expect(screen.getByText("Confirmed by past clients").closest("div")?.textContent).toContain("1 of 2 assignments");
    expect(document.body.textContent).not.toContain("@");
    view.unmount();
  });
});
