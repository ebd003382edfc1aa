import { describe, expect } from "vitest";
import { expectNoAxeViolations, expectNoConsoleErrors, toastText, waitForHydration } from "../setup/browser.ts";
import { e2e, unique } from "../setup/e2e.ts";

// The admins' Opportunities page and "Report this opportunity" in the browser (issue 32), on a
// phone and a desktop: an unverified organization's opportunity waits for approval, the admin
// approves it, a signed-in person reports it, the admin finds it under Reported and unpublishes it
// with a reason; axe-core clean.

const it = e2e();

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe.each(["phone", "desktop"] as const)("moderation on a %s", (viewport) => {
  it("an admin approves a pending opportunity, a reader reports it, the admin unpublishes it", async ({
    app,
    sql,
    account,
    signedInPage,
  }) => {
    const owner = await account("user", `Owner ${unique()}`);
    const [organization] = await sql<{ id: number }[]>`
      insert into organizations (slug, name, kind, country) values (${`new-${unique()}`}, ${`New Aid ${unique()}`}, 'ngo', 'PH') returning id`;
    await sql`insert into organization_members (organization_id, user_id, role) values (${organization!.id}, ${owner.id}, 'owner')`;
    const title = `Flood shelter survey ${unique()}`;
    const headers = { "content-type": "application/json", authorization: `Bearer ${owner.token}` };
    const created = await fetch(`${app.url}/api/opportunities`, {
      method: "POST",
      headers,
      body: JSON.stringify({
        organizationId: organization!.id,
        title,
        description: "Survey the evacuation shelters of three provinces before the typhoon season starts.",
        specializations: ["Infrastructure"],
        countries: ["Philippines"],
        duration: { value: 1, unit: "months" },
        deadline: inDays(20),
      }),
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const { id, path } = (await created.json()) as { id: number; path: string };
    const published = await fetch(`${app.url}/api/opportunities/${id}/publish`, { method: "POST", headers });
    expect(((await published.json()) as { status: string }).status).toBe("pending");

    const admin = await signedInPage("admin", { viewport });
    await admin.page.goto(`${app.url}/admin/opportunities`);
    await waitForHydration(admin.page);
    const pending = admin.page.getByRole("list", { name: "Opportunities" }).getByRole("listitem").filter({ hasText: title });
    await expect.poll(() => pending.count()).toBe(1);
    await expectNoAxeViolations(admin.page);
    await pending.getByRole("button", { name: "Approve" }).click();
    expect(await toastText(admin.page, "Opportunity approved and published")).toBeTruthy();
    await expect.poll(() => pending.count()).toBe(0);

    const reader = await signedInPage("user", { viewport });
    await reader.page.goto(`${app.url}${path}`);
    await waitForHydration(reader.page);
    await reader.page.getByText("Report this opportunity").click();
    await reader.page.getByLabel("Scam or fraud").check();
    await reader.page.getByLabel("Details (optional)").fill("Asks applicants for a registration fee.");
    await reader.page.getByRole("button", { name: "Send the report" }).click();
    await expect
      .poll(() => reader.page.getByText("Thank you: an administrator will look at this opportunity.").isVisible())
      .toBe(true);
    await expectNoAxeViolations(reader.page);
    expectNoConsoleErrors(reader.errors);

    await admin.page.getByRole("link", { name: "Reported" }).click();
    const reported = admin.page.getByRole("list", { name: "Opportunities" }).getByRole("listitem").filter({ hasText: title });
    await expect.poll(() => reported.getByText("1 open reports").count()).toBe(1);
    await reported.getByText("Unpublish").first().click();
    await reported.getByLabel("Reason (e-mailed to the organization)").fill("A fee is asked of applicants.");
    await reported.getByRole("button", { name: "Unpublish" }).click();
    expect(await toastText(admin.page, "Opportunity unpublished")).toBeTruthy();
    await expect.poll(() => reported.count()).toBe(0);
    await expectNoAxeViolations(admin.page);
    expectNoConsoleErrors(admin.errors);
    const [row] = await sql<
      { status: string; moderation_reason: string }[]
    >`select status, moderation_reason from opportunities where id = ${id}`;
    expect(row).toEqual({ status: "draft", moderation_reason: "A fee is asked of applicants." });
  });
});
