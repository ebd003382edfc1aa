import type { Locator, Page } from "playwright-core";
import { beforeAll, expect } from "vitest";
import { expectNoAxeViolations, expectNoConsoleErrors, pressEscapeIn, waitForHydration } from "../setup/browser.ts";
import { insertConsultant } from "../setup/consultants.ts";
import { e2e, unique } from "../setup/e2e.ts";
import { englishLeftWithDescription, englishOnlyBesideCountries, TRANSLATED, type Translated } from "../setup/english-left.ts";

// The Admin Dashboard in Bahasa Indonesia, Vietnamese and Thai (issue 37): each tab of /admin
// (consultants, users, approval queue, audit log), every dialog its rows open (edit, hide, delete,
// promote, block, end sessions, review, the change's diff, the reason), the field errors they show,
// and the page's own questions and answers without JavaScript: no English left in the page, its
// title or its description. People's own words (names, titles, e-mail addresses, the audit's
// recorded values) are marked as theirs and stay as they are.

const it = e2e();
let englishOnly = new Map<Translated, string[]>();

beforeAll(async () => {
  englishOnly = await englishOnlyBesideCountries();
});

/** English left in the page's body, title and description. */
const leftovers = (page: Page, locale: Translated) => englishLeftWithDescription(page, locale, englishOnly.get(locale) ?? []);

/** Waits until the page (a dialog opened, a lazy part loaded) has no English left. */
async function expectNoEnglish(page: Page, locale: Translated, where: string) {
  await expect.poll(() => leftovers(page, locale), { message: `${where} (${locale})`, timeout: 15_000 }).toEqual([]);
}

/** Opens /admin in a language at a tab, narrowed to this test's rows, hydrated. */
async function openTab(page: Page, url: string, locale: Translated, query: string) {
  await page.goto(`${url}/${locale}/admin?${query}`);
  await page.getByRole("heading", { level: 1 }).waitFor();
  expect(await page.evaluate(() => document.documentElement.lang)).toBe(locale);
}

/** A dialog a row's button opens: checked for English, then closed with Escape. */
async function checkDialog(
  page: Page,
  locale: Translated,
  button: Locator,
  where: string,
  act?: (dialog: Locator) => Promise<void>,
) {
  await button.click();
  const dialog = page.locator('[role="dialog"], [role="alertdialog"]');
  await dialog.waitFor();
  await act?.(dialog);
  await expectNoEnglish(page, locale, where);
  await pressEscapeIn(page, dialog);
  await dialog.waitFor({ state: "detached" });
}

/** The rows this test made: names, a pending profile, a change waiting, a blocked account, audit entries. */
async function seed(app: { url: string }, sql: Parameters<typeof insertConsultant>[0], account: AccountOf) {
  const tag = unique().toUpperCase();
  const admin = await account("admin", `Ploy Srisuk ${tag}`);
  const member = await account("user", `Lan Nguyen ${tag}`);
  await account("user", `Budi Santoso ${tag}`).then(({ id }) => sql`update auth_users set blocked_at = now() where id = ${id}`);
  const listed = await insertConsultant(sql, { name: `Anan Wongsa ${tag}`, title: "Water Resources Engineer" });
  await sql`update consultants set status = 'hidden', status_reason = 'Phone number is out of date.' where id = ${
    (await insertConsultant(sql, { name: `Siti Rahma ${tag}`, title: "Health Economist" })).id
  }`;
  const pending = await insertConsultant(sql, { name: `Dewi Lestari ${tag}`, title: "Gender Specialist", status: "pending" });
  // A change to an approved profile, as its owner sends it through the API.
  const owner = await account("user", `Minh Tran ${tag}`);
  const profile = {
    name: `Minh Tran ${tag}`,
    title: "Water Engineer",
    email: `minh.${unique()}@example.org`,
    location: "Hanoi, Vietnam",
    country: "Vietnam",
    yearsExperience: 8,
    primarySpecialization: "Infrastructure",
    bio: "Rural water supply and sanitation across the Red River Delta.",
  };
  const headers = { "content-type": "application/json", authorization: `Bearer ${owner.token}` };
  const created = await fetch(`${app.url}/api/consultants`, { method: "POST", headers, body: JSON.stringify(profile) });
  const { id: changed } = (await created.json()) as { id: number };
  await sql`update consultants set status = 'approved' where id = ${changed}`;
  const edited = await fetch(`${app.url}/api/consultants/${changed}`, {
    method: "PUT",
    headers,
    body: JSON.stringify({ ...profile, title: "Senior WASH Adviser" }),
  });
  expect(edited.status).toBe(200);
  // The audit log: an edit (a text value) and a block (a yes/no value).
  await sql`
    insert into audit_log (actor_id, actor_name, actor_email, action, target_type, target_id, target_label, changes)
    values (${admin.id}, ${admin.name}, ${admin.email}, 'edit', 'consultant', ${listed.id}, ${`Anan Wongsa ${tag}`},
            ${JSON.stringify({ title: { from: "Water Engineer", to: "Water Resources Engineer" } })}::jsonb),
           (${admin.id}, ${admin.name}, ${admin.email}, 'block', 'user', ${member.id}, ${`Lan Nguyen ${tag}`},
            ${JSON.stringify({ blocked: { from: false, to: true } })}::jsonb)`;
  return { tag, admin, member, listed, pending, changed };
}

type AccountOf = (role: "user" | "admin", name: string) => Promise<{ id: number; name: string; email: string; token: string }>;

it("walks the Admin Dashboard's tabs and dialogs on a phone with no English left, in each language", async ({
  app,
  sql,
  account,
  openPage,
}) => {
  const { tag, admin } = await seed(app, sql, account);
  const { page, errors } = await openPage({ viewport: "phone" });
  await page.context().addCookies([{ name: "session", value: admin.token, url: app.url }]);
  const q = `q=${tag}`;
  const row = (name: string) => page.getByRole("row", { name: new RegExp(`${name} ${tag}`) });

  for (const locale of TRANSLATED) {
    // Consultants: the table, then Edit (with a field error), Hide and Delete of a listed profile.
    await openTab(page, app.url, locale, `tab=consultants&${q}`);
    await waitForHydration(page);
    await row("Anan Wongsa").waitFor();
    await expectNoEnglish(page, locale, "consultants");
    const listedButtons = row("Anan Wongsa").getByRole("button");
    await checkDialog(page, locale, listedButtons.nth(0), "edit", async (dialog) => {
      await dialog.getByRole("textbox").first().fill("");
      await dialog.locator('button[type="submit"]').click();
      await dialog.locator('[id$="-error"]').first().waitFor();
    });
    await checkDialog(page, locale, listedButtons.nth(1), "hide");
    await checkDialog(page, locale, listedButtons.nth(2), "delete");

    // Users: promote, block and end sessions of a member; the blocked account's badge.
    await openTab(page, app.url, locale, `tab=users&${q}`);
    await waitForHydration(page);
    await row("Budi Santoso").waitFor();
    await expectNoEnglish(page, locale, "users");
    const memberButtons = row("Lan Nguyen").getByRole("button");
    for (const [index, what] of ["promote", "block", "end sessions"].entries()) {
      await checkDialog(page, locale, memberButtons.nth(index), what);
    }
    // The admin's own row: ending one's own sessions keeps this one, and says so.
    await checkDialog(page, locale, row("Ploy Srisuk").getByRole("button").nth(1), "end my other sessions");

    // The approval queue: a new profile's review (then its rejection, with the reason missing) and a change's diff.
    await openTab(page, app.url, locale, `tab=queue&${q}`);
    await waitForHydration(page);
    await row("Minh Tran").waitFor();
    await expectNoEnglish(page, locale, "queue");
    await checkDialog(page, locale, row("Dewi Lestari").getByRole("button").first(), "review", async (dialog) => {
      await dialog.getByRole("heading").first().waitFor();
    });
    await checkDialog(page, locale, row("Dewi Lestari").getByRole("button").nth(2), "reject", async (dialog) => {
      await dialog.locator('button[type="submit"]').click();
      await dialog.locator('[id$="-error"]').first().waitFor();
    });
    await checkDialog(page, locale, row("Minh Tran").getByRole("button").first(), "change");

    // The audit log.
    await openTab(page, app.url, locale, `tab=audit&${q}`);
    await page.getByRole("row", { name: new RegExp(`Lan Nguyen ${tag}`) }).waitFor();
    await expectNoEnglish(page, locale, "audit");
  }
  // The Thai dashboard's own words, its numbers and dates the page's way, and axe on each tab.
  await openTab(page, app.url, "th", `tab=audit&${q}`);
  await expect.poll(() => page.title()).toBe("แดชบอร์ดผู้ดูแลระบบ | DevConsult SEA");
  // Three entries: the edit, the block and the owner's change sent for review.
  await expect(page.getByRole("tabpanel").innerText()).resolves.toContain("แสดง 1–3 จาก 3");
  const thaiMonth = new Intl.DateTimeFormat("th-TH-u-ca-gregory", { month: "long", timeZone: "UTC" }).format(new Date());
  await expect(page.getByRole("tabpanel").innerText()).resolves.toContain(thaiMonth);
  await expect(page.getByRole("tabpanel").innerText()).resolves.toMatch(/บล็อก[\s\S]*ผู้ใช้ #/);
  await expect(page.getByRole("tabpanel").innerText()).resolves.toContain(String(new Date().getUTCFullYear()));
  await expectNoAxeViolations(page);
  for (const tab of ["consultants", "users", "queue"]) {
    await openTab(page, app.url, "th", `tab=${tab}&${q}`);
    await waitForHydration(page);
    await page
      .getByRole("row", { name: new RegExp(tag) })
      .first()
      .waitFor();
    await expectNoAxeViolations(page);
  }
  expectNoConsoleErrors(errors);
  // Three languages, four tabs and eleven dialogs each: a long walk on a loaded machine.
}, 240_000);

it("asks and answers without JavaScript on a desktop with no English left, in each language", async ({
  app,
  sql,
  account,
  openPage,
}) => {
  const { tag, admin, member, listed, pending } = await seed(app, sql, account);
  const { page, errors } = await openPage({ viewport: "desktop", javaScriptEnabled: false });
  await page.context().addCookies([{ name: "session", value: admin.token, url: app.url }]);
  const q = `q=${tag}`;
  const questions = [
    `tab=consultants&${q}&confirm=hide&id=${listed.id}`,
    `tab=consultants&${q}&confirm=delete&id=${listed.id}`,
    `tab=queue&${q}&confirm=reject&id=${pending.id}`,
    `tab=users&${q}&confirm=promote&id=${member.id}`,
    `tab=users&${q}&confirm=block&id=${member.id}`,
    `tab=users&${q}&confirm=end-sessions&id=${member.id}`,
  ];
  for (const locale of TRANSLATED) {
    for (const query of questions) {
      await openTab(page, app.url, locale, query);
      await page.locator("#admin-confirm").waitFor();
      expect(await leftovers(page, locale), `/${locale}/admin?${query}`).toEqual([]);
    }
  }
  // A plain form's answer, said in the page: ending the member's sessions ("1 session ended").
  await openTab(page, app.url, "th", `tab=users&${q}&confirm=end-sessions&id=${member.id}`);
  await page.locator("#admin-confirm").getByRole("button").last().click();
  await page.waitForURL((url) => !url.search.includes("confirm="));
  const said = page.getByRole("status").filter({ hasText: "สิ้นสุด 1 เซสชันแล้ว" });
  await said.waitFor();
  await expect(said.innerText()).resolves.toContain("สำเร็จ");
  expect(await leftovers(page, "th")).toEqual([]);
  // A row's button asks its question in the page, in the page's language (the plain form keeps /vi).
  await openTab(page, app.url, "vi", `tab=consultants&${q}`);
  await page
    .getByRole("row", { name: new RegExp(`Anan Wongsa ${tag}`) })
    .getByRole("button")
    .nth(1)
    .click();
  await page.locator("#admin-confirm").waitFor();
  expect(new URL(page.url()).pathname).toBe("/vi/admin");
  expect(await leftovers(page, "vi")).toEqual([]);
  // Approving the pending profile from its row: the answer in the page's words.
  await page
    .getByRole("row", { name: new RegExp(`Dewi Lestari ${tag}`) })
    .getByRole("button")
    .nth(1)
    .click();
  const approved = page.getByRole("status").filter({ hasText: "Hồ sơ đã được duyệt và hiển thị" });
  await approved.waitFor();
  await expect(approved.innerText()).resolves.toContain("Thành công");
  expect(await leftovers(page, "vi")).toEqual([]);
  expectNoConsoleErrors(errors);

  // On a desktop with JavaScript: axe on the Vietnamese queue, and with the change's diff open.
  const desktop = await openPage({ viewport: "desktop" });
  await desktop.page.context().addCookies([{ name: "session", value: admin.token, url: app.url }]);
  await openTab(desktop.page, app.url, "vi", `tab=queue&${q}`);
  await waitForHydration(desktop.page);
  const changeRow = desktop.page.getByRole("row", { name: new RegExp(`Minh Tran ${tag}`) });
  await changeRow.waitFor();
  await expectNoAxeViolations(desktop.page);
  await changeRow.getByRole("button").first().click();
  await desktop.page.getByRole("dialog").waitFor();
  await expectNoEnglish(desktop.page, "vi", "change (desktop)");
  await expectNoAxeViolations(desktop.page);
  expectNoConsoleErrors(desktop.errors);
}, 120_000);
