import { screen, within } from "@testing-library/react";
import { createElement } from "react";
import { describe, expect, it } from "vitest";
import { standInAssignmentId } from "#common/track-record.ts";
import { appContextOf, renderRoute, routeHarness } from "../../../tests/setup/route-stub.tsx";
import { mekongEvaluation } from "../../../tests/setup/track-record.ts";
import { ReferencesPanel } from "./references-panel.tsx";

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
