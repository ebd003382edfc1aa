import type { Page } from "playwright-core";
import { expect } from "vitest";
import type { AppServer } from "../setup/app-server.ts";

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
  await page.getByRole("option", { name, exact: true }).waitFor();
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
