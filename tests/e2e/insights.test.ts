import { describe, expect } from "vitest";
import type { AppServer } from "../setup/app-server.ts";
import { expectNoAxeViolations, expectNoConsoleErrors, openPage, saveScreenshot } from "../setup/browser.ts";
import { insertConsultant } from "../setup/consultants.ts";
import { e2e } from "../setup/e2e.ts";

// Insights through the real server: profile pages seen by people count once per visitor per
// day, bots and the owner do not; the owner sees a chart per metric on /my-consultant-profile.

const it = e2e();

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
async function visit(app: AppServer, path: string, headers: Record<string, string>) {
  const response = await fetch(`${app.url}${path}`, { headers });
  expect(response.status).toBe(200);
  await response.text();
}

describe("insights", () => {
  it("count people's views once a day, not bots or the owner, and the owner sees a chart per metric", async ({
    app,
    browser,
    sql,
    register,
  }) => {
    const owner = await register("Owner Person");
    const visitor = await register("Visiting Officer");
    const { id } = await insertConsultant(sql, { name: "Counted Consultant", user_id: owner.id });
    const path = `/consultant/${id}`;

    await visit(app, path, { "user-agent": BROWSER });
    await visit(app, path, { "user-agent": BROWSER });
    await visit(app, path, { "user-agent": GOOGLEBOT });
    await visit(app, path, { "user-agent": BROWSER, cookie: `session=${owner.sessionToken}` });
    // Last, a signed-in visitor whose key we know: once it is written, everything before it is.
    await visit(app, path, { "user-agent": BROWSER, cookie: `session=${visitor.sessionToken}` });
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
    await page.context().addCookies([{ name: "session", value: owner.sessionToken, url: app.url }]);
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
