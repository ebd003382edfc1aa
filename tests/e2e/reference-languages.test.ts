import { describe, expect } from "vitest";
import type { Locale } from "#common/locales.ts";
import { expectNoAxeViolations, expectNoConsoleErrors } from "../setup/browser.ts";
import { e2e, unique } from "../setup/e2e.ts";

// The page a past client opens from a reference request (issue 34) in the language the request was
// sent in (issue 37): a Thai consultant's referee reads and answers it in Thai on a phone, refusals
// included; a Vietnamese one declines on a desktop. The old /inbox address keeps its language.

const it = e2e();

const ENGLISH = /Confirm an assignment|Role or position|Start month|Statement \(optional\)|No score|Decline|Thank you|present/;

describe("the referee's page in the consultant's language", () => {
  it("a Thai request is answered in Thai on a phone; a Vietnamese one declined on a desktop", async ({
    app,
    smtp,
    sql,
    register,
    openPage,
  }) => {
    /** A consultant reading the site in `locale`, with one assignment, asks `referee` to confirm it. */
    async function requestFrom(locale: Locale, name: string, referee: string) {
      const owner = await register(name);
      await sql`update auth_users set locale = ${locale} where id = ${owner.id}`;
      const headers = { "content-type": "application/json", authorization: `Bearer ${owner.sessionToken}` };
      const created = await fetch(`${app.url}/api/consultants`, {
        method: "POST",
        headers,
        body: JSON.stringify({
          name,
          title: "Rural Water Engineer",
          email: owner.email,
          location: "Khon Kaen, Thailand",
          country: "Thailand",
          yearsExperience: 9,
          primarySpecialization: "Infrastructure",
          bio: "Nine years of village water supply in north-east Thailand.",
          assignments: [
            {
              title: "Village Water Supply Rehabilitation",
              organization: "Department of Water Resources",
              donors: ["JICA"],
              countries: ["Thailand"],
              role: "Site Engineer",
              startDate: "2022-02",
              endDate: "2023-11",
            },
          ],
        }),
      });
      expect(created.status, await created.clone().text()).toBe(201);
      const { id } = (await created.json()) as { id: number };
      const profile = (await (await fetch(`${app.url}/api/consultants/${id}`, { headers })).json()) as {
        assignments: { id: number }[];
      };
      const asked = await fetch(`${app.url}/api/my-consultant-profile/assignments/${profile.assignments[0]?.id}/references`, {
        method: "POST",
        headers,
        body: JSON.stringify({ name: "Somsak Dee", email: referee }),
      });
      expect(asked.status).toBe(201);
      const mail = await smtp.waitForMail(referee);
      const link = new RegExp(`https?://\\S+/${locale}/references/[A-Za-z0-9_-]+`).exec(mail.text)?.[0];
      expect(link, mail.text).toBeDefined();
      // The mail names the public address; the test's app answers on its own.
      return `${app.url}${new URL(link ?? "").pathname}`;
    }

    const thaiLink = await requestFrom("th", "Anong Prasert", `referee-${unique()}@dwr.example.org`);
    const { page, errors } = await openPage({ viewport: "phone" });
    await page.goto(thaiLink);
    await page.getByRole("heading", { name: "ยืนยันงานที่เคยทำ" }).waitFor();
    expect(await page.locator("html").getAttribute("lang")).toBe("th");
    const main = page.locator("main");
    await expect.poll(() => main.innerText()).toContain("เรียน คุณSomsak Dee");
    // The months in Thai, Gregorian years.
    expect(await main.innerText()).toContain("ก.พ. 2022 – พ.ย. 2023");
    expect(await page.getByLabel("เดือนที่เริ่ม").inputValue()).toBe("2022-02");
    expect(await main.innerText()).not.toMatch(ENGLISH);
    await expectNoAxeViolations(page);

    // An end before the start is refused beside the field, in Thai; what was typed stays.
    await page.getByLabel("เดือนที่สิ้นสุด").fill("2021-01");
    await page.getByLabel("คำรับรอง (ไม่บังคับ)").fill("ทำงานละเอียดและตรงเวลา");
    await page.getByRole("button", { name: "ยืนยันงานนี้" }).click();
    await page.getByText("เดือนที่สิ้นสุดต้องไม่อยู่ก่อนเดือนที่เริ่ม").waitFor();
    expect(await page.getByLabel("คำรับรอง (ไม่บังคับ)").inputValue()).toBe("ทำงานละเอียดและตรงเวลา");
    await expectNoAxeViolations(page);

    await page.getByLabel("เดือนที่สิ้นสุด").fill("2023-11");
    await page.getByLabel("คะแนน (ไม่บังคับ)").selectOption("9");
    await page.getByRole("button", { name: "ยืนยันงานนี้" }).click();
    await page.getByRole("heading", { name: "ขอบคุณ" }).waitFor();
    await page.getByText("ยืนยันงานนี้แล้ว").waitFor();
    await expectNoAxeViolations(page);
    // The link is used up, and says so in Thai.
    await page.goto(thaiLink);
    await page.getByRole("heading", { name: "ใช้ลิงก์นี้ไม่ได้" }).waitFor();
    expect(await page.locator("main").innerText()).not.toMatch(/This link cannot be used|Reference links work once/);
    // The refused answer (400), and the used-up link opened again (404).
    expectNoConsoleErrors(errors, [/status of 400/, /status of 404/]);

    const vietnameseLink = await requestFrom("vi", "Trần Văn Bình", `referee-${unique()}@mard.example.org`);
    const desktop = await openPage({ viewport: "desktop" });
    await desktop.page.goto(vietnameseLink);
    await desktop.page.getByRole("heading", { name: "Xác nhận nhiệm vụ" }).waitFor();
    expect(await desktop.page.locator("html").getAttribute("lang")).toBe("vi");
    expect(await desktop.page.locator("main").innerText()).not.toMatch(ENGLISH);
    await expectNoAxeViolations(desktop.page);
    await desktop.page.getByRole("button", { name: "Từ chối" }).click();
    await desktop.page.getByText("Bạn đã từ chối yêu cầu này. Hồ sơ sẽ không hiển thị gì.").waitFor();
    await expectNoAxeViolations(desktop.page);
    // The thank-you stays without reading the used-up link's data again (which answers 404).
    await desktop.page.waitForLoadState("networkidle");
    await desktop.page.getByText("Bạn đã từ chối yêu cầu này. Hồ sơ sẽ không hiển thị gì.").waitFor();
    expectNoConsoleErrors(desktop.errors);
  });

  it("keeps the language when the old inbox address sends a consultant on", async ({ app }) => {
    const response = await fetch(`${app.url}/th/inbox?page=2`, { redirect: "manual" });
    expect(response.status).toBe(301);
    expect(response.headers.get("location")).toBe("/th/messages?box=received&page=2");
    const english = await fetch(`${app.url}/inbox`, { redirect: "manual" });
    expect(english.headers.get("location")).toBe("/messages?box=received");
  });
});
