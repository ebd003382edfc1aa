import { fireEvent, screen, within } from "@testing-library/react";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ADMIN_PAGE_SIZE } from "#common/admin-schema.ts";
import { assignmentReferences, consultantAssignments, consultants, reviews } from "#server/db/schema.ts";
import { editConsultant, OWNER_EDIT } from "#server/services/consultants/edit.ts";
import { createConsultant } from "#server/services/consultants/profile.ts";
import { actorOf } from "#server/services/context.ts";
import { insertListedConsultant, profileBody } from "../../tests/setup/consultants.ts";
import { appContextOf, renderRoute, routeHarness } from "../../tests/setup/route-stub.tsx";
import { mekongEvaluation } from "../../tests/setup/track-record.ts";
import { insertUser } from "../../tests/setup/users.ts";
import * as page from "./admin.tsx";
import * as reviewsPage from "./admin-reviews.tsx";

// The admin's review tools as /admin renders them (issue 36 item 7): the diff of a change marks
// the changed words and pairs an edited assignment; the new-profile dialog shows the track record.

const harness = routeHarness();

async function openQueue(name: string) {
  const admin = await harness.signIn({ role: "admin" });
  return renderRoute(page, {
    path: "/admin",
    url: `/admin?tab=queue&q=${encodeURIComponent(name)}`,
    context: appContextOf(harness.deps, admin),
    signedIn: true,
    others: ["/"],
  });
}

const EDUCATION = { degree: "MSc", field: "Public Health", institution: "Mahidol University", year: 2012 };

/** A new profile through the owner's write path, waiting for its first review. */
async function newProfile(name: string, extra: Record<string, unknown> = {}) {
  const owner = await harness.signIn({ name });
  const created = await createConsultant(harness.deps, actorOf(owner), profileBody({ name, ...extra }));
  return { owner, id: created.id, status: created.status };
}

describe("the approval queue's dialogs", () => {
  it("shows a new profile's assignments and education in its review dialog", async () => {
    const name = `Track Newcomer ${Date.now()}`;
    const { status } = await newProfile(name, { assignments: [mekongEvaluation()], education: [EDUCATION] });
    expect(status).toBe("pending");
    const view = await openQueue(name);
    fireEvent.click(await screen.findByRole("button", { name: `Review ${name}` }));
    const dialog = await screen.findByRole("dialog", { name: `Review ${name}` });
    // The profile page's own sections, loaded when the dialog opens.
    const experience = await within(dialog).findByRole("region", { name: "Experience" });
    expect(within(experience).getByRole("heading", { name: "Evaluation of the Mekong Maternal Health Programme" })).toBeTruthy();
    expect(experience.textContent).toContain("Ministry of Health of Lao PDR · Team Leader");
    expect(experience.textContent).toContain("Led six evaluators across 40 districts.");
    const education = within(dialog).getByRole("region", { name: "Education" });
    expect(education.textContent).toContain("MSc, Public Health");
    expect(education.textContent).toContain("Mahidol University · 2012");
    view.unmount();
  });

  it("says so when a new profile lists no assignments and no education", async () => {
    const name = `Empty Newcomer ${Date.now()}`;
    await newProfile(name);
    const view = await openQueue(name);
    fireEvent.click(await screen.findByRole("button", { name: `Review ${name}` }));
    const dialog = await screen.findByRole("dialog", { name: `Review ${name}` });
    expect(await within(dialog).findByText("No assignments listed yet.")).toBeTruthy();
    expect(within(dialog).getByText("No education listed.")).toBeTruthy();
    view.unmount();
  });

  it("marks the changed words of a change and shows an edited assignment as Changed, not removed and added", async () => {
    const name = `Diff Marks ${Date.now()}`;
    const body = profileBody({ name, title: "Water Engineer", assignments: [mekongEvaluation()] });
    const { owner, id } = await newProfile(name, body);
    await harness.database.db.update(consultants).set({ status: "approved" }).where(eq(consultants.id, id));
    await editConsultant(
      harness.deps,
      actorOf(owner),
      {
        id,
        body: {
          ...body,
          title: "Senior Water Engineer",
          assignments: [mekongEvaluation({ description: "Led eight evaluators." })],
        },
      },
      OWNER_EDIT,
    );
    const view = await openQueue(name);
    fireEvent.click(await screen.findByRole("button", { name: `Review the change to ${name}` }));
    const dialog = await screen.findByRole("dialog", { name: `Review the change to ${name}` });
    const inserted = [...dialog.querySelectorAll("ins")].map((element) => element.textContent);
    const deleted = [...dialog.querySelectorAll("del")].map((element) => element.textContent);
    // "Led six evaluators across 40 districts." -> "Led eight evaluators.": the words, not the sentence.
    expect(inserted).toEqual(["added: Senior", "added: eight"]);
    expect(deleted).toEqual(["removed: six", "removed: across 40 districts"]);
    expect(within(dialog).getByText("Changed")).toBeTruthy();
    expect(within(dialog).queryByText("Removed")).toBeNull();
    expect(within(dialog).queryByText("Added")).toBeNull();
    view.unmount();
  });
});

describe("/admin/reviews", () => {
  function openReviews(session: Awaited<ReturnType<typeof harness.signIn>> | null, url = "/admin/reviews") {
    return renderRoute(reviewsPage, {
      path: "/admin/reviews",
      url,
      context: appContextOf(harness.deps, session),
      signedIn: true,
      others: ["/", "/sign-in"],
    });
  }

  it("lists the newest reviews first and filters the hidden and the visible ones", async () => {
    const { db } = harness.database;
    const tag = `listed${Date.now()}`;
    const consultantId = await insertListedConsultant(db, { name: `Reviewed ${tag}` });
    for (const [index, hidden] of [false, true, false].entries()) {
      const reviewer = await insertUser(db, { name: `Reviewer ${index} ${tag}` });
      await db.insert(reviews).values({
        consultantId,
        reviewerId: reviewer.id,
        score: 5 + index,
        body: `Review ${index} of the work, ${tag}.`,
        engagement: "Other",
        createdAt: new Date(Date.UTC(2026, 5, 1 + index)),
        ...(hidden ? { hiddenAt: new Date(), hiddenReason: "Insults the consultant" } : {}),
      });
    }
    const admin = await harness.signIn({ role: "admin" });
    const headings = async () =>
      within(await screen.findByRole("list", { name: "Reviews" }))
        .getAllByRole("heading")
        .map((heading) => heading.textContent);
    const all = openReviews(admin, `/admin/reviews?q=${tag}`);
    expect(await headings()).toEqual([2, 1, 0].map((index) => `Review of Reviewed ${tag} by Reviewer ${index} ${tag}`));
    expect(screen.getByText("3 reviews")).toBeTruthy();
    expect(screen.getByText(/Insults the consultant/)).toBeTruthy();
    expect(screen.getByRole("button", { name: `Show again the review of Reviewed ${tag} by Reviewer 1 ${tag}` })).toBeTruthy();
    all.unmount();
    const hidden = openReviews(admin, `/admin/reviews?filter=hidden&q=${tag}`);
    expect(await headings()).toEqual([`Review of Reviewed ${tag} by Reviewer 1 ${tag}`]);
    expect(screen.getByText("1 review")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Hidden" }).getAttribute("aria-current")).toBe("page");
    hidden.unmount();
    const visible = openReviews(admin, `/admin/reviews?filter=visible&q=${tag}`);
    expect(await headings()).toEqual([0 + 2, 0].map((index) => `Review of Reviewed ${tag} by Reviewer ${index} ${tag}`));
    visible.unmount();
  });

  it("lists the live references at ?show=references, each with its Remove (issue 34)", async () => {
    const { db } = harness.database;
    const tag = `referenced${Date.now()}`;
    const consultantId = await insertListedConsultant(db, { name: `Referenced ${tag}` });
    const [assignment] = await db
      .insert(consultantAssignments)
      .values({
        consultantId,
        position: 0,
        title: `Baseline survey ${tag}`,
        organization: "UNICEF",
        donors: ["UNICEF"],
        countries: ["Laos"],
        startDate: "2020-01-01",
      })
      .returning({ id: consultantAssignments.id });
    await db.insert(assignmentReferences).values({
      consultantId,
      assignmentId: assignment!.id,
      refereeName: "Vilayphone Sisouk",
      refereeEmail: "vilayphone@unicef.example.org",
      tokenHash: `hash-${tag}`,
      status: "confirmed",
      assignmentTitle: `Baseline survey ${tag}`,
      organization: "UNICEF",
      startMonth: "2020-01",
      statement: "Thorough and on time.",
      score: 8,
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    const admin = await harness.signIn({ role: "admin" });
    const view = openReviews(admin, `/admin/reviews?show=references&q=${tag}`);
    const list = await screen.findByRole("list", { name: "References" });
    expect(within(list).getByRole("heading").textContent).toBe(`Baseline survey ${tag}`);
    expect(within(list).getByText("vilayphone@unicef.example.org")).toBeTruthy();
    expect(within(list).getByText("Confirmed")).toBeTruthy();
    expect(within(list).getByText("8/10")).toBeTruthy();
    expect(screen.getByText("1 reference")).toBeTruthy();
    expect(
      within(list).getByRole("button", { name: "Remove reference" }).closest("form")?.querySelector("input[name=back]"),
    ).toHaveProperty("value", `/admin/reviews?show=references&q=${tag}`);
    view.unmount();
  });

  it("pages the list, each page link keeping the filter and the search", async () => {
    const { db } = harness.database;
    const tag = `paged${Date.now()}`;
    const consultantId = await insertListedConsultant(db, { name: `Paged ${tag}` });
    for (let index = 0; index <= ADMIN_PAGE_SIZE; index++) {
      const reviewer = await insertUser(db, { name: `Pager ${index} ${tag}` });
      await db.insert(reviews).values({
        consultantId,
        reviewerId: reviewer.id,
        score: 7,
        body: `Review ${index} of the work, ${tag}.`,
        engagement: "Other",
        createdAt: new Date(Date.UTC(2026, 0, 1, 0, index)),
      });
    }
    const admin = await harness.signIn({ role: "admin" });
    const base = `/admin/reviews?filter=visible&q=${tag}`;
    const first = openReviews(admin, base);
    expect(within(await screen.findByRole("list", { name: "Reviews" })).getAllByRole("article")).toHaveLength(ADMIN_PAGE_SIZE);
    const pages = screen.getByRole("navigation", { name: "Pages" });
    expect(within(pages).getByRole("link", { name: "Page 1" }).getAttribute("aria-current")).toBe("page");
    expect(within(pages).getByRole("link", { name: "Page 2" }).getAttribute("href")).toBe(`${base}&page=2`);
    expect(within(pages).getByRole("link", { name: /Next/ }).getAttribute("href")).toBe(`${base}&page=2`);
    expect(within(pages).queryByRole("link", { name: /Previous/ })).toBeNull();
    first.unmount();
    const second = openReviews(admin, `${base}&page=2`);
    const last = await screen.findByRole("list", { name: "Reviews" });
    // The oldest review, alone on the second page.
    expect(
      within(last)
        .getAllByRole("heading")
        .map((heading) => heading.textContent),
    ).toEqual([`Review of Paged ${tag} by Pager 0 ${tag}`]);
    expect(
      within(screen.getByRole("navigation", { name: "Pages" }))
        .getByRole("link", { name: /Previous/ })
        .getAttribute("href"),
    ).toBe(base);
    second.unmount();
  });

  it("sends a signed-in user who is not an admin home", async () => {
    const view = openReviews(await harness.signIn());
    expect((await screen.findByTestId("landed")).textContent).toBe("/");
    view.unmount();
  });
});
