import type { Browser, Page } from "playwright-core";
import { expect } from "vitest";
import type { AppServer } from "../setup/app-server.ts";
import { openPage } from "../setup/browser.ts";

// What the profile-form browser tests share: signing a page in, filling the required fields,
// picking languages, reading the saved profile's id from the success toast.

let counter = 0;

/** Registers an account through the API and signs the page's browser context in with its session. */
export async function signIn(app: AppServer, page: Page, prefix = "ayu") {
  counter += 1;
  const person = {
    name: `Ayu Lestari ${prefix} ${counter}`,
    email: `${prefix}${counter}.${process.pid}@example.org`,
    password: `kopi-hujan-${counter}-pagi`,
  };
  const response = await fetch(`${app.url}/api/auth/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(person),
  });
  expect(response.status).toBe(201);
  const { sessionToken } = (await response.json()) as { sessionToken: string };
  await page.context().addCookies([{ name: "session", value: sessionToken, url: app.url }]);
  return { ...person, token: sessionToken };
}

/** Picks a language with the type-ahead (typing `typed`, choosing `name`) and gives it a level. */
export async function pickLanguage(page: Page, typed: string, name: string, level?: string) {
  const combobox = page.getByRole("combobox", { name: "Add a language" });
  await combobox.fill(typed);
  // The type-ahead's list: the "Profile written in" select has options named like languages too.
  await page.getByRole("listbox").getByRole("option", { name, exact: true }).waitFor();
  await combobox.press("Enter");
  await page.getByLabel(`Level of ${name}`).waitFor();
  if (level) await page.getByLabel(`Level of ${name}`).selectOption({ label: level });
}

/**
 * The required fields and a few optional ones. With JavaScript the languages are picked from the
 * list (the page must have hydrated); without it they are typed, comma-separated, as before.
 */
export async function fillRequired(page: Page, { javaScript = true } = {}) {
  await page.getByLabel("Professional Title").fill("Gender and Social Inclusion Adviser");
  await page.getByLabel("Full Location").fill("Kotagede, Yogyakarta, Indonesia");
  await page.getByLabel("City").fill("Yogyakarta");
  await page.getByLabel(/^Country/).selectOption("Indonesia");
  await page.getByLabel("Years of Experience").fill("11");
  await page.getByLabel("Primary Specialization").selectOption("Gender & Social Inclusion");
  await page.getByLabel("Secondary Specializations").fill("Governance, Education, governance");
  if (javaScript) {
    await pickLanguage(page, "indo", "Indonesian");
    await pickLanguage(page, "ENG", "English");
  } else {
    await page.getByLabel("Languages").fill("Indonesian, English, , english");
  }
  await page
    .getByLabel("Professional Summary")
    .fill("Eleven years of gender analysis and GEDSI strategies for DFAT and UNDP programmes.");
}

/**
 * After Create or Update Profile the person is back on / (spec section 4) with the toast, whose
 * link leads to the saved profile: the profile's id, read from that link.
 */
export async function savedProfileId(app: AppServer, page: Page, title: string) {
  await page.waitForURL(`${app.url}/`);
  const link = page.getByTestId("toast").filter({ hasText: title }).getByRole("link", { name: "View your profile" });
  const href = (await link.getAttribute("href")) ?? "";
  expect(href).toMatch(/^\/consultant\/\d+$/);
  return { id: Number(href.split("/").pop()), link };
}

/** A page at 390 × 844, the size of a common phone. */
export async function phonePage(browser: Browser, options: { javaScriptEnabled?: boolean } = {}) {
  const opened = await openPage(browser, { viewport: "phone", ...options });
  await opened.page.setViewportSize({ width: 390, height: 844 });
  return opened;
}

/** The list entry whose heading starts "Assignment 2" (or "Education entry 1"). */
export function entry(page: Page, heading: string) {
  return page.locator("li", { has: page.getByRole("heading", { name: new RegExp(`^${heading}\\b`) }) });
}

/** Whether the element has focus, waiting up to 3 s for it (focus moves after React's commit, later on a loaded machine). */
export async function isFocused(locator: ReturnType<Page["locator"]>) {
  const deadline = Date.now() + 3000;
  for (;;) {
    if (await locator.evaluate((element) => element === document.activeElement)) return true;
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export async function fillAssignment(
  page: Page,
  heading: string,
  values: Record<string, string>,
  donors: string[],
  countries: string[],
) {
  const item = entry(page, heading);
  // The ticks first: an error appearing above them must not move them under the pointer.
  for (const donor of donors) await item.getByRole("checkbox", { name: donor, exact: true }).check();
  for (const country of countries) await item.getByRole("checkbox", { name: country, exact: true }).check();
  if (values.other) await item.getByLabel("Other countries").fill(values.other);
  await item.getByLabel("Assignment title").fill(values.title ?? "");
  await item.getByLabel("Client or employing organization").fill(values.organization ?? "");
  await item.getByLabel("Role or position").fill(values.role ?? "");
  await item.getByLabel("Sector").selectOption(values.sector ?? "");
  await item.getByLabel("Description").fill(values.description ?? "");
  await item.getByLabel("Start month").fill(values.start ?? "");
  await item.getByLabel("End month").fill(values.end ?? "");
}
