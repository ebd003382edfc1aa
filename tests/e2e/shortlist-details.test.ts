import type { Locator } from "playwright-core";
import { describe, expect } from "vitest";
import { expectNoAxeViolations, expectNoConsoleErrors, waitForHydration } from "../setup/browser.ts";
import { insertConsultant } from "../setup/consultants.ts";
import { e2e, signInPage, unique } from "../setup/e2e.ts";
import { boxesOverlap } from "../setup/layout.ts";

// Issue 36's smaller shortlist and search details, on a phone (360 px): the bookmark says which
// cards are saved and comes back to the card; compare shows the rating and says the table scrolls
// sideways (and a keyboard scrolls it); the share link has a Copy button and a personal list's
// shared view says who shared it; without JavaScript the open languages list pushes "Apply
// filters" down instead of covering it.

const it = e2e();

/** The box's top is inside the window (the browser scrolled to it). */
async function isInView(locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  const height = locator.page().viewportSize()?.height ?? 0;
  return box !== null && box.y >= -1 && box.y < height;
}

describe("shortlist details on a phone", () => {
  it("a saved card says so, and saving comes back to the card on the same results", async ({ app, sql, openPage, register }) => {
    const word = `bm${unique()}`;
    const ids: number[] = [];
    for (let n = 0; n < 8; n++) {
      const { id } = await insertConsultant(sql, {
        name: `Person ${n} ${word}`,
        title: `${word} WASH Specialist`,
        rating: 80 - n,
      });
      ids.push(id);
    }
    const org = await register(`Maria ${word}`);
    const { page, errors } = await openPage({ viewport: "phone" });
    await signInPage(page, app.url, org.sessionToken);
    const results = `${app.url}/?keywords=${word}`;
    await page.goto(results);
    await waitForHydration(page);
    await expect.poll(() => page.getByTestId("bookmark").count()).toBe(8);
    // Nobody is saved yet: no card says so.
    await expect.poll(() => page.locator('[data-testid="bookmark"][data-saved]').count()).toBe(0);

    // The seventh card, well below the first screen of a phone.
    const card = page.locator("article").filter({ hasText: "Person 6" });
    const cardId = await card.getAttribute("id");
    expect(cardId).toMatch(/^consultant-\d+$/);
    await card.getByRole("link", { name: /Save Person 6 .* to a shortlist/ }).click();
    await page.getByRole("heading", { level: 1, name: /Save Person 6/ }).waitFor();
    await page.getByLabel("Name of the new list").fill("Mekong WASH evaluation");
    await page.getByRole("button", { name: "Save to shortlist" }).click();

    // Back on the same results, at the card, which now says it is saved; the others do not.
    await page.waitForURL(`${results}#${cardId}`);
    const saved = card.getByRole("link", { name: /^Saved: add Person 6 .* to another shortlist$/ });
    await saved.waitFor();
    await expect.poll(() => saved.innerText()).toBe("Saved");
    await expect.poll(() => isInView(card)).toBe(true);
    await expect.poll(() => page.locator('[data-testid="bookmark"][data-saved]').count()).toBe(1);
    await expectNoAxeViolations(page);

    // The same on a fresh load (the server's HTML), and its link still offers the lists.
    await page.goto(results);
    await expect.poll(() => page.locator('[data-testid="bookmark"][data-saved]').count()).toBe(1);
    await card.getByRole("link", { name: /^Saved: add Person 6/ }).click();
    await page.getByRole("heading", { level: 1, name: /Save Person 6/ }).waitFor();
    await expect(page.getByLabel("Add to an existing list").locator("option").first().innerText()).resolves.toContain(
      "(already on it)",
    );
    expectNoConsoleErrors(errors);
  });

  it("compares with the rating, says the table scrolls, copies the share link and names who shared it", async ({
    app,
    sql,
    openPage,
    register,
    browser,
  }) => {
    const word = `cmp${unique()}`;
    const rated = await insertConsultant(sql, { name: "Anong Rated", title: `${word} WASH Specialist`, rating: 86 });
    const unrated = await insertConsultant(sql, { name: "Bounmy Unrated", title: `${word} WASH Specialist` });
    const third = await insertConsultant(sql, { name: "Chenda Third", title: `${word} WASH Specialist` });
    await sql`update consultants set rated_review_count = 4 where id = ${rated.id}`;
    const owner = await register(`Maria Santos ${word}`);
    const [list] = await sql<{ id: number }[]>`
      insert into shortlists (user_id, created_by, name) values (${owner.id}, ${owner.id}, 'Mekong WASH evaluation') returning id`;
    for (const id of [rated.id, unrated.id, third.id]) {
      await sql`insert into shortlist_entries (shortlist_id, consultant_id, added_by) values (${list!.id}, ${id}, ${owner.id})`;
    }
    const { page, errors } = await openPage({ viewport: "phone" });
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: app.url });
    await signInPage(page, app.url, owner.sessionToken);
    await page.goto(`${app.url}/shortlists/${list!.id}?compare=${rated.id}&compare=${unrated.id}&compare=${third.id}`);
    await waitForHydration(page);

    const table = page.getByRole("table", { name: "Comparison of the chosen consultants" });
    await table.waitFor();
    const rating = table.getByRole("row", { name: /^Rating/ });
    await expect.poll(() => rating.innerText()).toContain("Rated 8.6 out of 10 from 4 reviews");
    await expect.poll(() => rating.innerText()).toContain("No reviews yet");

    // On a phone the table is wider than the screen: the hint says so, and the arrow keys scroll it.
    await page.getByText("The table is wider than the screen: scroll it sideways to see every consultant.").waitFor();
    const region = page.getByRole("region", { name: "Comparison table" });
    await expect.poll(() => region.evaluate((box) => box.scrollWidth > box.clientWidth)).toBe(true);
    await region.focus();
    await expect.poll(() => region.evaluate((box) => box === document.activeElement)).toBe(true);
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => region.evaluate((box) => box.scrollLeft)).toBeGreaterThan(0);
    await expectNoAxeViolations(page);

    // Share: the link is selectable text, and Copy puts it on the clipboard and says so.
    await page.getByRole("button", { name: "Share a read-only link" }).click();
    const url = (await page.getByTestId("share-url").innerText()).trim();
    expect(url).toMatch(/\/shortlists\/shared\/[\w-]{43}$/);
    await page.getByRole("button", { name: "Copy link" }).click();
    await expect.poll(() => page.getByRole("status").filter({ hasText: "Link copied to the clipboard." }).count()).toBe(1);
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(url);
    await expectNoAxeViolations(page);

    // The shared view says who shared it by name, never by address.
    const visitor = await openPage({ viewport: "phone" });
    await visitor.page.goto(`${app.url}${new URL(url).pathname}`);
    await visitor.page.getByRole("heading", { level: 1, name: "Mekong WASH evaluation" }).waitFor();
    const sharedBy = visitor.page.getByTestId("shared-by");
    await expect.poll(() => sharedBy.innerText()).toBe(`Shared by Maria Santos ${word}`);
    expect(await visitor.page.locator("body").innerText()).not.toContain(owner.email);
    const sharedTable = visitor.page.getByRole("table", { name: "Comparison of the chosen consultants" });
    await expect.poll(() => sharedTable.getByRole("row", { name: /^Rating/ }).innerText()).toContain("No reviews yet");
    await expectNoAxeViolations(visitor.page);
    expectNoConsoleErrors(visitor.errors);
    await visitor.close();
    expectNoConsoleErrors(errors);
    expect(browser.isConnected()).toBe(true);
  });

  it("without JavaScript, the open languages list pushes Apply filters down and it still applies them", async ({
    app,
    sql,
    openPage,
  }) => {
    const word = `nojs${unique()}`;
    await insertConsultant(sql, { name: "Lao Speaker", title: `${word} WASH Specialist`, languages: ["English", "Lao"] });
    await insertConsultant(sql, { name: "Thai Speaker", title: `${word} WASH Specialist`, languages: ["English", "Thai"] });
    const { page, errors } = await openPage({ viewport: "phone", javaScriptEnabled: false });
    await page.goto(`${app.url}/?keywords=${word}`);
    const languages = page.locator("details").filter({ has: page.locator("summary", { hasText: "Languages" }) });
    const apply = page.getByRole("button", { name: "Apply filters" });
    const summary = languages.locator("summary");
    // Distances from the summary: the page may scroll when it opens.
    const gap = async () => ((await apply.boundingBox())?.y ?? 0) - ((await summary.boundingBox())?.y ?? 0);
    const closedGap = await gap();
    await summary.click();
    const list = page.getByRole("group", { name: "Languages spoken (all must match)" });
    await list.waitFor();
    const listBox = await list.boundingBox();
    const applyBox = await apply.boundingBox();
    if (!listBox || !applyBox) throw new Error("the languages list and Apply filters are on the page");
    // Not covered: the button is below the list (or beside it), never under it.
    expect(boxesOverlap(applyBox, listBox)).toBe(false);
    // In the page's flow: the open list pushes the button down by its height (over the page, as
    // with JavaScript, it would leave the button where it was, under or beside the list).
    expect((await gap()) - closedGap).toBeGreaterThan(listBox.height / 2);

    await list.getByLabel("Lao").check();
    // A click that something covered would fail Playwright's check of what receives it.
    await apply.click({ timeout: 10_000 });
    await page.waitForURL(/languages=Lao/);
    await page.getByText("Lao Speaker").first().waitFor();
    await expect(page.getByText("Thai Speaker").count()).resolves.toBe(0);
    expectNoConsoleErrors(errors);
  });
});
