import type { Page } from "playwright-core";
import { describe, expect } from "vitest";
import { expectNoAxeViolations, expectNoConsoleErrors, toastText, waitForHydration } from "../setup/browser.ts";
import { e2e, signInPage, unique } from "../setup/e2e.ts";
import { findLink } from "../setup/smtp.ts";

// Issue 36 item 5 in the browser ("Spam stops at the door"): a blocked sender's conversation is
// marked in words in the consultant's list and page, and its answer form is disabled with why and
// what to do; "Delete from my messages" asks first, works without JavaScript, and leaves the
// other party's copy alone; an account whose address is not verified yet is told so when its
// first message is refused, and "Resend verification" sends a new link that arrives by e-mail.

const it = e2e();

const SPAM = {
  subject: "A paid position for you",
  message: "Send us a processing fee of 200 USD and the assignment is yours.",
};

/** The list's item of this conversation (its link). */
function itemOf(page: Page, id: number) {
  return page.locator(`a[href$="/messages/${id}"]`);
}

describe("a blocked sender's conversation", () => {
  it("is marked 'Blocked sender' in the list and on its page, and its answer form is disabled with why and what to do", async ({
    app,
    openPage,
    account,
    conversation,
  }) => {
    const {
      consultant,
      sender: spammer,
      id,
    } = await conversation({ consultant: `Lan Nguyen ${unique()}`, sender: "Ploy Srisuk" }, SPAM);
    const admin = await account("admin");
    const blocked = await fetch(`${app.url}/api/admin/users/${spammer.id}/block`, {
      method: "PUT",
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(blocked.status).toBe(200);

    const { page, errors } = await openPage({ viewport: "phone" });
    await signInPage(page, app.url, consultant.sessionToken);
    await page.goto(`${app.url}/messages?box=received`);
    const item = itemOf(page, id);
    await item.getByTestId("blocked-sender").getByText("Blocked sender").waitFor();
    // Out of the unread counts: no "1 unread" on it.
    await expect(item.getByText(/unread/).count()).resolves.toBe(0);
    await expectNoAxeViolations(page);

    await item.click();
    await page.getByRole("heading", { level: 1, name: SPAM.subject }).waitFor();
    await waitForHydration(page);
    await page.locator("header").getByTestId("blocked-sender").waitFor();
    const why = page.getByTestId("blocked-answer");
    await why.getByText("This sender's account has been blocked for abuse, so replies to it are not sent.").waitFor();
    await why.getByText(/You do not need to answer/).waitFor();
    await why.getByRole("link", { name: "contact us" }).waitFor();
    const answer = page.getByLabel("Your message");
    await expect(answer.isDisabled()).resolves.toBe(true);
    await expect(page.getByRole("button", { name: "Send", exact: true }).isDisabled()).resolves.toBe(true);
    await expectNoAxeViolations(page);

    // The same in Thai.
    await page.goto(`${app.url}/th/messages/${id}`);
    await page.locator("header").getByTestId("blocked-sender").getByText("ผู้ส่งถูกระงับ").waitFor();
    expectNoConsoleErrors(errors);
  });
});

describe("Delete from my messages", () => {
  it("asks first, works without JavaScript, and the other party still has the conversation", async ({
    app,
    openPage,
    conversation,
  }) => {
    const { consultant, sender, id } = await conversation({ consultant: `Dara Chann ${unique()}`, sender: "Maria Santos" }, SPAM);

    const { page, errors } = await openPage({ viewport: "phone", javaScriptEnabled: false });
    await signInPage(page, app.url, consultant.sessionToken);
    await page.goto(`${app.url}/messages/${id}`);
    await page.getByRole("heading", { level: 1, name: SPAM.subject }).waitFor();
    const confirm = page.getByRole("button", { name: "Yes, delete it from my messages" });
    // The confirm step: the button is behind "Delete from my messages", with what deleting does.
    await expect(confirm.isVisible()).resolves.toBe(false);
    await page.getByText("Delete from my messages", { exact: true }).click();
    await page.getByText(/The conversation leaves your messages only/).waitFor();
    await confirm.click();
    await page.waitForURL(/\/messages\?box=received$/);
    await page.getByRole("heading", { level: 1, name: "Messages" }).waitFor();
    await expect(itemOf(page, id).count()).resolves.toBe(0);

    // The sender still lists it under Sent and opens it, with the message.
    const other = await openPage({ viewport: "desktop" });
    await signInPage(other.page, app.url, sender.sessionToken);
    await other.page.goto(`${app.url}/messages?box=sent`);
    await itemOf(other.page, id).waitFor();
    await itemOf(other.page, id).click();
    await other.page.getByText(SPAM.message).waitFor();
    expectNoConsoleErrors(errors);
    expectNoConsoleErrors(other.errors);
  });

  it("with JavaScript: the toast says so and the list no longer has it", async ({ app, openPage, conversation }) => {
    const { consultant, id } = await conversation({ consultant: `Vo Thi Hoa ${unique()}`, sender: "Ana Reyes" }, SPAM);
    const { page, errors } = await openPage({ viewport: "phone" });
    await signInPage(page, app.url, consultant.sessionToken);
    await page.goto(`${app.url}/messages/${id}`);
    await waitForHydration(page);
    await page.getByText("Delete from my messages", { exact: true }).click();
    await page.getByText(/The conversation leaves your messages only/).waitFor();
    // axe runs as a script: the confirm step is checked here, with JavaScript.
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Yes, delete it from my messages" }).click();
    await toastText(page, "The conversation has been deleted from your messages.");
    await page.waitForURL(/\/messages\?box=received$/);
    await page.getByRole("heading", { level: 2, name: "No conversations here yet" }).waitFor();
    expectNoConsoleErrors(errors);
  });
});

describe("an account whose address is not verified yet", () => {
  it("is told to verify it when its first message is refused, and Resend verification sends a link that arrives", async ({
    app,
    smtp,
    openPage,
    consultantAccount,
    register,
  }) => {
    const consultant = await consultantAccount(`Nguyen Thi Mai ${unique()}`);
    const sender = await register("Bui Thi Lan", { asNew: true });
    // The registration's own verification mail first.
    const first = await smtp.waitForMailAbout(sender.email, /Verify your email address/);

    const { page, errors } = await openPage({ viewport: "phone" });
    await signInPage(page, app.url, sender.sessionToken);
    await page.goto(`${app.url}/consultant/${consultant.consultantId}`);
    await waitForHydration(page);
    await page.getByRole("button", { name: "Send Message" }).click();
    const dialog = page.getByRole("dialog", { name: /^Message Nguyen Thi Mai/ });
    const text = "A two-week evaluation of a school water programme in Hue, in April.";
    await dialog.getByLabel("Subject").fill("Evaluation in Hue");
    await dialog.getByRole("textbox", { name: "Message" }).fill(text);
    await dialog.getByRole("button", { name: "Send Message" }).click();

    const verify = dialog.getByTestId("verify-to-send");
    await verify.getByText("Verify your e-mail address first").waitFor();
    await verify.getByText(/Please verify your e-mail address before you start a conversation/).waitFor();
    // What was typed stays.
    await expect(dialog.getByRole("textbox", { name: "Message" }).inputValue()).resolves.toBe(text);
    await expectNoAxeViolations(page);

    await verify.getByRole("button", { name: "Resend verification" }).click();
    await verify.getByRole("status").getByText(`We sent a verification link to ${sender.email}.`).waitFor();
    await toastText(page, "Verification email sent");
    // The new link arrives through the real SMTP server, and it is not the registration's.
    const again = await smtp.waitForMailAbout(
      sender.email,
      (mail) => /Verify your email address/.test(mail.subject) && mail.raw !== first.raw,
    );
    const link = findLink(again, "/verify-email");
    expect(link.searchParams.get("token")).not.toBe(findLink(first, "/verify-email").searchParams.get("token"));
    expect(smtp.mailTo(sender.email).filter((mail) => /Verify your email address/.test(mail.subject))).toHaveLength(2);
    await expect(dialog.getByRole("textbox", { name: "Message" }).inputValue()).resolves.toBe(text);
    expectNoConsoleErrors(errors, [/status of 403/]);
  });
});
