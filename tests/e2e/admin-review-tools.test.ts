import type { Page } from "playwright-core";
import { describe, expect } from "vitest";
import { expectNoAxeViolations, expectNoConsoleErrors, saveScreenshot, toastText, waitForHydration } from "../setup/browser.ts";
import { e2e, unique } from "../setup/e2e.ts";
import { mekongEvaluation } from "../setup/track-record.ts";
import { insertUser } from "../setup/users.ts";

// The admin's review tools (issue 36 item 7): the diff of a change marks what changed and pairs an
// edited assignment as "Changed"; the new-profile dialog shows the track record; recent reviews
// have a moderation list.

const it = e2e();

/** Opens a page and waits until React has hydrated it, so the test's clicks reach the app. */
async function gotoHydrated(page: Page, url: string) {
  await page.goto(url);
  await waitForHydration(page);
}

describe("the diff of a change waiting for review", () => {
  it("marks the changed words and shows an edited assignment once, as Changed with its fields", async ({
    app,
    sql,
    account,
    signedInPage,
  }) => {
    const owner = await account("user", "Diff Words Owner");
    const name = `Diff Words ${unique()}`;
    const kept = mekongEvaluation({
      title: "Baseline survey of rural water points",
      organization: "UNICEF Laos",
      startDate: "2019-01",
    });
    const body = {
      name,
      title: "Water Engineer",
      email: `diff.words.${unique()}@example.org`,
      location: "Vientiane, Laos",
      country: "Laos",
      yearsExperience: 8,
      primarySpecialization: "Infrastructure",
      bio: "Rural water supply across Laos.",
      assignments: [mekongEvaluation(), kept],
    };
    const headers = { "content-type": "application/json", authorization: `Bearer ${owner.token}` };
    const created = await fetch(`${app.url}/api/consultants`, { method: "POST", headers, body: JSON.stringify(body) });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: number };
    await sql`update consultants set status = 'approved' where id = ${id}`;
    const edited = await fetch(`${app.url}/api/consultants/${id}`, {
      method: "PUT",
      headers,
      body: JSON.stringify({
        ...body,
        title: "Senior Water Engineer",
        assignments: [mekongEvaluation({ description: "Led eight evaluators across 40 districts.", endDate: "2023-09" }), kept],
      }),
    });
    expect(edited.status).toBe(200);

    const { page, errors } = await signedInPage("admin");
    await gotoHydrated(page, `${app.url}/admin?tab=queue&q=${encodeURIComponent(name)}`);
    await page.getByRole("button", { name: `Review the change to ${name}` }).click();
    const dialog = page.getByRole("dialog", { name: `Review the change to ${name}` });
    await dialog.waitFor();

    // The title: only the new word is marked, on the After side; nothing is struck on the Before side.
    const title = dialog.locator("div", { has: page.getByRole("heading", { name: "Professional title" }) }).last();
    await expect.poll(() => title.locator("ins").allInnerTexts()).toEqual([expect.stringMatching(/^added:\s*Senior\s*$/)]);
    await expect(title.locator("del").count()).resolves.toBe(0);
    const titleText = await title.innerText();
    // (The side labels are upper case by CSS.)
    expect(titleText).toMatch(/Before\s+Water Engineer\s+After\s+added:\s*Senior\s+Water Engineer/i);
    // Marked by more than colour: struck through and underlined.
    await expect(title.locator("ins").evaluate((element) => getComputedStyle(element).textDecorationLine)).resolves.toContain(
      "underline",
    );

    // The edited assignment is one entry, "Changed", with its end date and the words of its description marked.
    const assignments = dialog.getByRole("list").last();
    await expect.poll(() => assignments.getByRole("listitem").count()).toBe(2);
    const changed = assignments.getByRole("listitem").first();
    await expect(changed.innerText()).resolves.toMatch(/^Changed\s+Evaluation of the Mekong Maternal Health Programme/);
    await expect(assignments.getByText("Removed", { exact: true }).count()).resolves.toBe(0);
    await expect(assignments.getByText("Added", { exact: true }).count()).resolves.toBe(0);
    await expect(changed.locator("dt").allInnerTexts()).resolves.toEqual(["End", "Description"]);
    await expect(changed.locator("del").allInnerTexts()).resolves.toEqual([
      expect.stringMatching(/^removed:\s*06$/),
      expect.stringMatching(/^removed:\s*six$/),
    ]);
    await expect(changed.locator("ins").allInnerTexts()).resolves.toEqual([
      expect.stringMatching(/^added:\s*09$/),
      expect.stringMatching(/^added:\s*eight$/),
    ]);
    await expect(
      changed
        .locator("del")
        .first()
        .evaluate((element) => getComputedStyle(element).textDecorationLine),
    ).resolves.toContain("line-through");
    // The unchanged one is shown unmarked.
    const same = assignments.getByRole("listitem").nth(1);
    await expect(same.innerText()).resolves.toMatch(/^Baseline survey of rural water points/);
    await expect(same.locator("del, ins").count()).resolves.toBe(0);
    await expectNoAxeViolations(page);
    await saveScreenshot(page, "admin-change-diff-words");
    expectNoConsoleErrors(errors);
  });
});

describe("the review dialog of a new profile", () => {
  it("shows the assignments and education the profile will list, on a phone", async ({ app, account, signedInPage }) => {
    const owner = await account("user", "Track Owner");
    const name = `Track Person ${unique()}`;
    const created = await fetch(`${app.url}/api/consultants`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${owner.token}` },
      body: JSON.stringify({
        name,
        title: "Maternal Health Evaluator",
        email: `track.${unique()}@example.org`,
        location: "Vientiane, Laos",
        country: "Laos",
        yearsExperience: 12,
        primarySpecialization: "Healthcare",
        bio: "Evaluations of maternal health programmes across the Mekong.",
        assignments: [mekongEvaluation()],
        education: [{ degree: "MSc", field: "Public Health", institution: "Mahidol University", year: 2012 }],
      }),
    });
    expect(created.status).toBe(201);
    const { page, errors } = await signedInPage("admin", { viewport: "phone" });
    await gotoHydrated(page, `${app.url}/admin?tab=queue&q=${encodeURIComponent(name)}`);
    await page.getByRole("button", { name: `Review ${name}` }).click();
    const dialog = page.getByRole("dialog", { name: `Review ${name}` });
    const experience = dialog.getByRole("region", { name: "Experience" });
    await experience.getByRole("heading", { name: "Evaluation of the Mekong Maternal Health Programme" }).waitFor();
    await expect(experience.innerText()).resolves.toContain("Ministry of Health of Lao PDR · Team Leader");
    await expect(dialog.getByRole("region", { name: "Education" }).innerText()).resolves.toMatch(
      /MSc, Public Health\s+Mahidol University · 2012/,
    );
    // The track record is in the dialog's scrolling body, above its buttons.
    await dialog.getByRole("button", { name: "Approve" }).scrollIntoViewIfNeeded();
    await expect(dialog.getByRole("button", { name: "Approve" }).isVisible()).resolves.toBe(true);
    await expectNoAxeViolations(page);
    await saveScreenshot(page, "admin-new-profile-track-record");
    expectNoConsoleErrors(errors);
  });
});

describe("the reviews' moderation list", () => {
  it("lists recent reviews for an admin, who hides one with a reason: the list, the profile and the reviewer know", async ({
    app,
    sql,
    smtp,
    openPage,
    signedInPage,
  }) => {
    const tag = unique();
    const [consultant] = await sql<{ id: number }[]>`
      insert into consultants (name, title, email, location, country, years_experience, primary_specialization, bio, status)
      values (${`Moderated ${tag}`}, 'Water Engineer', ${`m.${tag}@example.org`}, 'Vientiane, Laos', 'Laos', 8, 'Infrastructure',
              'Rural water supply and sanitation across Laos.', 'approved')
      returning id`;
    const reviewers = [];
    for (const [index, text] of [
      "Careful fieldwork and a clear report.",
      "Contact me at 0812 555 0101 for the real story.",
    ].entries()) {
      const reviewer = await insertUser(app.database!.db, { name: `Reviewer ${index} ${tag}` });
      await sql`insert into reviews (consultant_id, reviewer_id, score, body, engagement, created_at)
        values (${consultant!.id}, ${reviewer!.id}, ${8 - index}, ${text}, 'Other', now() - ${`${10 - index} minutes`}::interval)`;
      reviewers.push(reviewer!);
    }
    const { page, errors } = await signedInPage("admin");
    await gotoHydrated(page, `${app.url}/admin`);
    await page.getByRole("link", { name: "Reviews: hide or show again" }).click();
    await page.getByRole("heading", { level: 1, name: "Reviews" }).waitFor();
    await page.getByRole("searchbox", { name: "Search reviews" }).fill(tag);
    await page.getByRole("button", { name: "Search", exact: true }).click();
    const list = page.getByRole("list", { name: "Reviews" });
    // Newest first.
    await expect
      .poll(() => list.getByRole("heading").allInnerTexts())
      .toEqual([`Review of Moderated ${tag} by Reviewer 1 ${tag}`, `Review of Moderated ${tag} by Reviewer 0 ${tag}`]);
    await expectNoAxeViolations(page);

    const spam = list.getByRole("listitem").filter({ hasText: `Reviewer 1 ${tag}` });
    // The disclosure: "Hide", and for a screen reader which review.
    await spam.locator("summary").filter({ hasText: /^Hide/ }).click();
    await spam
      .getByRole("textbox", { name: "Reason (e-mailed to the reviewer)" })
      .fill("Phone numbers are not allowed in reviews");
    await spam.getByRole("button", { name: "Hide review" }).click();
    expect(await toastText(page, "Review hidden")).toContain("The reviewer has been told why by e-mail.");
    await expect.poll(() => spam.innerText()).toMatch(/Hidden[\s\S]*Phone numbers are not allowed in reviews/);
    await spam.getByRole("button", { name: /^Show again/ }).waitFor();
    const mail = await smtp.waitForMailAbout(reviewers[1]!.email, /has been hidden/);
    expect(mail.text).toContain("Phone numbers are not allowed in reviews");
    const [stored] = await sql`select hidden_reason from reviews where reviewer_id = ${reviewers[1]!.id}`;
    expect(stored?.hidden_reason).toBe("Phone numbers are not allowed in reviews");

    // The filters: hidden shows it alone, visible the other.
    await page.getByRole("link", { name: "Hidden", exact: true }).click();
    await expect
      .poll(() => list.getByRole("heading").allInnerTexts())
      .toEqual([`Review of Moderated ${tag} by Reviewer 1 ${tag}`]);
    await page.getByRole("link", { name: "Visible", exact: true }).click();
    await expect
      .poll(() => list.getByRole("heading").allInnerTexts())
      .toEqual([`Review of Moderated ${tag} by Reviewer 0 ${tag}`]);
    await expectNoAxeViolations(page);
    await saveScreenshot(page, "admin-reviews");

    // A visitor no longer sees it on the profile.
    const visitor = await openPage();
    await visitor.page.goto(`${app.url}/consultant/${consultant!.id}`);
    await visitor.page.getByText("Careful fieldwork and a clear report.").waitFor();
    await expect(visitor.page.getByText("Contact me at 0812 555 0101").count()).resolves.toBe(0);
    expectNoConsoleErrors(visitor.errors);
    expectNoConsoleErrors(errors);
  });

  it("is not for a user who is not an admin", async ({ app, signedInPage }) => {
    const { page, errors } = await signedInPage("user");
    await page.goto(`${app.url}/admin/reviews`);
    await expect.poll(() => new URL(page.url()).pathname).toBe("/");
    expectNoConsoleErrors(errors);
  });
});

describe("a review without JavaScript", () => {
  it("opens in the page: a new profile with its track record, approved from there; a change with its diff", async ({
    app,
    sql,
    account,
    signedInPage,
  }) => {
    const tag = `Plainrev${unique().replace(/\W/g, "")}`;
    const profile = (name: string, title: string) => ({
      name,
      title,
      email: `${tag.toLowerCase()}.${unique()}@example.org`,
      location: "Vientiane, Laos",
      country: "Laos",
      yearsExperience: 9,
      primarySpecialization: "Healthcare",
      bio: "Evaluations of maternal health programmes across the Mekong.",
      assignments: [mekongEvaluation()],
    });
    // One profile per account: each its own owner.
    const create = async (body: object) => {
      const owner = await account("user", "Plain Review Owner");
      const headers = { "content-type": "application/json", authorization: `Bearer ${owner.token}` };
      const response = await fetch(`${app.url}/api/consultants`, { method: "POST", headers, body: JSON.stringify(body) });
      expect(response.status).toBe(201);
      return { id: ((await response.json()) as { id: number }).id, headers };
    };
    const fresh = `${tag} Anong`;
    const { id: freshId } = await create(profile(fresh, "Maternal Health Evaluator"));
    const listed = `${tag} Bounmy`;
    const listedBody = profile(listed, "Water Engineer");
    const { id: listedId, headers } = await create(listedBody);
    await sql`update consultants set status = 'approved' where id = ${listedId}`;
    const edited = await fetch(`${app.url}/api/consultants/${listedId}`, {
      method: "PUT",
      headers,
      body: JSON.stringify({ ...listedBody, title: "Senior Water Engineer" }),
    });
    expect(edited.status).toBe(200);

    const { page, errors } = await signedInPage("admin", { javaScriptEnabled: false });
    await page.goto(`${app.url}/admin?tab=queue&q=${tag}`);
    await page.getByRole("button", { name: `Review ${fresh}` }).click();
    const review = page.getByRole("region", { name: `Review ${fresh}` });
    await review.getByRole("heading", { name: "Evaluation of the Mekong Maternal Health Programme" }).waitFor();
    await review.getByRole("button", { name: "Approve" }).click();
    await expect.poll(async () => (await sql`select status from consultants where id = ${freshId}`)[0]?.status).toBe("approved");
    await expect(page.getByRole("region", { name: `Review ${fresh}` }).count()).resolves.toBe(0);

    await page.getByRole("button", { name: `Review the change to ${listed}` }).click();
    const change = page.getByRole("region", { name: `Review the change to ${listed}` });
    await expect(change.locator("ins").allInnerTexts()).resolves.toEqual([expect.stringMatching(/^added:\s*Senior\s*$/)]);
    await change.getByRole("link", { name: "Close" }).click();
    await page.getByRole("button", { name: `Review the change to ${listed}` }).waitFor();
    await expect(page.getByRole("region", { name: `Review the change to ${listed}` }).count()).resolves.toBe(0);
    expectNoConsoleErrors(errors);
  });
});
