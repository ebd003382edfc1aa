import { expect } from "vitest";
import { expectNoConsoleErrors, waitForHydration } from "../setup/browser.ts";
import { e2e, signInPage } from "../setup/e2e.ts";

// A page whose loader throws shows its error screen. Its document has one <title>, the one that
// names the error (the error screen's), not also the page's own from its meta: two titles are
// invalid HTML and which of them a browser, a screen reader or a tab strip reads varied.

const it = e2e();

const NOT_FOUND = "404 Page Not Found | DevConsult SEA";
const THAI_NOT_FOUND = "404 ไม่พบหน้าที่ต้องการ | DevConsult SEA";

const PAGES = [
  { path: "/organizations/no-such-organization", title: NOT_FOUND },
  { path: "/opportunities/2147483000-no-such-opportunity", title: NOT_FOUND },
  { path: "/th/organizations/no-such-organization", title: THAI_NOT_FOUND },
  // A profile that is not there: the page's own 'not found' (no error screen), its one title.
  { path: "/consultant/2147483000", title: "Consultant Not Found | DevConsult SEA" },
  { path: "/th/consultant/2147483000", title: "ไม่พบที่ปรึกษา | DevConsult SEA" },
  // Not an error screen: a signed-in page, signed out, shows its sign-in prompt under its own title.
  { path: "/admin", title: "Admin Dashboard | DevConsult SEA", status: 200 },
];

/** The text of every <title> element in a document's HTML. */
function titlesIn(html: string) {
  return [...html.matchAll(/<title[^>]*>([^<]*)<\/title>/g)].map((match) => match[1]);
}

it.for(PAGES)(
  "$path: one <title> (an error screen's own) in the server HTML and once hydrated",
  async (spec, { app, openPage }) => {
    const response = await fetch(`${app.url}${spec.path}`);
    expect(response.status).toBe(spec.status ?? 404);
    expect(titlesIn(await response.text())).toEqual([spec.title]);

    const { page, errors } = await openPage({ viewport: "desktop" });
    expect((await page.goto(`${app.url}${spec.path}`))?.status()).toBe(spec.status ?? 404);
    await waitForHydration(page);
    await page.getByRole("heading", { level: 1 }).waitFor();
    // Hydrating the lazy error screen (and its strings in the page's language) may take a while on a busy machine.
    await expect.poll(() => page.locator("title").allTextContents(), { timeout: 15_000 }).toEqual([spec.title]);
    expect(await page.title()).toBe(spec.title);
    // The page's other tags stay: not to be indexed where the page said so, and a description.
    expect(await page.locator('meta[name="description"]').count()).toBe(1);
    expectNoConsoleErrors(errors, [/status of 404/]);
  },
);

it("a signed-in page's 404 (a conversation that is not there): one <title>, in the page's language", async ({
  app,
  account,
  openPage,
}) => {
  const user = await account("user");
  const cookie = `session=${user.token}`;
  for (const [path, title] of [
    ["/messages/2147483000", NOT_FOUND],
    ["/th/messages/2147483000", THAI_NOT_FOUND],
  ] as const) {
    const response = await fetch(`${app.url}${path}`, { headers: { cookie } });
    expect(response.status, path).toBe(404);
    expect(titlesIn(await response.text()), path).toEqual([title]);
  }
  const { page, errors } = await openPage({ viewport: "desktop" });
  await signInPage(page, app.url, user.token);
  expect((await page.goto(`${app.url}/th/messages/2147483000`))?.status()).toBe(404);
  await waitForHydration(page);
  await page.getByRole("heading", { level: 1 }).waitFor();
  await expect.poll(() => page.locator("title").allTextContents(), { timeout: 15_000 }).toEqual([THAI_NOT_FOUND]);
  // The page's other tags stay (not to be indexed).
  expect(await page.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex");
  expectNoConsoleErrors(errors, [/status of 404/]);
});
