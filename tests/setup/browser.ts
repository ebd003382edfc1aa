import { type Browser, chromium, type Download, type Locator, type Page } from "playwright-core";
import { expect, inject } from "vitest";
import { axeViolations } from "./axe-page.ts";

/**
 * A connection to the run's Chromium (tests/setup/global-e2e.ts starts one for every browser
 * file): about 50 ms instead of the 1 to 3 s of CPU a launch costs. Each page still gets a
 * browser context of its own (cookies, storage, cache), and closing the connection closes them.
 */
export function connectBrowser(): Promise<Browser> {
  return chromium.connect(inject("chromiumEndpoint"));
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
  options: { viewport?: keyof typeof VIEWPORTS; javaScriptEnabled?: boolean; userAgent?: string } = {},
) {
  const context = await browser.newContext({
    viewport: VIEWPORTS[options.viewport ?? "desktop"],
    // Chromium's own says "HeadlessChrome", which the product (isbot) takes for a bot.
    ...(options.userAgent ? { userAgent: options.userAgent } : {}),
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
  // The page's requests not yet answered (its code's chunks and catalogues, its data): `settled`.
  let pending = 0;
  page.on("request", () => pending++);
  page.on("requestfinished", () => pending--);
  page.on("requestfailed", () => pending--);
  /**
   * Waits until every request the page made has its answer and the page has painted twice since,
   * so what they brought is on screen. For a check of the whole page after hydration (the lazy
   * parts' chunks and catalogues come after it), in place of `waitForLoadState("networkidle")`,
   * which also waits out 500 ms of quiet after the last answer: on the 45 pages of
   * tests/e2e/languages.test.ts both leave the same text on the page, this one 17 s sooner.
   */
  const settled = async () => {
    do {
      const answered = await expect
        .poll(() => pending, { interval: 10, timeout: 15_000 })
        .toBe(0)
        .then(() => true)
        .catch(() => false);
      // A request whose end the page never reported (none seen so far): as networkidle does.
      if (!answered) return page.waitForLoadState("networkidle");
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    } while (pending > 0);
  };
  return { page, errors, settled, close: () => context.close() };
}

/** `expected` lists errors the test causes on purpose (a 404 document logs one in Chromium). */
export function expectNoConsoleErrors(errors: string[], expected: RegExp[] = []) {
  const unexpected = errors.filter((error) => !expected.some((pattern) => pattern.test(error)));
  expect(unexpected, `console errors:\n${unexpected.join("\n")}`).toEqual([]);
}

/**
 * axe-core: zero violations, on the page or in `include` only. The rules are axe-core's default
 * set: the WCAG 2.0-2.2 A and AA tags and best practices this call once named were never applied
 * (@axe-core/playwright's options() replaced withTags' runOnly), and the violations found are the
 * same as ever. Only the violations are read (axe details nothing else: it built a selector for
 * each of the thousands of nodes that pass), and axe runs in the page itself (axe.run): the app
 * has no frames. tests/setup/axe-page.ts puts axe-core's source in each document once, where
 * @axe-core/playwright evaluated it twice in every call (most of a call on a small page).
 */
export async function expectNoAxeViolations(page: Page, options: { include?: string } = {}) {
  // A dialog or a toast over a page already checked: only it (a fraction of the page's nodes).
  const violations = await axeViolations(page, options.include);
  const summary = violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
  expect(summary).toEqual([]);
}

/** Saves a full-page screenshot under test-results/screenshots for reviewers. */
export async function saveScreenshot(page: Page, name: string) {
  await page.screenshot({ path: `test-results/screenshots/${name}.png`, fullPage: true });
}

/**
 * A form the browser refused before sending: each of `messages` shows (its exact text), and the
 * first field in error is marked aria-invalid and has the focus.
 */
export async function expectFieldErrors(page: Page, messages: string[], firstInError: Locator) {
  for (const message of messages) await page.getByText(message, { exact: true }).waitFor();
  await expect.poll(() => firstInError.getAttribute("aria-invalid")).toBe("true");
  await expect.poll(() => firstInError.evaluate((element) => element === document.activeElement)).toBe(true);
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

/**
 * A download's bytes. Over a connection to the run's Chromium the file stays on the browser's
 * side (download.path() throws "not available when connecting remotely"), so it is streamed.
 */
export async function downloadBytes(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * The text of the toast that contains `text`, once it shows (a step whose answer is a toast awaits
 * it). One action that waits and reads: a toast closes itself after 5 s, and under load a separate
 * wait and read once outlasted it.
 */
export async function toastText(page: Page, text: string, alsoContaining?: string) {
  const withText = page.getByTestId("toast").filter({ hasText: text });
  const toast = alsoContaining ? withText.filter({ hasText: alsoContaining }) : withText;
  return toast.first().innerText();
}

/**
 * Closes the toast, if one shows, with its Dismiss button, as a person does to reach what it
 * covers: on a phone the toast lies over the bottom of an open dialog (its Send button), and a
 * click there waited until the toast closed itself (5 s, paused while the pointer is on it).
 * `label` is the Dismiss button's name in the page's language.
 */
export async function dismissToast(page: Page, label = "Dismiss notification") {
  const toast = page.getByTestId("toast");
  // It may close itself between the look and the click: then there is nothing left to dismiss.
  if (await toast.isVisible())
    await toast
      .getByRole("button", { name: label })
      .click({ timeout: 2_000 })
      .catch(() => {});
  await toast.waitFor({ state: "detached" });
}

/**
 * Holds the requests that match (of one method, or all) until released: lets a test see a
 * pending state (a button's in-between label, a disabled control) without racing a timer.
 */
export async function holdRequests(page: Page, pattern: string | RegExp, method?: string) {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let seen: () => void = () => {};
  const arrived = new Promise<void>((resolve) => {
    seen = resolve;
  });
  await page.route(pattern, async (route) => {
    if (method && route.request().method() !== method) return route.fallback();
    seen();
    await released;
    await route.fallback();
  });
  return { arrived, release: () => release(), stop: () => page.unroute(pattern) };
}
