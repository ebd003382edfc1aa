import type { Page } from "playwright-core";
import { describe, expect } from "vitest";
import { expectNoAxeViolationsInHtml } from "../setup/axe-html.ts";
import { expectNoConsoleErrors } from "../setup/browser.ts";
import { e2e, type OpenedPage, signInPage, unique } from "../setup/e2e.ts";

// Issue 38, re-authentication without JavaScript: the dialog cannot open, so a privileged form
// sent with a sign-in older than REAUTHENTICATE_MINUTES comes back with a password (or code) field
// in it and what was typed kept; sending it again with the right password confirms and does what
// the form asked, in one step. A wrong password is said beside the field and changes nothing.

const test = e2e();

/** The answered page's HTML checked by axe-core (the page itself runs no script). */
function expectNoAxeViolationsInAnswer(page: Page, appUrl: string, open: () => Promise<OpenedPage>) {
  return expectNoAxeViolationsInHtml(page, appUrl, open, "/profile/manage?as-answered");
}

// Without JavaScript the refusals are the page's own answer (403, 400): Chromium logs each.
const EXPECTED_ERRORS = [/status of 403/, /status of 400/];

describe("re-authentication without JavaScript", () => {
  for (const viewport of ["desktop", "phone"] as const) {
    test(`changes the e-mail address through the form's own password field (${viewport})`, async ({
      app,
      sql,
      openPage,
      register,
    }) => {
      const person = await register(`No Script ${unique()}`);
      const { page, errors } = await openPage({ viewport, javaScriptEnabled: false });
      await signInPage(page, app.url, person.sessionToken);
      // The sign-in was eleven minutes ago: past the default ten.
      await sql`update auth_sessions set authenticated_at = now() - interval '11 minutes' where user_id = ${person.id}`;
      const newEmail = `moved.${unique()}@example.org`;

      await page.goto(`${app.url}/profile/manage`);
      const email = page.getByLabel("Email", { exact: true });
      await email.fill(newEmail);
      await page.getByRole("button", { name: "Save Changes" }).click();

      // The page comes back with the form, the address typed, and a password field in the form.
      const confirm = page.getByRole("group", { name: "Confirm it is you" });
      await confirm.waitFor();
      await page
        .getByText("Please confirm it is you: enter your password or a code from your authenticator app again.")
        .waitFor();
      await expect(email.inputValue()).resolves.toBe(newEmail);
      expect((await sql`select email from auth_users where id = ${person.id}`)[0]?.email).toBe(person.email);
      await expectNoAxeViolationsInAnswer(page, app.url, () => openPage({ viewport }));

      // A wrong password: said beside the field, nothing changed, the address still typed.
      const password = confirm.getByLabel("Password", { exact: true });
      await password.fill("not-the-password");
      await page.getByRole("button", { name: "Save Changes" }).click();
      await confirm.getByText("That password is not right.").waitFor();
      await expect(confirm.getByLabel("Password", { exact: true }).getAttribute("aria-invalid")).resolves.toBe("true");
      await expect(email.inputValue()).resolves.toBe(newEmail);
      expect((await sql`select email from auth_users where id = ${person.id}`)[0]?.email).toBe(person.email);
      await expectNoAxeViolationsInAnswer(page, app.url, () => openPage({ viewport }));

      // The right one: re-authenticated and saved in the same step.
      await confirm.getByLabel("Password", { exact: true }).fill(person.password);
      await page.getByRole("button", { name: "Save Changes" }).click();
      await expect.poll(async () => (await sql`select email from auth_users where id = ${person.id}`)[0]?.email).toBe(newEmail);
      await confirm.waitFor({ state: "detached" });
      await expect(page.getByLabel("Email", { exact: true }).inputValue()).resolves.toBe(newEmail);
      const [session] = await sql`
        select authenticated_at > now() - interval '1 minute' as recent from auth_sessions where user_id = ${person.id}`;
      expect(session?.recent).toBe(true);
      // With its new proof the browser's session has a new token (ASVS 7.2.4): the cookie it was
      // given is another, the page goes on signed in with it.
      const cookie = (await page.context().cookies()).find((item) => item.name === "session");
      expect(cookie?.value).toBeTruthy();
      expect(cookie?.value).not.toBe(person.sessionToken);
      await page.goto(`${app.url}/profile/manage`);
      await expect(page.getByLabel("Email", { exact: true }).inputValue()).resolves.toBe(newEmail);
      await expectNoAxeViolationsInAnswer(page, app.url, () => openPage({ viewport }));
      expectNoConsoleErrors(errors, EXPECTED_ERRORS);
    });
  }
});

describe("deleting an organization without JavaScript", () => {
  test("the owner's delete form asks for the password in itself, then deletes", async ({ app, sql, openPage, register }) => {
    const owner = await register(`No Script Owner ${unique()}`);
    const name = `No Script Trust ${unique()}`;
    const [organization] = await sql`
      insert into organizations (slug, name, kind, country) values (${`no-script-${unique()}`}, ${name}, 'ngo', 'VN') returning id`;
    await sql`insert into organization_members (organization_id, user_id, role) values (${organization?.id}, ${owner.id}, 'owner')`;
    await sql`update auth_sessions set authenticated_at = now() - interval '11 minutes' where user_id = ${owner.id}`;
    const exists = async () => (await sql`select 1 from organizations where id = ${organization?.id}`).length === 1;
    const { page, errors } = await openPage({ javaScriptEnabled: false });
    await signInPage(page, app.url, owner.sessionToken);

    await page.goto(`${app.url}/my-organizations/${organization?.id}`);
    await page.getByText("Delete this organization…").click();
    await page.getByLabel(/^I understand/).check();
    await page.getByRole("button", { name: "Delete organization" }).click();
    const confirm = page.getByRole("group", { name: "Confirm it is you" });
    await confirm.getByLabel("Password", { exact: true }).fill(owner.password);
    expect(await exists()).toBe(true);
    await page.getByRole("button", { name: "Delete organization" }).click();
    await page.waitForURL((url) => url.pathname === "/my-organizations");
    expect(await exists()).toBe(false);
    expectNoConsoleErrors(errors, EXPECTED_ERRORS);
  });
});
