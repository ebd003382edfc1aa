import type { Page } from "playwright-core";
import { describe, expect } from "vitest";
import type { Sql } from "#server/db/client.ts";
import { expectNoAxeViolations, expectNoConsoleErrors, toastText, waitForHydration } from "../setup/browser.ts";
import { e2e, type PageOptions, signInPage, unique } from "../setup/e2e.ts";

// Issue 38 on the account page, after a change to how one signs in: the offer to sign out every
// other session (a passkey removed: the session on the other device ends, its next request is
// 401), and renaming a passkey in its row; with JavaScript on a phone and a desktop (axe-core
// clean), and without JavaScript as plain forms.

const FIREFOX_LINUX = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";

async function addPasskeyRow(sql: Sql, userId: number, name: string) {
  const [row] = await sql<{ id: number }[]>`
    insert into passkeys (user_id, credential_id, public_key, name)
    values (${userId}, ${`credential-${userId}-${unique()}`}, 'cHVibGljLWtleQ', ${name})
    returning id`;
  return row?.id ?? 0;
}

/** Another session of the person, signed in from another device through the API. */
async function signInElsewhere(appUrl: string, person: { email: string; password: string }) {
  const response = await fetch(`${appUrl}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", "user-agent": FIREFOX_LINUX },
    body: JSON.stringify({ email: person.email, password: person.password }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { sessionToken: string }).sessionToken;
}

/** What the other device's next request is answered with. */
async function statusOf(appUrl: string, token: string) {
  return (await fetch(`${appUrl}/api/account/sessions`, { headers: { authorization: `Bearer ${token}` } })).status;
}

function passkeysOf(page: Page) {
  return page.getByRole("region", { name: "Passkeys" });
}

// `passkeyOwner`: a new account (`name` and a made-up suffix) with one passkey, and with
// `elsewhere` also signed in on another device first (its session's token; once the passkey is
// there, a password alone no longer signs in); `accountPage`: a page opened with `options`, signed
// in as that account, at the account page (/profile/manage).
const test = e2e()
  .extend("passkeyOwner", async ({ app, sql, register }) => {
    return async (name: string, passkey: string, { elsewhere = false } = {}) => {
      const person = await register(`${name} ${unique()}`);
      const otherDevice = elsewhere ? await signInElsewhere(app.url, person) : "";
      return { person, otherDevice, passkeyId: await addPasskeyRow(sql, person.id, passkey) };
    };
  })
  .extend("accountPage", async ({ app, openPage }) => {
    return async (person: { sessionToken: string }, options: PageOptions) => {
      const opened = await openPage(options);
      await signInPage(opened.page, app.url, person.sessionToken);
      await opened.page.goto(`${app.url}/profile/manage`);
      return opened;
    };
  });

describe("after a factor changed: sign out the other sessions", () => {
  for (const viewport of ["desktop", "phone"] as const) {
    test(`offers it beside the removed passkey and ends the other device's session (${viewport})`, async ({
      app,
      passkeyOwner,
      accountPage,
    }) => {
      const { person, otherDevice: elsewhere } = await passkeyOwner("Anan Factor", "Old phone", { elsewhere: true });
      const { page, errors } = await accountPage(person, { viewport });
      await waitForHydration(page);
      const passkeys = passkeysOf(page);
      await passkeys.getByText("Old phone", { exact: true }).waitFor();
      expect(await passkeys.getByRole("button", { name: "Sign out other sessions" }).count()).toBe(0);

      await passkeys.getByRole("button", { name: "Remove passkey Old phone" }).click();
      const offer = passkeys.getByRole("button", { name: "Sign out other sessions" });
      await offer.waitFor();
      await passkeys.getByText("You have no passkeys yet.").waitFor();
      await expectNoAxeViolations(page);
      expect(await statusOf(app.url, elsewhere)).toBe(200);

      await offer.click();
      expect(await toastText(page, "Signed out everywhere else")).toContain("1 other session has been signed out.");
      await expect.poll(() => statusOf(app.url, elsewhere)).toBe(401);
      await offer.waitFor({ state: "detached" });
      // This device stays signed in, and the list says so.
      await page.getByRole("list", { name: "Your sessions" }).getByText("This device").waitFor();
      await expect.poll(() => page.getByRole("list", { name: "Your sessions" }).getByRole("listitem").count()).toBe(1);
      expectNoConsoleErrors(errors);
    });
  }

  test("without JavaScript: the answered page has the offer as a plain form that works", async ({
    app,
    sql,
    passkeyOwner,
    accountPage,
  }) => {
    const { person, otherDevice: elsewhere } = await passkeyOwner("Niran NoScript", "Lost key", { elsewhere: true });
    const { page, errors } = await accountPage(person, { javaScriptEnabled: false });
    await passkeysOf(page).getByRole("button", { name: "Remove passkey Lost key" }).click();
    const offer = passkeysOf(page).getByRole("button", { name: "Sign out other sessions" });
    await offer.waitFor();
    expect(await sql`select 1 from passkeys where user_id = ${person.id}`).toHaveLength(0);
    await offer.click();
    // The answered page: this device alone in the list, nothing more to offer.
    await expect.poll(() => page.getByRole("list", { name: "Your sessions" }).getByRole("listitem").count()).toBe(1);
    expect(await statusOf(app.url, elsewhere)).toBe(401);
    expect(await passkeysOf(page).getByRole("button", { name: "Sign out other sessions" }).count()).toBe(0);
    expectNoConsoleErrors(errors);
  });
});

describe("renaming a passkey", () => {
  for (const viewport of ["desktop", "phone"] as const) {
    test(`renames it in its row (${viewport})`, async ({ sql, passkeyOwner, accountPage }) => {
      const { person, passkeyId: id } = await passkeyOwner("Dao Rename", "Phone");
      const { page, errors } = await accountPage(person, { viewport });
      await waitForHydration(page);
      const passkeys = passkeysOf(page);
      await passkeys.getByLabel("Rename passkey Phone").click();
      const field = passkeys.getByLabel("New name for Phone");
      await expect.poll(() => field.inputValue()).toBe("Phone");
      await expectNoAxeViolations(page);

      await field.fill("");
      await passkeys.getByRole("button", { name: "Save name" }).click();
      await passkeys.getByText("Give the passkey a name (1 to 60 characters), such as the device it is on").waitFor();
      await expect.poll(() => field.getAttribute("aria-invalid")).toBe("true");
      expect((await sql`select name from passkeys where id = ${id}`)[0]?.name).toBe("Phone");

      await field.fill("Work phone");
      await passkeys.getByRole("button", { name: "Save name" }).click();
      expect(await toastText(page, "Passkey renamed")).toContain('This passkey is now called "Work phone".');
      await passkeys.getByRole("list", { name: "Your passkeys" }).getByText("Work phone", { exact: true }).waitFor();
      await expect.poll(async () => (await sql`select name from passkeys where id = ${id}`)[0]?.name).toBe("Work phone");
      expectNoConsoleErrors(errors, [/status of 400/]);
    });
  }

  test("without JavaScript: Rename opens, the form posts, the page shows the new name", async ({
    sql,
    passkeyOwner,
    accountPage,
  }) => {
    const { person, passkeyId: id } = await passkeyOwner("Kiet NoScript", "Desk key");
    const { page, errors } = await accountPage(person, { javaScriptEnabled: false });
    const passkeys = passkeysOf(page);
    await passkeys.getByLabel("Rename passkey Desk key").click();
    await passkeys.getByLabel("New name for Desk key").fill("YubiKey 5");
    await passkeys.getByRole("button", { name: "Save name" }).click();
    await passkeys.getByRole("list", { name: "Your passkeys" }).getByText("YubiKey 5", { exact: true }).waitFor();
    expect((await sql`select name from passkeys where id = ${id}`)[0]?.name).toBe("YubiKey 5");
    expectNoConsoleErrors(errors);
  });
});
