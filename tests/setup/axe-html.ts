import type { Page } from "playwright-core";
import { expectNoAxeViolations } from "./browser.ts";
import type { OpenedPage } from "./e2e.ts";

/**
 * axe-core runs as a script, which a page without JavaScript cannot run: checks the page's server
 * HTML as it is now (an action's answer, which no URL gives again) in a page whose own scripts
 * never load, served at the app's address (`path`, any unused one) so its styles apply.
 */
export async function expectNoAxeViolationsInHtml(page: Page, appUrl: string, open: () => Promise<OpenedPage>, path: string) {
  const html = await page.content();
  const checker = await open();
  await checker.page.route("**/assets/*.js", (route) => route.abort());
  await checker.page.route(`${appUrl}${path}`, (route) =>
    route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: html }),
  );
  await checker.page.goto(`${appUrl}${path}`);
  await expectNoAxeViolations(checker.page);
  await checker.close();
}
