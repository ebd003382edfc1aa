import type { Page } from "playwright-core";
import { describe, expect } from "vitest";
import type { Sql } from "#server/db/client.ts";
import {
  expectFieldErrors,
  expectNoAxeViolations,
  expectNoConsoleErrors,
  saveScreenshot,
  waitForHydration,
} from "../setup/browser.ts";
import { e2e } from "../setup/e2e.ts";
import type { ReceivedMail, TestSmtp } from "../setup/smtp.ts";

// The contact form end to end: a real SMTP server receives what the app sends to SUPPORT_EMAIL.

const SUPPORT = "helpdesk@devconsult.test";

const it = e2e({ SUPPORT_EMAIL: SUPPORT });

it.beforeEach(async ({ sql }) => {
  await sql`delete from rate_limits`;
});

/** The support e-mail about a given sender, once it has arrived. */
async function waitForMailFrom(smtp: TestSmtp, sender: string): Promise<ReceivedMail> {
  const find = () => smtp.mailTo(SUPPORT).find((mail) => mail.raw.includes(sender));
  await expect.poll(() => find() !== undefined, { timeout: 15_000 }).toBe(true);
  return find()!;
}

async function fillForm(
  page: Page,
  values: { firstName: string; lastName: string; email: string; subject: string; message: string },
) {
  await page.getByLabel("First Name").fill(values.firstName);
  await page.getByLabel("Last Name").fill(values.lastName);
  await page.getByLabel("Email Address").fill(values.email);
  await page.getByLabel("Subject").selectOption(values.subject);
  await page.getByRole("textbox", { name: "Message", exact: true }).fill(values.message);
}

function storedMessages(sql: Sql, email: string) {
  return sql<
    { first_name: string; last_name: string; subject: string; message: string; emailed_at: Date | null }[]
  >`select first_name, last_name, subject, message, emailed_at from contact_messages where email = ${email}`;
}

describe("contact form", () => {
  it("stores the message, e-mails it to support with Reply-To the sender, and confirms on the page", async ({
    app,
    openPage,
    sql,
    smtp,
  }) => {
    const { page, errors } = await openPage();
    await page.goto(`${app.url}/contact`);
    const subjects = await page
      .getByLabel("Subject")
      .locator("option")
      .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
    expect(subjects).toEqual(["", "general", "technical", "consultant", "organization", "partnership", "feedback", "other"]);
    await fillForm(page, {
      firstName: "Siti",
      lastName: "Rahmawati",
      email: "siti@example.org",
      subject: "partnership",
      message: "We would like to list the nutrition experts of our network in Aceh.",
    });
    await page.getByRole("button", { name: "Send Message" }).click();
    await page.waitForURL(`${app.url}/contact?sent=1`);
    await page.getByRole("heading", { name: "Thank you, your message has been sent" }).waitFor();
    const toast = page.getByTestId("toast");
    await expect.poll(() => toast.textContent()).toContain("Message sent");
    // F8 moves focus to the notifications (Radix's toast hotkey, spec section 9).
    await page.keyboard.press("F8");
    expect(
      await page.evaluate(() => document.activeElement?.closest("[role=region]")?.getAttribute("aria-label") ?? ""),
    ).toContain("F8");
    await expectNoAxeViolations(page);
    await saveScreenshot(page, "contact-sent-desktop");

    const [stored] = await storedMessages(sql, "siti@example.org");
    expect(stored).toMatchObject({
      first_name: "Siti",
      last_name: "Rahmawati",
      subject: "partnership",
      message: "We would like to list the nutrition experts of our network in Aceh.",
    });
    const mail = await waitForMailFrom(smtp, "siti@example.org");
    expect(mail.to).toEqual([SUPPORT]);
    expect(mail.raw).toMatch(/^Reply-To: siti@example\.org$/m);
    expect(mail.subject).toBe("Contact form: Partnership Opportunities from Siti Rahmawati");
    expect(mail.text).toContain("We would like to list the nutrition experts of our network in Aceh.");
    expect(mail.text).toContain("From: Siti Rahmawati <siti@example.org>");
    await expect.poll(async () => (await storedMessages(sql, "siti@example.org"))[0]?.emailed_at).not.toBeNull();
    expectNoConsoleErrors(errors);
  });

  it("shows every field's error in the browser before sending, and sends nothing", async ({ app, openPage, sql }) => {
    const { page, errors } = await openPage({ viewport: "phone" });
    await page.goto(`${app.url}/contact`);
    await waitForHydration(page);
    await page.getByLabel("Email Address").fill("not-an-email");
    await page.getByRole("textbox", { name: "Message", exact: true }).fill("Too short");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expectFieldErrors(
      page,
      [
        "First name is required",
        "Last name is required",
        "Valid email address is required",
        "Please choose a subject",
        "Message must be at least 10 characters long",
      ],
      page.getByLabel("First Name"),
    );
    // Each error is tied to its field for screen readers.
    const describedBy = await page.getByLabel("Email Address").getAttribute("aria-describedby");
    expect(await page.locator(`[id="${describedBy}"]`).textContent()).toBe("Valid email address is required");
    await expectNoAxeViolations(page);
    await saveScreenshot(page, "contact-errors-phone");
    expect(page.url()).toBe(`${app.url}/contact`);
    expect(await storedMessages(sql, "not-an-email")).toHaveLength(0);

    // Fixing a field clears its error as you type.
    await page.getByRole("textbox", { name: "Message", exact: true }).fill("This one is long enough.");
    await page.getByText("Message must be at least 10 characters long").waitFor({ state: "detached" });
    expectNoConsoleErrors(errors);
  });

  it("works without JavaScript: the server validates with status 400 and keeps what was typed, then sends", async ({
    app,
    openPage,
    sql,
    smtp,
  }) => {
    const invalid = new URLSearchParams({
      firstName: "Minh",
      lastName: "",
      email: "minh@example",
      subject: "bogus",
      message: "short",
      website: "",
    });
    const response = await fetch(`${app.url}/contact`, { method: "POST", body: invalid });
    expect(response.status).toBe(400);
    const html = await response.text();
    for (const message of [
      "Last name is required",
      "Valid email address is required",
      "Please choose a subject",
      "Message must be at least 10 characters long",
    ]) {
      expect(html).toContain(message);
    }
    expect(html).not.toContain("First name is required");
    expect(html).toMatch(/value="Minh"/);
    expect(html).toContain('aria-invalid="true"');

    const { page } = await openPage({ javaScriptEnabled: false, viewport: "phone" });
    await page.goto(`${app.url}/contact?subject=technical`);
    expect(await page.getByLabel("Subject").inputValue()).toBe("technical");
    await fillForm(page, {
      firstName: "Minh",
      lastName: "Tran",
      email: "minh@example.org",
      subject: "technical",
      message: "The photo upload keeps failing on my phone.",
    });
    await page.getByRole("button", { name: "Send Message" }).click();
    await page.waitForURL(`${app.url}/contact?sent=1`);
    expect(await page.getByRole("heading", { name: "Thank you, your message has been sent" }).isVisible()).toBe(true);
    await saveScreenshot(page, "contact-sent-phone-nojs");
    expect(await storedMessages(sql, "minh@example.org")).toHaveLength(1);
    expect((await waitForMailFrom(smtp, "minh@example.org")).subject).toBe("Contact form: Technical Support from Minh Tran");
  });

  it("keeps what was typed on this device over a reload, and forgets it once the server confirms", async ({
    app,
    openPage,
    sql,
  }) => {
    // Issue 36 item 4: a form that sends typed text keeps a draft until the server confirms.
    const { page, errors } = await openPage();
    await page.goto(`${app.url}/contact`);
    await waitForHydration(page);
    const values = {
      firstName: "Dewi",
      lastName: "Lestari",
      email: "dewi.draft@example.org",
      subject: "consultant",
      message: "How do I show my daily rate only to verified organizations?",
    };
    await fillForm(page, values);
    await page.reload();
    await waitForHydration(page);
    await page.getByText("Your unsent text is back in the form.").waitFor();
    await expect(page.getByRole("textbox", { name: "Message", exact: true }).inputValue()).resolves.toBe(values.message);
    await expect(page.getByLabel("Email Address").inputValue()).resolves.toBe(values.email);
    await expect(page.getByLabel("Subject").inputValue()).resolves.toBe(values.subject);

    // The connection drops at Send (issue 36 item 4): the page and the text stay, with Retry.
    await page.context().setOffline(true);
    await page.getByRole("button", { name: "Send Message" }).click();
    const notice = page.getByTestId("not-sent");
    await expect(notice.innerText()).resolves.toContain("Not sent — you are offline; it will be kept here");
    await expect(page.getByRole("textbox", { name: "Message", exact: true }).inputValue()).resolves.toBe(values.message);
    await expect(storedMessages(sql, values.email)).resolves.toHaveLength(0);
    await page.context().setOffline(false);

    await notice.getByRole("button", { name: "Retry" }).click();
    await page.waitForURL(`${app.url}/contact?sent=1`);
    await expect(storedMessages(sql, values.email)).resolves.toHaveLength(1);
    await expect
      .poll(() => page.evaluate(() => Object.keys(window.localStorage).filter((key) => key.startsWith("draft:"))))
      .toEqual([]);
    await page.goto(`${app.url}/contact`);
    await waitForHydration(page);
    await expect(page.getByRole("textbox", { name: "Message", exact: true }).inputValue()).resolves.toBe("");
    expectNoConsoleErrors(errors, [/ERR_INTERNET_DISCONNECTED|ERR_FAILED|Failed to fetch|net::/]);
  });

  it("ignores an unknown ?subject= and preselects nothing", async ({ app, openPage }) => {
    const { page } = await openPage();
    await page.goto(`${app.url}/contact?subject=<script>`);
    expect(await page.getByLabel("Subject").inputValue()).toBe("");
  });

  it("lets a bot that fills the honeypot believe it succeeded, but stores and sends nothing", async ({
    app,
    smtp,
    openPage,
    sql,
  }) => {
    const { page, errors } = await openPage();
    await page.goto(`${app.url}/contact`);
    await fillForm(page, {
      firstName: "Best",
      lastName: "Offer",
      email: "bot@spam.test",
      subject: "other",
      message: "Cheap followers for your directory, click here now.",
    });
    await page.locator('input[name="website"]').fill("https://spam.test");
    await page.getByRole("button", { name: "Send Message" }).click();
    await page.waitForURL(`${app.url}/contact?sent=1`);
    expect(await storedMessages(sql, "bot@spam.test")).toHaveLength(0);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(smtp.received.some((mail) => mail.raw.includes("bot@spam.test"))).toBe(false);
    expectNoConsoleErrors(errors);
  });

  it("refuses a sender over the rate limit with 429, keeping the message they typed", async ({ app, sql, openPage }) => {
    // One real message creates this address's counter; then the hour's allowance is used up.
    const valid = new URLSearchParams({
      firstName: "Ana",
      lastName: "Cruz",
      email: "ana@example.org",
      subject: "general",
      message: "A first message that goes through.",
    });
    expect((await fetch(`${app.url}/contact`, { method: "POST", body: valid, redirect: "manual" })).status).toBe(302);
    await sql`update rate_limits set hits = 5 where key like 'contact:ip:%'`;

    const { page, errors } = await openPage();
    await page.goto(`${app.url}/contact`);
    await fillForm(page, {
      firstName: "Ana",
      lastName: "Cruz",
      email: "ana@example.org",
      subject: "feedback",
      message: "A second message, one too many this hour.",
    });
    const responded = page.waitForResponse((response) => response.request().method() === "POST");
    await page.getByRole("button", { name: "Send Message" }).click();
    expect((await responded).status()).toBe(429);
    const alert = page.getByRole("alert").filter({ hasText: "Your message was not sent" });
    await alert.waitFor();
    expect(await alert.textContent()).toContain("You have sent several messages in a short time.");
    expect(await page.getByRole("textbox", { name: "Message", exact: true }).inputValue()).toBe(
      "A second message, one too many this hour.",
    );
    expect(await storedMessages(sql, "ana@example.org")).toHaveLength(1);
    await expectNoAxeViolations(page);
    // The browser logs the 429 response of the form's fetch.
    expectNoConsoleErrors(errors, [/status of 429/]);
  });
});
