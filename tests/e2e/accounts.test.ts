import type { Page } from "playwright-core";
import { describe, expect } from "vitest";
import { expectNoAxeViolations, expectNoConsoleErrors, saveScreenshot, toastText } from "../setup/browser.ts";
import { e2e, signInPage, signInThroughDialog } from "../setup/e2e.ts";
import { findLink } from "../setup/smtp.ts";

const ADMIN = { email: "admin@example.org", password: "harbour-lantern-admin-42" };

/** The account menu of someone without a consultant profile, up to Sign Out (issue 13: the profile offered last). */
const SIGNED_IN_MENU = ["Messages", "Shortlists", "Saved searches", "Organizations", "Manage Account", "My Consultant Profile"];

let counter = 0;
function newPerson() {
  counter += 1;
  return { name: `Dara Sok ${counter}`, email: `dara${counter}@example.org`, password: `mango-river-${counter}-sky` };
}

const it = e2e({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password })
  /** Creates an account through the API, as a test fixture, and signs the browser page in with its session. */
  .extend("signedInAs", { scope: "file" }, async ({ app, register }) => {
    return async (page: Page, person: ReturnType<typeof newPerson>) => {
      const account = await register(person.name, { ...person, asNew: true });
      await signInPage(page, app.url, account.sessionToken);
    };
  });

/** The e-mailed link, pointed at this test's server (PUBLIC_URL names localhost, the browser uses 127.0.0.1). */
function local(url: string, link: URL): string {
  return `${url}${link.pathname}${link.search}`;
}

describe("sign-in dialog", () => {
  it("registers through the dialog, shows the toast and the menu, signs out and signs in again", async ({
    app,
    smtp,
    openPage,
  }) => {
    const { page, errors } = await openPage();
    const person = newPerson();
    await page.goto(app.url);
    await page.getByRole("button", { name: "Sign In" }).click();
    const dialog = page.getByRole("dialog", { name: "Welcome to DevConsult SEA" });
    await dialog.waitFor();
    expect(await dialog.getByText("Sign in to your account or create a new one to get started").count()).toBe(1);
    expect(await dialog.getByRole("tab", { name: "Sign In" }).getAttribute("aria-selected")).toBe("true");
    await dialog.getByLabel("Email").waitFor();
    await expectNoAxeViolations(page);

    await dialog.getByRole("tab", { name: "Sign Up" }).click();
    const password = dialog.getByLabel("Password");
    expect(await password.getAttribute("placeholder")).toBe("Choose a strong password");
    // Field errors appear beside the fields, and focus goes to the first one.
    await dialog.getByRole("button", { name: "Create Account" }).click();
    await dialog.getByText("Name is required").waitFor();
    expect(await dialog.getByText("Valid email address is required").count()).toBe(1);
    expect(await dialog.getByText("Password must be at least 6 characters long").count()).toBe(1);
    expect(await dialog.getByLabel("Full Name").evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await dialog.getByLabel("Full Name").getAttribute("aria-invalid")).toBe("true");
    await expectNoAxeViolations(page);
    await saveScreenshot(page, "sign-up-dialog-errors");

    await dialog.getByLabel("Full Name").fill(person.name);
    await dialog.getByLabel("Email").fill(person.email);
    await password.fill(person.password);
    await dialog.getByRole("button", { name: "Create Account" }).click();
    const welcome = await toastText(page, "Registration successful");
    expect(welcome).toContain(`Welcome to DevConsult SEA, ${person.name}!`);
    await dialog.waitFor({ state: "detached" });
    const menu = page.getByRole("button", { name: `Account menu for ${person.name}` });
    await menu.click();
    const items = await page.getByRole("menuitem").allInnerTexts();
    expect(items.map((item) => item.trim())).toEqual([...SIGNED_IN_MENU, "Sign Out"]);
    const verification = await smtp.waitForMail(person.email);
    expect(verification.subject).toBe("Verify your email address for DevConsult SEA");

    await page.getByRole("menuitem", { name: "Sign Out" }).click();
    expect(await toastText(page, "Logged out")).toContain("You have been logged out successfully");
    await page.getByRole("button", { name: "Sign In" }).waitFor();

    await page.getByRole("button", { name: "Sign In" }).click();
    await dialog.getByLabel("Email").fill(person.email.toUpperCase());
    await dialog.getByLabel("Password").fill("not-my-password");
    await dialog.getByRole("button", { name: "Sign In" }).click();
    expect(await toastText(page, "Login failed")).toContain("Invalid email or password");
    expect(await dialog.getByRole("alert").innerText()).toContain("Invalid email or password");
    await dialog.getByLabel("Password").fill(person.password);
    await dialog.getByRole("button", { name: "Sign In" }).click();
    expect(await toastText(page, "Login successful")).toContain(`Welcome back, ${person.name}!`);
    await dialog.waitFor({ state: "detached" });
    await menu.waitFor();
    expectNoConsoleErrors(errors, [/status of 401/]);
  });

  it("shows Admin Dashboard in the menu for admins only", async ({ app, openPage }) => {
    const { page, errors } = await openPage();
    await page.goto(app.url);
    await page.getByRole("button", { name: "Sign In" }).click();
    await signInThroughDialog(page, ADMIN);
    await page.getByRole("button", { name: "Account menu for Administrator" }).click();
    const items = await page.getByRole("menuitem").allInnerTexts();
    // An admin's menu is a person's with the dashboard added.
    expect(items.map((item) => item.trim())).toEqual([...SIGNED_IN_MENU, "Admin Dashboard", "Sign Out"]);
    expectNoConsoleErrors(errors);
  });

  it("resets a forgotten password by following the e-mailed link", async ({ app, smtp, openPage, signedInAs }) => {
    const { page, errors } = await openPage();
    const person = newPerson();
    const setup = await openPage();
    await signedInAs(setup.page, person);
    await setup.close();

    await page.goto(app.url);
    await page.getByRole("button", { name: "Sign In" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: "Forgot password?" }).click();
    await dialog.getByLabel("Email").fill(person.email);
    await dialog.getByRole("button", { name: "Send Reset Link" }).click();
    await dialog.getByRole("status").filter({ hasText: "If an account exists" }).waitFor();
    await expectNoAxeViolations(page);
    const mail = await smtp.waitForMailAbout(person.email, /^Reset your DevConsult SEA password$/);

    await page.goto(local(app.url, findLink(mail, "/reset-password")));
    await page.getByRole("heading", { name: "Choose a new password" }).waitFor();
    await page.getByLabel("New Password", { exact: true }).fill("papaya-cloud-88");
    await page.getByLabel("Confirm New Password").fill("papaya-cloud-89");
    await page.getByRole("button", { name: "Set New Password" }).click();
    await page.getByText("Passwords don't match").waitFor();
    await expectNoAxeViolations(page);
    await page.getByLabel("Confirm New Password").fill("papaya-cloud-88");
    await page.getByRole("button", { name: "Set New Password" }).click();
    expect(await toastText(page, "Password changed")).toContain("Please sign in with your new password.");
    expect(new URL(page.url()).pathname).toBe("/sign-in");

    await page.getByLabel("Email").fill(person.email);
    await page.getByLabel("Password").fill("papaya-cloud-88");
    await page.getByRole("button", { name: "Sign In", exact: true }).last().click();
    expect(await toastText(page, "Login successful")).toContain(`Welcome back, ${person.name}!`);
    await page.waitForURL(`${app.url}/`);

    await page.goto(local(app.url, findLink(mail, "/reset-password")));
    await page.getByRole("heading", { name: "This link is invalid or has expired" }).waitFor();
    expectNoConsoleErrors(errors);
  });
});

describe("account page", () => {
  it("updates the profile, changes the password, and verifies the e-mail address", async ({
    app,
    smtp,
    openPage,
    signedInAs,
  }) => {
    const { page, errors } = await openPage();
    const person = newPerson();
    await signedInAs(page, person);
    await page.goto(`${app.url}/profile/manage`);
    await page.getByRole("heading", { name: "Manage Account" }).waitFor();
    expect(await page.getByLabel("Full Name").inputValue()).toBe(person.name);
    expect(await page.getByLabel("Email").inputValue()).toBe(person.email);
    const info = await page.getByRole("region", { name: "Account Information" }).innerText();
    expect(info).toMatch(/Account ID\s+\d+/);
    expect(info).toMatch(/Member since\s+\d{1,2} \w+ \d{4}/);
    expect(info).toMatch(/Email verified\s+Pending/);
    await expectNoAxeViolations(page);

    await page.getByLabel("Full Name").fill("Dara Sok-Lim");
    await page.getByRole("button", { name: "Save Changes" }).click();
    expect(await toastText(page, "Profile updated")).toContain("Your account information has been saved.");
    await page.getByRole("button", { name: "Account menu for Dara Sok-Lim" }).waitFor();

    const toggle = page.getByText("Change Password", { exact: true });
    await toggle.click();
    await page.getByLabel("Current Password").fill("wrong-current-password");
    await page.getByLabel("New Password", { exact: true }).fill("guava-stone-61");
    await page.getByLabel("Confirm New Password").fill("guava-stone-61");
    await page.getByRole("button", { name: "Update Password" }).click();
    expect(await toastText(page, "Password change failed")).toContain("Current password is incorrect");
    expect(await page.getByText("Current password is incorrect", { exact: true }).first().isVisible()).toBe(true);
    await page.getByLabel("Current Password").fill(person.password);
    await page.getByRole("button", { name: "Update Password" }).click();
    await toastText(page, "Password changed");
    await page.getByLabel("Current Password").waitFor({ state: "hidden" });
    // (the password's disclosure: the page has others, such as "Delete my account")
    expect(await page.locator("main details", { has: toggle }).getAttribute("open")).toBeNull();
    await toggle.click();
    expect(await page.getByLabel("Current Password").inputValue()).toBe("");
    const login = await fetch(`${app.url}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: person.email, password: "guava-stone-61" }),
    });
    expect(login.status).toBe(200);
    await expectNoAxeViolations(page);
    await saveScreenshot(page, "account-page");

    await page.getByRole("button", { name: "Resend verification email" }).click();
    expect(await toastText(page, "Verification email sent")).toContain(`Check your inbox at ${person.email}.`);
    // The resent verification: the second mail with a verification link (security e-mails come between).
    const verifications = () => smtp.mailTo(person.email).filter((sent) => sent.text.includes("/verify-email"));
    const mail = await smtp.waitForMailAbout(person.email, (sent) => verifications().indexOf(sent) === 1);
    await page.goto(local(app.url, findLink(mail, "/verify-email")));
    await page.getByRole("heading", { name: "Email verified" }).waitFor();
    await page.getByRole("link", { name: "Go to your account" }).click();
    await page.getByRole("region", { name: "Account Information" }).getByText("Yes").waitFor();
    expectNoConsoleErrors(errors, [/status of 400/]);
  });

  it("asks signed-out visitors to sign in, and the Sign In button there opens the dialog", async ({ app, openPage }) => {
    const { page, errors } = await openPage({ viewport: "phone" });
    await page.goto(`${app.url}/profile/manage`);
    await page.getByText("You need to be logged in to manage your account.").waitFor();
    await expectNoAxeViolations(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await saveScreenshot(page, "account-signed-out-phone");
    await page.getByRole("main").getByRole("button", { name: "Sign In" }).click();
    await page.getByRole("dialog", { name: "Welcome to DevConsult SEA" }).getByLabel("Email").waitFor();
    await expectNoAxeViolations(page);
    await saveScreenshot(page, "sign-in-dialog-phone");
    expectNoConsoleErrors(errors);
  });
});

describe("without JavaScript", () => {
  it("signs in on the /sign-in page and the header knows the user from the server HTML", async ({
    app,
    openPage,
    signedInAs,
  }) => {
    const person = newPerson();
    const setup = await openPage();
    await signedInAs(setup.page, person);
    await setup.close();

    const { page } = await openPage({ javaScriptEnabled: false });
    await page.goto(`${app.url}/profile/manage`);
    await page.getByRole("main").getByRole("link", { name: "Sign In" }).click();
    expect(new URL(page.url()).searchParams.get("redirectTo")).toBe("/profile/manage");
    await page.getByLabel("Email").fill(person.email);
    await page.getByLabel("Password").fill("wrong-password-here");
    await page.getByRole("button", { name: "Sign In", exact: true }).last().click();
    await page.getByRole("alert").filter({ hasText: "Invalid email or password" }).waitFor();
    await page.getByLabel("Password").fill(person.password);
    await page.getByRole("button", { name: "Sign In", exact: true }).last().click();
    await page.waitForURL(`${app.url}/profile/manage`);
    await page.getByRole("heading", { name: "Profile Information" }).waitFor();
    expect(await page.getByRole("link", { name: `Account menu for ${person.name}` }).count()).toBe(1);
    await page.getByRole("main").getByRole("button", { name: "Sign Out", exact: true }).click();
    await page.waitForURL(`${app.url}/`);
    expect(await page.getByRole("link", { name: "Sign In" }).count()).toBe(1);
  });
});
