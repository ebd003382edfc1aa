import { expect } from "vitest";
import { waitForHydration } from "../setup/browser.ts";
import { e2e, signInPage, unique } from "../setup/e2e.ts";
import { englishLeft, englishOnlyMessages } from "../setup/english-left.ts";
import { insertVerifiedOrganization } from "../setup/organizations.ts";

// A consultant's /my-applications and an organization member's /opportunities/new in Thai
// (issue 37): the page, its title and its description carry no English.

const it = e2e();

it("shows My applications and Post an opportunity in Thai, title and description included", async ({
  app,
  sql,
  account,
  openPage,
}) => {
  const english = await englishOnlyMessages("th");
  const member = await account("user", "Ploy Srisuk");
  await insertVerifiedOrganization(sql, { name: `River Trust ${unique().toUpperCase()}` }, [
    { userId: member.id, role: "owner" },
  ]);
  const { page } = await openPage({ viewport: "desktop" });
  await signInPage(page, app.url, member.token);
  for (const { path, title, description } of [
    { path: "/th/my-applications", title: "การสมัครของฉัน | DevConsult SEA", description: "การแสดงความสนใจในโอกาสงานของคุณ" },
    {
      path: "/th/opportunities/new",
      title: "ประกาศโอกาสงาน | DevConsult SEA",
      description: "เขียนขอบเขตงาน (TOR) สำหรับองค์กรของคุณ",
    },
  ]) {
    await page.goto(`${app.url}${path}`);
    await waitForHydration(page);
    await page.getByRole("heading", { level: 1 }).first().waitFor();
    expect(await englishLeft(page, "body", "th", english), path).toEqual([]);
    expect(await page.title(), path).toBe(title);
    expect(await page.locator('meta[name="description"]').getAttribute("content"), path).toBe(description);
  }
  await page.getByText("งบประมาณหรืออัตรารายวัน (ไม่บังคับ)").waitFor();
  // Sent empty, the form's refusals read in Thai too: the specializations' and countries' lists
  // said "Choose at least one specialization from the list" in English (session 13).
  await page.locator("form[method='post'] button[type='submit']").click();
  await page.getByText("เลือกความเชี่ยวชาญอย่างน้อยหนึ่งรายการจากรายการ").first().waitFor();
  expect(await englishLeft(page, "main", "th", english)).toEqual([]);
});
