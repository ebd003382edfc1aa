import { describe, expect } from "vitest";
import { expectNoAxeViolations, expectNoConsoleErrors, saveScreenshot, toastText } from "../setup/browser.ts";
import { e2e, signInThroughDialog } from "../setup/e2e.ts";

const it = e2e()
  /** A listed consultant profile with a hidden e-mail address (`profileEmail`), owned by a new account. */
  .extend("hiddenConsultant", { scope: "file" }, async ({ consultantAccount }) => {
    return async (name: string) => {
      const profileEmail = `${name.toLowerCase().replace(/\W+/g, ".")}.private@example.org`;
      const account = await consultantAccount(name, { email: profileEmail, show_email: false });
      return { ...account, profileEmail };
    };
  })
  /** The two sides of a conversation: a consultant with a hidden address, and a new account to write to them. */
  .extend("parties", { scope: "file" }, async ({ hiddenConsultant, register }) => {
    return async (consultantName: string, senderName: string) => {
      const consultant = await hiddenConsultant(consultantName);
      const sender = await register(senderName);
      return { consultant, sender };
    };
  });

describe("messages", () => {
  it("an organization messages a consultant from the profile; the consultant reads and answers it in the conversation", async ({
    app,
    sql,
    smtp,
    openPage,
    parties,
  }) => {
    const { consultant, sender } = await parties("Lan Nguyen", "Maria Santos");

    // The organization signs in on the profile page and sends a message from its dialog.
    const org = await openPage();
    await org.page.goto(`${app.url}/consultant/${consultant.consultantId}`);
    await org.page.getByRole("button", { name: "Send Message" }).click();
    const askToSignIn = org.page.getByRole("dialog", { name: "Sign in to send a message" });
    await askToSignIn.getByRole("button", { name: "Sign In" }).click();
    await signInThroughDialog(org.page, sender);

    // Signed in, the message form opens by itself (issue 36: the started action is offered).
    const form = org.page.getByRole("dialog", { name: "Message Lan Nguyen" });
    await expect(form.getByLabel("Your Name").inputValue()).resolves.toBe("Maria Santos");
    await expect(form.getByLabel("Your Email").inputValue()).resolves.toBe(sender.email);
    await form.getByLabel("Organization").fill("UNICEF Philippines");
    await form.getByLabel("Subject").fill("Health systems evaluation");
    await form.getByRole("textbox", { name: "Message" }).fill("Too short");
    await form.getByRole("button", { name: "Send Message" }).click();
    await form.getByText("Message must be at least 10 characters long").waitFor();
    await form
      .getByRole("textbox", { name: "Message" })
      .fill("We need an evaluator for a six-month assignment in Mindanao, starting in July.");
    await expectNoAxeViolations(org.page);
    await form.getByRole("button", { name: "Send Message" }).click();
    expect(await toastText(org.page, "Message sent successfully!")).toContain(
      "You will find Lan Nguyen's reply under Messages, and in your e-mail.",
    );
    await form.waitFor({ state: "detached" });
    // Opened again, the form is empty apart from the account's name and e-mail.
    await org.page.getByRole("button", { name: "Send Message" }).click();
    await expect(form.getByLabel("Subject").inputValue()).resolves.toBe("");
    await expect(form.getByLabel("Your Name").inputValue()).resolves.toBe("Maria Santos");
    await form.getByRole("button", { name: "Cancel" }).click();
    // The sender's page never shows the hidden address.
    expect(await org.page.content()).not.toContain(consultant.profileEmail);
    expectNoConsoleErrors(org.errors);

    const notification = await smtp.waitForMailAbout(consultant.profileEmail, /^New message from/);
    expect(notification.subject).toBe("New message from Maria Santos (UNICEF Philippines): Health systems evaluation");
    expect(notification.raw).toMatch(new RegExp(`^Reply-To: ${sender.email.replace(/\./g, "\\.")}$`, "im"));
    expect(smtp.mailTo(sender.email).some((mail) => mail.raw.includes(consultant.profileEmail))).toBe(false);

    // The consultant signs in, sees the unread badge, opens Messages from the menu, then the inbox.
    const { page, errors, close } = await openPage();
    await page.goto(app.url);
    await page.getByRole("button", { name: "Sign In" }).click();
    await signInThroughDialog(page, consultant);
    // The badge is on the menu button and part of its name for screen readers.
    const menuButton = page.getByRole("button", { name: "Account menu for Lan Nguyen 1 unread message" });
    await expect(page.getByTestId("unread-badge").first().textContent()).resolves.toBe("1 unread message");
    await menuButton.click();
    // A consultant's menu leads with the profile, right after Messages.
    const items = await page.getByRole("menuitem").allInnerTexts();
    expect(items.map((text) => text.replace(/\s+/g, " ").trim())).toEqual([
      "Messages 1 unread message",
      "My Consultant Profile",
      "Shortlists",
      "Saved searches",
      "Organizations",
      "Manage Account",
      "Sign Out",
    ]);
    await page.getByRole("menuitem", { name: /Messages/ }).click();
    await page.waitForURL(`${app.url}/messages`);
    await page.getByRole("link", { name: /Received/ }).click();
    await page.waitForURL(`${app.url}/messages?box=received`);
    const item = page.getByTestId("conversation-item").first();
    await expect(item.innerText()).resolves.toContain("1 unread");
    await expect(item.innerText()).resolves.toContain("Health systems evaluation");
    await expect(item.innerText()).resolves.toContain("New");
    await expectNoAxeViolations(page);
    await saveScreenshot(page, "inbox-desktop");

    await item.click();
    await page.getByRole("heading", { level: 1, name: "Health systems evaluation" }).waitFor();
    await expect(page.getByText("six-month assignment in Mindanao").count()).resolves.toBe(1);
    // The address the sender gave for answers, as the old inbox showed it.
    await expect(page.getByRole("link", { name: sender.email }).getAttribute("href")).resolves.toBe(`mailto:${sender.email}`);
    // Opened, the message is read: the badge is gone.
    await page.getByTestId("unread-badge").first().waitFor({ state: "detached" });
    await expectNoAxeViolations(page);

    await page.getByLabel("Your message").fill("Thank you, I am available from July. Shall we talk on Monday?");
    await page.getByRole("button", { name: "Send" }).click();
    await toastText(page, "Message sent");
    await page.getByTestId("conversation-entry").nth(1).waitFor();
    await expect(page.getByTestId("conversation-status").innerText()).resolves.toBe("You replied");
    const reply = await smtp.waitForMailAbout(sender.email, /^Re: /);
    expect(reply.subject).toBe("Re: Health systems evaluation");
    expect(reply.raw).toMatch(new RegExp(`^Reply-To: ${consultant.profileEmail.replace(/\./g, "\\.")}$`, "im"));
    expect(reply.text).toContain("Thank you, I am available from July.");
    await saveScreenshot(page, "inbox-message-desktop");

    // An old link to the inbox leads to the same conversation.
    const [message] = await sql<{ id: number; conversation_id: number }[]>`
      select id, conversation_id from messages where consultant_id = ${consultant.consultantId}`;
    await page.goto(`${app.url}/inbox/${message?.id}`);
    await page.waitForURL(`${app.url}/messages/${message?.conversation_id}`);
    await page.goto(`${app.url}/inbox`);
    await page.waitForURL(`${app.url}/messages?box=received`);
    expectNoConsoleErrors(errors);
    await close();
    await org.close();
  });

  it("pages the received messages, newest first, on a phone, from the old inbox address", async ({
    app,
    sql,
    openPage,
    hiddenConsultant,
  }) => {
    const consultant = await hiddenConsultant("Ana Reyes");
    for (let i = 1; i <= 23; i++) {
      await sql`
        insert into messages (consultant_id, sender_name, sender_email, subject, message, created_at, is_read)
        values (${consultant.consultantId}, 'Budi Santoso', 'budi@example.org', ${`Lead number ${i}`},
                'A long enough message about an assignment.', now() - make_interval(hours => ${24 - i}), ${i % 2 === 0})`;
    }
    const { page, errors } = await openPage({ viewport: "phone" });
    await page.context().addCookies([{ name: "session", value: consultant.sessionToken, url: app.url }]);
    await page.goto(`${app.url}/inbox`);
    await page.waitForURL(`${app.url}/messages?box=received`);
    await expect(page.getByRole("link", { name: /Received/ }).innerText()).resolves.toContain("12");
    // The first paragraph of each item is its subject.
    const subjects = () =>
      page.getByTestId("conversation-item").evaluateAll((items) => items.map((item) => item.querySelector("p")?.textContent));
    const first = await subjects();
    expect(first).toHaveLength(20);
    expect(first[0]).toBe("Lead number 23");
    expect(first[19]).toBe("Lead number 4");
    await expect(page.getByText("Page 1 of 2").count()).resolves.toBe(1);
    await expectNoAxeViolations(page);
    await saveScreenshot(page, "inbox-phone");
    await page.getByRole("link", { name: "Older" }).click();
    await page.getByText("Page 2 of 2").waitFor();
    expect(await subjects()).toEqual(["Lead number 3", "Lead number 2", "Lead number 1"]);
    expectNoConsoleErrors(errors);
  });

  it("asks a visitor to sign in, and never answers an account without a profile with Create Consultant Profile", async ({
    app,
    openPage,
    register,
  }) => {
    const { page, errors } = await openPage({ viewport: "phone" });
    await page.goto(`${app.url}/inbox`);
    await page.waitForURL(`${app.url}/messages?box=received`);
    await page.getByText("You need to be signed in to read your messages.").waitFor();
    const account = await register("Somchai Wong");
    await page.context().addCookies([{ name: "session", value: account.sessionToken, url: app.url }]);
    await page.goto(`${app.url}/inbox`);
    await page.getByText("You do not need a profile to message consultants.").waitFor();
    await expect(page.getByRole("link", { name: "Create Consultant Profile" }).count()).resolves.toBe(0);
    await expectNoAxeViolations(page);
    expectNoConsoleErrors(errors);
  });

  it("tells a sender whose session has ended to sign in again", async ({ app, sql, openPage, parties }) => {
    const { consultant, sender } = await parties("Dara Sok", "Linh Tran");
    const { page, errors } = await openPage();
    await page.context().addCookies([{ name: "session", value: sender.sessionToken, url: app.url }]);
    await page.goto(`${app.url}/consultant/${consultant.consultantId}`);
    await page.getByRole("button", { name: "Send Message" }).click();
    const form = page.getByRole("dialog", { name: "Message Dara Sok" });
    await form.getByLabel("Subject").fill("Rice value chains");
    await form.getByRole("textbox", { name: "Message" }).fill("A study of rice value chains in Battambang.");
    await sql`delete from auth_sessions where user_id = ${sender.id}`;
    await form.getByRole("button", { name: "Send Message" }).click();
    expect(await toastText(page, "Authentication Required")).toContain(
      "You need to be logged in to send messages. Please sign in and try again.",
    );
    const [{ total }] = (await app.database!
      .sql`select count(*)::int as total from messages where consultant_id = ${consultant.consultantId}`) as [{ total: number }];
    expect(total).toBe(0);
    expectNoConsoleErrors(errors, [/status of 401/]);
  });

  it("works without JavaScript: send from the profile, read and answer in the conversation", async ({
    app,
    openPage,
    parties,
  }) => {
    const { consultant, sender } = await parties("Kiet Pham", "Budi Santoso");
    const org = await openPage({ javaScriptEnabled: false });
    await org.page.context().addCookies([{ name: "session", value: sender.sessionToken, url: app.url }]);
    await org.page.goto(`${app.url}/consultant/${consultant.consultantId}`);
    await org.page.getByRole("button", { name: "Send Message" }).click();
    await org.page.waitForURL(new RegExp(`/consultant/${consultant.consultantId}/message`));
    await org.page.getByLabel("Subject").fill("Climate adaptation review");
    await org.page.getByRole("textbox", { name: "Message" }).fill("Short");
    await org.page.getByRole("button", { name: "Send Message" }).click();
    await org.page.getByText("Message must be at least 10 characters long").waitFor();
    await org.page
      .getByRole("textbox", { name: "Message" })
      .fill("A three-month review of a climate adaptation programme in Jakarta.");
    await org.page.getByRole("button", { name: "Send Message" }).click();
    await org.page.getByRole("heading", { name: "Message sent successfully!" }).waitFor();

    const { page } = await openPage({ javaScriptEnabled: false });
    await page.context().addCookies([{ name: "session", value: consultant.sessionToken, url: app.url }]);
    await page.goto(`${app.url}/inbox`);
    await page.getByTestId("conversation-item").first().click();
    await page.getByRole("heading", { level: 1, name: "Climate adaptation review" }).waitFor();
    await page.getByLabel("Your message").fill("Happy to help with this review.");
    await page.getByRole("button", { name: "Send" }).click();
    await page.getByText("Happy to help with this review.").waitFor();
    await expect(page.getByTestId("conversation-status").innerText()).resolves.toBe("You replied");

    await org.close();
  });

  it("refuses a bot that fills in the hidden honeypot field, while showing it success", async ({ app, openPage, parties }) => {
    const { consultant, sender: bot } = await parties("Mai Tran", "Bulk Mailer");
    const { page } = await openPage({ javaScriptEnabled: false });
    await page.context().addCookies([{ name: "session", value: bot.sessionToken, url: app.url }]);
    await page.goto(`${app.url}/consultant/${consultant.consultantId}/message`);
    // Out of the tab order and hidden from assistive technology: people never reach it.
    await expect(page.locator('input[name="website"]').getAttribute("tabindex")).resolves.toBe("-1");
    await page.getByLabel("Subject").fill("Cheap offers");
    await page.getByRole("textbox", { name: "Message" }).fill("Buy our followers now, best prices guaranteed.");
    await page.locator('input[name="website"]').fill("https://spam.example", { force: true });
    await page.getByRole("button", { name: "Send Message" }).click();
    await page.getByRole("heading", { name: "Message sent successfully!" }).waitFor();
    const [{ total }] = (await app.database!
      .sql`select count(*)::int as total from messages where consultant_id = ${consultant.consultantId}`) as [{ total: number }];
    expect(total).toBe(0);
  });
});
