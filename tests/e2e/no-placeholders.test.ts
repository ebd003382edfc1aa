import type { Page } from "playwright-core";
import { describe, expect } from "vitest";
import { GUIDES } from "#common/guides.ts";
import type { AppServer } from "../setup/app-server.ts";
import { openPage } from "../setup/browser.ts";
import { e2e } from "../setup/e2e.ts";

// Issue 36: no placeholder pages. Every page a visitor, a signed-in user and an admin can reach on
// the demo directory is rendered in a browser and read whole (hidden text too: closed accordions,
// menus, table cells), with the attributes people and screen readers meet (placeholders, labels,
// titles, alt texts, meta descriptions). None may say "coming soon", "sample" or "lorem".

const PLACEHOLDER = /coming soon|sample|lorem/i;

// The demo directory (startApp's default), which e2e() leaves out unless asked.
const it = e2e({ SEED_DEMO: "true" });

/** Everything the page says: its text without scripts and styles, its title, meta descriptions and attributes. */
function pageWords(page: Page) {
  return page.evaluate(() => {
    const body = document.body.cloneNode(true) as HTMLElement;
    for (const element of body.querySelectorAll("script, style, template")) element.remove();
    const attributes = [...document.querySelectorAll("[placeholder], [title], [alt], [aria-label], [aria-description]")].flatMap(
      (element) =>
        ["placeholder", "title", "alt", "aria-label", "aria-description"].map((name) => element.getAttribute(name) ?? ""),
    );
    const metas = [...document.querySelectorAll("meta[name='description'], meta[property^='og:']")].map(
      (meta) => meta.getAttribute("content") ?? "",
    );
    return [document.title, body.textContent ?? "", ...attributes, ...metas].join("\n");
  });
}

/** Reads a page and the links it offers (same site, no downloads or API). */
async function read(app: AppServer, page: Page, path: string) {
  const response = await page.goto(`${app.url}${path}`);
  const words = await pageWords(page);
  const links = await page.evaluate(() =>
    [...document.querySelectorAll("a[href]")].map((anchor) => (anchor as HTMLAnchorElement).getAttribute("href") ?? ""),
  );
  return { status: response?.status() ?? 0, words, links };
}

function placeholdersIn(words: string) {
  return words
    .split(/\n|(?<=[.!?])\s+/)
    .filter((line) => PLACEHOLDER.test(line))
    .map((line) => line.trim().slice(0, 160));
}

describe("no placeholder text on any page", () => {
  it("finds none on every page a visitor reaches from the home page, following its links", async ({ app, browser }) => {
    const { page, close } = await openPage(browser);
    const [consultant] = await app.database!.sql<{ id: number }[]>`select id from consultants order by id limit 1`;
    const queue = [
      "/",
      "/resources",
      ...GUIDES.map((guide) => `/resources/${guide.slug}`),
      "/help-center",
      "/contact",
      "/sign-in",
      `/consultant/${consultant!.id}`,
      `/consultant/${consultant!.id}/message`,
      "/?keywords=evaluation&location=Cambodia",
      "/a-page-that-does-not-exist",
    ];
    const seen = new Set<string>();
    const found: string[] = [];
    let profiles = 0;
    let listings = 0;
    while (queue.length > 0 && seen.size < 45) {
      const path = queue.shift() as string;
      if (seen.has(path)) continue;
      seen.add(path);
      const { words, links } = await read(app, page, path);
      for (const line of placeholdersIn(words)) found.push(`${path}: ${line}`);
      for (const href of links) {
        if (!href.startsWith("/") || href.startsWith("//") || href.startsWith("/api/") || href.includes(".")) continue;
        const next = href.split("#")[0] || "/";
        if (seen.has(next) || queue.includes(next)) continue;
        // A few profiles and listings stand for all of them (the same templates and generator).
        if (next.startsWith("/consultant/")) {
          if (profiles >= 6) continue;
          profiles++;
        } else if (next.includes("?")) {
          if (listings >= 4) continue;
          listings++;
        }
        if (!seen.has(next)) queue.push(next);
      }
    }
    expect(seen.size).toBeGreaterThan(15);
    expect(found).toEqual([]);
    await close();
  }, 300_000);

  it("finds none on the pages of a signed-in user and of an admin", async ({ app, signedInPage }) => {
    const found: string[] = [];
    const user = await signedInPage("user", { name: "Placeholder Check user" });
    for (const path of [
      "/profile/manage",
      "/profile/new",
      "/my-consultant-profile",
      "/messages",
      "/shortlists",
      "/saved-searches",
    ]) {
      const { words, status } = await read(app, user.page, path);
      expect(status, path).toBe(200);
      for (const line of placeholdersIn(words)) found.push(`${path}: ${line}`);
    }
    await user.close();
    const admin = await signedInPage("admin", { name: "Placeholder Check admin" });
    for (const path of ["/admin", "/admin?tab=users", "/admin?tab=queue", "/admin?tab=audit"]) {
      const { words } = await read(app, admin.page, path);
      for (const line of placeholdersIn(words)) found.push(`${path}: ${line}`);
    }
    await admin.close();
    expect(found).toEqual([]);
  }, 180_000);

  it("would notice one: the check reads hidden text and attributes", async ({ app, browser }) => {
    const { page, close } = await openPage(browser);
    await page.goto(`${app.url}/help-center`);
    await page.evaluate(() => {
      const hidden = document.createElement("p");
      hidden.hidden = true;
      hidden.textContent = "Live chat is coming soon.";
      document.body.append(hidden);
      document.querySelector("input")?.setAttribute("placeholder", "Lorem ipsum");
    });
    const found = placeholdersIn(await pageWords(page));
    expect(
      found.some((line) => line.includes("Live chat is coming soon.")),
      found.join(" | "),
    ).toBe(true);
    expect(
      found.some((line) => line.includes("Lorem ipsum")),
      found.join(" | "),
    ).toBe(true);
    await close();
  });
});

describe("the pages that held placeholders", () => {
  it("sends /success-stories on to the guides, and the footer no longer offers it", async ({ app, browser }) => {
    const response = await fetch(`${app.url}/success-stories`, { redirect: "manual" });
    expect(response.status).toBe(301);
    expect(response.headers.get("location")).toBe("/resources");
    const { page, close } = await openPage(browser);
    await page.goto(`${app.url}/about`);
    const footer = page.getByRole("navigation", { name: "Footer" });
    expect(await footer.getByRole("link", { name: "Success Stories" }).count()).toBe(0);
    await close();
  });

  it("lists the guides on Resources, each opening on its own page with its sections and sources", async ({ app, browser }) => {
    const { page, close } = await openPage(browser);
    await page.goto(`${app.url}/resources`);
    const cards = page.getByRole("main").getByRole("article");
    expect(await cards.count()).toBe(GUIDES.length);
    for (const guide of GUIDES) {
      await page.goto(`${app.url}/resources`);
      await page.getByRole("link", { name: `Read the guide: ${guide.title}` }).click();
      await page.waitForURL(`${app.url}/resources/${guide.slug}`);
      await expect.poll(() => page.locator("main h1").innerText()).toBe(guide.title);
      expect(await page.title()).toBe(`${guide.title} | DevConsult SEA`);
      for (const section of guide.sections) {
        expect(await page.getByRole("heading", { name: section.heading, exact: true }).count(), section.heading).toBe(1);
      }
      const sources = page.getByRole("region", { name: "Sources" }).getByRole("link");
      expect(await sources.count()).toBe(guide.sources.length);
      for (const link of await sources.all()) expect(await link.getAttribute("href")).toMatch(/^https:\/\//);
    }
    const missing = await fetch(`${app.url}/resources/no-such-guide`);
    expect(missing.status).toBe(404);
    await close();
  }, 120_000);

  it("offers the Help Center's three ways to reach support, each of which works", async ({ app, browser }) => {
    const { page, close } = await openPage(browser);
    await page.goto(`${app.url}/help-center`);
    const support = page.getByRole("region", { name: "Talk to our support team" });
    expect(await support.getByRole("heading", { level: 3 }).allInnerTexts()).toEqual([
      "Contact Form",
      "Email Support",
      "Phone Support",
    ]);
    expect(await support.getByRole("button").count()).toBe(0);
    expect(await support.getByRole("link", { name: "Write to us" }).getAttribute("href")).toBe("/contact");
    await close();
  });

  it("lists the guides in the sitemap and leaves Success Stories out", async ({ app }) => {
    const xml = await (await fetch(`${app.url}/sitemaps/pages.xml`)).text();
    for (const guide of GUIDES) expect(xml).toContain(`/resources/${guide.slug}</loc>`);
    expect(xml).not.toContain("success-stories");
  });
});
