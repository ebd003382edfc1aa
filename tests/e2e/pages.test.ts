import type { Locator, Page } from "playwright-core";
import { describe, expect } from "vitest";
import { expectNoAxeViolations, expectNoConsoleErrors, saveScreenshot, VIEWPORTS, waitForHydration } from "../setup/browser.ts";
import { e2e } from "../setup/e2e.ts";

const it = e2e({ SEED_DEMO: "true" });

// Every route of the spec's route table that this branch serves, on a phone and a desktop:
// status, title, description, canonical URL, headings and key texts, axe-core, console errors,
// no sideways scrolling, and a screenshot for reviewers.

type PageCase = {
  name: string;
  path: string;
  status?: number;
  title: string;
  /** The page's one h1 (the home page's belongs to another feature: any text will do). */
  h1: string | RegExp;
  /** Texts that must be on the page (and in the server HTML). */
  texts: string[];
  /** The h2 headings, in order, when the page's structure is specified. */
  h2?: string[];
  /** The test that runs axe on this page and photographs it on a phone and a desktop, when another does. */
  axeIn?: string;
};

const PAGES: PageCase[] = [
  {
    name: "home",
    path: "/",
    title: "DevConsult SEA: international development consultants in Southeast Asia",
    h1: /\w/,
    texts: [],
    axeIn: "languages.test.ts: the home page in each language, axe-clean (English included), once its lazy parts came",
  },
  {
    name: "about",
    path: "/about",
    title: "About | DevConsult SEA",
    h1: "Local expertise for development work across Southeast Asia",
    h2: [
      "Our mission",
      "Who the directory is for",
      "How profiles are reviewed",
      "How messaging works",
      "Where and what",
      "Questions about the directory?",
    ],
    texts: ["For organizations", "For consultants", "Usually within 1-2 business days", "Sign in with a free account"],
  },
  {
    name: "resources",
    path: "/resources",
    title: "Resources | DevConsult SEA",
    h1: "Knowledge for development practitioners in Southeast Asia",
    h2: ["Guides", "Need an expert rather than a guide?"],
    texts: [
      "How donors hire consultants: UNDP, ADB, the World Bank and the EU",
      "Writing an expression of interest that gets you shortlisted",
      "Daily rates: how donors set, cap and compare consultants' fees",
      "The UN P11 and the EU CV format, explained",
    ],
  },
  {
    name: "resources-guide",
    path: "/resources/daily-rates",
    title: "Daily rates: how donors set, cap and compare consultants' fees | DevConsult SEA",
    h1: "Daily rates: how donors set, cap and compare consultants' fees",
    texts: ["How the main funders decide", "Working out your own rate", "Sources", "ST/AI/2013/4"],
  },
  {
    name: "help-center",
    path: "/help-center",
    title: "Help Center | DevConsult SEA",
    h1: "How can we help?",
    h2: ["Talk to our support team", "Frequently asked questions", "Still need help?"],
    texts: [
      "Contact Form",
      "Email Support",
      "Phone Support",
      "Getting Started",
      "For Consultants",
      "For Organizations",
      "Technical Support",
    ],
  },
  {
    name: "contact",
    path: "/contact",
    title: "Contact | DevConsult SEA",
    h1: "Get in touch",
    texts: [
      "Send us a message",
      "Our office",
      "Contact details",
      "Office hours",
      "24/7 emergency support",
      "Visit the Help Center",
    ],
  },
  {
    name: "privacy-policy",
    path: "/privacy-policy",
    title: "Privacy Policy | DevConsult SEA",
    h1: "How we handle your personal data",
    h2: [
      "On this page",
      "1. Information we collect",
      "2. How we use your information",
      "3. How we share information",
      "4. How we protect your information",
      "5. Your rights",
      "6. Cookies",
      "7. How long we keep information",
      "8. International transfers",
      "9. Children under 18",
      "10. Changes to this policy",
      "11. Contact us",
    ],
    texts: [
      "Last updated: January 1, 2025.",
      "Personal Data Protection Act 2012 (PDPA)",
      "Personal Data Protection Act B.E. 2562 (2019) (PDPA)",
      "Personal Data Protection Act 2010 (PDPA)",
      "Data Privacy Act of 2012 (Republic Act No. 10173)",
      "Personal Data Protection Law (Law No. 27 of 2022)",
      "Decree No. 13/2023/ND-CP on Personal Data Protection",
      "Messages between organizations and consultants:",
      "Profile photos:",
      "Contact-form messages:",
      "The e-mail outbox:",
      "Session cookie:",
      "Rate-limit counters:",
      "You must be at least 18 years old",
    ],
  },
  {
    name: "not-found",
    path: "/no/such/page",
    status: 404,
    title: "404 Page Not Found | DevConsult SEA",
    h1: "404 Page Not Found",
    texts: ["Go to Home"],
  },
];

async function headings(page: Page, level: "h1" | "h2") {
  return (await page.locator(`main ${level}`).allTextContents()).map((text) => text.trim());
}

describe.each(Object.keys(VIEWPORTS) as (keyof typeof VIEWPORTS)[])("every page on %s", (viewport) => {
  it.for(PAGES)("$path: titles, headings, key texts, accessible, no console errors", async (spec, { app, openPage }) => {
    const { page, errors } = await openPage({ viewport });
    const response = await page.goto(`${app.url}${spec.path}`);
    expect(response?.status()).toBe(spec.status ?? 200);
    expect(await page.title()).toBe(spec.title);
    expect((await page.locator('meta[name="description"]').getAttribute("content"))?.length).toBeGreaterThan(40);
    const canonical = await page.locator('link[rel="canonical"]').getAttribute("href");
    expect(new URL(canonical!).pathname).toBe(spec.path);
    const h1 = await headings(page, "h1");
    expect(h1).toHaveLength(1);
    expect(h1[0]).toMatch(spec.h1);
    if (spec.h2) expect(await headings(page, "h2")).toEqual(spec.h2);
    for (const text of spec.texts) {
      await expect(page.getByText(text, { exact: false }).first().isVisible(), text).resolves.toBe(true);
    }
    // Nothing wider than the screen: no sideways scrolling on a 360 px phone.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    if (!spec.axeIn) {
      await expectNoAxeViolations(page);
      await saveScreenshot(page, `${spec.name}-${viewport}`);
    }
    expectNoConsoleErrors(errors, spec.status === 404 ? [/status of 404/] : []);
  });
});

describe("server rendering", () => {
  it.for(PAGES)("$path is complete in the server HTML, with its own title and canonical URL", async (spec, { app }) => {
    const response = await fetch(`${app.url}${spec.path}`);
    expect(response.status).toBe(spec.status ?? 200);
    const html = await response.text();
    const decoded = html
      .replace(/<!-- -->/g, "")
      .replace(/&amp;/g, "&")
      .replace(/&#x27;|&#39;/g, "'")
      .replace(/&quot;/g, '"');
    expect(decoded).toContain(`<title>${spec.title}</title>`);
    if (typeof spec.h1 === "string") expect(decoded).toContain(spec.h1);
    for (const text of spec.texts) expect(decoded).toContain(text);
    expect(html).toMatch(new RegExp(`<link rel="canonical" href="http://[^"]+${spec.path.replace(/\//g, "\\/")}"`));
  });
});

describe("header and footer", () => {
  it("the header's section links lead to the home page's sections from any page", async ({ app, openPage }) => {
    const { page, errors } = await openPage();
    await page.goto(`${app.url}/about`);
    await waitForHydration(page);
    const nav = page.getByRole("navigation", { name: "Main" });
    const links = nav.getByRole("link");
    expect(await links.allInnerTexts()).toEqual(["Consultants", "Opportunities", "Countries", "Specializations", "About"]);
    expect(await Promise.all((await links.all()).map((link) => link.getAttribute("href")))).toEqual([
      "/#consultants",
      "/opportunities",
      "/#countries",
      "/#specializations",
      "/#about",
    ]);
    const brand = page.getByRole("banner").getByRole("link", { name: "DevConsult SEA" });
    expect(await brand.getAttribute("href")).toBe("/");
    expect(await page.getByRole("banner").getByRole("link", { name: "Join Database" }).getAttribute("href")).toBe("/profile/new");

    // On a slow connection (every script 600 ms late): the home page's parts come with the
    // navigation, so the section is there to scroll to and nothing above it arrives later to push
    // it down (the stats strip did, 348 px, on a loaded machine).
    await page.route(/\/assets\/.+\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 600));
      await route.continue().catch(() => {});
    });
    await nav.getByRole("link", { name: "Countries" }).click();
    await page.waitForURL(`${app.url}/#countries`);
    await page.getByRole("region", { name: "Directory in numbers" }).waitFor();
    await expect.poll(() => sectionTop(page, "countries"), { timeout: 10_000 }).toBeLessThan(200);
    expect(await sectionTop(page, "countries")).toBeGreaterThanOrEqual(0);

    await page.goto(`${app.url}/about`);
    await waitForHydration(page);
    await nav.getByRole("link", { name: "Consultants" }).click();
    await page.waitForURL(`${app.url}/#consultants`);
    await page.getByRole("region", { name: "Directory in numbers" }).waitFor();
    await page.locator("#countries").waitFor({ state: "attached" });
    await expect.poll(() => sectionTop(page, "consultants"), { timeout: 10_000 }).toBeLessThan(200);
    expect(await sectionTop(page, "consultants")).toBeGreaterThanOrEqual(0);
    await page.unroute(/\/assets\/.+\.js$/);

    // Already on the home page: the link scrolls there again.
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect.poll(() => sectionTop(page, "consultants")).toBeGreaterThan(200);
    await nav.getByRole("link", { name: "Consultants" }).click();
    await expect.poll(() => sectionTop(page, "consultants"), { timeout: 10_000 }).toBeLessThan(200);
    expectNoConsoleErrors(errors);
  });

  it("the mobile menu repeats the navigation and works with the keyboard alone", async ({ app, openPage }) => {
    const { page, errors } = await openPage({ viewport: "phone" });
    await page.goto(`${app.url}/resources`);
    expect(await page.getByRole("navigation", { name: "Main" }).isVisible()).toBe(false);
    // By its label, not its role: while the menu is open everything outside it is hidden from the accessibility tree.
    const trigger = page.locator('header button[aria-label="Menu"]');
    expect(await trigger.getAttribute("aria-expanded")).toBe("false");

    // Tab from the top of the page to the menu button: skip link, brand, language, Sign In, menu.
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Skip to content");
    for (let i = 0; i < 4; i++) await page.keyboard.press("Tab");
    expect(await trigger.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.press("Enter");

    const dialog = page.getByRole("dialog", { name: "Menu" });
    await dialog.waitFor();
    expect(await trigger.getAttribute("aria-expanded")).toBe("true");
    const links = dialog.getByRole("link");
    expect(await links.allInnerTexts()).toEqual([
      "Consultants",
      "Opportunities",
      "Countries",
      "Specializations",
      "About",
      "Join Database",
    ]);
    expect(await dialog.getByRole("link", { name: "Join Database" }).getAttribute("href")).toBe("/profile/new");
    expect(await dialog.getByRole("button", { name: "Sign In" }).isVisible()).toBe(true);
    await expectNoAxeViolations(page);
    await saveScreenshot(page, "mobile-menu-phone");

    // Focus stays inside the open menu; Escape closes it and returns focus to the button.
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press("Tab");
      expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    expect(await trigger.evaluate((element) => element === document.activeElement)).toBe(true);

    // Reopen with Space, go to a section with Enter: the menu closes and the section is shown.
    await page.keyboard.press(" ");
    await dialog.waitFor();
    await dialog.getByRole("link", { name: "Consultants" }).focus();
    await page.keyboard.press("Enter");
    await page.waitForURL(`${app.url}/#consultants`);
    await dialog.waitFor({ state: "detached" });
    await expect.poll(() => sectionTop(page, "consultants"), { timeout: 10_000 }).toBeLessThan(200);
    expectNoConsoleErrors(errors);
  });

  it("signs in from the mobile menu", async ({ app, openPage }) => {
    const { page, errors } = await openPage({ viewport: "phone" });
    await page.goto(`${app.url}/help-center`);
    await page.locator('header button[aria-label="Menu"]').click();
    const menu = page.getByRole("dialog", { name: "Menu" });
    await menu.getByRole("button", { name: "Sign In" }).click();
    const signIn = page.getByRole("dialog", { name: "Welcome to DevConsult SEA" });
    await signIn.waitFor();
    await signIn.getByRole("tab", { name: "Sign In" }).waitFor();
    await expectNoAxeViolations(page);
    expectNoConsoleErrors(errors);
  });

  it("shows a visible focus ring everywhere, amber on the dark teal bands", async ({ app, openPage }) => {
    const { page } = await openPage();
    await page.goto(`${app.url}/about`);
    // Polled: buttons fade their colours in (transition-colors includes the outline colour).
    const outline = (link: Locator) => {
      return expect.poll(() =>
        link.evaluate((element) => {
          (element as HTMLElement).focus();
          const style = getComputedStyle(element);
          return `${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor}`;
        }),
      );
    };
    const amber = "solid 3px rgb(246, 197, 107)";
    await outline(page.getByRole("main").getByRole("link", { name: "Browse Consultants" })).toBe(amber);
    await outline(page.getByRole("contentinfo").getByRole("link", { name: "Resources" })).toBe(amber);
    await outline(page.getByRole("main").getByRole("link", { name: "Privacy Policy" })).toBe("solid 3px rgb(21, 127, 116)");
    await outline(page.getByRole("banner").getByRole("link", { name: "Join Database" })).toBe("solid 3px rgb(21, 127, 116)");
  });

  it("the footer has the spec's links but Success Stories (issue 36)", async ({ app, openPage }) => {
    const { page } = await openPage();
    await page.goto(`${app.url}/privacy-policy`);
    const links = page.getByRole("navigation", { name: "Footer" }).getByRole("link");
    expect(await Promise.all((await links.all()).map((link) => link.getAttribute("href")))).toEqual([
      "/resources",
      "/contact",
      "/help-center",
      "/privacy-policy",
      "/about",
      "/#consultants",
    ]);
    expect(await links.nth(3).getAttribute("aria-current")).toBe("page");
    await links.nth(4).click();
    await page.waitForURL(`${app.url}/about`);
    await expect
      .poll(() => page.locator("main h1").innerText())
      .toBe("Local expertise for development work across Southeast Asia");
  });

  it("the resources' guides open from their cards and lead on to the directory", async ({ app, openPage }) => {
    const { page } = await openPage();
    await page.goto(`${app.url}/resources`);
    await page.getByRole("link", { name: "Read the guide: The UN P11 and the EU CV format, explained" }).click();
    await page.waitForURL(`${app.url}/resources/p11-and-eu-cv-formats`);
    await page.getByRole("heading", { name: "The EU CV format", exact: true }).waitFor();
    const browse = page.getByRole("link", { name: "Browse Consultants" });
    expect(await browse.getAttribute("href")).toBe("/#consultants");
  });
});

function sectionTop(page: Page, id: string) {
  return page.evaluate((sectionId) => document.getElementById(sectionId)?.getBoundingClientRect().top ?? -1, id);
}
