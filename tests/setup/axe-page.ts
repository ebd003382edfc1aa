import axe from "axe-core";
import type { Page } from "playwright-core";

/** What @axe-core/playwright runs after putting axe-core in a frame (its legacy mode's configuration). */
const SOURCE = `${axe.source}
;axe.configure({ allowedOrigins: ["<same_origin>"], branding: { application: "playwright" } });`;

type Violation = { id: string; help: string; nodes: { target: unknown[] }[] };

/**
 * axe-core's violations on the page as it is now (or in `include` only): the run
 * `new AxeBuilder({ page }).options({ resultTypes: ["violations"] }).setLegacyMode(true).analyze()`
 * makes (the same context and options), but axe-core's 560 KB source is put in each document once
 * instead of twice in every call (analyze() evaluates it, then injects it into every frame again):
 * that was most of a call's time on a small page (520–760 ms, axe.run itself 60–90 ms, at a load
 * of 26). A navigation starts a new document, which gets it again.
 */
export async function axeViolations(page: Page, include?: string): Promise<Violation[]> {
  const context = { exclude: [], include: include ? [include] : [] };
  const options = { resultTypes: ["violations"] };
  const run = (argument: { context: unknown; options: unknown }) => {
    const found = (window as { axe?: { run: (context: unknown, options: unknown) => Promise<{ violations: Violation[] }> } }).axe;
    return found ? found.run(argument.context, argument.options).then((results) => results.violations) : null;
  };
  const violations = await page.evaluate(run, { context, options });
  if (violations) return violations;
  await page.evaluate(SOURCE);
  const checked = await page.evaluate(run, { context, options });
  // An axe that did not load must fail the check, not pass it as "no violations".
  if (!checked) throw new Error("axe-core did not load in the page: nothing was checked");
  return checked;
}
