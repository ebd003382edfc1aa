import { describe, expect } from "vitest";
import { expectNoAxeViolations, expectNoConsoleErrors, openPage, saveScreenshot, waitForHydration } from "../setup/browser.ts";
import { e2e } from "../setup/e2e.ts";

// The demo directory (startApp's default), which e2e() leaves out unless asked.
const it = e2e({ SEED_DEMO: "true" });

describe("home page", () => {
  it("renders twelve demo consultants from the database, accessible and without console errors", async ({ app, browser }) => {
    const { page, errors, close } = await openPage(browser);
    const response = await page.goto(app.url);
    expect(response?.status()).toBe(200);
    await expect(page.title()).resolves.toContain("DevConsult SEA");
    const cards = page.locator("#consultants article");
    expect(await cards.count()).toBe(12);
    const firstName = await cards.first().locator("h3").innerText();
    // Featured first: the strongest profiles by the static quality score.
    const [row] = await app.database!.sql<{ name: string }[]>`
      select name from consultants where status = 'approved' order by static_score desc, id desc limit 1`;
    expect(firstName).toBe(row?.name);
    await expectNoAxeViolations(page);
    await saveScreenshot(page, "home-desktop");
    expectNoConsoleErrors(errors);
    await close();
  });

  it("asks for its scripts once painted: no module preload in the HTML, the same links added after the first paint", async ({
    app,
    browser,
  }) => {
    const response = await fetch(app.url);
    const html = await response.text();
    const nonce = /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1];
    expect(html).not.toContain('<link rel="modulepreload"');
    const script = new RegExp(
      `<script nonce="${nonce?.replace(/[+/=]/g, "\\$&")}">requestAnimationFrame\\(function\\(\\)\\{setTimeout\\(function\\(\\)\\{(\\[[^\\]]*\\])`,
    ).exec(html);
    const listed = JSON.parse(script?.[1] ?? "[]") as string[];
    expect(listed.some((href) => /^\/assets\/entry\.client-[\w-]+\.js$/.test(href))).toBe(true);
    expect(listed.length).toBeGreaterThan(3);

    const { page, errors, close } = await openPage(browser);
    const requested = new Set<string>();
    page.on("request", (request) => requested.add(new URL(request.url()).pathname));
    await page.goto(app.url);
    await waitForHydration(page);
    const links = await page
      .locator('link[rel="modulepreload"]')
      .evaluateAll((elements) => elements.map((element) => element.getAttribute("href")));
    for (const href of listed) {
      expect(links, href).toContain(href);
      expect(requested.has(href), href).toBe(true);
    }
    expectNoConsoleErrors(errors);
    await close();
  });

  it("hydrates home, a search and a profile without rendering them again: only a few elements render after", async ({
    app,
    browser,
  }) => {
    // React tells a developer-tools hook about every commit (production builds too). Each host
    // element rendered gets a new props object, so counting the props objects not seen before, per
    // commit, counts the elements React rendered. A page rendered again in full right after
    // hydration (a state set on mount, a store read in the page, routes patched from a fetched
    // manifest) blocks the main thread once more for about as long as hydration itself. After the
    // first commit only elements rendered *again* count (a fiber with an alternate): the parts
    // the page hydrates in tasks of their own (its results, lower sections, footer: split
    // hydration) are first renders, not repeated ones.
    const [profile] = await app.database!.sql<{ id: number }[]>`
      select id from consultants where status = 'approved' order by id limit 1`;
    for (const path of ["/", "/?keywords=health", `/consultant/${profile?.id}`]) {
      const { page, errors, close } = await openPage(browser);
      await page.addInitScript(() => {
        const seen = new WeakSet<object>();
        const commits: { first: number; again: number }[] = [];
        type Fiber = { type: unknown; memoizedProps: unknown; child: unknown; sibling: unknown; alternate: unknown } | null;
        // Per commit: elements rendered for the first time, and elements rendered again.
        const count = (fiber: Fiber, tally: { first: number; again: number }) => {
          for (let node = fiber; node; node = node.sibling as Fiber) {
            const props = node.memoizedProps;
            if (typeof node.type === "string" && props && typeof props === "object" && !seen.has(props)) {
              seen.add(props);
              if (node.alternate) tally.again++;
              else tally.first++;
            }
            count(node.child as Fiber, tally);
          }
          return tally;
        };
        Object.assign(window, {
          renderedPerCommit: commits,
          __REACT_DEVTOOLS_GLOBAL_HOOK__: {
            supportsFiber: true,
            renderers: new Map(),
            inject: () => 1,
            checkDCE: () => {},
            onCommitFiberUnmount: () => {},
            onPostCommitFiberRoot: () => {},
            onCommitFiberRoot: (_id: number, root: { current: { child: never } }) => {
              commits.push(count(root.current.child, { first: 0, again: 0 }));
            },
          },
        });
      });
      const requested: string[] = [];
      page.on("request", (request) => requested.push(new URL(request.url()).pathname));
      await page.goto(`${app.url}${path}`);
      await waitForHydration(page);
      await page.waitForLoadState("networkidle");
      const commits = await page.evaluate(
        () => (window as unknown as { renderedPerCommit: { first: number; again: number }[] }).renderedPerCommit,
      );
      // Hydration renders the page once (in one commit, or a few with split hydration)...
      expect(
        commits.reduce((sum, commit) => sum + commit.first, 0),
        path,
      ).toBeGreaterThan(200);
      // ...and after it, only a few elements render again.
      expect(
        commits.slice(1).reduce((sum, commit) => sum + commit.again, 0),
        path,
      ).toBeLessThan(50);
      // The routes are all known up front: nothing asks the server for them after hydration.
      expect(requested, path).not.toContain("/__manifest");
      expectNoConsoleErrors(errors);
      await close();
    }
  });

  it("is complete without JavaScript: the cards are in the server HTML", async ({ app, browser }) => {
    const { page, close } = await openPage(browser, { javaScriptEnabled: false, viewport: "phone" });
    await page.goto(app.url);
    expect(await page.locator("#consultants article").count()).toBe(12);
    await saveScreenshot(page, "home-phone-nojs");
    await close();
  });

  it("answers an unknown path with the 404 screen and status 404", async ({ app, browser }) => {
    const { page, errors, close } = await openPage(browser);
    const response = await page.goto(`${app.url}/no-such-page`);
    expect(response?.status()).toBe(404);
    await expect(page.locator("h1").innerText()).resolves.toBe("404 Page Not Found");
    await expectNoAxeViolations(page);
    expectNoConsoleErrors(errors, [/status of 404/]);
    await close();
  });
});
