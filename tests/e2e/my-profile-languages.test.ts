import { beforeAll, expect } from "vitest";
import { expectNoAxeViolations, expectNoConsoleErrors, waitForHydration } from "../setup/browser.ts";
import { e2e, signInPage } from "../setup/e2e.ts";
import { englishLeftWithDescription, englishOnlyBesideCountries, TRANSLATED, type Translated } from "../setup/english-left.ts";

// The consultant's own page, /my-consultant-profile, in Bahasa Indonesia, Vietnamese and Thai
// (issue 37): the profile strength (how complete, what to add next and why) and the insights
// (the charts' titles, changes, spoken summaries, weekly tables and their week labels) with no
// English left, nor anywhere else on the page.

const it = e2e();
let englishOnly = new Map<Translated, string[]>();

beforeAll(async () => {
  englishOnly = await englishOnlyBesideCountries();
});

it("shows the profile strength and the insights with no English, in each language", async ({
  app,
  sql,
  consultantAccount,
  openPage,
}) => {
  const consultant = await consultantAccount("Somchai Wongsakul", { country: "Thailand", city: "Chiang Mai" });
  // Views this week and eight weeks ago, downloads only in the twelve weeks before: each chart's
  // change says something else ("new", a rise, a fall).
  await sql`insert into consultant_insights (consultant_id, day, profile_views, search_appearances, cv_downloads) values
    (${consultant.consultantId}, (now() at time zone 'UTC')::date, 6, 40, 0),
    (${consultant.consultantId}, (now() at time zone 'UTC')::date - 56, 4, 0, 0),
    (${consultant.consultantId}, (now() at time zone 'UTC')::date - 126, 8, 0, 3)`;
  const { page, errors } = await openPage({ viewport: "desktop" });
  await signInPage(page, app.url, consultant.sessionToken);
  for (const locale of TRANSLATED) {
    await page.goto(`${app.url}/${locale}/my-consultant-profile`);
    await waitForHydration(page);
    await page.locator("#insights-heading").waitFor();
    await page.locator("#profile-strength-heading").waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe(locale);
    // The header's sections beside the account control at 1280 px: each on one line, none cut
    // inside a word ("Konsulta / n" in Indonesian, "Chuyên gia tư / vấn" in Vietnamese).
    const cut = await page
      .locator("header nav a")
      .evaluateAll((links) =>
        links.filter((link) => link.getClientRects().length !== 1 || link.getBoundingClientRect().height > 40),
      );
    expect(cut.length, `/${locale}: header sections on more than one line`).toBe(0);
    expect(
      await englishLeftWithDescription(page, locale, englishOnly.get(locale) ?? []),
      `/${locale}/my-consultant-profile`,
    ).toEqual([]);
  }
  // In Thai, by what a Thai consultant reads and hears.
  await page.getByRole("heading", { level: 2, name: "ความสมบูรณ์ของโปรไฟล์" }).waitFor();
  await page.getByText("ขั้นต่อไป: เพิ่มรูปโปรไฟล์").waitFor();
  await page.getByRole("link", { name: "เพิ่มรูปโปรไฟล์" }).waitFor();
  await page.getByRole("heading", { level: 2, name: "สถิติ" }).waitFor();
  await page
    .getByRole("img", {
      name: "ยอดเข้าชมโปรไฟล์: 10 ใน 12 สัปดาห์ที่ผ่านมา (+25% เทียบกับ 12 สัปดาห์ก่อนหน้า) สัปดาห์นี้ 6",
    })
    .waitFor();
  await page.getByRole("img", { name: /^การปรากฏในผลการค้นหา: 40 .*\(ใหม่ / }).waitFor();
  await page.getByRole("img", { name: /^ยอดดาวน์โหลด CV: 0 .*\(−100% / }).waitFor();
  // The weekly tables' weeks are written in Thai (month names), with Gregorian years never shown.
  const weeks = await page.locator("table").first().locator("tbody td:first-child").allTextContents();
  expect(weeks).toHaveLength(12);
  for (const week of weeks) expect(week).toMatch(/^\d{1,2} [ก-๙.]+$/);
  await expectNoAxeViolations(page);
  expectNoConsoleErrors(errors);
});
