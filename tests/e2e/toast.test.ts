import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect } from "vitest";
import { redirectWithToast } from "#app/lib/toast.server.ts";
import type { AppServer } from "../setup/app-server.ts";
import { expectNoAxeViolations, expectNoConsoleErrors, openPage } from "../setup/browser.ts";
import { e2e } from "../setup/e2e.ts";

const it = e2e();

/** A toast cookie's value as the app's own redirect signs it (with the secret it keeps in DATA_DIR). */
async function signedToast(app: AppServer, toast: { title: string; description?: string }) {
  const sessionSecret = (await readFile(path.join(app.dataDir, "session-secret"), "utf8")).trim();
  const response = redirectWithToast({ config: { sessionSecret, secureCookies: false } } as never, "/", toast);
  const cookie = response.headers.getSetCookie().find((line) => line.startsWith("toast=")) ?? "";
  return cookie.slice("toast=".length).split(";")[0] ?? "";
}

describe("toasts carried across a redirect", () => {
  it("shows the toast from the one-time cookie once, announced, dismissible, and clears the cookie", async ({ app, browser }) => {
    const { page, errors, close } = await openPage(browser);
    const value = await signedToast(app, { title: "Profile updated", description: "Saved." });
    await page.context().addCookies([{ name: "toast", value, url: app.url }]);
    await page.goto(app.url);
    const toast = page.getByTestId("toast");
    await expect(toast.innerText()).resolves.toContain("Profile updated");
    // Hovering pauses the 5-second timer (as for a person reading it), so a slow axe run under
    // load cannot outlast the toast before the Dismiss click below.
    await toast.hover();
    await expectNoAxeViolations(page);
    const cookies = await page.context().cookies(app.url);
    expect(cookies.find((cookie) => cookie.name === "toast")).toBeUndefined();
    await page.getByRole("button", { name: "Dismiss notification" }).click();
    await toast.waitFor({ state: "detached" });
    await page.reload();
    expect(await page.getByTestId("toast").count()).toBe(0);
    expectNoConsoleErrors(errors);
    await close();
  });

  it("ignores a forged, changed or malformed toast cookie", async ({ app, browser }) => {
    const { page, errors, close } = await openPage(browser);
    const unsigned = Buffer.from(
      JSON.stringify({ title: "Your account is suspended", link: { href: "https://evil.example", label: "Appeal" } }),
    ).toString("base64url");
    const signature = (await signedToast(app, { title: "Profile updated" })).split(".")[1];
    for (const value of ["not-base64-json", unsigned, `${unsigned}.${signature}`]) {
      await page.context().addCookies([{ name: "toast", value, url: app.url }]);
      const response = await page.goto(app.url);
      expect(response?.status()).toBe(200);
      expect(await page.getByTestId("toast").count()).toBe(0);
      expect(await page.content()).not.toContain("evil.example");
    }
    expectNoConsoleErrors(errors);
    await close();
  });
});
