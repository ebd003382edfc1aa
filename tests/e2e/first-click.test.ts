import { describe, expect } from "vitest";
import { expectNoConsoleErrors, waitForHydration } from "../setup/browser.ts";
import { e2e, signInPage, signInThroughDialog, unique } from "../setup/e2e.ts";
import { boxesOverlap } from "../setup/layout.ts";

// Issue 36 item 7: the first click on "Send Message" was lost when a field was invalid: pressing
// the mouse blurred the Message field, its error appeared above the button, the button moved
// before the mouse was released, and nothing was submitted. Validation must never move the
// control being pressed: one click shows every field's error.

const it = e2e();

describe("the message dialog's first click", () => {
  it("shows every field's error on the first click, with the Message field focused when it is pressed", async ({
    app,
    openPage,
    account,
    consultantAccount,
  }) => {
    const consultant = await consultantAccount(`Lan Nguyen ${unique()}`);
    const sender = await account("user", "Maria Santos");
    const { page, errors } = await openPage({ viewport: "phone" });
    await page.setViewportSize({ width: 390, height: 844 });
    await signInPage(page, app.url, sender.token);
    await page.goto(`${app.url}/consultant/${consultant.consultantId}`);
    await waitForHydration(page);
    await page.getByRole("button", { name: "Send Message" }).click();
    const dialog = page.getByRole("dialog", { name: /^Message Lan Nguyen/ });
    // Too short, and the Subject left empty; the focus stays in the Message field.
    await dialog.getByRole("textbox", { name: "Message" }).fill("Too short");
    const button = dialog.getByRole("button", { name: "Send Message" });
    await button.click();
    await dialog.getByText("Subject is required").waitFor();
    await dialog.getByText("Message must be at least 10 characters long").waitFor();
    // The first field in error has the focus: the submit ran on the first click.
    await expect.poll(() => dialog.getByLabel("Subject").evaluate((element) => element === document.activeElement)).toBe(true);
    expectNoConsoleErrors(errors);
  });

  it("is not covered by a toast on a phone: the welcome of a sign-in a moment before shows above the dialog", async ({
    app,
    openPage,
    register,
    consultantAccount,
  }) => {
    const consultant = await consultantAccount(`Lan Nguyen ${unique()}`);
    const sender = await register(`Maria Santos ${unique()}`);
    const { page, errors } = await openPage({ viewport: "phone" });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${app.url}/consultant/${consultant.consultantId}`);
    await waitForHydration(page);
    await page.getByRole("button", { name: "Sign In" }).first().click();
    await signInThroughDialog(page, sender);
    // "Login successful" stays five seconds; the message dialog opens while it shows.
    await page.getByRole("button", { name: "Send Message" }).click();
    const dialog = page.getByRole("dialog", { name: /^Message Lan Nguyen/ });
    const button = dialog.getByRole("button", { name: "Send Message" });
    await button.scrollIntoViewIfNeeded();
    const toast = page.getByTestId("toast");
    await toast.waitFor();
    // Seen, not only pressable: the toast is no click target while the dialog is modal, so a tap
    // where the toast hides Send would press it unseen.
    const [send, over] = [await button.boundingBox(), await toast.boundingBox()];
    if (!send || !over) throw new Error("the Send button and the toast are on the screen");
    expect(boxesOverlap(send, over), `Send at ${JSON.stringify(send)}, the toast at ${JSON.stringify(over)}`).toBe(false);
    // And it can be dismissed without closing the dialog under it (by pointer: the modal dialog
    // hides the page, the toast with it, from assistive technology, which heard it as it came).
    await toast.locator('button[aria-label="Dismiss notification"]').click({ timeout: 3_000 });
    await toast.waitFor({ state: "detached" });
    expect(await dialog.isVisible()).toBe(true);
    expectNoConsoleErrors(errors);
  });
});
