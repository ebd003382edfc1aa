import type { Page } from "playwright-core";
import { describe, expect } from "vitest";
import { expectNoAxeViolations, expectNoConsoleErrors, saveScreenshot, toastText, waitForHydration } from "../setup/browser.ts";
import { e2e, signInPage } from "../setup/e2e.ts";

// Organizations as teams in the browser (issue 31): a programme officer creates her NGO on a
// phone, verifies it with her address at its domain, invites a colleague (the e-mailed link), the
// colleague accepts on a desktop, switches who she acts for in the header menu, and lists herself
// on the public page, which shows the verified badge.

const it = e2e();

describe("organizations", () => {
  it("create, verify by domain, invite by e-mail, accept, act for it, and a public page with the badge", async ({
    app,
    openPage,
    smtp,
    register,
  }) => {
    /** An account made through the API (its address confirmed), the page signed in as it. */
    const signedInAs = async (page: Page, person: { name: string; email: string }) => {
      const { id, sessionToken } = await register(person.name, { email: person.email });
      await signInPage(page, app.url, sessionToken);
      return id;
    };
    const phone = await openPage({ viewport: "phone" });
    const ploy = phone.page;
    await signedInAs(ploy, { name: "Ploy Srisuk", email: "ploy@mekong-water.org" });

    // Creating: the form says what is wrong, then creates it; the creator is its owner.
    await ploy.goto(`${app.url}/my-organizations`);
    await waitForHydration(ploy);
    await expect(ploy.getByText("You do not belong to an organization yet.").count()).resolves.toBe(1);
    await expectNoAxeViolations(ploy);
    const create = ploy.locator("section", { has: ploy.getByRole("heading", { name: "Create an organization" }) });
    await create.getByLabel("Name").fill("M");
    await create.getByLabel("Kind").selectOption("ngo");
    await create.getByLabel("Country").selectOption("TH");
    await create.getByRole("button", { name: "Create organization" }).click();
    await create.getByText("Name must be at least 2 characters long").first().waitFor();
    await create.getByLabel("Name").fill("Mekong Water Alliance");
    await create.getByLabel("Website").fill("mekong-water.org");
    await create.getByLabel("Short description").fill("River basin governance and water supply across the lower Mekong.");
    await create.getByRole("button", { name: "Create organization" }).click();
    await toastText(ploy, "Organization created");
    await ploy.getByRole("heading", { level: 1, name: "Mekong Water Alliance" }).waitFor();
    await expect(ploy.getByText("your role: Owner").count()).resolves.toBe(1);

    // Verifying with her confirmed address at the domain. On the phone the button's text is one
    // text that wraps, her address whole on a line (it was cut into flex columns: "ploy@mekon / gwater.org").
    const verify = ploy.getByRole("button", { name: /Verify with my e-mail address/ });
    const lines = await verify.evaluate((button) => {
      const address = button.querySelector("bdi")?.getBoundingClientRect();
      const line = Number.parseFloat(getComputedStyle(button).lineHeight);
      return { address: Math.round((address?.height ?? 0) / line), overflows: button.scrollHeight > button.clientHeight };
    });
    expect(lines).toEqual({ address: 1, overflows: false });
    await verify.click();
    await toastText(ploy, "Organization verified");
    await ploy.getByRole("heading", { level: 1 }).getByText("Verified organization").waitFor();

    // Inviting a colleague: the e-mail's link.
    await ploy.getByLabel("E-mail address").fill("ann@mekong-water.org");
    await ploy.getByRole("button", { name: "Send invitation" }).click();
    await toastText(ploy, "Invitation sent");
    await ploy.getByText(/ann@mekong-water\.org · Member/).waitFor();
    await expectNoAxeViolations(ploy);
    await saveScreenshot(ploy, "organization-manage-phone");
    const mail = await smtp.waitForMail("ann@mekong-water.org");
    expect(mail.subject).toBe("Ploy Srisuk invited you to join Mekong Water Alliance on DevConsult SEA");
    const link = new URL(mail.text.match(/https?:\/\/\S+\/invitations\/[A-Za-z0-9_-]+/)?.[0] ?? "");

    // The colleague accepts on a desktop.
    const desktop = await openPage({ viewport: "desktop" });
    const ann = desktop.page;
    await signedInAs(ann, { name: "Ann Lertpanya", email: "ann@mekong-water.org" });
    await ann.goto(`${app.url}${link.pathname}`);
    await ann.getByRole("heading", { name: "Join Mekong Water Alliance" }).waitFor();
    await expectNoAxeViolations(ann);
    await waitForHydration(ann);
    await ann.getByRole("button", { name: "Accept and join" }).click();
    await toastText(ann, "Welcome to Mekong Water Alliance");
    await expect(ann.getByTestId("member").count()).resolves.toBe(2);
    // The link worked once.
    const again = await fetch(`${app.url}${link.pathname}`);
    expect(again.status).toBe(404);

    // She acts for it (accepting made it hers); the header menu switches to herself and back.
    await ann.getByRole("button", { name: /Account menu for/ }).click();
    const menu = ann.getByRole("menu");
    await expect(menu.getByRole("menuitemradio", { name: /Mekong Water Alliance/ }).getAttribute("aria-checked")).resolves.toBe(
      "true",
    );
    await menu.getByRole("menuitemradio", { name: "Myself" }).click();
    await toastText(ann, "You now act for yourself");
    await expect
      .poll(
        async () =>
          (
            await app.database!.sql`
      select count(*)::int as n from organization_members m join auth_users u on u.id = m.user_id
      where u.email = 'ann@mekong-water.org' and m.is_acting`
          )[0]?.n,
      )
      .toBe(0);
    await ann.getByRole("button", { name: /Account menu for/ }).click();
    await ann
      .getByRole("menu")
      .getByRole("menuitemradio", { name: /Mekong Water Alliance/ })
      .click();
    await toastText(ann, "You now act for Mekong Water Alliance");

    // She lists herself on the public page; the page shows the badge and her name, not Ploy's.
    await ann.goto(`${app.url}/my-organizations`);
    await ann.getByRole("link", { name: "Open Mekong Water Alliance" }).click();
    await ann.getByRole("button", { name: "Show my name on the public page" }).click();
    await toastText(ann, "You are listed on the public page");
    await ann.goto(`${app.url}/organizations/mekong-water-alliance`);
    const heading = ann.getByRole("heading", { level: 1 });
    await expect(heading.innerText()).resolves.toContain("Mekong Water Alliance");
    await expect(heading.getByText("Verified organization").count()).resolves.toBe(1);
    const listed = ann.locator("section", { has: ann.getByRole("heading", { name: "Members" }) });
    await listed.getByText("Ann Lertpanya").waitFor();
    await expect(listed.getByText("Ploy Srisuk").count()).resolves.toBe(0);
    await expectNoAxeViolations(ann);
    await saveScreenshot(ann, "organization-public-desktop");

    // A member is not an owner: no invitation form; the owner removes her, and her open page is gone.
    await ann.goto(`${app.url}/my-organizations`);
    await ann.getByRole("link", { name: "Open Mekong Water Alliance" }).click();
    await expect(ann.getByRole("button", { name: "Send invitation" }).count()).resolves.toBe(0);
    await ploy.reload();
    await ploy.getByRole("button", { name: "Remove Ann Lertpanya" }).click();
    await toastText(ploy, "Member removed");
    const gone = await ann.reload();
    expect(gone?.status()).toBe(404);

    // The refused name is a 400 answer, which the browser logs.
    expectNoConsoleErrors(phone.errors, [/status of 400/]);
    expectNoConsoleErrors(desktop.errors, [/404/]);
  });

  it("gives an unverified organization no public page", async ({ app }) => {
    await app.database!
      .sql`insert into organizations (slug, name, kind, country) values ('unverified-ngo', 'Unverified NGO', 'ngo', 'LA')`;
    expect((await fetch(`${app.url}/organizations/unverified-ngo`)).status).toBe(404);
    expect((await fetch(`${app.url}/organizations/no-such-organization`)).status).toBe(404);
  });
});
