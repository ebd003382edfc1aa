import { createHash, randomBytes } from "node:crypto";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppServer, startApp } from "../setup/app-server.ts";
import { connectBrowser, expectNoAxeViolations, expectNoConsoleErrors, openPage, waitForHydration } from "../setup/browser.ts";

// Issue 33: the admins' list of searches that found nothing, and a synonym added from it, in the
// browser: the search someone typed shows up (no one's identity with it), "Add as a synonym" fills
// the form, and once added (and the profiles tagged again) the words find the concept's consultants.

let app: AppServer;
let browser: Browser;

beforeAll(async () => {
  [app, browser] = await Promise.all([startApp({ env: { SEED_DEMO: "false" } }), connectBrowser()]);
  await app.database!.sql`
    insert into consultants (name, title, email, location, country, years_experience, primary_specialization, bio, status)
    values ('Wat Supply', 'Engineer', ${`w.${randomBytes(4).toString("hex")}@example.org`}, 'Vientiane, Laos', 'Laos', 8,
            'Infrastructure', 'Rural water supply schemes across Laos.', 'approved')`;
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

async function adminPage() {
  const [user] = await app.database!.sql<{ id: number }[]>`
    insert into auth_users (email, hashed_password, name, role)
    values (${`admin.${randomBytes(4).toString("hex")}@example.org`}, 'not-a-hash', 'Search Admin', 'admin') returning id`;
  const token = randomBytes(32).toString("base64url");
  await app.database!.sql`
    insert into auth_sessions (user_id, session_token, expires_at)
    values (${user!.id}, ${createHash("sha256").update(token).digest("hex")}, now() + interval '1 day')`;
  const opened = await openPage(browser);
  await opened.page.context().addCookies([{ name: "session", value: token, url: app.url }]);
  return opened;
}

const PERSON = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

describe("searches that found nothing (admins)", () => {
  it("lists a search that found nothing and adds its words to a concept", async () => {
    // A person's browser: the home page counts people's searches, not a bot's (HeadlessChrome is one).
    const visitor = await openPage(browser, { userAgent: PERSON });
    await visitor.page.goto(`${app.url}/?keywords=ventilasi+sumur`);
    await expect(visitor.page.getByText("No consultants found matching your criteria.").isVisible()).resolves.toBe(true);
    await visitor.close();

    const { page, errors, close } = await adminPage();
    await page.goto(`${app.url}/admin/searches`);
    await waitForHydration(page);
    const row = page.getByRole("row", { name: /ventilasi sumur/ });
    await expect(row.getByRole("cell").nth(1).innerText()).resolves.toBe("1");
    await expectNoAxeViolations(page);
    await row.getByRole("link", { name: "Add “ventilasi sumur” as a synonym" }).click();
    await expect.poll(() => page.getByRole("textbox", { name: "Synonym" }).inputValue()).toBe("ventilasi sumur");
    await page.getByRole("combobox", { name: "Concept" }).selectOption("drinking-water-supply");
    await page.getByRole("combobox", { name: "Language" }).selectOption("id");
    await page.getByRole("button", { name: "Add synonym" }).click();
    await page.getByText("Synonym added").first().waitFor({ state: "visible" });
    // The same words typed again: refused, and said so beside the form.
    await page.getByRole("combobox", { name: "Concept" }).selectOption("drinking-water-supply");
    await page.getByRole("combobox", { name: "Language" }).selectOption("id");
    await page.getByRole("textbox", { name: "Synonym" }).fill("ventilasi sumur");
    await page.getByRole("button", { name: "Add synonym" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Not added" }).innerText()).resolves.toContain("already a form");
    // The refusal is a 409 answer to the form's request, which the browser logs.
    expectNoConsoleErrors(errors, [/status of 409 \(Conflict\)/]);
    await close();

    // The words now find the concept's consultant (once the retag job has tagged the profiles).
    await expect
      .poll(
        async () => {
          const response = await fetch(`${app.url}/api/consultants?keywords=ventilasi+sumur`);
          return ((await response.json()) as { consultants: { name: string }[] }).consultants.map((c) => c.name);
        },
        { timeout: 30_000 },
      )
      .toEqual(["Wat Supply"]);
  });

  it("asks a visitor to sign in, and shows none of it", async () => {
    const { page, close } = await openPage(browser);
    await page.goto(`${app.url}/admin/searches`);
    await expect(page.getByRole("heading", { name: "Admin Access Required" }).isVisible()).resolves.toBe(true);
    await expect(page.getByText("ventilasi").count()).resolves.toBe(0);
    await close();
  });
});
