import type { Page } from "playwright-core";
import { beforeAll, expect } from "vitest";
import { countryName } from "#common/countries.ts";
import { expectNoAxeViolations, expectNoConsoleErrors, toastText, waitForHydration } from "../setup/browser.ts";
import { e2e, unique } from "../setup/e2e.ts";
import {
  englishLeft,
  englishLeftWithDescription,
  englishOnlyBesideCountries,
  TRANSLATED,
  type Translated,
} from "../setup/english-left.ts";
import { insertVerifiedOrganization } from "../setup/organizations.ts";

// The admins' /admin/organizations and /admin/searches in Bahasa Indonesia, Vietnamese and Thai
// (issue 37): with an organization and its members open, a reported conversation, and searches
// that found nothing, no English is left in the page, its title or its description; the glossary's
// concepts are named in the page's language (the glossary's own labels), and so is the toast of a
// synonym added from there.

const it = e2e();
let englishOnly = new Map<Translated, string[]>();

beforeAll(async () => {
  englishOnly = await englishOnlyBesideCountries();
});

/** A name as people write theirs (capitalised words): a made-up suffix keeps it apart from other tests' rows. */
const named = (name: string) => `${name} ${unique().toUpperCase()}`;

const leftovers = (page: Page, locale: Translated) => englishLeftWithDescription(page, locale, englishOnly.get(locale) ?? []);

/** Opens an admin page in a language and waits for it to be whole (hydrated, its heading there). */
async function openIn(page: Page, url: string, locale: Translated) {
  await page.goto(url);
  await waitForHydration(page);
  await page.getByRole("heading", { level: 1 }).waitFor();
  expect(await page.evaluate(() => document.documentElement.lang)).toBe(locale);
}

it("shows the organizations table, a member list and a reported conversation with no English, in each language", async ({
  app,
  conversation,
  signedInPage,
  account,
  sql,
}) => {
  // A verified organization (its member list open in the page) and one waiting for verification.
  const members = [{ userId: (await account("user", named("Ploy Srisuk"))).id, role: "owner" as const }];
  const mekong = {
    name: named("Mekong Water Alliance"),
    kind: "un_agency" as const,
    country: "TH",
    website: "https://mekong-water.org",
  };
  const verified = await insertVerifiedOrganization(sql, mekong, members);
  await sql`insert into organizations (slug, name, kind, country, description)
    values (${`delta-${unique()}`}, ${named("Delta Farmers Union")}, 'ngo', 'VN', '')`;
  // A consultant reports the first message of a conversation.
  const talk = await conversation(
    { consultant: named("Lan Nguyen"), sender: named("Budi Santoso") },
    { subject: "An urgent job offer", message: "Pay the processing fee to start the assignment." },
  );
  const reported = await fetch(`${app.url}/api/conversations/${talk.id}/report`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${talk.consultant.sessionToken}` },
    body: JSON.stringify({ reason: "Asks for a fee up front." }),
  });
  expect(reported.status, await reported.text()).toBe(201);

  const { page, errors } = await signedInPage("admin", { viewport: "phone", name: named("Somchai Admin") });
  for (const locale of TRANSLATED) {
    await openIn(page, `${app.url}/${locale}/admin/organizations?open=${verified.id}`, locale);
    // The page's parts are there: the report, both organizations, the open member list.
    await expect.poll(() => page.getByTestId("report").count()).toBe(1);
    await expect.poll(() => page.getByTestId("organization-row").count()).toBeGreaterThanOrEqual(2);
    await page.getByRole("heading", { level: 2, name: /Mekong Water Alliance/ }).waitFor();
    expect(await leftovers(page, locale), `/${locale}/admin/organizations`).toEqual([]);
  }
  // The wide table scrolls in its own box: the page itself does not scroll sideways on the phone
  // (the table's screen-reader texts, placed absolutely, widened the page to ~640 px).
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  // The search field keeps a usable width on the phone (it was squeezed to ~75 px beside the filter).
  expect((await page.locator('input[name="q"]').boundingBox())?.width).toBeGreaterThan(250);
  // In Thai, word for word: the heading, the kind and country, the role, the report's action.
  const row = page.getByTestId("organization-row").filter({ hasText: "Mekong Water Alliance" });
  expect(await row.innerText()).toContain(`หน่วยงานสหประชาชาติ · ${countryName("TH", "th")}`);
  await expect.poll(() => page.title()).toBe("องค์กร | DevConsult SEA");
  expect(await page.getByRole("heading", { level: 2, name: /Mekong Water Alliance/ }).innerText()).toMatch(/^สมาชิกของ /);
  expect(await page.getByRole("combobox", { name: "การดำเนินการ" }).locator("option").allInnerTexts()).toEqual(
    expect.arrayContaining(["เตือนผู้ส่ง", "ระงับบัญชีผู้ส่ง"]),
  );
  await expectNoAxeViolations(page);
  expectNoConsoleErrors(errors);
});

it("shows the searches that found nothing and the glossary's concepts in the page's language, in each language", async ({
  app,
  sql,
  signedInPage,
}) => {
  // Searches that found nothing: words typed, and words with filters (their chips in the page's language).
  await sql`insert into search_zero_results (day, query, searches) values
    (current_date, 'keywords=ventilasi+sumur', 3),
    (current_date - 1, 'keywords=biogas+digester&availability=available&languages=Thai', 2)`;
  // The header shows the admin's name (a person's name: capitalised words).
  const { page, errors } = await signedInPage("admin", { name: named("Somchai Admin") });
  for (const locale of TRANSLATED) {
    await openIn(page, `${app.url}/${locale}/admin/searches`, locale);
    await expect.poll(() => page.getByRole("row").count()).toBe(3);
    expect(await leftovers(page, locale), `/${locale}/admin/searches`).toEqual([]);
  }
  // Thai: the concepts by the glossary's Thai labels, the languages named in Thai, the chips in Thai.
  const concept = page.getByRole("combobox", { name: "แนวคิด" });
  expect(await concept.locator('option[value="monitoring-evaluation"]').innerText()).toBe("การติดตามและประเมินผล");
  expect(await concept.locator("option").allInnerTexts()).not.toContain("Monitoring and evaluation");
  expect(await page.getByRole("combobox", { name: "ภาษา" }).locator("option").allInnerTexts()).toEqual([
    "อังกฤษ",
    "อินโดนีเซีย",
    "เวียดนาม",
    "ไทย",
    "เขมร",
    "ลาว",
    "พม่า",
  ]);
  expect(await page.getByRole("row", { name: /biogas digester/ }).innerText()).toContain("ไทย · พร้อมรับงาน");
  await expect.poll(() => page.title()).toBe("การค้นหาที่ไม่พบผลลัพธ์ | DevConsult SEA");
  await expectNoAxeViolations(page);

  // A synonym added from the Thai page: its toast names the concept by its Thai label.
  await page.getByRole("link", { name: "เพิ่ม “ventilasi sumur” เป็นคำพ้องความหมาย" }).click();
  await expect.poll(() => page.getByRole("textbox", { name: "คำพ้องความหมาย" }).inputValue()).toBe("ventilasi sumur");
  await concept.selectOption("drinking-water-supply");
  await page.getByRole("combobox", { name: "ภาษา" }).selectOption("id");
  await page.getByRole("button", { name: "เพิ่มคำพ้องความหมาย", exact: true }).click();
  expect(await toastText(page, "เพิ่มคำพ้องความหมายแล้ว")).toContain("ตอนนี้คำค้น “ventilasi sumur” จะพบที่ปรึกษาด้านการจัดหาน้ำสะอาด");
  // The same words again: refused, and why is said in Thai, the concept by its Thai label.
  await concept.selectOption("drinking-water-supply");
  await page.getByRole("combobox", { name: "ภาษา" }).selectOption("id");
  await page.getByRole("textbox", { name: "คำพ้องความหมาย" }).fill("ventilasi sumur");
  await page.getByRole("button", { name: "เพิ่มคำพ้องความหมาย", exact: true }).click();
  const refusal = page.getByRole("alert").filter({ hasText: "ไม่ได้เพิ่ม" });
  expect(await refusal.innerText()).toContain("“ventilasi sumur” เป็นรูปคำของแนวคิดนี้อยู่แล้ว (การจัดหาน้ำสะอาด)");
  // (The toast above still quotes the words typed: it is not the page's own text.)
  expect(await englishLeft(page, "main", "th", englishOnly.get("th") ?? [])).toEqual([]);
  // The refusal is a 409 answer to the form's request, which the browser logs.
  expectNoConsoleErrors(errors, [/status of 409 \(Conflict\)/]);
});
