import type { Page } from "playwright-core";
import { describe, expect } from "vitest";
import { expectNoAxeViolations, expectNoConsoleErrors, saveScreenshot } from "../setup/browser.ts";
import { e2e } from "../setup/e2e.ts";

const it = e2e();

function questions(page: Page) {
  return page.locator("#faq-heading ~ * h4 button");
}

async function expandedQuestions(page: Page) {
  const expanded: string[] = [];
  for (const question of await questions(page).all()) {
    if ((await question.getAttribute("aria-expanded")) === "true") expanded.push((await question.textContent()) ?? "");
  }
  return expanded;
}

describe("help center", () => {
  it("shows the three support cards with the support hours, each a working way to reach support", async ({ app, openPage }) => {
    const { page, errors } = await openPage();
    await page.goto(`${app.url}/help-center`);
    const cards = page.locator("section[aria-labelledby=support-heading] article");
    // Live Chat said "Coming soon"; the contact form is a way to reach support that exists (issue 36).
    expect(await cards.locator("h3").allTextContents()).toEqual(["Contact Form", "Email Support", "Phone Support"]);
    expect(await cards.getByText("Mon-Fri 9AM-6PM SGT", { exact: true }).count()).toBe(3);
    expect(await cards.getByRole("link", { name: "Write to us" }).getAttribute("href")).toBe("/contact");
    expect(await cards.getByRole("link", { name: "support@devconsult.local" }).getAttribute("href")).toBe(
      "mailto:support@devconsult.local",
    );
    expectNoConsoleErrors(errors);
  });

  it("opens one question at a time, with the mouse and with the keyboard", async ({ app, openPage }) => {
    const { page, errors } = await openPage();
    await page.goto(`${app.url}/help-center`);
    const groups = page.locator("#faq-heading ~ * h3");
    expect(await groups.allTextContents()).toEqual([
      "Getting Started",
      "For Consultants",
      "For Organizations",
      "Technical Support",
    ]);
    expect(await questions(page).count()).toBe(12);
    expect(await expandedQuestions(page)).toEqual([]);

    const approval = page.getByRole("button", { name: "How long does it take for my profile to be approved?" });
    await approval.click();
    expect(await expandedQuestions(page)).toEqual(["How long does it take for my profile to be approved?"]);
    const answer = page.getByText("An administrator reviews every new profile, usually within 1-2 business days.");
    expect(await answer.isVisible()).toBe(true);
    expect(await answer.textContent()).toContain("You receive an e-mail as soon as it is approved");

    // Opening a question in another group closes the first.
    await page.getByRole("button", { name: "I forgot my password. What can I do?" }).click();
    expect(await expandedQuestions(page)).toEqual(["I forgot my password. What can I do?"]);
    expect(await answer.isVisible()).toBe(false);

    // Keyboard: arrows move between questions, Enter and Space toggle.
    await page.getByRole("button", { name: "What is DevConsult SEA?" }).focus();
    await page.keyboard.press("ArrowDown");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(
      "Do I need an account to search for consultants?",
    );
    await page.keyboard.press("Enter");
    expect(await expandedQuestions(page)).toEqual(["Do I need an account to search for consultants?"]);
    await expectNoAxeViolations(page);
    await page.keyboard.press("Space");
    expect(await expandedQuestions(page)).toEqual([]);
    expectNoConsoleErrors(errors);
  });

  it("filters the questions as you type, says how many match, and says so when none do", async ({ app, openPage }) => {
    const { page, errors } = await openPage({ viewport: "phone" });
    await page.goto(`${app.url}/help-center`);
    const search = page.getByRole("searchbox", { name: "Search the questions" });
    await search.pressSequentially("password");
    await expect
      .poll(() => questions(page).allTextContents())
      .toEqual(["How do I create an account?", "I forgot my password. What can I do?"]);
    expect(await page.getByRole("status").filter({ hasText: "match" }).textContent()).toBe(
      "2 of 12 questions match your search.",
    );
    expect(await page.locator("#faq-heading ~ * h3").allTextContents()).toEqual(["Getting Started", "Technical Support"]);

    await search.fill("visa sponsorship");
    await expect.poll(() => questions(page).count()).toBe(0);
    expect(await page.getByText("No questions match “visa sponsorship”.").isVisible()).toBe(true);
    expect(await page.getByRole("link", { name: "contact support", exact: true }).getAttribute("href")).toBe("/contact");
    await expectNoAxeViolations(page);
    await saveScreenshot(page, "help-center-no-results-phone");

    await search.fill("");
    await expect.poll(() => questions(page).count()).toBe(12);
    expectNoConsoleErrors(errors);
  });

  it("shows every answer and searches through ?q= without JavaScript", async ({ app, openPage }) => {
    const { page } = await openPage({ javaScriptEnabled: false });
    await page.goto(`${app.url}/help-center`);
    // Every answer is open when nothing can toggle it.
    expect(await page.getByText("An administrator reviews every new profile").isVisible()).toBe(true);
    await page.getByRole("searchbox", { name: "Search the questions" }).fill("jpeg");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await page.waitForURL(/\/help-center\?q=jpeg$/);
    expect(await questions(page).allTextContents()).toEqual(["Why won't my profile photo upload?"]);
    expect(await page.getByText("Photos must be JPEG, PNG or GIF files").isVisible()).toBe(true);
  });

  it("sends Contact Support to the contact page and Report a Bug to it with the technical subject", async ({ app, openPage }) => {
    const { page, errors } = await openPage();
    await page.goto(`${app.url}/help-center`);
    await page.getByRole("link", { name: "Report a Bug" }).click();
    await page.waitForURL(`${app.url}/contact?subject=technical`);
    await expect.poll(() => page.getByLabel("Subject").inputValue()).toBe("technical");
    await page.goBack();
    await page.getByRole("link", { name: "Contact Support" }).click();
    await page.waitForURL(`${app.url}/contact`);
    await expect.poll(() => page.getByLabel("Subject").inputValue()).toBe("");
    expectNoConsoleErrors(errors);
  });
});
