import sharp from "sharp";
import { describe, expect } from "vitest";
import { expectNoAxeViolations, expectNoConsoleErrors, saveScreenshot, toastText, waitForHydration } from "../setup/browser.ts";
import { e2e, signInPage } from "../setup/e2e.ts";

// An organization's logo in the browser (issue 31), on a phone: its owner uploads it with the
// form on the manage page (the initials were shown until then), and the organization's public
// page shows it, named by its alt text, served from the photo store. axe-core finds nothing.

const it = e2e();

/** A wide wordmark, as logos are: fitted whole into the square. */
const wordmark = () =>
  sharp({ create: { width: 480, height: 120, channels: 3, background: "#0b5c4a" } })
    .png()
    .toBuffer();

describe("an organization's logo", () => {
  it("is uploaded on the manage page and shown on the public page, on a phone", async ({ app, sql, openPage, register }) => {
    const owner = await register("Ploy Srisuk");
    const name = "Mekong Water Alliance";
    const created = await fetch(`${app.url}/api/organizations`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${owner.sessionToken}` },
      body: JSON.stringify({ name, kind: "ngo", country: "TH", website: "https://mekong-water.example" }),
    });
    expect(created.status).toBe(201);
    const organization = (await created.json()) as { id: number; slug: string };
    // Verified by an administrator (tested on its own): a verified organization has a public page.
    await sql`update organizations set verified_at = now(), verification_method = 'admin' where id = ${organization.id}`;

    const phone = await openPage({ viewport: "phone" });
    await signInPage(phone.page, app.url, owner.sessionToken);
    await phone.page.goto(`${app.url}/my-organizations/${organization.id}`);
    const section = phone.page.locator("section", { has: phone.page.getByRole("heading", { name: "Logo" }) });
    await section.getByRole("button", { name: "Upload logo" }).waitFor();
    await expect(section.getByRole("img").count()).resolves.toBe(0);
    await section.getByText("MA", { exact: true }).waitFor();
    await waitForHydration(phone.page);
    await expectNoAxeViolations(phone.page);

    await section
      .getByLabel(/^Logo picture/)
      .setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: await wordmark() });
    await section.getByRole("button", { name: "Upload logo" }).click();
    await toastText(phone.page, "Logo saved");
    const managed = section.getByRole("img", { name: `${name} logo` });
    await managed.waitFor();
    await section.getByRole("button", { name: "Replace logo" }).waitFor();
    const logoUrl = (await managed.getAttribute("src")) ?? "";
    expect(logoUrl).toMatch(/\/photos\/[A-Za-z0-9_-]+-400\.webp$/);
    await expectNoAxeViolations(phone.page);

    // The public page, for a visitor.
    const visitor = await openPage({ viewport: "phone" });
    await visitor.page.goto(`${app.url}/organizations/${organization.slug}`);
    const logo = visitor.page.getByRole("img", { name: `${name} logo` });
    await logo.waitFor();
    await expect(logo.getAttribute("src")).resolves.toBe(logoUrl);
    // Served by the photo store: the browser decoded a 400 px square.
    await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(400);
    await visitor.page.getByRole("heading", { level: 1, name: /Mekong Water Alliance/ }).waitFor();
    await waitForHydration(visitor.page);
    await expectNoAxeViolations(visitor.page);
    await saveScreenshot(visitor.page, "organization-logo-phone");
    expectNoConsoleErrors(phone.errors);
    expectNoConsoleErrors(visitor.errors);
  });
});
