import type { Page } from "playwright-core";
import { describe, expect, type TestAPI } from "vitest";
import { expectNoAxeViolations, expectNoConsoleErrors, toastText, waitForHydration } from "../setup/browser.ts";
import { e2e, signInPage, unique } from "../setup/e2e.ts";

// Issue 36 item 4, "Work is never lost to the network": on a phone (390 px), the connection drops
// at the moment of sending. The dialog or the page and the typed text stay, the form says "Not
// sent — you are offline; it will be kept here" with Retry, the text is kept on the device (a
// reload brings it back), and it is sent once the connection is back; the draft is then gone.

const PHONE = { width: 390, height: 844 };
const NOT_SENT = "Not sent — you are offline; it will be kept here";
/** What Chromium logs about the requests the cut connection fails. */
const OFFLINE_ERRORS = [/ERR_INTERNET_DISCONNECTED|ERR_FAILED|Failed to fetch|net::/];

/** The drafts this page keeps on the device (app/lib/kept-draft.ts). */
function keptDrafts(page: Page) {
  return page.evaluate(() =>
    Object.keys(window.localStorage)
      .filter((key) => key.startsWith("draft:"))
      .map((key) => window.localStorage.getItem(key) ?? ""),
  );
}

/** Cuts the network the moment the browser starts sending the form's request (the POST). */
async function cutNetworkOnSend(page: Page, path: string) {
  await page.route(
    (url) => url.pathname === `${path}.data`,
    async (route) => {
      if (route.request().method() !== "POST") return route.fallback();
      await page.context().setOffline(true);
      return route.abort("internetdisconnected");
    },
  );
}

/** The fixtures of e2e() (tests/setup/e2e.ts). */
type Fixtures = ReturnType<typeof e2e> extends TestAPI<infer Context> ? Context : never;

/**
 * A signed-in sender on a phone, on a new consultant's profile, with the message dialog open;
 * `sent()` counts the messages the consultant has received.
 */
async function openMessageDialog(
  {
    app,
    sql,
    openPage,
    account,
    consultantAccount,
  }: Pick<Fixtures, "app" | "sql" | "openPage" | "account" | "consultantAccount">,
  names: { consultant: string; sender: string },
) {
  const consultant = await consultantAccount(`${names.consultant} ${unique()}`);
  const sender = await account("user", names.sender);
  const { page, errors } = await openPage({ viewport: "phone" });
  await page.setViewportSize(PHONE);
  await signInPage(page, app.url, sender.token);
  await page.goto(`${app.url}/consultant/${consultant.consultantId}`);
  await waitForHydration(page);
  await page.getByRole("button", { name: "Send Message" }).click();
  const dialog = page.getByRole("dialog", { name: new RegExp(`^Message ${names.consultant}`) });
  const sent = async () =>
    (
      await sql<{ total: number }[]>`select count(*)::int as total from messages where consultant_id = ${consultant.consultantId}`
    )[0]?.total;
  return { page, errors, dialog, sent, path: `/consultant/${consultant.consultantId}/message` };
}

// Each test that starts in the message dialog opens it with `messageDialog({ consultant, sender })`.
const it = e2e().extend("messageDialog", async ({ app, sql, openPage, account, consultantAccount }) => {
  return (names: { consultant: string; sender: string }) =>
    openMessageDialog({ app, sql, openPage, account, consultantAccount }, names);
});

describe("a send that never reaches the server", () => {
  it("keeps the message dialog and its text on a phone, says so with Retry, and sends it when back online", async ({
    messageDialog,
  }) => {
    const { page, errors, dialog, sent, path } = await messageDialog({ consultant: "Lan Nguyen", sender: "Maria Santos" });
    const subject = "Health systems evaluation";
    const text = "We need an evaluator for a six-month assignment in Mindanao, starting in July.";
    await dialog.getByLabel("Organization").fill("UNICEF Philippines");
    await dialog.getByLabel("Subject").fill(subject);
    await dialog.getByRole("textbox", { name: "Message" }).fill(text);

    await cutNetworkOnSend(page, path);
    await dialog.getByRole("button", { name: "Send Message" }).click();
    const notice = dialog.getByTestId("not-sent");
    await expect(notice.innerText()).resolves.toContain(NOT_SENT);
    // The dialog and everything typed are still there; nothing reached the server.
    await expect(dialog.getByRole("textbox", { name: "Message" }).inputValue()).resolves.toBe(text);
    await expect(dialog.getByLabel("Subject").inputValue()).resolves.toBe(subject);
    await expect(dialog.getByLabel("Organization").inputValue()).resolves.toBe("UNICEF Philippines");
    expect(await sent()).toBe(0);
    await expectNoAxeViolations(page);
    // Kept on the device, too.
    expect((await keptDrafts(page)).join()).toContain("six-month assignment in Mindanao");

    // Retry while still offline: still not sent, still kept. The notice shown now is the first
    // send's until React re-renders, so wait for the retry's own request to fail before going back
    // online: otherwise a retry still on its way is sent once the network is back (and the last
    // Send below meets "You sent this same message … a moment ago").
    await page.unrouteAll();
    const retryFailed = page.waitForEvent("requestfailed", (request) => request.method() === "POST");
    await notice.getByRole("button", { name: "Retry" }).click();
    await retryFailed;
    await expect(notice.innerText()).resolves.toContain(NOT_SENT);
    await expect(dialog.getByRole("textbox", { name: "Message" }).inputValue()).resolves.toBe(text);
    expect(await sent()).toBe(0);

    // Back online later, the page is opened again: the text is back in the dialog.
    await page.context().setOffline(false);
    await page.reload();
    await waitForHydration(page);
    await page.getByRole("button", { name: "Send Message" }).click();
    await dialog.getByText("Your unsent text is back in the form.").waitFor();
    await expect(dialog.getByRole("textbox", { name: "Message" }).inputValue()).resolves.toBe(text);
    await expect(dialog.getByLabel("Subject").inputValue()).resolves.toBe(subject);
    await expectNoAxeViolations(page);

    await dialog.getByRole("button", { name: "Send Message" }).click();
    await expect.poll(sent).toBe(1);
    await dialog.waitFor({ state: "detached" });
    // Confirmed by the server: the draft is gone, and the form opens empty.
    expect(await keptDrafts(page)).toEqual([]);
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(dialog.getByLabel("Subject").inputValue()).resolves.toBe("");
    expectNoConsoleErrors(errors, OFFLINE_ERRORS);
  });

  it("keeps a conversation's answer on a phone, says so with Retry, and sends it when back online", async ({
    app,
    openPage,
    conversation,
  }) => {
    const { consultant, path } = await conversation(
      { consultant: `Dara Chann ${unique()}`, sender: "Somchai Wongsakul" },
      { subject: "Water governance review", message: "Would you be available for a three-week review in Vientiane in March?" },
    );

    const { page, errors } = await openPage({ viewport: "phone" });
    await page.setViewportSize(PHONE);
    await signInPage(page, app.url, consultant.sessionToken);
    await page.goto(`${app.url}${path}`);
    await waitForHydration(page);
    const answer = "Yes, I am free in March. Shall we talk on Monday about the terms of reference?";
    await page.getByLabel("Your message").fill(answer);

    await cutNetworkOnSend(page, path);
    await page.getByRole("button", { name: "Send", exact: true }).click();
    const notice = page.getByTestId("not-sent");
    await expect(notice.innerText()).resolves.toContain(NOT_SENT);
    // The conversation and the answer are still there (no error screen).
    await page.getByRole("heading", { level: 1, name: "Water governance review" }).waitFor();
    await expect(page.getByLabel("Your message").inputValue()).resolves.toBe(answer);
    await expect(page.getByTestId("conversation-entry").count()).resolves.toBe(1);
    await expectNoAxeViolations(page);
    expect((await keptDrafts(page)).join()).toContain("terms of reference");

    // Back online, Retry sends it.
    await page.unrouteAll();
    await page.context().setOffline(false);
    await notice.getByRole("button", { name: "Retry" }).click();
    await toastText(page, "Message sent");
    await page.getByTestId("conversation-entry").nth(1).waitFor();
    await expect(page.getByTestId("conversation-entry").nth(1).innerText()).resolves.toContain("terms of reference");
    await page.getByTestId("not-sent").waitFor({ state: "detached" });
    await expect(page.getByLabel("Your message").inputValue()).resolves.toBe("");
    expect(await keptDrafts(page)).toEqual([]);
    expectNoConsoleErrors(errors, OFFLINE_ERRORS);
  });

  it("keeps an edited profile on a phone, says so with Retry instead of 'Error updating profile', and saves it when back online", async ({
    app,
    sql,
    openPage,
    consultantAccount,
  }) => {
    const consultant = await consultantAccount(`Siti Rahmawati ${unique()}`);
    const path = `/profile/edit/${consultant.consultantId}`;
    const { page, errors } = await openPage({ viewport: "phone" });
    await page.setViewportSize(PHONE);
    await signInPage(page, app.url, consultant.sessionToken);
    await page.goto(`${app.url}${path}`);
    await waitForHydration(page);
    const city = page.getByLabel("City");
    await city.fill("Makassar");

    await cutNetworkOnSend(page, path);
    await page.getByRole("button", { name: "Update Profile" }).click();
    const notice = page.getByTestId("not-sent");
    await expect(notice.innerText()).resolves.toContain(NOT_SENT);
    // The form and the change are still there, kept on the device; no failure toast, nothing saved.
    await expect(city.inputValue()).resolves.toBe("Makassar");
    await expect(page.getByText("Error updating profile").count()).resolves.toBe(0);
    const stored = async () =>
      (await sql<{ city: string }[]>`select city from consultants where id = ${consultant.consultantId}`)[0]?.city;
    expect(await stored()).not.toBe("Makassar");
    // Kept on the device: the draft is written 300 ms after the last keystroke (use-profile-draft.ts),
    // which a loaded machine may show after the notice.
    await expect
      .poll(() => page.evaluate(() => Object.keys(window.localStorage).some((key) => key.startsWith("profile-draft:"))))
      .toBe(true);
    await expectNoAxeViolations(page);

    // Back online, Retry saves it and leaves the form as a save does.
    await page.unrouteAll();
    await page.context().setOffline(false);
    await notice.getByRole("button", { name: "Retry" }).click();
    await page.waitForURL(`${app.url}/`);
    await expect.poll(stored).toBe("Makassar");
    expectNoConsoleErrors(errors, OFFLINE_ERRORS);
  });

  it("sends nothing offline from a dialog opened online, and keeps the dialog and the text", async ({ messageDialog }) => {
    const { page, errors, dialog, sent } = await messageDialog({ consultant: "Somchai Prasert", sender: "Ana Reyes" });
    await dialog.getByLabel("Subject").fill("Baseline survey");
    await dialog.getByRole("textbox", { name: "Message" }).fill("A baseline survey of 40 villages in Savannakhet, in May.");
    // The phone loses its signal before Send: the action's code and the request both need the network.
    await page.context().setOffline(true);
    await dialog.getByRole("button", { name: "Send Message" }).click();
    await expect(dialog.getByTestId("not-sent").innerText()).resolves.toContain(NOT_SENT);
    await expect(dialog.getByLabel("Subject").inputValue()).resolves.toBe("Baseline survey");
    expect(await sent()).toBe(0);
    await page.context().setOffline(false);
    await dialog.getByRole("button", { name: "Retry" }).click();
    await toastText(page, "Message sent successfully!");
    expectNoConsoleErrors(errors, OFFLINE_ERRORS);
  });

  it("a send the server stored but whose answer the connection lost: Retry says it was delivered, closes the dialog and forgets the draft", async ({
    messageDialog,
  }) => {
    const { page, errors, dialog, sent, path } = await messageDialog({ consultant: "Vo Thi Hoa", sender: "Ana Lim" });
    await dialog.getByLabel("Subject").fill("Gender audit");
    await dialog
      .getByRole("textbox", { name: "Message" })
      .fill("A gender audit of a rural roads programme in Quang Nam, ten days in June.");
    // The request reaches the server, which stores the message; the answer is lost with the connection.
    await page.route(
      (url) => url.pathname === `${path}.data`,
      async (route) => {
        if (route.request().method() !== "POST") return route.fallback();
        await route.fetch();
        await page.context().setOffline(true);
        return route.abort("internetdisconnected");
      },
    );
    await dialog.getByRole("button", { name: "Send Message" }).click();
    await expect(dialog.getByTestId("not-sent").innerText()).resolves.toContain(NOT_SENT);
    expect(await sent()).toBe(1);

    // Back online, Retry: the server knows this message, so the form ends as a send does.
    await page.unrouteAll();
    await page.context().setOffline(false);
    await dialog.getByRole("button", { name: "Retry" }).click();
    await toastText(page, "Message sent successfully!", "It has been delivered");
    await dialog.waitFor({ state: "detached" });
    expect(await sent()).toBe(1);
    expect(await keptDrafts(page)).toEqual([]);
    expectNoConsoleErrors(errors, OFFLINE_ERRORS);
  });

  it("a page that cannot load offline keeps the page, says the browser is offline, and never reloads into the browser's error page", async ({
    app,
    openPage,
    consultantAccount,
  }) => {
    const consultant = await consultantAccount(`Nguyen Thi Mai ${unique()}`);
    const { page, errors } = await openPage({ viewport: "phone" });
    await page.setViewportSize(PHONE);
    await page.goto(`${app.url}/consultant/${consultant.consultantId}`);
    await waitForHydration(page);
    // A mark on this document: a reload would lose it.
    await page.evaluate(() => {
      (window as { stayed?: boolean }).stayed = true;
    });
    // The notice's code has come and listens (on a loaded machine it can come after hydration).
    await page.locator("[role=status][data-listening]").waitFor({ state: "attached" });
    await page.context().setOffline(true);
    const status = page.getByTestId("offline-status");
    await expect(status.innerText()).resolves.toContain("You are offline.");
    await page.getByRole("link", { name: "Back to consultants" }).click();
    // The home page's code cannot come: tried twice (a second apart), never a reload.
    await expect.poll(() => errors.some((error) => /trying once more/.test(error)), { timeout: 15_000 }).toBe(true);
    await page.waitForTimeout(1500);
    expect(await page.evaluate(() => (window as { stayed?: boolean }).stayed)).toBe(true);
    await page.getByRole("heading", { level: 1, name: /^Nguyen Thi Mai/ }).waitFor();
    await expectNoAxeViolations(page);
    await page.context().setOffline(false);
    await status.waitFor({ state: "detached" });
    expectNoConsoleErrors(errors, [
      ...OFFLINE_ERRORS,
      /Error loading route module .*trying once more|dynamically imported module/,
    ]);
  });

  it("parts of every page whose code cannot come (the footer, the offline notice) keep the page, and come once the browser is back online", async ({
    app,
    openPage,
    consultantAccount,
  }) => {
    const consultant = await consultantAccount(`Pham Van Duc ${unique()}`);
    const { page, errors } = await openPage({ viewport: "phone" });
    await page.setViewportSize(PHONE);
    // Their chunks fail as they do when the connection drops before they arrive.
    const refused = new Set<string>();
    await page.route(/\/assets\/(offline-status|footer-content)-[^/]*\.js$/, (route) => {
      refused.add(new URL(route.request().url()).pathname.split("/").pop()?.split("-")[0] ?? "");
      return route.abort("internetdisconnected");
    });
    await page.goto(`${app.url}/consultant/${consultant.consultantId}`);
    await waitForHydration(page);
    await expect.poll(() => [...refused].sort(), { timeout: 15_000 }).toEqual(["footer", "offline"]);
    // Tried once more a second later (importWithRetry), then waiting: the page, its footer as the
    // server sent it, and no "Application Error" in their place.
    await page.waitForTimeout(1500);
    await page.getByRole("heading", { level: 1, name: /^Pham Van Duc/ }).waitFor();
    await expect(page.getByText("Application Error").count()).resolves.toBe(0);
    await expect(page.locator("footer").getByRole("link", { name: "Help Center" }).count()).resolves.toBe(1);
    expect(await page.locator("[role=status][data-listening]").count()).toBe(0);

    // Back online (the 'online' event): the code comes and the notice works.
    await page.unrouteAll();
    await page.context().setOffline(true);
    await page.context().setOffline(false);
    await page.locator("[role=status][data-listening]").waitFor({ state: "attached" });
    await page.context().setOffline(true);
    await expect(page.getByTestId("offline-status").innerText()).resolves.toContain("You are offline.");
    await page.getByRole("heading", { level: 1, name: /^Pham Van Duc/ }).waitFor();
    await page.context().setOffline(false);
    expectNoConsoleErrors(errors, OFFLINE_ERRORS);
  });
});
