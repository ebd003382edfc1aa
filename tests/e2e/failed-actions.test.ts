import type { Page, Route } from "playwright-core";
import { describe, expect } from "vitest";
import { expectNoConsoleErrors, toastText, waitForHydration } from "../setup/browser.ts";
import { insertConsultant } from "../setup/consultants.ts";
import { e2e, unique } from "../setup/e2e.ts";

const it = e2e();

// The page door's rule (app/lib/page-action.ts): when an action's request fails, the page, its
// dialog and what the person typed stay, and the spec's toast says what failed (spec section 8).
// The failures are made in the browser: the request is cut off, or answered with a 500.

const FAILURES = {
  "a dropped connection": (route: Route) => route.abort("connectionreset"),
  "a 500": (route: Route) => route.fulfill({ status: 500, contentType: "text/plain", body: "Internal Server Error" }),
} as const;
type Failure = keyof typeof FAILURES;

/** Makes the next POST to `path` (the action's data request) fail; everything else goes through. */
async function failNextPost(page: Page, path: string, failure: Failure) {
  let failed = 0;
  await page.route(
    (url) => url.pathname === `${path}.data`,
    async (route) => {
      if (route.request().method() !== "POST" || failed > 0) return route.continue();
      failed += 1;
      return FAILURES[failure](route);
    },
  );
  return () => failed;
}

/** What Chromium logs about the failure this test makes on purpose. */
const EXPECTED_ERRORS = [/status of 500/, /ERR_CONNECTION_RESET|ERR_FAILED|Failed to fetch/];

describe.each(Object.keys(FAILURES) as Failure[])("when the request fails with %s", (failure) => {
  it("sending a message keeps the dialog and the text, and says 'Failed to send message'", async ({ app, sql, signedInPage }) => {
    const { id } = await insertConsultant(sql, { name: `Lan Nguyen ${unique()}` });
    const { page, errors } = await signedInPage("user", { name: "Maria Santos" });
    await page.goto(`${app.url}/consultant/${id}`);
    await waitForHydration(page);
    const failed = await failNextPost(page, `/consultant/${id}/message`, failure);

    await page.getByRole("button", { name: "Send Message" }).click();
    const dialog = page.getByRole("dialog", { name: /^Message Lan Nguyen/ });
    await dialog.getByLabel("Subject").fill("Health systems evaluation");
    const text = "We need an evaluator for a six-month assignment in Mindanao, starting in July.";
    await dialog.getByRole("textbox", { name: "Message" }).fill(text);
    await dialog.getByRole("button", { name: "Send Message" }).click();

    if (failure === "a 500") {
      expect(await toastText(page, "Failed to send message")).toContain("Something went wrong. Please try again.");
    } else {
      // Nothing reached the server: the dialog says so, with Retry (issue 36 item 4).
      await expect(dialog.getByTestId("not-sent").innerText()).resolves.toContain(
        "Not sent — you are offline; it will be kept here",
      );
    }
    expect(failed()).toBe(1);
    // The profile, the open dialog and the typed text are all still there.
    await expect(page.locator("main h1").innerText()).resolves.toMatch(/^Lan Nguyen/);
    await expect(dialog.getByRole("textbox", { name: "Message" }).inputValue()).resolves.toBe(text);
    await expect(dialog.getByLabel("Subject").inputValue()).resolves.toBe("Health systems evaluation");
    const [{ total }] = (await sql`select count(*)::int as total from messages where consultant_id = ${id}`) as [
      { total: number },
    ];
    expect(total).toBe(0);

    // Sent again once the connection is back, it goes through.
    await dialog.getByRole("button", { name: "Send Message" }).click();
    await toastText(page, "Message sent successfully!");
    expectNoConsoleErrors(errors, EXPECTED_ERRORS);
  });

  it("signing out says 'Logout failed' and keeps the person signed in on the same page", async ({ app, signedInPage }) => {
    const { page, errors } = await signedInPage("user", { name: "Dara Chann" });
    await page.goto(`${app.url}/profile/manage`);
    await waitForHydration(page);
    await failNextPost(page, "/auth/logout", failure);

    await page.getByRole("main").getByRole("button", { name: "Sign Out", exact: true }).click();
    expect(await toastText(page, "Logout failed")).toContain("Please try again");
    expect(new URL(page.url()).pathname).toBe("/profile/manage");
    await page.getByRole("heading", { level: 1, name: "Manage Account" }).waitFor();
    await page.getByRole("button", { name: /Account menu for/ }).waitFor();
    expectNoConsoleErrors(errors, EXPECTED_ERRORS);
  });

  it("promoting and demoting say 'Failed to promote user' / 'Failed to demote user' and keep the table", async ({
    app,
    sql,
    signedInPage,
  }) => {
    const target = await signedInPage("user", { name: `Somchai ${unique()}` });
    await target.close();
    const { page, errors } = await signedInPage("admin", { name: `Admin ${unique()}` });
    await page.goto(`${app.url}/admin?tab=users&q=${encodeURIComponent(target.user.name)}`);
    await waitForHydration(page);
    const row = page.getByRole("row").filter({ hasText: target.user.email });

    // The confirmation stays open after a failure, so the admin may try again.
    const promote = page.getByRole("alertdialog", { name: `Make ${target.user.name} an admin?` });
    await failNextPost(page, "/admin", failure);
    await row.getByRole("button", { name: `Promote ${target.user.name}` }).click();
    await promote.getByRole("button", { name: `Promote ${target.user.name}` }).click();
    expect(await toastText(page, "Error")).toContain("Failed to promote user");
    await promote.getByRole("button", { name: `Promote ${target.user.name}` }).waitFor();

    // Promoted for real on the second try; the table and its search stayed. Then a failing demote.
    await page.unrouteAll();
    await promote.getByRole("button", { name: `Promote ${target.user.name}` }).click();
    await toastText(page, "User promoted to admin successfully");
    await promote.waitFor({ state: "detached" });
    await expect(page.getByRole("searchbox", { name: "Search users" }).inputValue()).resolves.toBe(target.user.name);
    const demote = page.getByRole("alertdialog", { name: `Remove ${target.user.name}'s admin access?` });
    await failNextPost(page, "/admin", failure);
    await row.getByRole("button", { name: `Demote ${target.user.name}` }).click();
    await demote.getByRole("button", { name: `Demote ${target.user.name}` }).click();
    expect(await toastText(page, "Failed to demote user")).toContain("Error");
    await demote.getByRole("button", { name: "Cancel" }).click();
    await row.getByRole("button", { name: `Demote ${target.user.name}` }).waitFor();
    const [user] = await sql<{ role: string }[]>`select role from auth_users where id = ${target.user.id}`;
    expect(user?.role).toBe("admin");
    expectNoConsoleErrors(errors, EXPECTED_ERRORS);
  });
});
