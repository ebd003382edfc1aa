import type { Page } from "playwright-core";
import { describe, expect } from "vitest";
import { expectNoAxeViolationsInHtml } from "../setup/axe-html.ts";
import { expectNoAxeViolations, expectNoConsoleErrors } from "../setup/browser.ts";
import { insertConsultant } from "../setup/consultants.ts";
import { e2e, signInPage, unique } from "../setup/e2e.ts";

// The Admin Dashboard's table actions without JavaScript (progressive enhancement): Approve posts
// a plain form; an action that asks first (Hide with its reason, End sessions, Promote) opens its
// question in the page and posts from there, done by the same services (same audit) and back to
// the table with what happened said in the page. A privileged action with a stale sign-in asks
// for the password inside that form; a wrong one changes nothing, the right one acts at once.

const test = e2e({ ENFORCE_SECOND_FACTOR: "none" })
  /** An admin registered through the API whose sign-in was eleven minutes ago: past the default ten. */
  .extend("staleAdmin", { scope: "file" }, async ({ sql, register }) => {
    return async (name: string) => {
      const admin = await register(name);
      await sql`update auth_users set role = 'admin' where id = ${admin.id}`;
      await sql`update auth_sessions set authenticated_at = now() - interval '11 minutes' where user_id = ${admin.id}`;
      return admin;
    };
  });

/** What the page says a plain form did (the toast's words, shown in the page without scripts). */
function doneText(page: Page) {
  return page.getByRole("status").filter({ hasText: "Success" });
}

async function sessionStatus(appUrl: string, token: string) {
  return (await fetch(`${appUrl}/api/account/sessions`, { headers: { authorization: `Bearer ${token}` } })).status;
}

// Without JavaScript a refusal is the page's own answer (403, 400): Chromium logs each.
const EXPECTED_ERRORS = [/status of 403/, /status of 400/];

describe("the Admin Dashboard without JavaScript", () => {
  test("approves, hides with a reason and ends a user's sessions through plain forms (desktop)", async ({
    app,
    sql,
    account,
    openPage,
    register,
  }) => {
    const tag = `Plain${unique()}`;
    const name = `${tag} Pending`;
    const { id } = await insertConsultant(sql, { name, status: "pending" });
    const person = await register(`${tag} Lostphone`);
    const admin = await account("admin", `${tag} Admin`);
    const { page, errors } = await openPage({ javaScriptEnabled: false });
    await signInPage(page, app.url, admin.token);

    // Approve: one plain form, back to the same table, said in the page.
    await page.goto(`${app.url}/admin?q=${tag}`);
    await page.getByRole("button", { name: `Approve ${name}` }).click();
    await doneText(page).getByText("Profile approved and listed").waitFor();
    expect(new URL(page.url()).searchParams.get("q")).toBe(tag);
    expect((await sql`select status from consultants where id = ${id}`)[0]?.status).toBe("approved");

    // Hide: the question opens in the page with the reason field; Cancel goes back untouched.
    await page.getByRole("button", { name: `Hide ${name}` }).click();
    const hide = page.getByRole("region", { name: `Hide profile: ${name}` });
    await hide.waitFor();
    await hide.getByRole("link", { name: "Cancel" }).click();
    await hide.waitFor({ state: "detached" });
    await page.getByRole("button", { name: `Hide ${name}` }).click();
    await hide.getByLabel("Reason (optional, sent to the owner)").fill("Links to a gambling site");
    await hide.getByRole("button", { name: "Hide profile" }).click();
    await doneText(page).getByText("Profile hidden from the directory").waitFor();
    await hide.waitFor({ state: "detached" });
    const [hidden] = await sql`select status, status_reason from consultants where id = ${id}`;
    expect(hidden).toEqual({ status: "hidden", status_reason: "Links to a gambling site" });
    const moderation = await sql`
      select action from audit_log where target_type = 'consultant' and target_id = ${id} and actor_id = ${admin.id} order by id`;
    expect(moderation.map((row) => row.action)).toEqual(["approve", "hide"]);

    // End sessions, on the Users tab.
    expect(await sessionStatus(app.url, person.sessionToken)).toBe(200);
    await page.goto(`${app.url}/admin?tab=users&q=${encodeURIComponent(person.name)}`);
    await page.getByRole("button", { name: `End sessions ${person.name}` }).click();
    const end = page.getByRole("region", { name: `End every session of ${person.name}?` });
    await end.getByRole("button", { name: `End sessions of ${person.name}` }).click();
    await doneText(page).getByText("1 session ended").waitFor();
    expect(await sessionStatus(app.url, person.sessionToken)).toBe(401);
    const ended = await sql`select actor_id, changes from audit_log where action = 'end_sessions' and target_id = ${person.id}`;
    expect(ended).toEqual([{ actor_id: admin.id, changes: { sessions: { from: 1, to: 0 } } }]);
    expectNoConsoleErrors(errors);
  });

  test("edits a consultant in the page: the schema's messages beside the fields, then saved (keyboard)", async ({
    app,
    sql,
    account,
    openPage,
  }) => {
    const tag = `Plain${unique()}`;
    const name = `${tag} Editable`;
    const { id } = await insertConsultant(sql, { name, title: "Water Engineer" });
    const admin = await account("admin", `${tag} Admin`);
    const { page, errors } = await openPage({ javaScriptEnabled: false });
    await signInPage(page, app.url, admin.token);
    const stored = async () =>
      (
        await sql`select name, title, years_experience, primary_specialization, available_for_work, show_email from consultants where id = ${id}`
      )[0];
    const before = await stored();

    // The row's Edit button, by keyboard: the form opens in the page, prefilled.
    await page.goto(`${app.url}/admin?q=${tag}`);
    await page.getByRole("button", { name: `Edit ${name}` }).press("Enter");
    const edit = page.getByRole("region", { name: "Edit Consultant" });
    await edit.getByText(`Update ${name}'s profile.`).waitFor();
    await expect(edit.getByLabel("Full name").inputValue()).resolves.toBe(name);
    await expect(edit.getByRole("switch", { name: "Available for work" }).isChecked()).resolves.toBe(true);

    // Refused by the server with the dialog's messages, beside the fields; what was typed is kept.
    await edit.getByLabel("Full name").fill("");
    await edit.getByLabel("Professional title").fill("Senior Water Engineer");
    await edit.getByLabel("Professional summary").fill("Too short");
    await edit.getByRole("button", { name: "Update Consultant" }).click();
    await edit.getByText("Name is required").waitFor();
    await edit.getByText("Bio must be at least 10 characters").waitFor();
    await expect(edit.getByLabel("Full name").getAttribute("aria-invalid")).resolves.toBe("true");
    await expect(edit.getByLabel("Professional title").inputValue()).resolves.toBe("Senior Water Engineer");
    expect(await stored()).toEqual(before);
    await expectNoAxeViolationsInHtml(page, app.url, () => openPage(), "/admin?edit-refused");

    // Corrected and sent: back on the table, said in the page, stored as the dialog stores it.
    await edit.getByLabel("Full name").fill(`${name} Jr`);
    await edit.getByLabel("Professional summary").fill("Rural water supply and sanitation across the Mekong.");
    await edit.getByLabel("Years of experience").fill("13");
    await edit.getByLabel("Primary specialization").selectOption("Gender & Social Inclusion");
    await edit.getByRole("switch", { name: "Available for work" }).press("Space");
    await edit.getByRole("switch", { name: "Show email publicly" }).press("Space");
    await edit.getByRole("button", { name: "Update Consultant" }).press("Enter");
    await doneText(page).getByText("Consultant updated successfully").waitFor();
    await edit.waitFor({ state: "detached" });
    expect(new URL(page.url()).searchParams.get("q")).toBe(tag);
    const row = page.getByRole("row", { name: new RegExp(`${name} Jr`) });
    await expect(row.innerText()).resolves.toMatch(/Senior Water Engineer[\s\S]*Unavailable/);
    expect(await stored()).toEqual({
      name: `${name} Jr`,
      title: "Senior Water Engineer",
      years_experience: 13,
      primary_specialization: "Gender & Social Inclusion",
      available_for_work: false,
      show_email: true,
    });
    const audit =
      await sql`select action from audit_log where target_type = 'consultant' and target_id = ${id} and actor_id = ${admin.id}`;
    expect(audit.map((entry) => entry.action)).toEqual(["edit"]);
    expectNoConsoleErrors(errors, EXPECTED_ERRORS);
  });

  test("promotes behind the password asked in the page when the sign-in is stale (phone)", async ({
    app,
    sql,
    openPage,
    register,
    staleAdmin,
  }) => {
    const tag = `Plain${unique()}`;
    const admin = await staleAdmin(`${tag} Admin`);
    const person = await register(`${tag} Promotee`);
    const { page, errors } = await openPage({ viewport: "phone", javaScriptEnabled: false });
    await signInPage(page, app.url, admin.sessionToken);
    const roleOf = async () => (await sql`select role from auth_users where id = ${person.id}`)[0]?.role;

    await page.goto(`${app.url}/admin?tab=users&q=${encodeURIComponent(person.name)}`);
    await page.getByRole("button", { name: `Promote ${person.name}` }).click();
    const promote = page.getByRole("region", { name: `Make ${person.name} an admin?` });
    await promote.getByRole("button", { name: `Promote ${person.name}` }).click();

    // Asked for the password in the form; nothing changed.
    const confirm = promote.getByRole("group", { name: "Confirm it is you" });
    await confirm.waitFor();
    await promote
      .getByText("Please confirm it is you: enter your password or a code from your authenticator app again.")
      .waitFor();
    expect(await roleOf()).toBe("user");
    await expectNoAxeViolationsInHtml(page, app.url, () => openPage({ viewport: "phone" }), "/admin?as-answered");

    // A wrong password: said beside the field, still a user, nothing audited.
    await confirm.getByLabel("Password", { exact: true }).fill("not-the-password");
    await promote.getByRole("button", { name: `Promote ${person.name}` }).click();
    await confirm.getByText("That password is not right.").waitFor();
    expect(await roleOf()).toBe("user");
    expect(await sql`select 1 from audit_log where target_id = ${person.id} and target_type = 'user'`).toHaveLength(0);

    // The right one: re-authenticated and promoted in one step, back on the table.
    await confirm.getByLabel("Password", { exact: true }).fill(admin.password);
    await promote.getByRole("button", { name: `Promote ${person.name}` }).click();
    await doneText(page).getByText("User promoted to admin successfully").waitFor();
    await promote.waitFor({ state: "detached" });
    expect(await roleOf()).toBe("admin");
    const [session] = await sql`
      select authenticated_at > now() - interval '1 minute' as recent from auth_sessions where user_id = ${admin.id}`;
    expect(session?.recent).toBe(true);
    // The row now offers what an admin's row offers.
    await page.getByRole("button", { name: `Demote ${person.name}` }).waitFor();
    expectNoConsoleErrors(errors, EXPECTED_ERRORS);
  });

  test("unverifies an organization behind the password asked in its own row's form (/admin/organizations)", async ({
    app,
    sql,
    openPage,
    staleAdmin,
  }) => {
    const tag = `Plain${unique()}`;
    const admin = await staleAdmin(`${tag} Admin`);
    const name = `${tag} River Trust`;
    const [organization] = await sql`
      insert into organizations (slug, name, kind, country, verified_at, verification_method)
      values (${tag.toLowerCase()}, ${name}, 'ngo', 'VN', now(), 'admin') returning id`;
    const verified = async () =>
      (await sql`select verified_at is not null as verified from organizations where id = ${organization?.id}`)[0]?.verified;
    const { page, errors } = await openPage({ javaScriptEnabled: false });
    await signInPage(page, app.url, admin.sessionToken);

    await page.goto(`${app.url}/admin/organizations?q=${tag}`);
    const row = page.getByTestId("organization-row").filter({ hasText: name });
    await row.getByRole("button", { name: `Unverify ${name}` }).click();
    const confirm = row.getByRole("group", { name: "Confirm it is you" });
    await confirm.getByLabel("Password", { exact: true }).fill(admin.password);
    expect(await verified()).toBe(true);
    await row.getByRole("button", { name: `Unverify ${name}` }).click();
    await row.getByText("Not verified").waitFor();
    await confirm.waitFor({ state: "detached" });
    expect(await verified()).toBe(false);
    const audit = await sql`select action from audit_log where target_type = 'organization' and target_id = ${organization?.id}`;
    expect(audit.map((entry) => entry.action)).toEqual(["unverify"]);
    expectNoConsoleErrors(errors, EXPECTED_ERRORS);
  });

  test("the question in the page is the same with JavaScript: axe-clean, and its form works", async ({
    app,
    sql,
    signedInPage,
    register,
  }) => {
    const person = await register(`Plain Scripted ${unique()}`);
    const { page, errors } = await signedInPage("admin", { viewport: "phone" });
    await page.goto(`${app.url}/admin?tab=users&q=${encodeURIComponent(person.name)}&confirm=block&id=${person.id}`);
    const block = page.getByRole("region", { name: `Block ${person.name}?` });
    await block.waitFor();
    await expectNoAxeViolations(page);
    await block.getByRole("button", { name: `Block ${person.name}` }).click();
    await block.waitFor({ state: "detached" });
    await expect
      .poll(async () => (await sql`select blocked_at is not null as blocked from auth_users where id = ${person.id}`)[0]?.blocked)
      .toBe(true);
    expectNoConsoleErrors(errors);
  });
});
