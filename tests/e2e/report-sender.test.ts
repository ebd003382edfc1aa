import { describe, expect } from "vitest";
import { expectNoAxeViolations, expectNoConsoleErrors, saveScreenshot, toastText, waitForHydration } from "../setup/browser.ts";
import { e2e, signInPage } from "../setup/e2e.ts";

// "Report this sender" in the browser (issue 31): the consultant who received a message opens the
// conversation on a phone, reports the sender with a reason and details (a reason that needs
// details is refused beside the field, the choice kept), and the page then says it was reported;
// the sender's side has no such form; the admin finds the report, reason and details, in the
// queue on /admin/organizations. The form reads in Thai on /th.

const it = e2e();

/** The message the consultant reports. */
const SCAM = {
  senderOrganization: "Mekong Jobs",
  subject: "A paid position for you",
  message: "Send us a processing fee of 200 USD and the assignment is yours.",
};

describe("report this sender", () => {
  it("a consultant reports a received conversation from its page; the admin finds it in the queue", async ({
    app,
    openPage,
    signedInPage,
    conversation,
  }) => {
    // Through the API, as the message dialog sends it (201 checked by startConversation).
    const { consultant, sender } = await conversation({ consultant: "Lan Nguyen", sender: "Ploy Srisuk" }, SCAM);

    const phone = await openPage({ viewport: "phone" });
    await signInPage(phone.page, app.url, consultant.sessionToken);
    await phone.page.goto(`${app.url}/messages?box=received`);
    await phone.page
      .getByRole("link", { name: /A paid position for you/ })
      .first()
      .click();
    await phone.page.getByRole("heading", { name: "A paid position for you" }).waitFor();
    const conversationUrl = phone.page.url();
    await waitForHydration(phone.page);

    await phone.page.getByText("Report this sender").click();
    const form = phone.page.locator("form").filter({ has: phone.page.getByRole("button", { name: "Send the report" }) });
    await expectNoAxeViolations(phone.page);
    // "Something else" without a word of what: refused beside the details, the choice kept.
    await form.getByLabel("Something else").check();
    await form.getByRole("button", { name: "Send the report" }).click();
    await form.getByText("Please say in the details what is wrong with this conversation.").waitFor();
    await expect(form.getByLabel("Something else").isChecked()).resolves.toBe(true);
    await expectNoAxeViolations(phone.page);

    await form.getByLabel("A scam or a fake job offer (for example, it asks for a fee)").check();
    await form.getByLabel(/^Details/).fill("They ask for a fee before any interview.");
    await form.getByRole("button", { name: "Send the report" }).click();
    expect(await toastText(phone.page, "An administrator will look at this conversation.")).toContain("Thank you.");
    await phone.page.getByTestId("sender-reported").getByText("You reported this sender").waitFor();
    await expect(phone.page.getByRole("button", { name: "Send the report" }).count()).resolves.toBe(0);
    await expectNoAxeViolations(phone.page);
    await saveScreenshot(phone.page, "report-sender-phone");

    // The sender's side of the conversation offers no report.
    const senderPage = await openPage({ viewport: "desktop" });
    await signInPage(senderPage.page, app.url, sender.sessionToken);
    await senderPage.page.goto(conversationUrl);
    await senderPage.page.getByRole("heading", { name: "A paid position for you" }).waitFor();
    await expect(senderPage.page.getByText("Report this sender").count()).resolves.toBe(0);
    await expect(senderPage.page.getByText("You reported this sender").count()).resolves.toBe(0);

    // The admins' queue shows the reason and the details, from the consultant.
    const admin = await signedInPage("admin");
    await admin.page.goto(`${app.url}/admin/organizations`);
    const report = admin.page.getByTestId("report").filter({ hasText: "A paid position for you" });
    await report.getByText("A scam or a fake job offer").waitFor();
    await report.getByText("They ask for a fee before any interview.").waitFor();
    await report.getByText("reported by Lan Nguyen").waitFor();

    // In Thai, the page says it in Thai.
    await phone.page.goto(conversationUrl.replace(app.url, `${app.url}/th`));
    await phone.page.getByTestId("sender-reported").getByText("คุณได้รายงานผู้ส่งรายนี้แล้ว").waitFor();

    expectNoConsoleErrors(phone.errors, [/status of 400/]);
    expectNoConsoleErrors(senderPage.errors);
    expectNoConsoleErrors(admin.errors);
  });
});
