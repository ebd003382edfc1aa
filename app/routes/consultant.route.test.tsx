import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { consultantAssignments } from "#server/db/schema.ts";
import { insertListedConsultant } from "../../tests/setup/consultants.ts";
import { appContextOf, renderRoute, routeHarness } from "../../tests/setup/route-stub.tsx";
import * as page from "./consultant.tsx";

// The profile page marks the consultant's own words with the language they said they write in
// (issue 37: user text is never translated, it carries its own `lang` for screen readers and line
// breaking); the interface's words keep the page's language, and nothing is marked when not stated.

const harness = routeHarness();

const THAI_BIO = "ที่ปรึกษาด้านสาธารณสุขชุมชน ทำงานกับองค์การอนามัยโลกในภาคเหนือของประเทศไทยมาสิบปี";
const THAI_TITLE = "ผู้เชี่ยวชาญด้านสาธารณสุข";

function open(id: number) {
  return renderRoute(page, { path: "/consultant/:id", url: `/consultant/${id}`, context: appContextOf(harness.deps, null) });
}

describe("/consultant/{id}: the profile's own words in its own language", () => {
  it('gives the bio, the title and the assignments lang="th" when the profile is stated to be in Thai', async () => {
    const id = await insertListedConsultant(harness.database.db, { title: THAI_TITLE, bio: THAI_BIO, profileLanguage: "th" });
    await harness.database.db.insert(consultantAssignments).values({
      consultantId: id,
      position: 0,
      title: "ประเมินโครงการน้ำสะอาด",
      organization: "UNICEF",
      donors: ["UNICEF"],
      countries: ["Thailand"],
      startDate: "2021-01-01",
      description: "ประเมินผลโครงการน้ำสะอาดในโรงเรียนชนบท",
    });
    const view = open(id);
    const bio = await screen.findByText(THAI_BIO);
    expect(bio.getAttribute("lang")).toBe("th");
    expect(bio.getAttribute("dir")).toBe("auto");
    expect(screen.getByText(THAI_TITLE).getAttribute("lang")).toBe("th");
    expect((await screen.findByText("ประเมินโครงการน้ำสะอาด")).getAttribute("lang")).toBe("th");
    expect(screen.getByText("ประเมินผลโครงการน้ำสะอาดในโรงเรียนชนบท").getAttribute("lang")).toBe("th");
    // The interface's words around them are not marked: they are in the page's language.
    expect(screen.getByRole("heading", { name: "About" }).closest("[lang]")).toBeNull();
    view.unmount();
  });

  it("marks nothing when the language is not stated", async () => {
    const id = await insertListedConsultant(harness.database.db, { title: THAI_TITLE, bio: THAI_BIO });
    const view = open(id);
    const bio = await screen.findByText(THAI_BIO);
    expect(bio.hasAttribute("lang")).toBe(false);
    expect(bio.getAttribute("dir")).toBe("auto");
    expect(screen.getByText(THAI_TITLE).hasAttribute("lang")).toBe(false);
    expect(document.querySelector("[data-testid=consultant-profile] [lang]")).toBeNull();
    view.unmount();
  });
});
