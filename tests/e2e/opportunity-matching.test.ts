import { describe, expect } from "vitest";
import { expectNoAxeViolations, expectNoConsoleErrors, waitForHydration } from "../setup/browser.ts";
import { e2e, signInPage, unique } from "../setup/e2e.ts";

// Matching both ways in the browser (issue 32), on a phone and a desktop: the organization's
// member sees Suggested consultants on the opportunity's page, the consultant sees the
// opportunity under Opportunities for you on their own profile page, both with the same match
// score and its parts; axe-core clean on both pages.

const it = e2e();

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe.each(["phone", "desktop"] as const)("matching on a %s", (viewport) => {
  it("the organization sees the consultant suggested, the consultant sees the opportunity, with one score", async ({
    app,
    sql,
    account,
    consultantAccount,
    openPage,
  }) => {
    const owner = await account("user", `Owner ${unique()}`);
    const [organization] = await sql<{ id: number }[]>`
      insert into organizations (slug, name, kind, country, verified_at, verification_method)
      values (${`delta-${unique()}`}, ${`Delta Water Trust ${unique()}`}, 'ngo', 'VN', now(), 'admin') returning id`;
    await sql`insert into organization_members (organization_id, user_id, role) values (${organization!.id}, ${owner.id}, 'owner')`;
    const word = `silt${unique().replace(/\d/g, "k")}`;
    const title = `Delta ${word} assessment`;
    const headers = { "content-type": "application/json", authorization: `Bearer ${owner.token}` };
    const created = await fetch(`${app.url}/api/opportunities`, {
      method: "POST",
      headers,
      body: JSON.stringify({
        organizationId: organization!.id,
        title,
        description: "Assess the silt load of the delta's canals and the dredging needs of each province.",
        specializations: ["Environmental"],
        countries: ["Vietnam"],
        donors: ["Asian Development Bank"],
        languages: ["Vietnamese"],
        minYearsExperience: 10,
        duration: { value: 2, unit: "months" },
        deadline: inDays(25),
      }),
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const { id, path } = (await created.json()) as { id: number; path: string };
    expect((await fetch(`${app.url}/api/opportunities/${id}/publish`, { method: "POST", headers })).status).toBe(200);

    const name = `Thu Hoang ${unique()}`;
    const consultant = await consultantAccount(name, {
      primary_specialization: "Environmental",
      secondary_specializations: [],
      languages: ["Vietnamese", "English"],
      years_experience: 5,
      country: "Vietnam",
      location: "Can Tho, Vietnam",
      bio: `Measured the ${word} of the delta's canals for the provincial water utility.`,
    });
    // Expertise 35, lives in Vietnam 10, no ADB assignment 0, Vietnamese 15, 5 of 10 years 8.
    const score = "Match 68/100";

    const member = await openPage({ viewport });
    await signInPage(member.page, app.url, owner.token);
    await member.page.goto(`${app.url}${path}`);
    await waitForHydration(member.page);
    const suggestions = member.page.getByRole("list", { name: "Suggested consultants" });
    const card = suggestions.getByRole("listitem").filter({ hasText: name });
    await expect.poll(() => card.count()).toBe(1);
    await expect.poll(() => card.getByText("Expertise: Environmental").count()).toBe(1);
    await card.getByText(score).click();
    await expect.poll(() => card.getByText("8/15").isVisible()).toBe(true);
    await expectNoAxeViolations(member.page);
    expectNoConsoleErrors(member.errors);

    const own = await openPage({ viewport });
    await signInPage(own.page, app.url, consultant.sessionToken);
    await own.page.goto(`${app.url}/my-consultant-profile`);
    await waitForHydration(own.page);
    const forYou = own.page.getByRole("list", { name: "Opportunities for you" });
    const item = forYou.getByRole("listitem").filter({ hasText: title });
    await expect.poll(() => item.count()).toBe(1);
    await item.getByText(score).click();
    await expect.poll(() => item.getByText("0/15").isVisible()).toBe(true);
    await expectNoAxeViolations(own.page);
    expectNoConsoleErrors(own.errors);
    await item.getByRole("link", { name: title }).click();
    await expect.poll(() => own.page.getByRole("heading", { level: 1 }).innerText()).toBe(title);
  });
});
