import { beforeAll, expect } from "vitest";
import { expectNoAxeViolations, expectNoConsoleErrors, waitForHydration } from "../setup/browser.ts";
import { e2e } from "../setup/e2e.ts";
import { englishLeftWithDescription, englishOnlyBesideCountries, TRANSLATED, type Translated } from "../setup/english-left.ts";

// A CV imported on the profile form in Bahasa Indonesia, Vietnamese and Thai (issue 37): what the
// import could not read (the server's warnings, English in the API) is listed in the page's
// language, the CV's own words (an assignment's title, a language's name) kept as written.

const it = e2e();
let englishOnly = new Map<Translated, string[]>();

beforeAll(async () => {
  englishOnly = await englishOnlyBesideCountries();
});

/** A Europass CV with an assignment that says no month, donor, country or employer, one with no title, and a language not in the list. */
const EUROPASS = `<?xml version="1.0" encoding="UTF-8"?>
<SkillsPassport xmlns="http://europass.cedefop.europa.eu/Europass" locale="th">
<DocumentInfo><DocumentType>ECV</DocumentType><XSDVersion>V3.3</XSDVersion><Generator>EWA</Generator></DocumentInfo>
<LearnerInfo>
<Identification><PersonName><FirstName>มาลี</FirstName><Surname>ชัยพร</Surname></PersonName></Identification>
<WorkExperienceList>
<WorkExperience><Position><Label>ประเมินผลโครงการน้ำสะอาด</Label></Position></WorkExperience>
<WorkExperience><Position><Label></Label></Position></WorkExperience>
</WorkExperienceList>
<Skills><Linguistic><ForeignLanguageList><ForeignLanguage><Description><Label>Klingon</Label></Description></ForeignLanguage></ForeignLanguageList></Linguistic></Skills>
</LearnerInfo>
</SkillsPassport>`;

it("lists what a CV import could not read in the page's language, in each language", async ({ app, signedInPage }) => {
  const { page, errors } = await signedInPage("user", { viewport: "phone", name: "Malee Chaiyaporn" });
  for (const locale of TRANSLATED) {
    await page.goto(`${app.url}/${locale}/profile/new`);
    await waitForHydration(page);
    await page.locator('button[aria-controls$="-panel"]').click();
    const file = page.locator('input[type="file"][accept*=".docx"]');
    await file.setInputFiles({ name: "cv.xml", mimeType: "application/xml", buffer: Buffer.from(EUROPASS) });
    await page.locator('[id$="-panel"] button').click();
    const warnings = page.getByRole("status").locator("li");
    // Reading the CV takes a request and a worker thread: wait for the last warning, then count.
    await warnings.nth(8).waitFor({ timeout: 30_000 });
    await expect.poll(() => warnings.count()).toBe(9);
    expect(await englishLeftWithDescription(page, locale, englishOnly.get(locale) ?? []), `/${locale}/profile/new`).toEqual([]);
  }
  // In Thai, each warning by what a Thai consultant reads: the CV's words kept, the rest Thai.
  expect(await page.getByRole("status").locator("li").allTextContents()).toEqual([
    'ภาษา "Klingon" ไม่อยู่ในรายการ โปรดเพิ่มเองหากใกล้เคียงกับภาษาในรายการ',
    'งาน "ประเมินผลโครงการน้ำสะอาด": อ่านเดือนที่เริ่มงานไม่ได้',
    'งาน "ประเมินผลโครงการน้ำสะอาด": ไม่พบผู้ให้ทุน โปรดเลือกผู้ให้ทุน',
    'งาน "ประเมินผลโครงการน้ำสะอาด": ไม่พบประเทศ โปรดเพิ่มประเทศที่ปฏิบัติงาน',
    'งาน "ประเมินผลโครงการน้ำสะอาด": อ่านชื่อผู้ว่าจ้างหรือนายจ้างไม่ได้',
    'งาน "ลำดับที่ 2": อ่านเดือนที่เริ่มงานไม่ได้',
    'งาน "ลำดับที่ 2": ไม่พบผู้ให้ทุน โปรดเลือกผู้ให้ทุน',
    'งาน "ลำดับที่ 2": ไม่พบประเทศ โปรดเพิ่มประเทศที่ปฏิบัติงาน',
    'งาน "ลำดับที่ 2": อ่านชื่อผู้ว่าจ้างหรือนายจ้างไม่ได้',
  ]);
  await page.getByText("ส่วนที่อ่านไม่ได้").waitFor();
  await expectNoAxeViolations(page);
  expectNoConsoleErrors(errors);
});
