import path from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppServer, startApp } from "../setup/app-server.ts";
import {
  connectBrowser,
  downloadBytes,
  expectNoAxeViolations,
  expectNoConsoleErrors,
  openPage,
  waitForHydration,
} from "../setup/browser.ts";
import { pdfText } from "../setup/pdf-text.ts";
import { startSmtpServer, type TestSmtp } from "../setup/smtp.ts";
import { entry, savedProfileId, signIn } from "./profile-form-helpers.ts";

// Issue 34 in the browser, on a phone and on a desktop: a consultant imports a UN P11, fixes one
// date, saves; asks a referee; the referee, signed out, confirms from the e-mail's link; the
// profile shows "Confirmed by". axe-core finds nothing on any page of the way.

const P11 = path.resolve(import.meta.dirname, "../fixtures/cv/p11/03-dewi-lestari-p11.docx");

let app: AppServer;
let browser: Browser;
let smtp: TestSmtp;

beforeAll(async () => {
  smtp = await startSmtpServer();
  [app, browser] = await Promise.all([
    startApp({ env: { SEED_DEMO: "false", REQUIRE_APPROVAL: "false", SMTP_URL: smtp.url } }),
    connectBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await smtp?.close();
});

describe("importing a CV and a confirmed reference", () => {
  for (const viewport of ["phone", "desktop"] as const) {
    it(`on a ${viewport}: import a P11, fix a date, save, ask a referee, who confirms signed out`, async () => {
      const { page, errors, close } = await openPage(browser, { viewport });
      await signIn(app, page, `p11${viewport}`);
      await page.goto(`${app.url}/profile/new`);
      await waitForHydration(page);
      await page.getByRole("button", { name: "Import from your CV" }).click();
      await page.getByLabel("CV file").setInputFiles(P11);
      await page.getByRole("button", { name: "Read the CV into the form" }).click();
      const summary = page.getByRole("status").filter({ hasText: "Read as UN Personal History Form (P11)" });
      await summary.waitFor();
      expect(await summary.innerText()).toContain("Added 3 assignments, 2 education entries and 2 languages");
      await expectNoAxeViolations(page);

      // The first assignment is the P11's present post, marked for checking; its start month is fixed by hand.
      const first = entry(page, "Assignment 1");
      await expect.poll(() => first.getByText("From your CV: check it").count()).toBe(1);
      // The degrees too: each education entry read from the CV carries the same mark.
      expect(await entry(page, "Education entry 1").getByText("From your CV: check it").count()).toBe(1);
      expect(await entry(page, "Education entry 2").getByText("From your CV: check it").count()).toBe(1);
      expect(await first.getByLabel("Assignment title").inputValue()).toBe("Decentralised Water Supply in Central Java");
      await first.getByLabel("Start month").fill("2024-09");
      // What the P11 does not say, the form still asks for.
      await page.getByLabel("Professional Title").fill("Water and Sanitation Engineer");
      await page.getByLabel("Primary Specialization").selectOption("Infrastructure");
      await page
        .getByLabel("Professional Summary")
        .fill("Engineer in community water supply and coastal resilience in Indonesia.");
      await page.getByRole("button", { name: "Create Profile" }).click();
      const { id: profileId } = await savedProfileId(app, page, "Profile created successfully!");

      await page.goto(`${app.url}/my-consultant-profile`);
      const references = page.getByRole("region", { name: "References from past clients" });
      await references.waitFor();
      // The record is shown twice on this page (the profile, then the references): the references' entry.
      const assignment = references.locator("li", {
        has: page.getByRole("heading", { name: "Decentralised Water Supply in Central Java" }),
      });
      expect(await assignment.innerText()).toContain("Sep 2024");
      const refereeEmail = `budi.${viewport}.${process.pid}@usaid.example.org`;
      await assignment.getByLabel("Referee's name").fill("Budi Santoso");
      await assignment.getByLabel("Referee's e-mail").fill(refereeEmail);
      await assignment.getByRole("button", { name: /Ask for a reference/ }).click();
      await page.getByText("Request sent to Budi Santoso.").waitFor();
      await assignment.getByText("Waiting for an answer").waitFor();
      await expectNoAxeViolations(page);
      expectNoConsoleErrors(errors);
      await close();

      // The referee: another browser, signed out, from the e-mail's link.
      const mail = await smtp.waitForMail(refereeEmail);
      const link = /https?:\/\/\S+\/references\/[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
      expect(link).toBeDefined();
      const referee = await openPage(browser, { viewport });
      await referee.page.goto(link ?? "");
      await referee.page.getByRole("heading", { name: "Confirm an assignment" }).waitFor();
      expect(await referee.page.getByLabel("Start month").inputValue()).toBe("2024-09");
      await expectNoAxeViolations(referee.page);
      await referee.page.getByLabel("Statement (optional)").fill("Dewi supervised the village systems with great care.");
      await referee.page.getByLabel("Score (optional)").selectOption("9");
      await referee.page.getByRole("button", { name: "Confirm the assignment" }).click();
      await referee.page.getByRole("heading", { name: "Thank you" }).waitFor();
      await expectNoAxeViolations(referee.page);
      // The link is used up.
      await referee.page.goto(link ?? "");
      await referee.page.getByRole("heading", { name: "This link cannot be used" }).waitFor();

      // Everyone sees the confirmation on the public profile; nobody sees the referee's address.
      await referee.page.goto(`${app.url}/consultant/${profileId}`);
      const confirmation = referee.page.getByText("Confirmed by Budi Santoso, Provincial Government of Central Java");
      await confirmation.waitFor();
      expect(await referee.page.locator("main").innerText()).not.toContain(refereeEmail);
      await referee.page.getByText("Confirmed by past clients").waitFor();
      await expectNoAxeViolations(referee.page);

      // The visitor takes the CV in a donor's layout: the EU tender annex, with the imported record.
      await referee.page.getByText("CV in a donor's layout").click();
      const [download] = await Promise.all([
        referee.page.waitForEvent("download"),
        referee.page.getByRole("link", { name: "EU tender CV annex, PDF" }).click(),
      ]);
      const annex = (await pdfText(await downloadBytes(download))).text.replace(/\s+/g, " ");
      expect(annex).toContain("11. Professional experience");
      expect(annex).toContain("Decentralised Water Supply in Central Java");
      expect(annex).toContain("Sep 2024");
      expect(annex).not.toContain(refereeEmail);
      await expectNoAxeViolations(referee.page);

      // On the Thai page, the CV comes with its headings in Thai (issue 37).
      await referee.page.goto(`${app.url}/th/consultant/${profileId}`);
      const thaiCv = referee.page.getByRole("link", { name: "ดาวน์โหลด CV" });
      expect(await thaiCv.getAttribute("href")).toBe(`/api/consultants/${profileId}/cv.pdf?lang=th`);
      const [thaiDownload] = await Promise.all([referee.page.waitForEvent("download"), thaiCv.click()]);
      // Compared without spaces (pdf.js leaves out those between runs of two fonts), SARA AM as one character.
      const loose = (text: string) => text.replace(/\s/gu, "").replace(/\u0E4D\u0E32/gu, "\u0E33");
      const thai = loose((await pdfText(await downloadBytes(thaiDownload))).text);
      expect(thai).toContain(loose("6. ประวัติการทำงานและการปฏิบัติงาน"));
      expect(thai).toContain(loose("Decentralised Water Supply in Central Java"));
      await expectNoAxeViolations(referee.page);
      expectNoConsoleErrors(referee.errors, [/404/]);
      await referee.close();
    }, 120_000); // the longest journey: two users, an import, two CVs made; took 38 s at load 14
  }
});
