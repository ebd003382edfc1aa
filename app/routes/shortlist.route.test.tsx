import { fireEvent, screen, within } from "@testing-library/react";
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { SHORTLIST_TEXTS } from "#common/shortlists.ts";
import { shortlists } from "#server/db/schema.ts";
import { actorOf } from "#server/services/context.ts";
import { putShortlistEntry } from "#server/services/shortlists/entries.ts";
import { createShortlist } from "#server/services/shortlists/shortlists.ts";
import { insertListedConsultant } from "../../tests/setup/consultants.ts";
import { appContextOf, type RouteHarness, renderRoute, routeHarness } from "../../tests/setup/route-stub.tsx";
import * as consultantPage from "./consultant.tsx";
import * as page from "./shortlist.tsx";

// /shortlists/{id} as a route module: the owner's list, a share link shown once (the answer's
// data), a refusal beside the forms (the answer's error), a removal that reloads the list.

const harness = routeHarness();

type Session = Awaited<ReturnType<RouteHarness["signIn"]>>;

/** A list of `session`'s with one listed consultant on it. */
async function listWithOne(session: Session, name = "Mekong WASH evaluation") {
  const consultantId = await insertListedConsultant(harness.database.db, { name: "Somchai Phan" });
  const list = await createShortlist(harness.deps, actorOf(session), { name });
  await putShortlistEntry(harness.deps, actorOf(session), { id: list.id, consultantId, body: { note: "Strong on WASH" } });
  return { listId: list.id, consultantId };
}

function open(session: Session | null, listId: number) {
  return renderRoute(page, {
    path: "/shortlists/:id",
    url: `/shortlists/${listId}`,
    context: appContextOf(harness.deps, session),
    signedIn: true,
  });
}

/** A new account's list with one consultant, opened by the account. */
async function openOwnList(name?: string) {
  const owner = await harness.signIn();
  const { listId } = await listWithOne(owner, name);
  return { owner, listId, view: open(owner, listId) };
}

describe("/shortlists/{id}", () => {
  it("shows the owner's list with its consultant and note; to anyone else it does not exist", async () => {
    const { listId, view: mine } = await openOwnList();
    expect(await screen.findByRole("heading", { name: "Mekong WASH evaluation" })).toBeTruthy();
    expect(screen.getByText("1 consultant")).toBeTruthy();
    expect((screen.getByLabelText("Private note on Somchai Phan") as HTMLTextAreaElement).value).toBe("Strong on WASH");
    mine.unmount();
    const theirs = open(await harness.signIn(), listId);
    expect(await screen.findByText("404 Page Not Found")).toBeTruthy();
    expect(screen.queryByText("Mekong WASH evaluation")).toBeNull();
    theirs.unmount();
  });

  it("exports the list as CSV, and with its notes only from the link that asks for them (issue 31: ?notes=1)", async () => {
    const { listId, view } = await openOwnList();
    await screen.findByRole("heading", { name: "Mekong WASH evaluation" });
    const plain = screen.getByRole("link", { name: "Export CSV" });
    const withNotes = screen.getByRole("link", { name: "Export CSV with notes" });
    expect([plain.getAttribute("href"), withNotes.getAttribute("href")]).toEqual([
      `/api/shortlists/${listId}/export.csv`,
      `/api/shortlists/${listId}/export.csv?notes=1`,
    ]);
    view.unmount();
  });

  it("creates a share link and shows it once, from the action's answer", async () => {
    const { listId, view } = await openOwnList();
    fireEvent.click(await screen.findByRole("button", { name: "Share a read-only link" }));
    const url = (await screen.findByTestId("share-url")).textContent ?? "";
    expect(url).toMatch(/\/shortlists\/shared\/[\w-]{20,}$/);
    const [row] = await harness.database.db.select().from(shortlists).where(eq(shortlists.id, listId));
    // Only a hash of the token is kept: the link cannot be shown again.
    expect(JSON.stringify(row)).not.toContain(url.split("/").pop());
    view.unmount();
  });

  it("keeps the page and says why when a rename is refused", async () => {
    const { listId, view } = await openOwnList("Before the rename");
    const name = (await screen.findByLabelText(/^Name/)) as HTMLInputElement;
    fireEvent.change(name, { target: { value: "   " } });
    fireEvent.click(screen.getByRole("button", { name: "Rename" }));
    expect(await screen.findByText("Not saved")).toBeTruthy();
    expect(screen.getByText(SHORTLIST_TEXTS.name)).toBeTruthy();
    const [row] = await harness.database.db.select({ name: shortlists.name }).from(shortlists).where(eq(shortlists.id, listId));
    expect(row?.name).toBe("Before the rename");
    view.unmount();
  });

  it("removes a consultant and shows the list again without them", async () => {
    const { view } = await openOwnList();
    fireEvent.click(await screen.findByRole("button", { name: "Remove Somchai Phan" }));
    expect(await screen.findByText(/No consultants yet/)).toBeTruthy();
    expect(screen.getByText("0 consultants")).toBeTruthy();
    view.unmount();
  });

  it("copies the share link to the clipboard and says so; says to copy it by hand when the browser refuses (issue 36)", async () => {
    const owner = await harness.signIn();
    const { listId } = await listWithOne(owner);
    const written: string[] = [];
    const writeText = vi.fn(async (text: string) => {
      written.push(text);
    });
    Object.defineProperty(navigator, "clipboard", { configurable: true, value: { writeText } });
    const view = open(owner, listId);
    fireEvent.click(await screen.findByRole("button", { name: "Share a read-only link" }));
    const url = (await screen.findByTestId("share-url")).textContent ?? "";
    fireEvent.click(screen.getByRole("button", { name: "Copy link" }));
    expect(await screen.findByText("Link copied to the clipboard.")).toBeTruthy();
    expect(screen.getByRole("status").textContent).toBe("Link copied to the clipboard.");
    expect(written).toEqual([url]);

    writeText.mockRejectedValueOnce(new DOMException("Write permission denied.", "NotAllowedError"));
    fireEvent.click(screen.getByRole("button", { name: "Copy link" }));
    expect(await screen.findByText("Could not copy: select the link and copy it yourself.")).toBeTruthy();
    expect(screen.getByTestId("share-url").textContent).toBe(url);
    view.unmount();
  });

  it("compares with the rating the cards show: earned score and reviews, or No reviews yet (issue 36)", async () => {
    const owner = await harness.signIn();
    const { listId, consultantId } = await listWithOne(owner);
    const rated = await insertListedConsultant(harness.database.db, { name: "Rated Person", rating: 86, ratedReviewCount: 4 });
    await putShortlistEntry(harness.deps, actorOf(owner), { id: listId, consultantId: rated, body: {} });
    const view = renderRoute(page, {
      path: "/shortlists/:id",
      url: `/shortlists/${listId}?compare=${consultantId}&compare=${rated}`,
      context: appContextOf(harness.deps, owner),
      signedIn: true,
    });
    const table = await screen.findByRole("table", { name: "Comparison of the chosen consultants" });
    const row = within(table).getByRole("rowheader", { name: "Rating" }).closest("tr");
    expect(row?.textContent).toContain("No reviews yet");
    expect(row?.textContent).toContain("Rated 8.6 out of 10 from 4 reviews");
    expect(screen.getByText("The table is wider than the screen: scroll it sideways to see every consultant.")).toBeTruthy();
    expect(screen.getByRole("region", { name: "Comparison table" }).getAttribute("tabindex")).toBe("0");
    view.unmount();
  });
});

describe("a profile's bookmark (issue 36)", () => {
  function openProfile(session: Session | null, consultantId: number) {
    return renderRoute(consultantPage, {
      path: "/consultant/:id",
      url: `/consultant/${consultantId}`,
      context: appContextOf(harness.deps, session),
    });
  }

  it("says Saved beside it on a profile already on one of the viewer's lists; to anyone else it only offers to save", async () => {
    const owner = await harness.signIn();
    const { consultantId } = await listWithOne(owner);
    const mine = openProfile(owner, consultantId);
    expect(await screen.findByRole("heading", { name: "Somchai Phan", level: 1 })).toBeTruthy();
    // Still a way to save to another list, and the state beside it.
    expect(screen.getByRole("link", { name: "Save Somchai Phan to a shortlist" })).toBeTruthy();
    expect(screen.getByText("Saved")).toBeTruthy();
    mine.unmount();

    for (const viewer of [await harness.signIn(), null]) {
      const theirs = openProfile(viewer, consultantId);
      expect(await screen.findByRole("heading", { name: "Somchai Phan", level: 1 })).toBeTruthy();
      expect(screen.getByRole("link", { name: "Save Somchai Phan to a shortlist" })).toBeTruthy();
      expect(screen.queryByText("Saved")).toBeNull();
      theirs.unmount();
    }
  });
});
