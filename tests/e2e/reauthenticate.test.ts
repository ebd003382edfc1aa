import { describe, expect } from "vitest";
import {
  expectNoAxeViolations,
  expectNoConsoleErrors,
  pressEscapeIn,
  saveScreenshot,
  waitForHydration,
} from "../setup/browser.ts";
import { e2e, signInPage, unique } from "../setup/e2e.ts";

// Issue 38, re-authentication in the browser: an admin whose sign-in is older than
// REAUTHENTICATE_MINUTES promotes a user; the dialog asks for the password over the page (the
// confirmation under it stays), Escape gives the refusal back and changes nothing, a wrong password
// is said beside the field, the right one completes the promotion without starting it again.
// Phone and desktop, axe-core clean with both dialogs open.

const test = e2e();

// The refused action (403) and the wrong password (400) are answers the test asks for: Chromium
// logs each failed response.
const EXPECTED_ERRORS = [/status of 403/, /status of 400/];

describe("re-authentication before a privileged action", () => {
  for (const viewport of ["desktop", "phone"] as const) {
    test(`an admin promotes a user behind the password dialog (${viewport})`, async ({
      app,
      sql,
      openPage,
      register,
      account,
    }) => {
      const admin = await register(`Reauth Admin ${unique()}`);
      await sql`update auth_users set role = 'admin' where id = ${admin.id}`;
      const target = await account("user", `Promotable Person ${unique()}`);
      const { page, errors } = await openPage({ viewport });
      await signInPage(page, app.url, admin.sessionToken);
      // The sign-in was eleven minutes ago: past the default ten.
      await sql`update auth_sessions set authenticated_at = now() - interval '11 minutes' where user_id = ${admin.id}`;

      await page.goto(`${app.url}/admin?tab=users&q=${encodeURIComponent(target.name)}`);
      await waitForHydration(page);
      const row = page.getByRole("row", { name: new RegExp(target.name) });
      await row.getByRole("button", { name: `Promote ${target.name}` }).click();
      const confirm = page.getByRole("alertdialog", { name: `Make ${target.name} an admin?` });
      await confirm.getByRole("button", { name: `Promote ${target.name}` }).click();

      const reauth = page.getByRole("dialog", { name: "Confirm it is you" });
      await reauth.waitFor();
      const password = reauth.getByLabel("Password", { exact: true });
      // The focus starts in the password field; the confirmation stays open underneath.
      await expect.poll(() => password.evaluate((element) => element === document.activeElement)).toBe(true);
      // (hidden from assistive technology while the dialog over it is open, as a modal should be)
      await expect(page.locator('[role="alertdialog"]').getAttribute("aria-hidden")).resolves.toBe("true");
      await expectNoAxeViolations(page);
      await saveScreenshot(page, `reauthenticate-${viewport}`);

      // Escape: the dialog closes, the refusal shows, nothing changed; the confirmation is still there.
      await pressEscapeIn(page, reauth);
      await reauth.waitFor({ state: "detached" });
      await page.getByTestId("toast").filter({ hasText: "Error" }).first().waitFor();
      expect((await sql`select role from auth_users where id = ${target.id}`)[0]?.role).toBe("user");
      await confirm.waitFor();

      // Again: a wrong password is said beside the field and the dialog stays.
      await confirm.getByRole("button", { name: `Promote ${target.name}` }).click();
      await reauth.waitFor();
      await password.fill("not-the-password");
      await reauth.getByRole("button", { name: "Confirm" }).click();
      await reauth.getByRole("alert").filter({ hasText: "That password is not right." }).waitFor();
      await expect(password.getAttribute("aria-invalid")).resolves.toBe("true");
      expect((await sql`select role from auth_users where id = ${target.id}`)[0]?.role).toBe("user");
      await expectNoAxeViolations(page);

      // The right password completes the promotion: no second click.
      await password.fill(admin.password);
      await reauth.getByRole("button", { name: "Confirm" }).click();
      await page.getByTestId("toast").filter({ hasText: "User promoted to admin successfully" }).waitFor();
      await reauth.waitFor({ state: "detached" });
      await confirm.waitFor({ state: "detached" });
      await row.getByRole("button", { name: `Demote ${target.name}` }).waitFor();
      expect((await sql`select role from auth_users where id = ${target.id}`)[0]?.role).toBe("admin");
      const [session] =
        await sql`select authenticated_at > now() - interval '1 minute' as recent from auth_sessions where user_id = ${admin.id}`;
      expect(session?.recent).toBe(true);
      const audit = await sql`select action from audit_log where target_id = ${target.id} and target_type = 'user'`;
      expect(audit.map((entry) => entry.action)).toEqual(["promote"]);
      expectNoConsoleErrors(errors, EXPECTED_ERRORS);
    });
  }

  test("an organization's owner deletes it behind the dialog, and the page moves on as it does without one", async ({
    app,
    sql,
    openPage,
    register,
  }) => {
    const owner = await register(`Reauth Owner ${unique()}`);
    const slug = `reauth-org-${unique()}`;
    const [organization] = await sql`
      insert into organizations (slug, name, kind, country, created_by)
      values (${slug}, ${`Mekong Partners ${unique()}`}, 'ngo', 'KH', ${owner.id}) returning id`;
    await sql`insert into organization_members (organization_id, user_id, role) values (${organization!.id}, ${owner.id}, 'owner')`;
    const { page, errors } = await openPage();
    await signInPage(page, app.url, owner.sessionToken);
    await sql`update auth_sessions set authenticated_at = now() - interval '1 hour' where user_id = ${owner.id}`;

    await page.goto(`${app.url}/my-organizations/${organization!.id}`);
    await waitForHydration(page);
    await page.getByText("Delete this organization…").click();
    await page.getByLabel(/^I understand/).check();
    await page.getByRole("button", { name: "Delete organization" }).click();
    const reauth = page.getByRole("dialog", { name: "Confirm it is you" });
    await reauth.waitFor();
    expect(await sql`select 1 from organizations where id = ${organization!.id}`).toHaveLength(1);
    await reauth.getByLabel("Password", { exact: true }).fill(owner.password);
    await reauth.getByRole("button", { name: "Confirm" }).click();
    await page.waitForURL((url) => url.pathname === "/my-organizations");
    await page.getByTestId("toast").filter({ hasText: "Organization deleted" }).waitFor();
    expect(await sql`select 1 from organizations where id = ${organization!.id}`).toHaveLength(0);
    expectNoConsoleErrors(errors, EXPECTED_ERRORS);
  });

  test("a new e-mail address on Manage Account is saved after the password, with what was typed", async ({
    app,
    sql,
    openPage,
    register,
  }) => {
    const person = await register(`Reauth Person ${unique()}`);
    const { page, errors } = await openPage({ viewport: "phone" });
    await signInPage(page, app.url, person.sessionToken);
    await sql`update auth_sessions set authenticated_at = now() - interval '1 hour' where user_id = ${person.id}`;
    await page.goto(`${app.url}/profile/manage`);
    await waitForHydration(page);
    const newEmail = `moved.${unique()}@example.org`;
    await page.getByLabel("Full Name").fill("Renamed Person");
    await page.getByLabel("Email", { exact: true }).fill(newEmail);
    await page.getByRole("button", { name: "Save Changes" }).click();

    const reauth = page.getByRole("dialog", { name: "Confirm it is you" });
    await reauth.waitFor();
    expect((await sql`select email from auth_users where id = ${person.id}`)[0]?.email).toBe(person.email);
    await reauth.getByLabel("Password", { exact: true }).fill(person.password);
    await reauth.getByRole("button", { name: "Confirm" }).click();
    await page.getByTestId("toast").filter({ hasText: "Profile updated" }).waitFor();
    const [saved] = await sql`select name, email from auth_users where id = ${person.id}`;
    expect(saved).toMatchObject({ name: "Renamed Person", email: newEmail });
    expectNoConsoleErrors(errors, EXPECTED_ERRORS);
  });

  test("a person deletes their account behind the dialog and lands home signed out", async ({ app, sql, openPage, register }) => {
    const person = await register(`Leaving Person ${unique()}`);
    const { page, errors } = await openPage({ viewport: "phone" });
    await signInPage(page, app.url, person.sessionToken);
    await sql`update auth_sessions set authenticated_at = now() - interval '1 hour' where user_id = ${person.id}`;
    await page.goto(`${app.url}/profile/manage#section-delete-account`);
    await waitForHydration(page);
    await page.getByText("Delete my account", { exact: true }).click();
    await page.getByRole("checkbox", { name: /deleted for good/ }).check();
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Delete my account for good" }).click();

    const reauth = page.getByRole("dialog", { name: "Confirm it is you" });
    await reauth.waitFor();
    expect(await sql`select 1 from auth_users where id = ${person.id}`).toHaveLength(1);
    await reauth.getByLabel("Password", { exact: true }).fill(person.password);
    await reauth.getByRole("button", { name: "Confirm" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await page.getByTestId("toast").filter({ hasText: "Account deleted" }).waitFor();
    expect(await sql`select 1 from auth_users where id = ${person.id}`).toHaveLength(0);
    // Signed out: the account page asks for a sign-in again.
    await page.goto(`${app.url}/profile/manage`);
    await page.getByText("You need to be logged in to manage your account.").waitFor();
    expectNoConsoleErrors(errors, EXPECTED_ERRORS);
  });
});
