import type { Page } from "playwright-core";
import { describe, expect } from "vitest";
import { expectNoAxeViolations, expectNoConsoleErrors, toastText, waitForHydration } from "../setup/browser.ts";
import { insertConsultant } from "../setup/consultants.ts";
import { e2e, PASSWORD, signInThroughDialog, unique } from "../setup/e2e.ts";

// Issue 36, item 1: every signed-out action that asks to sign in (shortlist, save search, message,
// review) comes back, after sign-in or sign-up, to the page the visitor was on with the action
// they started completed or offered; never to route data (`.data`) or an API address.
// Before: the bookmark's sign-in came back to `/shortlists/add.data?...` (raw route data, "404 Page
// Not Found" in the browser), and the other three came back to the page with nothing open.

/**
 * The fixtures, and `answeredOfficer`: a consultant who replied to an officer's message (stored as
 * the message form and the reply would leave it), so the officer may review them (the service's rule).
 */
const it = e2e().extend("answeredOfficer", async ({ sql, register, consultantAccount }) => {
  return async (
    names: { consultant: string; officer: string },
    message: { organization: string; subject: string; text: string; reply: string },
  ) => {
    const consultant = await consultantAccount(names.consultant);
    const officer = await register(names.officer);
    const [row] = await sql<{ id: number }[]>`
      insert into messages (consultant_id, sender_user_id, sender_name, sender_email, sender_organization, subject, message)
      values (${consultant.consultantId}, ${officer.id}, ${names.officer}, ${officer.email}, ${message.organization},
              ${message.subject}, ${message.text})
      returning id`;
    await sql`insert into message_replies (message_id, body) values (${row!.id}, ${message.reply})`;
    return { consultant, officer };
  };
});

/** The focused element's accessible name (its label) and tag. */
function focused(page: Page) {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    const label = element?.id ? document.querySelector(`label[for="${element.id}"]`)?.textContent : null;
    return { tag: element?.tagName.toLowerCase(), name: element?.getAttribute("name"), label: label?.trim() };
  });
}

describe("signed out, asked to sign in, and back with the action waiting", () => {
  it("shortlist: the bookmark's sign-up comes back to 'Save … to a shortlist', and saving returns to the results", async ({
    app,
    sql,
    openPage,
  }) => {
    const word = `rt${unique()}`;
    const { id } = await insertConsultant(sql, { name: "Bounmy Keola", title: `${word} Irrigation Engineer` });
    const { page, errors } = await openPage();
    const results = `${app.url}/?keywords=${word}`;
    await page.goto(results);
    await waitForHydration(page);
    await page.getByRole("link", { name: "Save Bounmy Keola to a shortlist" }).click();
    // The client asked for the page's data; the sign-in page is told about the page.
    await page.waitForURL((url) => url.pathname === "/sign-in");
    const back = new URL(page.url()).searchParams.get("redirectTo");
    expect(back).toBe(`/shortlists/add?consultant=${id}&back=${encodeURIComponent(`/?keywords=${word}#consultant-${id}`)}`);
    expect(page.url()).not.toContain(".data");

    // A newcomer: Sign Up on the same page, then straight on to the choice of list.
    await page
      .getByRole("link", { name: "Sign Up" })
      .or(page.getByRole("tab", { name: "Sign Up" }))
      .first()
      .click();
    await page.getByLabel("Full Name").fill("Ratana Chea");
    await page.getByLabel("Email").fill(`ratana.${word}@example.org`);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Create Account" }).click();
    await page.getByRole("heading", { name: "Save Bounmy Keola to a shortlist" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/shortlists/add");
    await expectNoAxeViolations(page);
    await page.getByLabel("Name of the new list").fill("Mekong irrigation review");
    await page.getByRole("button", { name: "Save to shortlist" }).click();
    expect(await toastText(page, "Saved to shortlist")).toContain("Mekong irrigation review");
    // Back at the card (issue 36), which says it is saved.
    await page.waitForURL(`${results}#consultant-${id}`);
    await page.getByRole("link", { name: "Saved: add Bounmy Keola to another shortlist" }).waitFor();
    const saved = await sql<{ name: string }[]>`
      select s.name from shortlist_entries e join shortlists s on s.id = e.shortlist_id where e.consultant_id = ${id}`;
    expect(saved).toEqual([{ name: "Mekong irrigation review" }]);
    expectNoConsoleErrors(errors);
  });

  it("save search: signing in from 'Save this search' comes back to the same results with the form open", async ({
    app,
    sql,
    openPage,
    register,
  }) => {
    const word = `rs${unique()}`;
    await insertConsultant(sql, { name: "Sokha Lim", title: `${word} Water Engineer` });
    const org = await register("Maria Santos");
    const { page, errors } = await openPage({ viewport: "phone" });
    const results = `${app.url}/?keywords=${word}`;
    await page.goto(results);
    await waitForHydration(page);
    await page.getByRole("button", { name: "Save this search" }).click();
    await signInThroughDialog(page, org);
    const form = page.getByTestId("save-search");
    await form.getByLabel("Name").waitFor({ state: "visible" });
    await expect.poll(() => focused(page)).toMatchObject({ tag: "input", name: "name" });
    await expect.poll(() => page.url()).toBe(results);
    await form.getByLabel("Name").fill("Water engineers");
    await form.getByRole("button", { name: "Save search" }).click();
    await toastText(page, "Search saved");
    const stored = await sql<{ query: string }[]>`
      select s.query from saved_searches s join auth_users u on u.id = s.user_id where u.email = ${org.email}`;
    expect(stored).toEqual([{ query: `keywords=${word}` }]);
    expectNoConsoleErrors(errors);
  });

  it("message: signing in from the message dialog comes back to the profile with the message form open", async ({
    app,
    openPage,
    register,
    consultantAccount,
  }) => {
    const [consultant, sender] = await Promise.all([consultantAccount("Lan Nguyen"), register("Nadia Rahman")]);
    const { page, errors } = await openPage();
    const profile = `${app.url}/consultant/${consultant.consultantId}`;
    await page.goto(profile);
    await waitForHydration(page);
    await page.getByRole("button", { name: "Send Message" }).click();
    await page.getByRole("dialog", { name: "Sign in to send a message" }).getByRole("button", { name: "Sign In" }).click();
    await signInThroughDialog(page, sender);
    const form = page.getByRole("dialog", { name: "Message Lan Nguyen" });
    await form.waitFor();
    await expect(form.getByLabel("Your Name").inputValue()).resolves.toBe("Nadia Rahman");
    await expect.poll(() => page.url()).toBe(profile);
    await form.getByLabel("Subject").fill("Mid-term review in Quang Tri");
    await form.getByRole("textbox", { name: "Message" }).fill("Would you be free for a three-week mid-term review in April?");
    await form.getByRole("button", { name: "Send Message" }).click();
    await toastText(page, "Message sent successfully!");
    await form.waitFor({ state: "detached" });
    // The dialog does not open again by itself: the waiting action was done once.
    await page.reload();
    await waitForHydration(page);
    await expect(page.getByRole("dialog").count()).resolves.toBe(0);
    expectNoConsoleErrors(errors);
  });

  it("review: a visitor is asked to sign in to review; back on the profile the form waits, focused", async ({
    app,
    openPage,
    register,
    answeredOfficer,
  }) => {
    // The consultant replied to Somchai's message: Somchai may review (the service's rule).
    const { consultant, officer } = await answeredOfficer(
      { consultant: "Dara Sok", officer: "Somchai Wong" },
      {
        organization: "Mekong River Commission",
        subject: "Evaluation",
        text: "Are you available in March?",
        reply: "Yes, I am.",
      },
    );
    const bystander = await register("Linh Tran");
    const profile = `${app.url}/consultant/${consultant.consultantId}`;

    const { page, errors } = await openPage();
    await page.goto(profile);
    await waitForHydration(page);
    const invitation = page.locator("#write-review");
    await invitation.getByText("Worked with this consultant? Sign in to review their work").waitFor();
    await expectNoAxeViolations(page);
    await invitation.getByRole("button", { name: "Sign In" }).click();
    await signInThroughDialog(page, officer);
    const reviews = page.locator("#reviews");
    await reviews.getByRole("button", { name: "Publish review" }).waitFor();
    await expect.poll(() => focused(page)).toMatchObject({ tag: "select", name: "score" });
    await expect.poll(() => page.url()).toBe(profile);
    await reviews.getByLabel("Score (1 to 10)").selectOption("9");
    await reviews.getByLabel("Kind of engagement").selectOption("Evaluation or review");
    await reviews.getByLabel("Your review").fill("A clear, well-sourced evaluation of the irrigation programme, on time.");
    await reviews.getByRole("button", { name: "Publish review" }).click();
    await toastText(page, "Review published");
    expectNoConsoleErrors(errors);

    // Someone the consultant never replied to is told why there is no form, where the form would be.
    const other = await openPage();
    await other.page.context().addCookies([{ name: "session", value: bystander.sessionToken, url: app.url }]);
    await other.page.goto(`${profile}#write-review`);
    await other.page
      .locator("#write-review")
      .getByText("You can review this consultant once they have replied to a message from you.")
      .waitFor();
    await expect(other.page.locator("#reviews").getByRole("button", { name: "Publish review" }).count()).resolves.toBe(0);
  });

  it("review without JavaScript: the sign-in page comes back to the form", async ({ app, openPage, answeredOfficer }) => {
    const { consultant, officer } = await answeredOfficer(
      { consultant: "Vanna Chan", officer: "Ayu Lestari" },
      { organization: "WFP Indonesia", subject: "Survey", text: "Free in May?", reply: "Yes." },
    );
    const { page } = await openPage({ javaScriptEnabled: false });
    await page.goto(`${app.url}/consultant/${consultant.consultantId}`);
    await page.locator("#write-review").getByRole("link", { name: "Sign In" }).click();
    await page.waitForURL((url) => url.pathname === "/sign-in");
    expect(new URL(page.url()).searchParams.get("redirectTo")).toBe(`/consultant/${consultant.consultantId}#write-review`);
    await page.getByLabel("Email").fill(officer.email);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign In" }).last().click();
    await page.waitForURL(`${app.url}/consultant/${consultant.consultantId}#write-review`);
    await page.locator("#write-review").getByRole("button", { name: "Publish review" }).waitFor();
  });
});
