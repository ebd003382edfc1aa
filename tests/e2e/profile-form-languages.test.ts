import type { Page } from "playwright-core";
import { beforeAll, expect } from "vitest";
import { expectNoAxeViolations, expectNoConsoleErrors, waitForHydration } from "../setup/browser.ts";
import { e2e, signInPage } from "../setup/e2e.ts";
import { englishLeftWithDescription, englishOnlyBesideCountries, TRANSLATED, type Translated } from "../setup/english-left.ts";

// The consultant profile form (/profile/new, /profile/edit/{id}) in Bahasa Indonesia, Vietnamese
// and Thai (issue 37): its sections, labels, hints, switches, the track record's lists and their
// buttons, the CV import, the photo control, and the validation messages, with no English left.

const it = e2e();
let englishOnly = new Map<Translated, string[]>();

beforeAll(async () => {
  englishOnly = await englishOnlyBesideCountries();
});

/**
 * English left in the page (the header's and footer's included), its title and its description.
 * The form's example values in a hint ("e.g. English, Thai") name the values the field takes; the
 * Thai check reads them as English words, so hints that quote values are checked as catalogue
 * messages only (what englishOnly finds).
 */
const leftovers = (page: Page, locale: Translated) => englishLeftWithDescription(page, locale, englishOnly.get(locale) ?? []);

it("shows the new-profile form, its lists, the CV import and its refusals with no English, in each language", async ({
  app,
  signedInPage,
}) => {
  const { page, errors } = await signedInPage("user", { viewport: "phone", name: "Ayu Lestari" });
  for (const locale of TRANSLATED) {
    await page.goto(`${app.url}/${locale}/profile/new`);
    await waitForHydration(page);
    await page.locator("#assignment-add").waitFor();
    // One assignment and one education entry, so their fields and buttons are on the page.
    await page.locator("#assignment-add").click();
    await page.locator("#assignment-0-heading").waitFor();
    await page.locator("#education-add").click();
    await page.locator("#education-0-heading").waitFor();
    // The CV import's panel, opened.
    await page.locator('button[aria-controls$="-panel"]').click();
    await page.locator('input[type="file"][accept*=".docx"]').waitFor();
    // Sent empty: the browser's validation (the schema's English messages) in the page's language.
    await page.locator('#consultant-profile-form button[type="submit"]').click();
    await expect.poll(async () => page.locator("#consultant-profile-form [id$='-error']").count()).toBeGreaterThan(3);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe(locale);
    expect(await leftovers(page, locale), `/${locale}/profile/new`).toEqual([]);
  }
  // In Thai, by what a Thai consultant reads: the sections, a list's heading and its buttons' names.
  await page.getByRole("heading", { level: 1, name: "สร้างโปรไฟล์ที่ปรึกษา" }).waitFor();
  await page.getByRole("heading", { name: "ข้อมูลพื้นฐาน" }).waitFor();
  await page.getByRole("button", { name: "ย้าย งานที่ 1 ลง" }).waitFor();
  await page.getByRole("button", { name: "นำออก งานที่ 1" }).waitFor();
  await page.getByText("ต้องกรอกตำแหน่งทางวิชาชีพ").first().waitFor();
  await expect.poll(() => page.title()).toBe("สร้างโปรไฟล์ที่ปรึกษา | DevConsult SEA");
  await expectNoAxeViolations(page);
  expectNoConsoleErrors(errors);
});

it("shows a consultant's edit form, with the saved track record, with no English, in each language", async ({
  app,
  sql,
  consultantAccount,
  openPage,
}) => {
  const consultant = await consultantAccount("Nguyen Thi Lan", { country: "Vietnam", city: "Hanoi" });
  const [assignment] = await sql<{ id: number }[]>`
    insert into consultant_assignments (consultant_id, title, organization, role, sector, start_date, end_date, donors, countries, description, position)
    values (${consultant.consultantId}, 'Đánh giá giữa kỳ', 'Bộ Y tế', 'Trưởng nhóm', 'Healthcare', '2021-03-01', '2022-06-01',
      ${["World Bank", "Asian Development Bank"]}, ${["Vietnam", "Laos"]}, 'Đánh giá chương trình y tế dự phòng.', 0)
    returning id`;
  expect(assignment?.id).toBeGreaterThan(0);
  await sql`insert into consultant_education (consultant_id, degree, field, institution, year, position)
    values (${consultant.consultantId}, 'Thạc sĩ', 'Y tế công cộng', 'Đại học Y Hà Nội', 2012, 0)`;
  const { page, errors } = await openPage({ viewport: "desktop" });
  await signInPage(page, app.url, consultant.sessionToken);
  for (const locale of TRANSLATED) {
    await page.goto(`${app.url}/${locale}/profile/edit/${consultant.consultantId}`);
    await waitForHydration(page);
    await page.locator("#assignment-0-heading").waitFor();
    await page.locator("#education-0-heading").waitFor();
    expect(await leftovers(page, locale), `/${locale}/profile/edit/…`).toEqual([]);
  }
  // Thai: the saved donors and countries are ticked under their Thai names; the rate's choices are Thai.
  await page.getByRole("heading", { level: 1, name: "แก้ไขโปรไฟล์ที่ปรึกษา" }).waitFor();
  expect(await page.getByRole("checkbox", { name: "เวียดนาม" }).first().isChecked()).toBe(true);
  expect(await page.locator('select[name="rateVisibility"] option').allTextContents()).toEqual([
    "แสดงแบบสาธารณะ",
    "แสดงต่อองค์กรที่เข้าสู่ระบบแล้ว",
    "ไม่แสดง",
  ]);
  await expectNoAxeViolations(page);
  expectNoConsoleErrors(errors);
});
