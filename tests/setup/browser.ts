import AxeBuilder from "@axe-core/playwright";
import { type Browser, chromium, type Locator, type Page } from "playwright-core";
import { expect } from "vitest";
import { CHROMIUM } from "./global-e2e.ts";

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--disable-dev-shm-usage",
    ],
  });
}

export const VIEWPORTS = {
  phone: { width: 360, height: 780 },
  desktop: { width: 1280, height: 900 },
} as const;

/**
 * A page that remembers every console error and uncaught exception: an unexpected one fails
 * the test (call `expectNoConsoleErrors`).
 */
export async function openPage(
  browser: Browser,
  options: { viewport?: keyof typeof VIEWPORTS; javaScriptEnabled?: boolean } = {},
) {
  const context = await browser.newContext({
    viewport: VIEWPORTS[options.viewport ?? "desktop"],
    javaScriptEnabled: options.javaScriptEnabled ?? true,
    // No animations: what a test reads (a colour, a dialog) is the settled state, even under load.
    reducedMotion: "reduce",
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return { page, errors, close: () => context.close() };
}

/** `expected` lists errors the test causes on purpose (a 404 document logs one in Chromium). */
export function expectNoConsoleErrors(errors: string[], expected: RegExp[] = []) {
  const unexpected = errors.filter((error) => !expected.some((pattern) => pattern.test(error)));
  expect(unexpected, `console errors:\n${unexpected.join("\n")}`).toEqual([]);
}

/** axe-core, WCAG 2.2 A and AA rules: zero violations. */
export async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
    .analyze();
  const summary = results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
  expect(summary).toEqual([]);
}

/** Saves a full-page screenshot under test-results/screenshots for reviewers. */
export async function saveScreenshot(page: Page, name: string) {
  await page.screenshot({ path: `test-results/screenshots/${name}.png`, fullPage: true });
}

/** Waits until React has hydrated the page, so a click is handled by the app and not by a bare form. */
export async function waitForHydration(page: Page) {
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

/**
 * Presses Escape in an open Radix dialog once it can hear it: the dialog registers its Escape
 * listener and moves focus inside in effects that run after it is painted, so a key pressed the
 * moment it is visible (under a loaded machine) can reach a page with no listener yet. Focus inside
 * means those effects have run.
 */
export async function pressEscapeIn(page: Page, dialog: Locator) {
  await expect.poll(() => dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  await page.keyboard.press("Escape");
}
