import type { Page } from "playwright-core";
import sharp from "sharp";
import { describe, expect } from "vitest";
import { PROFILE_SPECIALIZATIONS } from "#common/constants.ts";
import {
  expectNoAxeViolations,
  expectNoConsoleErrors,
  holdRequests,
  pressEscapeIn,
  saveScreenshot,
  waitForHydration,
} from "../setup/browser.ts";
import { e2e, unique } from "../setup/e2e.ts";

const ADMIN = { email: "chief.admin@example.org", password: "lotus-harbour-admin-77" };

const it = e2e({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password })
  .extend("insertConsultant", { scope: "file" }, async ({ sql }) => {
    return async (values: { name: string; status?: string; userId?: number; available?: boolean }) => {
      const [row] = await sql<{ id: number; email: string; name: string }[]>`
        insert into consultants (name, title, email, location, country, years_experience, primary_specialization, bio, status, user_id, available_for_work)
        values (${values.name}, 'Water Engineer', ${`c.${unique()}@example.org`}, 'Vientiane, Laos', 'Laos', 8, 'Infrastructure',
                'Rural water supply and sanitation across Laos.', ${values.status ?? "approved"}, ${values.userId ?? null},
                ${values.available ?? true})
        returning id, email, name`;
      return row!;
    };
  })
  /** Uploads a small PNG as this user, as the profile form's photo field does; returns its URL. */
  .extend("uploadPhoto", { scope: "file" }, async ({ app }) => {
    return async (token: string, colour: string) => {
      const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: colour } })
        .png()
        .toBuffer();
      const form = new FormData();
      form.set("profilePhoto", new Blob([new Uint8Array(png)], { type: "image/png" }), "photo.png");
      const response = await fetch(`${app.url}/api/upload-photo`, {
        method: "POST",
        body: form,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(response.status).toBe(201);
      return ((await response.json()) as { photoUrl: string }).photoUrl;
    };
  })
  /**
   * A profile as its owner creates it in the profile form: a new account (`ownerName`) uploads a
   * photo of this colour and posts the profile, named `name` and a made-up suffix, through the API;
   * with REQUIRE_APPROVAL (the default) it waits for an admin. Answers the owner's token, the
   * fields it sent and the profile.
   */
  .extend("ownProfile", { scope: "file" }, async ({ app, account, uploadPhoto }) => {
    return async (ownerName: string, name: string, photoColour: string) => {
      const owner = await account("user", ownerName);
      const fields = {
        name: `${name} ${unique()}`,
        title: "Water Engineer",
        email: `owner.${unique()}@example.org`,
        location: "Vientiane, Laos",
        country: "Laos",
        yearsExperience: 8,
        primarySpecialization: "Infrastructure",
        bio: "Rural water supply and sanitation across Laos.",
        profilePhotoUrl: await uploadPhoto(owner.token, photoColour),
      };
      const created = await fetch(`${app.url}/api/consultants`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${owner.token}` },
        body: JSON.stringify(fields),
      });
      expect(created.status).toBe(201);
      const profile = (await created.json()) as { id: number; status: string };
      return { ownerToken: owner.token, fields, profile };
    };
  });

/** Opens a page and waits until React has hydrated it, so the test's clicks reach the app. */
async function gotoHydrated(page: Page, url: string) {
  const response = await page.goto(url);
  await waitForHydration(page);
  return response;
}

/** Waits for the toast with this text (one toast at a time: a new one replaces the last). */
async function expectToast(page: Page, title: "Success" | "Error", description: string) {
  const toast = page.getByTestId("toast").filter({ hasText: description });
  await toast.waitFor();
  expect(await toast.innerText()).toContain(title);
}

describe("who gets the Admin Dashboard", () => {
  it("shows signed-out visitors 'Admin Access Required' with Go to Home", async ({ app, openPage }) => {
    const { page, errors } = await openPage();
    const response = await gotoHydrated(page, `${app.url}/admin`);
    expect(response?.status()).toBe(200);
    expect(response?.headers()["cache-control"]).toBe("private, no-store");
    await expect(page.locator("h1").innerText()).resolves.toBe("Admin Access Required");
    expect(await page.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex");
    await expectNoAxeViolations(page);
    await page.getByRole("link", { name: "Go to Home" }).click();
    await page.waitForURL(`${app.url}/`);
    expectNoConsoleErrors(errors);
  });

  it("opens the dashboard once an admin signs in from the access screen, and links it from the menu", async ({
    app,
    openPage,
  }) => {
    const { page, errors } = await openPage();
    await gotoHydrated(page, `${app.url}/admin`);
    await page.getByRole("main").getByRole("button", { name: "Sign In" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Email").fill(ADMIN.email);
    await dialog.getByLabel("Password").fill(ADMIN.password);
    await dialog.getByRole("button", { name: "Sign In" }).click();
    await page.getByRole("heading", { level: 1, name: "Admin Dashboard" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/admin");

    await gotoHydrated(page, app.url);
    await page.getByRole("button", { name: "Account menu for Administrator" }).click();
    await page.getByRole("menuitem", { name: "Admin Dashboard" }).click();
    await page.waitForURL(`${app.url}/admin`);
    await page.getByRole("tab", { name: "Consultants", selected: true }).waitFor();
    expectNoConsoleErrors(errors);
  });

  it("redirects a signed-in non-admin to /", async ({ app, signedInPage }) => {
    const { page, errors } = await signedInPage("user");
    await gotoHydrated(page, `${app.url}/admin`);
    expect(new URL(page.url()).pathname).toBe("/");
    const data = await page.request.get(`${app.url}/admin?tab=users`, { maxRedirects: 0 });
    expect(data.status()).toBe(302);
    expect(data.headers().location).toBe("/");
    expectNoConsoleErrors(errors);
  });
});

describe("the /admin page action (the dashboard's door to the same services)", () => {
  const ROLES = ["anonymous", "user", "owner", "admin"] as const;
  const INTENTS = {
    update: { admin: 200 },
    delete: { admin: 200 },
    approve: { admin: 200 },
    reject: { admin: 200 },
    // A pending profile cannot be hidden: the admin passes the check and gets the rule's 409.
    hide: { admin: 409 },
    promote: { admin: 200 },
    demote: { admin: 200 },
  } as const;

  for (const [intent, { admin }] of Object.entries(INTENTS)) {
    it(`${intent}: anonymous 401, user 403, owner 403, admin ${admin}`, async ({ app, sql, insertConsultant, account }) => {
      const statuses: Record<string, number> = {};
      for (const role of ROLES) {
        const owner = await account("user", `Owner ${unique()}`);
        const consultant = await insertConsultant({ name: `Matrix ${unique()}`, status: "pending", userId: owner.id });
        const other = await account(intent === "demote" ? "admin" : "user", `Other ${unique()}`);
        const token =
          role === "anonymous"
            ? undefined
            : role === "owner"
              ? owner.token
              : (await account(role === "admin" ? "admin" : "user", `Actor ${unique()}`)).token;
        const id = intent === "promote" || intent === "demote" ? other.id : consultant.id;
        const form = new URLSearchParams({
          intent,
          id: String(id),
          reason: "Please add your recent projects",
          name: "Matrix Person",
          title: "Water Engineer",
          email: `matrix.${unique()}@example.org`,
          location: "Vientiane, Laos",
          country: "Laos",
          yearsExperience: "8",
          primarySpecialization: "Infrastructure",
          bio: "Rural water supply and sanitation across Laos.",
        });
        // The action's own answer (the data request a fetcher makes), not the page re-rendered after it.
        const response = await fetch(`${app.url}/admin.data`, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded", ...(token ? { cookie: `session=${token}` } : {}) },
          body: form,
          redirect: "manual",
        });
        await response.body?.cancel();
        statuses[role] = response.status;
        if (role !== "admin") {
          const [row] = await sql`select status, name from consultants where id = ${consultant.id}`;
          expect(row).toEqual({ status: "pending", name: consultant.name });
          const [user] = await sql`select role from auth_users where id = ${other.id}`;
          expect(user?.role).toBe(intent === "demote" ? "admin" : "user");
        }
      }
      expect(statuses).toEqual({ anonymous: 401, user: 403, owner: 403, admin });
    });
  }
});

describe("the dashboard", () => {
  it("lets an admin approve a new profile from the queue, which then appears in the directory", async ({
    app,
    sql,
    openPage,
    signedInPage,
    ownProfile,
  }) => {
    // The owner creates the profile as the profile form does; with REQUIRE_APPROVAL (default) it waits.
    const { fields, profile: pending } = await ownProfile("Queue Owner", "Pending Person", "#2a9d8f");
    const { name, profilePhotoUrl: photoUrl } = fields;
    expect(pending.status).toBe("pending");
    const { page, errors } = await signedInPage("admin");

    // Not found by a search while pending, and its public address answers 404 to visitors.
    const searchUrl = `${app.url}/?keywords=${encodeURIComponent(name)}`;
    await gotoHydrated(page, searchUrl);
    await expect(page.locator("#consultants-heading").innerText()).resolves.toBe("Search Results");
    expect(await page.locator("#consultants article h3").filter({ hasText: name }).count()).toBe(0);
    const visitor = await openPage();
    expect((await visitor.page.goto(`${app.url}/consultant/${pending.id}`))?.status()).toBe(404);
    await expect(visitor.page.locator("h1").innerText()).resolves.toBe("Consultant Not Found");
    // The admin sees it.
    expect((await page.goto(`${app.url}/consultant/${pending.id}`))?.status()).toBe(200);

    await gotoHydrated(page, `${app.url}/admin`);
    await expect(page.locator("h1").innerText()).resolves.toBe("Admin Dashboard");
    await expectNoAxeViolations(page);
    await saveScreenshot(page, "admin-consultants");

    const hold = await holdRequests(page, /\/admin\.data/, "GET");
    await page.getByRole("tab", { name: /Approval queue/ }).click();
    await hold.arrived;
    await page.getByRole("status").filter({ hasText: "Loading approval queue..." }).waitFor();
    hold.release();
    await hold.stop();
    await page
      .getByRole("tabpanel", { name: /Approval queue/ })
      .getByRole("table")
      .waitFor();
    expect(new URL(page.url()).searchParams.get("tab")).toBe("queue");
    // Other tests' profiles wait in the queue too (oldest first): find this one.
    await page.getByRole("searchbox", { name: "Search the approval queue" }).fill(name);
    await page.getByRole("button", { name: "Search" }).click();
    const row = page.getByRole("row", { name: new RegExp(name) });
    await row.waitFor();

    await row.getByRole("button", { name: `Review ${name}` }).click();
    const review = page.getByRole("dialog", { name: `Review ${name}` });
    await review.waitFor();
    // The reviewer sees the photo as submitted.
    const photo = review.getByRole("img", { name });
    await expect(photo.getAttribute("src")).resolves.toBe(photoUrl);
    await expect.poll(() => photo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
    await expectNoAxeViolations(page);
    await review.getByRole("button", { name: "Reject" }).click();
    const reject = page.getByRole("dialog", { name: "Reject profile" });
    await reject.getByRole("button", { name: "Reject profile" }).click();
    await expect(reject.getByText("A reason is required").isVisible()).resolves.toBe(true);
    await expectNoAxeViolations(page);
    await reject.getByRole("button", { name: "Cancel" }).click();
    await reject.waitFor({ state: "detached" });

    await row.getByRole("button", { name: `Approve ${name}` }).click();
    await expectToast(page, "Success", "Profile approved and listed");
    await row.waitFor({ state: "detached" });
    const [stored] = await sql`select status from consultants where id = ${pending.id}`;
    expect(stored?.status).toBe("approved");

    // Approved: the search finds it, for a visitor too.
    await visitor.page.goto(searchUrl);
    await visitor.page.locator("#consultants article h3").filter({ hasText: name }).waitFor();
    expect((await visitor.page.goto(`${app.url}/consultant/${pending.id}`))?.status()).toBe(200);
    await expect(visitor.page.locator("h1").innerText()).resolves.toBe(name);
    expectNoConsoleErrors(visitor.errors, [/status of 404/]);
    await visitor.close();
    expectNoConsoleErrors(errors);
  });

  it("lets an admin approve a pending edit of an approved profile from the diff view", async ({
    app,
    sql,
    openPage,
    signedInPage,
    uploadPhoto,
    ownProfile,
  }) => {
    const { ownerToken, fields: body, profile } = await ownProfile("Diff Owner", "Diff Person", "#264653");
    const { name, profilePhotoUrl: before } = body;
    const id = profile.id;
    const headers = { "content-type": "application/json", authorization: `Bearer ${ownerToken}` };
    await sql`update consultants set status = 'approved' where id = ${id}`;
    const after = await uploadPhoto(ownerToken, "#e76f51");
    const edited = await fetch(`${app.url}/api/consultants/${id}`, {
      method: "PUT",
      headers,
      body: JSON.stringify({ ...body, title: "Senior WASH Adviser", profilePhotoUrl: after }),
    });
    expect(edited.status).toBe(200);

    const { page, errors } = await signedInPage("admin");
    await gotoHydrated(page, `${app.url}/admin?tab=queue&q=${encodeURIComponent(name)}`);
    const row = page.getByRole("row", { name: new RegExp(name) });
    await expect(row.innerText()).resolves.toMatch(/Change[\s\S]*Professional title, Photo/);
    await row.getByRole("button", { name: `Review the change to ${name}` }).click();
    const dialog = page.getByRole("dialog", { name: `Review the change to ${name}` });
    await dialog.waitFor();
    // Before and after, per field; the photos side by side.
    await expect(dialog.innerText()).resolves.toMatch(
      /Professional title\s+Before\s+removed:\s*Water Engineer\s+After\s+added:\s*Senior WASH Adviser/i,
    );
    await expect(dialog.getByRole("img", { name: `${name}, before` }).getAttribute("src")).resolves.toBe(before);
    await expect(dialog.getByRole("img", { name: `${name}, after` }).getAttribute("src")).resolves.toBe(after);
    await expectNoAxeViolations(page);
    await saveScreenshot(page, "admin-change-diff");
    // The owner sees on their profile page that the change waits.
    const ownerPage = await openPage();
    await ownerPage.page.context().addCookies([{ name: "session", value: ownerToken, url: app.url }]);
    await ownerPage.page.goto(`${app.url}/my-consultant-profile`);
    await ownerPage.page.getByText("Changes waiting for review").waitFor();
    await expect(ownerPage.page.getByRole("main").innerText()).resolves.toContain("Your changes to Professional title and Photo");
    await expectNoAxeViolations(ownerPage.page);
    expectNoConsoleErrors(ownerPage.errors);
    await ownerPage.close();
    // The public page still shows the approved title.
    const visitor = await openPage();
    await visitor.page.goto(`${app.url}/consultant/${id}`);
    await expect(visitor.page.getByText("Senior WASH Adviser").count()).resolves.toBe(0);

    await dialog.getByRole("button", { name: "Approve change" }).click();
    await expectToast(page, "Success", "Change approved and published");
    await dialog.waitFor({ state: "detached" });
    await row.waitFor({ state: "detached" });
    await visitor.page.goto(`${app.url}/consultant/${id}`);
    await visitor.page.getByText("Senior WASH Adviser").first().waitFor();
    expectNoConsoleErrors(visitor.errors);
    await visitor.close();
    expectNoConsoleErrors(errors);
  });

  it("edits a consultant through the prefilled dialog, with the spec's messages and 'Updating...'", async ({
    app,
    sql,
    signedInPage,
    insertConsultant,
  }) => {
    const name = `Editable Person ${unique()}`;
    const consultant = await insertConsultant({ name });
    const { page, errors } = await signedInPage("admin");
    await gotoHydrated(page, `${app.url}/admin?q=${encodeURIComponent(name)}`);
    const row = page.getByRole("row", { name: new RegExp(name) });
    await expect(row.innerText()).resolves.toContain("Available");

    await row.getByRole("button", { name: `Edit ${name}` }).click();
    const dialog = page.getByRole("dialog", { name: "Edit Consultant" });
    await dialog.waitFor();
    await expect(dialog.getByLabel("Full name").inputValue()).resolves.toBe(name);
    await expect(dialog.getByRole("textbox", { name: /^Email/ }).inputValue()).resolves.toBe(consultant.email);
    // The exact years, with the spec's bands as quick picks; the band the number is in is pressed.
    const years = dialog.getByRole("spinbutton", { name: "Years of experience" });
    const picks = dialog.getByRole("group", { name: "Quick picks" });
    await expect(years.inputValue()).resolves.toBe("8");
    await expect(picks.getByRole("button").allInnerTexts()).resolves.toEqual([
      "0-2 years",
      "3-5 years",
      "6-10 years",
      "11-15 years",
      "16+ years",
    ]);
    await expect(picks.getByRole("button", { name: "6-10 years", pressed: true }).count()).resolves.toBe(1);
    // Every specialization a profile may have, Project Management and GESI included.
    await expect(dialog.getByLabel("Primary specialization").locator("option").allInnerTexts()).resolves.toEqual([
      ...PROFILE_SPECIALIZATIONS,
    ]);
    // Scrollable within 90% of the viewport height.
    const maxHeight = await dialog.evaluate((element) => getComputedStyle(element).maxHeight);
    expect(Number.parseFloat(maxHeight)).toBeCloseTo(900 * 0.9, 0);
    await expectNoAxeViolations(page);
    await saveScreenshot(page, "admin-edit-dialog");

    // The shared schema's messages, in the browser, before anything is sent.
    await dialog.getByLabel("Full name").fill("");
    await dialog.getByLabel("Professional summary").fill("Too short");
    await dialog.getByRole("button", { name: "Update Consultant" }).click();
    await expect(dialog.getByText("Name is required").isVisible()).resolves.toBe(true);
    await expect(dialog.getByText("Bio must be at least 10 characters").isVisible()).resolves.toBe(true);
    await expect(dialog.getByLabel("Full name").evaluate((element) => element === document.activeElement)).resolves.toBe(true);
    await expectNoAxeViolations(page);

    // Cancel closes and resets.
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "detached" });
    await row.getByRole("button", { name: `Edit ${name}` }).click();
    await expect(dialog.getByLabel("Full name").inputValue()).resolves.toBe(name);
    expect(await dialog.getByText("Name is required").count()).toBe(0);

    await dialog.getByLabel("Professional title").fill("Senior Water Engineer");
    // Picking a band fills in its lowest value; picking the band the number is in keeps the number.
    await picks.getByRole("button", { name: "11-15 years" }).click();
    await expect(years.inputValue()).resolves.toBe("11");
    await years.fill("13");
    await picks.getByRole("button", { name: "11-15 years", pressed: true }).click();
    await expect(years.inputValue()).resolves.toBe("13");
    await dialog.getByLabel("Primary specialization").selectOption("Gender & Social Inclusion");
    await dialog.getByRole("switch", { name: "Available for work" }).click();
    const hold = await holdRequests(page, /\/admin\.data/, "POST");
    await dialog.getByRole("button", { name: "Update Consultant" }).click();
    await hold.arrived;
    await expect(dialog.getByRole("button", { name: "Updating..." }).isDisabled()).resolves.toBe(true);
    hold.release();
    await hold.stop();
    await expectToast(page, "Success", "Consultant updated successfully");
    await dialog.waitFor({ state: "detached" });
    // The toast comes with the answer; the refreshed list follows it.
    await expect.poll(() => row.innerText()).toContain("Senior Water Engineer");
    await expect(row.innerText()).resolves.toContain("Unavailable");
    const [stored] = await sql`
      select title, years_experience, primary_specialization, available_for_work, status from consultants where id = ${consultant.id}`;
    expect(stored).toEqual({
      title: "Senior Water Engineer",
      years_experience: 13,
      primary_specialization: "Gender & Social Inclusion",
      available_for_work: false,
      status: "approved",
    });
    expectNoConsoleErrors(errors);
  });

  it("deletes a consultant only after the confirmation", async ({ app, sql, signedInPage, insertConsultant }) => {
    const name = `Deletable Person ${unique()}`;
    const consultant = await insertConsultant({ name });
    await sql`
      insert into messages (consultant_id, sender_name, sender_email, subject, message)
      values (${consultant.id}, 'Org', 'org@example.org', 'Hello', 'A job offer for you')`;
    const { page, errors } = await signedInPage("admin");
    await gotoHydrated(page, `${app.url}/admin?q=${encodeURIComponent(name)}`);
    const row = page.getByRole("row", { name: new RegExp(name) });
    await row.getByRole("button", { name: `Delete ${name}` }).click();
    const confirm = page.getByRole("alertdialog", { name: "Are you sure?" });
    await confirm.waitFor();
    await expect(confirm.innerText()).resolves.toContain(
      "This action cannot be undone. This will permanently delete the consultant profile and all associated messages.",
    );
    await expectNoAxeViolations(page);
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await confirm.waitFor({ state: "detached" });
    expect(await sql`select id from consultants where id = ${consultant.id}`).toHaveLength(1);

    await row.getByRole("button", { name: `Delete ${name}` }).click();
    await confirm.getByRole("button", { name: `Delete ${name}` }).click();
    await expectToast(page, "Success", "Consultant deleted successfully");
    await row.waitFor({ state: "detached" });
    expect(await sql`select id from consultants where id = ${consultant.id}`).toHaveLength(0);
    expect(await sql`select id from messages where consultant_id = ${consultant.id}`).toHaveLength(0);
    expectNoConsoleErrors(errors);
  });

  it("promotes and demotes a user from the Users tab, showing 'Loading users...' while it loads", async ({
    app,
    sql,
    signedInPage,
    account,
  }) => {
    const target = await account("user", `Promotable Person ${unique()}`);
    const { page, errors } = await signedInPage("admin");
    await gotoHydrated(page, `${app.url}/admin`);
    const hold = await holdRequests(page, /\/admin\.data/, "GET");
    await page.getByRole("tab", { name: "Users" }).click();
    await hold.arrived;
    await page.getByRole("status").filter({ hasText: "Loading users..." }).waitFor();
    hold.release();
    await hold.stop();

    await page.getByRole("searchbox", { name: "Search users" }).fill(target.name);
    await page.getByRole("button", { name: "Search" }).click();
    await page.waitForURL((url) => url.searchParams.get("q") === target.name);
    const row = page.getByRole("row", { name: new RegExp(target.name) });
    await expect(row.innerText()).resolves.toContain("user");
    await expectNoAxeViolations(page);
    await saveScreenshot(page, "admin-users");

    // Promoting asks first; Cancel changes nothing.
    await row.getByRole("button", { name: `Promote ${target.name}` }).click();
    const promote = page.getByRole("alertdialog", { name: `Make ${target.name} an admin?` });
    await promote.waitFor();
    await expectNoAxeViolations(page);
    await promote.getByRole("button", { name: "Cancel" }).click();
    await promote.waitFor({ state: "detached" });
    const [unchanged] = await sql`select role from auth_users where id = ${target.id}`;
    expect(unchanged?.role).toBe("user");
    await row.getByRole("button", { name: `Promote ${target.name}` }).click();
    await promote.getByRole("button", { name: `Promote ${target.name}` }).click();
    await expectToast(page, "Success", "User promoted to admin successfully");
    await promote.waitFor({ state: "detached" });
    await row.getByRole("button", { name: `Demote ${target.name}` }).waitFor();
    const [promoted] = await sql`select role from auth_users where id = ${target.id}`;
    expect(promoted?.role).toBe("admin");

    // Demoting asks too; Escape cancels.
    await row.getByRole("button", { name: `Demote ${target.name}` }).click();
    const demote = page.getByRole("alertdialog", { name: `Remove ${target.name}'s admin access?` });
    await demote.waitFor();
    await pressEscapeIn(page, demote);
    await demote.waitFor({ state: "detached" });
    const [stillAdmin] = await sql`select role from auth_users where id = ${target.id}`;
    expect(stillAdmin?.role).toBe("admin");
    await row.getByRole("button", { name: `Demote ${target.name}` }).click();
    await demote.getByRole("button", { name: `Demote ${target.name}` }).click();
    await expectToast(page, "Success", "User demoted from admin successfully");
    await row.getByRole("button", { name: `Promote ${target.name}` }).waitFor();
    const [demoted] = await sql`select role from auth_users where id = ${target.id}`;
    expect(demoted?.role).toBe("user");

    // Both actions are in the audit log.
    await page.getByRole("tab", { name: "Audit log" }).click();
    await page.getByRole("searchbox", { name: "Search the audit log" }).fill(target.name);
    await page.getByRole("button", { name: "Search" }).click();
    await page.waitForURL((url) => url.searchParams.get("tab") === "audit" && url.searchParams.get("q") === target.name);
    const entries = page.getByRole("tabpanel", { name: "Audit log" }).getByRole("row", { name: new RegExp(target.name) });
    await expect.poll(() => entries.count()).toBe(2);
    await expect(entries.allInnerTexts()).resolves.toEqual([
      expect.stringMatching(/Demoted[\s\S]*role: admin → user/),
      expect.stringMatching(/Promoted[\s\S]*role: user → admin/),
    ]);
    await expectNoAxeViolations(page);
    expectNoConsoleErrors(errors);
  });

  it("blocks and unblocks an account after a confirmation, and the person's session ends", async ({
    app,
    sql,
    signedInPage,
    account,
  }) => {
    const target = await account("user", `Blockable Person ${unique()}`);
    const targetToken = target.token;
    const { page, errors } = await signedInPage("admin");
    await gotoHydrated(page, `${app.url}/admin?tab=users&q=${encodeURIComponent(target.name)}`);
    const row = page.getByRole("row", { name: new RegExp(target.name) });
    await row.getByRole("button", { name: `Block ${target.name}` }).click();
    const confirm = page.getByRole("alertdialog", { name: `Block ${target.name}?` });
    await confirm.waitFor();
    await expectNoAxeViolations(page);
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await confirm.waitFor({ state: "detached" });
    const [stillOpen] = await sql`select blocked_at from auth_users where id = ${target.id}`;
    expect(stillOpen?.blocked_at).toBeNull();

    await row.getByRole("button", { name: `Block ${target.name}` }).click();
    await confirm.getByRole("button", { name: `Block ${target.name}` }).click();
    await expectToast(page, "Success", "User blocked");
    await expect.poll(() => row.innerText()).toContain("Blocked");
    const me = await fetch(`${app.url}/api/auth/me`, { headers: { authorization: `Bearer ${targetToken}` } });
    expect(me.status).toBe(401);

    await row.getByRole("button", { name: `Unblock ${target.name}` }).click();
    const unblock = page.getByRole("alertdialog", { name: `Unblock ${target.name}?` });
    await unblock.getByRole("button", { name: `Unblock ${target.name}` }).click();
    await expectToast(page, "Success", "User unblocked");
    await row.getByRole("button", { name: `Block ${target.name}` }).waitFor();
    const [reopened] = await sql`select blocked_at from auth_users where id = ${target.id}`;
    expect(reopened?.blocked_at).toBeNull();
    expectNoConsoleErrors(errors);
  });

  it("pages through a long table on the server", async ({ app, signedInPage, insertConsultant }) => {
    const tag = `Paged${unique()}`;
    for (let n = 1; n <= 23; n++) await insertConsultant({ name: `${tag} Person ${String(n).padStart(2, "0")}` });
    const { page, errors } = await signedInPage("admin");
    await gotoHydrated(page, `${app.url}/admin?q=${tag}`);
    await expect(page.getByText("Showing 1–20 of 23").isVisible()).resolves.toBe(true);
    expect(await page.getByRole("row", { name: new RegExp(tag) }).count()).toBe(20);
    await page.getByRole("navigation", { name: "Consultants pages" }).getByRole("link", { name: "Next" }).click();
    await page.getByText("Showing 21–23 of 23").waitFor();
    expect(await page.getByRole("row", { name: new RegExp(tag) }).count()).toBe(3);
    expect(new URL(page.url()).searchParams.get("page")).toBe("2");
    expectNoConsoleErrors(errors);
  });

  it("filters consultants by approval status, and re-approves a hidden one", async ({
    app,
    sql,
    signedInPage,
    insertConsultant,
  }) => {
    const tag = `Status${unique()}`;
    await insertConsultant({ name: `${tag} Listed` });
    const hidden = await insertConsultant({ name: `${tag} Hidden`, status: "hidden" });
    const { page, errors } = await signedInPage("admin");
    await gotoHydrated(page, `${app.url}/admin?q=${tag}`);
    expect(await page.getByRole("row", { name: new RegExp(tag) }).count()).toBe(2);
    await page.getByLabel("Approval status").selectOption({ label: "Hidden" });
    await page.getByRole("button", { name: "Search" }).click();
    await page.waitForURL((url) => url.searchParams.get("status") === "hidden");
    await expect.poll(() => page.getByRole("row", { name: new RegExp(tag) }).count()).toBe(1);
    const row = page.getByRole("row", { name: new RegExp(`${tag} Hidden`) });
    await expect(row.innerText()).resolves.toContain("Hidden");
    await row.getByRole("button", { name: `Approve ${tag} Hidden` }).click();
    await expectToast(page, "Success", "Profile approved and listed");
    await row.waitFor({ state: "detached" });
    const [stored] = await sql`select status from consultants where id = ${hidden.id}`;
    expect(stored?.status).toBe("approved");
    expectNoConsoleErrors(errors);
  });

  it("searches and pages without JavaScript, and fits a phone", async ({ app, openPage, insertConsultant, account }) => {
    const tag = `Nojs${unique()}`;
    for (let n = 1; n <= 21; n++) await insertConsultant({ name: `${tag} Person ${String(n).padStart(2, "0")}` });
    const admin = await account("admin", `Phone Admin ${unique()}`);
    const token = admin.token;
    const { page, close } = await openPage({ javaScriptEnabled: false, viewport: "phone" });
    await page.context().addCookies([{ name: "session", value: token, url: app.url }]);
    await page.goto(`${app.url}/admin`);
    await page.getByRole("searchbox", { name: "Search consultants" }).fill(tag);
    await page.getByRole("button", { name: "Search" }).click();
    await page.waitForURL((url) => url.searchParams.get("q") === tag);
    expect(await page.getByRole("row", { name: new RegExp(tag) }).count()).toBe(20);
    await page.getByRole("link", { name: "Page 2" }).click();
    await page.getByText("Showing 21–21 of 21").waitFor();
    await saveScreenshot(page, "admin-phone-nojs");
    await close();

    const withScript = await openPage({ viewport: "phone" });
    await withScript.page.context().addCookies([{ name: "session", value: token, url: app.url }]);
    await withScript.page.goto(`${app.url}/admin?q=${tag}`);
    await expectNoAxeViolations(withScript.page);
    // The tables stack their rows on a phone; nothing of the dashboard sticks out of the screen.
    const overflow = await withScript.page.evaluate(() => (document.querySelector("main")?.scrollWidth ?? 0) - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const tabs = await withScript.page
      .getByRole("tab")
      .evaluateAll((elements) => elements.map((element) => ({ fits: element.scrollWidth <= element.clientWidth })));
    expect(tabs).toEqual([{ fits: true }, { fits: true }, { fits: true }, { fits: true }]);
    expectNoConsoleErrors(withScript.errors);
    await withScript.close();
  });

  it("stacks every table's rows on a 390 px phone: no sideways scrolling, every action in reach", async ({
    app,
    sql,
    openPage,
    insertConsultant,
    account,
  }) => {
    const tag = `Narrow${unique()}`;
    const longUrl = `https://example.org/${"a".repeat(180)}`;
    const listed = await insertConsultant({ name: `${tag} Listed` });
    await sql`update consultants set title = ${longUrl} where id = ${listed.id}`;
    await insertConsultant({ name: `${tag} Waiting`, status: "pending" });
    await account("user", `${tag} Member`);
    const admin = await account("admin", `${tag} Admin`);
    const changes = JSON.stringify({ title: { from: "Water Engineer", to: longUrl } });
    await sql`
      insert into audit_log (actor_id, actor_name, actor_email, action, target_type, target_id, target_label, changes)
      values (${admin.id}, ${admin.name}, ${admin.email}, 'edit', 'consultant', ${listed.id}, ${`${tag} Listed`}, ${changes}::jsonb)`;
    const { page, errors } = await openPage({ viewport: "phone" });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.context().addCookies([{ name: "session", value: admin.token, url: app.url }]);

    const expected = { consultants: 2, queue: 1, users: 2, audit: 1 } as const;
    for (const [tab, count] of Object.entries(expected)) {
      await gotoHydrated(page, `${app.url}/admin?tab=${tab}&q=${tag}`);
      const panel = page.getByRole("tabpanel");
      const rows = panel.getByRole("row", { name: new RegExp(tag) });
      await expect(rows.count(), tab).resolves.toBe(count);
      const layout = await page.evaluate(() => {
        const region = document.querySelector("[role=tabpanel] section[tabindex='0']");
        const bodyRows = [...document.querySelectorAll("[role=tabpanel] tbody tr")];
        const buttons = [...document.querySelectorAll("[role=tabpanel] tbody button")].map((button) =>
          button.getBoundingClientRect(),
        );
        return {
          pageOverflow: document.documentElement.scrollWidth - window.innerWidth,
          regionOverflow: region ? region.scrollWidth - region.clientWidth : null,
          rowDisplays: [...new Set(bodyRows.map((row) => getComputedStyle(row).display))],
          headerVisible: (document.querySelector("[role=tabpanel] thead")?.getBoundingClientRect().height ?? 0) > 1,
          buttonsInView: buttons.every((box) => box.left >= 0 && box.right <= window.innerWidth && box.width > 0),
          buttonCount: buttons.length,
        };
      });
      expect(layout, tab).toEqual({
        pageOverflow: 0,
        regionOverflow: 0,
        rowDisplays: ["block"],
        headerVisible: false,
        buttonsInView: true,
        buttonCount: { consultants: 6, queue: 3, users: 5, audit: 0 }[tab],
      });
      await expectNoAxeViolations(page);
      await saveScreenshot(page, `admin-phone-${tab}`);
    }

    // The actions work from the stacked row: Promote asks first.
    await gotoHydrated(page, `${app.url}/admin?tab=users&q=${tag}`);
    await page.getByRole("button", { name: `Promote ${tag} Member` }).click();
    const confirm = page.getByRole("alertdialog", { name: `Make ${tag} Member an admin?` });
    await confirm.waitFor();
    await expectNoAxeViolations(page);
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await confirm.waitFor({ state: "detached" });
    expectNoConsoleErrors(errors);
  });

  it("closes the dashboard for an admin who demotes themselves", async ({ app, signedInPage, account }) => {
    await account("admin", `Other Admin ${unique()}`);
    const { page, errors, user } = await signedInPage("admin", { name: `Leaving Admin ${unique()}` });
    await gotoHydrated(page, `${app.url}/admin?tab=users&q=${encodeURIComponent(user.name)}`);
    await page.getByRole("button", { name: `Demote ${user.name}` }).click();
    const confirm = page.getByRole("alertdialog", { name: "Remove your own admin access?" });
    await confirm.getByRole("button", { name: "Demote myself" }).click();
    await page.waitForURL(`${app.url}/`);
    await expectToast(page, "Success", "User demoted from admin successfully");
    await gotoHydrated(page, `${app.url}/admin`);
    expect(new URL(page.url()).pathname).toBe("/");
    expectNoConsoleErrors(errors);
  });
});
