import type { Page } from "playwright-core";
import { describe, expect } from "vitest";
import { expectNoAxeViolations, expectNoConsoleErrors, saveScreenshot, toastText, waitForHydration } from "../setup/browser.ts";
import { insertConsultant } from "../setup/consultants.ts";
import { e2e, signInPage } from "../setup/e2e.ts";

// A team's hiring pipeline in the browser (issue 31): two members of a verified NGO work one team
// shortlist (one on a desktop, one on a phone), a message from the team moves the candidate to
// "contacted", a member moves it on with the keyboard and leaves a team note; the consultant sees
// the organization's verified badge on the message and reports the sender (through the API); the consultant hides
// the profile from the NGO, and its members lose it; an admin sees the report and unverifies.

const it = e2e();

describe("a team's hiring pipeline", () => {
  it("two members, one team shortlist, stages by keyboard, the badge on the message, hiding, reporting", async ({
    app,
    openPage,
    sql,
    register,
  }) => {
    /** An established account (the fixture's register: confirmed address, older than a day), an admin when asked. */
    const account = async (name: string, email: string, role: "user" | "admin" = "user") => {
      const { id, sessionToken } = await register(name, { email });
      if (role === "admin") await sql`update auth_users set role = 'admin' where id = ${id}`;
      return { id, token: sessionToken };
    };
    const signIn = (page: Page, token: string) => signInPage(page, app.url, token);
    const ploy = await account("Ploy Srisuk", "ploy@mekong-ngo.org");
    const ann = await account("Ann Lertpanya", "ann@mekong-ngo.org");
    const khamla = await account("Khamla Vongsa", "khamla@example.org");
    const admin = await account("Ada Admin", "ada@example.org", "admin");
    const [organization] = await sql<{ id: number }[]>`
      insert into organizations (slug, name, kind, country, website, domain, verified_at, verification_method)
      values ('mekong-ngo', 'Mekong NGO', 'ngo', 'TH', 'https://mekong-ngo.org', 'mekong-ngo.org', now(), 'domain') returning id`;
    const organizationId = organization!.id;
    await sql`insert into organization_members (organization_id, user_id, role, is_acting)
      values (${organizationId}, ${ploy.id}, 'owner', true), (${organizationId}, ${ann.id}, 'member', true)`;
    const { id: consultantId } = await insertConsultant(sql, { name: "Khamla Vongsa", user_id: khamla.id });

    // Ploy (desktop) starts a team list for the NGO she acts for, with the consultant on it.
    const desktop = await openPage({ viewport: "desktop" });
    await signIn(desktop.page, ploy.token);
    await desktop.page.goto(`${app.url}/shortlists?consultant=${consultantId}`);
    await waitForHydration(desktop.page);
    await desktop.page.getByLabel("Name of the new list").fill("Mekong evaluation");
    await expect(desktop.page.getByLabel("For").inputValue()).resolves.toBe(String(organizationId));
    await desktop.page.getByRole("button", { name: "Save to shortlist" }).click();
    await toastText(desktop.page, "Saved to shortlist");
    const [list] = await sql<{ id: number; organization_id: number | null }[]>`
      select id, organization_id from shortlists where name = 'Mekong evaluation'`;
    expect(list?.organization_id).toBe(organizationId);

    // A message from the team moves the candidate from "considering" to "contacted".
    const sent = await fetch(`${app.url}/api/consultants/${consultantId}/messages`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${ploy.token}` },
      body: JSON.stringify({
        senderName: "Ploy Srisuk",
        senderEmail: "ploy@mekong-ngo.org",
        subject: "Mekong evaluation",
        message: "Would you be available for a mid-term evaluation in March?",
      }),
    });
    expect(sent.status).toBe(201);
    await desktop.page.goto(`${app.url}/shortlists/${list!.id}`);
    await desktop.page.getByText("team list of").waitFor();
    await desktop.page.getByTestId("stage-contacted").getByText("Khamla Vongsa").first().waitFor();
    await expectNoAxeViolations(desktop.page);
    await saveScreenshot(desktop.page, "team-shortlist-board-desktop");

    // Ann (phone) sees the same list, leaves a team note and moves the candidate on by keyboard.
    const phone = await openPage({ viewport: "phone" });
    await signIn(phone.page, ann.token);
    await phone.page.goto(`${app.url}/shortlists`);
    await phone.page.getByRole("link", { name: /Mekong evaluation/ }).click();
    await waitForHydration(phone.page);
    const entry = phone.page.getByTestId("shortlist-entry");
    await entry.getByText("Team notes (0)").click();
    await entry.getByLabel("Add a team note on Khamla Vongsa").fill("Strong on WASH; ask about availability in April.");
    await entry.getByRole("button", { name: "Add note" }).click();
    await toastText(phone.page, "Note added");
    await phone.page.getByText("Strong on WASH; ask about availability in April.").waitFor();
    const stage = phone.page.getByLabel("Stage of Khamla Vongsa");
    await stage.focus();
    // contacted → replied → interview
    await phone.page.keyboard.press("ArrowDown");
    await phone.page.keyboard.press("ArrowDown");
    await expect(stage.inputValue()).resolves.toBe("interview");
    await phone.page.keyboard.press("Tab");
    await phone.page.keyboard.press("Enter");
    await toastText(phone.page, "Stage changed");
    await phone.page.getByTestId("stage-interview").getByText("Khamla Vongsa").first().waitFor();
    await expectNoAxeViolations(phone.page);
    await saveScreenshot(phone.page, "team-shortlist-board-phone");
    // Ploy sees Ann's move and note at once.
    await desktop.page.reload();
    await desktop.page.getByTestId("stage-interview").getByText("Strong on WASH").waitFor();

    // The consultant sees the organization and its verified badge on the message, and reports it.
    const consultant = await openPage({ viewport: "phone" });
    await signIn(consultant.page, khamla.token);
    await consultant.page.goto(`${app.url}/messages?box=received`);
    await consultant.page
      .getByRole("link", { name: /Mekong evaluation/ })
      .first()
      .click();
    const header = consultant.page.locator("header").filter({ hasText: "Mekong evaluation" });
    await header.getByText("Mekong NGO").first().waitFor();
    await expect(header.getByText("Verified organization").count()).resolves.toBe(1);
    await expectNoAxeViolations(consultant.page);
    const conversationId = Number(new URL(consultant.page.url()).pathname.split("/").pop());
    const reported = await fetch(`${app.url}/api/conversations/${conversationId}/report`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${khamla.token}` },
      body: JSON.stringify({ reason: "This is not an assignment I applied for; it looks like a scam." }),
    });
    expect(reported.status).toBe(201);

    // The consultant hides the profile from the NGO: its members lose it, the list included.
    await consultant.page.goto(`${app.url}/my-consultant-profile`);
    await consultant.page.getByLabel("Find an organization by name").fill("Mekong");
    await consultant.page.getByRole("button", { name: "Find" }).click();
    await consultant.page.getByRole("button", { name: "Hide from Mekong NGO" }).click();
    await toastText(consultant.page, "Hidden from Mekong NGO");
    await consultant.page
      .getByRole("list", { name: "Organizations your profile is hidden from" })
      .getByText("Mekong NGO")
      .first()
      .waitFor();
    await expectNoAxeViolations(consultant.page);
    const hiddenPage = await phone.page.goto(`${app.url}/consultant/${consultantId}`);
    expect(hiddenPage?.status()).toBe(404);
    await desktop.page.reload();
    await expect(desktop.page.getByTestId("shortlist-entry").count()).resolves.toBe(0);

    // The admin finds the report and the organization, and takes the verification back.
    const adminPage = await openPage({ viewport: "desktop" });
    await signIn(adminPage.page, admin.token);
    await adminPage.page.goto(`${app.url}/admin/organizations?filter=reported`);
    await adminPage.page.getByTestId("report").getByText("it looks like a scam").waitFor();
    await expect(adminPage.page.getByTestId("organization-row").count()).resolves.toBe(1);
    await expectNoAxeViolations(adminPage.page);
    await waitForHydration(adminPage.page);
    await adminPage.page.getByRole("button", { name: "Unverify Mekong NGO" }).click();
    await toastText(adminPage.page, "Verification taken back");
    const [after] = await sql<{ verified_at: Date | null }[]>`select verified_at from organizations where id = ${organizationId}`;
    expect(after?.verified_at).toBeNull();
    const [audited] = await sql<{ n: number }[]>`
      select count(*)::int as n from audit_log where target_type = 'organization' and target_id = ${organizationId} and action = 'unverify'`;
    expect(audited?.n).toBe(1);

    expectNoConsoleErrors(desktop.errors);
    expectNoConsoleErrors(phone.errors, [/404/]);
    expectNoConsoleErrors(consultant.errors);
    expectNoConsoleErrors(adminPage.errors);
  }, 120_000);
});
