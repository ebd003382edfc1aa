import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppServer, startApp } from "../setup/app-server.ts";
import { connectBrowser, expectNoAxeViolations, expectNoConsoleErrors, openPage, saveScreenshot } from "../setup/browser.ts";
import { insertConsultant } from "../setup/consultants.ts";

// Insights through the real server: profile pages seen by people count once per visitor per
// day, bots and the owner do not; the owner sees a chart per metric on /my-consultant-profile.

let app: AppServer;
let browser: Browser;

beforeAll(async () => {
  [app, browser] = await Promise.all([startApp({ env: { SEED_DEMO: "false" } }), connectBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
let counter = 0;

async function register(name: string) {
  counter += 1;
  const response = await fetch(`${app.url}/api/auth/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: `insights.${counter}@example.org`, password: "lantern-river-42", name }),
  });
  expect(response.status).toBe(201);
  const { user, sessionToken } = (await response.json()) as { user: { id: number }; sessionToken: string };
  return { id: user.id, token: sessionToken };
}

async function visit(path: string, headers: Record<string, string>) {
  const response = await fetch(`${app.url}${path}`, { headers });
  expect(response.status).toBe(200);
  await response.text();
}

describe("insights", () => {
  it("count people's views once a day, not bots or the owner, and the owner sees a chart per metric", async () => {
    const sql = app.database?.sql;
    if (!sql) throw new Error("the app runs on the test database");
    const owner = await register("Owner Person");
    const visitor = await register("Visiting Officer");
    const { id } = await insertConsultant(sql, { name: "Counted Consultant", user_id: owner.id });
    const path = `/consultant/${id}`;

    await visit(path, { "user-agent": BROWSER });
    await visit(path, { "user-agent": BROWSER });
    await visit(path, { "user-agent": GOOGLEBOT });
    await visit(path, { "user-agent": BROWSER, cookie: `session=${owner.token}` });
    // Last, a signed-in visitor whose key we know: once it is written, everything before it is.
    await visit(path, { "user-agent": BROWSER, cookie: `session=${visitor.token}` });
    for (;;) {
      const [seen] = await sql`select 1 from insight_visitors where consultant_id = ${id} and visitor = ${`u:${visitor.id}`}`;
      if (seen) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const [row] = await sql<
      { views: number }[]
    >`select sum(profile_views)::int as views from consultant_insights where consultant_id = ${id}`;
    expect(row?.views).toBe(2);

    const { page, errors, close } = await openPage(browser);
    await page.context().addCookies([{ name: "session", value: owner.token, url: app.url }]);
    await page.goto(`${app.url}/my-consultant-profile`);
    await page.getByRole("heading", { name: "Insights" }).waitFor();
    for (const label of ["Profile views", "Search appearances", "CV downloads", "Messages received"]) {
      await expect(page.getByRole("img", { name: new RegExp(`^${label}: `) }).count()).resolves.toBe(1);
    }
    await expect(page.getByRole("img", { name: /^Profile views: 2 in the last 12 weeks/ }).count()).resolves.toBe(1);
    await page.getByText("Weekly numbers").first().click();
    await expect(page.getByRole("table", { name: "Profile views per week" }).locator("tbody tr").count()).resolves.toBe(12);
    await expectNoAxeViolations(page);
    await saveScreenshot(page, "insights-owner");
    expectNoConsoleErrors(errors);
    await close();
  });
});
