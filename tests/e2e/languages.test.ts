import type { Browser, Page } from "playwright-core";
import { describe, expect } from "vitest";
import { LOCALES, type Locale, localizePath } from "#common/locales.ts";
import { authUsers } from "#server/db/schema.ts";
import { sessionCookieName } from "#server/http/cookies.ts";
import { createSession } from "#server/services/sessions.ts";
import type { AppServer } from "../setup/app-server.ts";
import { expectNoAxeViolations, expectNoConsoleErrors, openPage, saveScreenshot, waitForHydration } from "../setup/browser.ts";
import { e2e } from "../setup/e2e.ts";
import { englishLeft as englishLeftIn, englishOnlyMessages } from "../setup/english-left.ts";
import { insertSignedInUser } from "../setup/users.ts";

// The interface in English, Bahasa Indonesia, Vietnamese and Thai (issue 37): the language's
// URLs, its memory and the front door's redirect, the page's language, alternates and canonical
// URL on every public route in every language, and no English left in what is translated.

const SITE = "https://devconsult.example";
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36";
const CRAWLER = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

/** The public routes (bench/budget.ts names the same set) with a path to open each. */
function publicRoutes(consultantId: number) {
  return [
    "/",
    "/?location=Vietnam",
    "/about",
    "/resources/how-donors-hire-consultants",
    "/resources",
    "/help-center",
    "/contact",
    "/privacy-policy",
    `/consultant/${consultantId}`,
    "/sign-in",
    "/verify-email",
    "/reset-password",
    "/saved-searches/unsubscribe",
    "/opportunity-digest/unsubscribe",
    "/no-such-page",
  ];
}

/**
 * The pages whose own content is translated so far; on every other page the header and footer
 * are. Each page moves here as it is translated (docs/decisions/015-interface-languages.md).
 */
const TRANSLATED_PAGES = [
  "/",
  "/?location=Vietnam",
  "/no-such-page",
  "/sign-in",
  "/consultant/",
  "/verify-email",
  "/reset-password",
  "/saved-searches/unsubscribe",
  "/contact",
  "/about",
  "/help-center",
  "/privacy-policy",
  "/resources",
  "/resources/how-donors-hire-consultants",
];

/** Whether a page's own content is translated (a profile counts whatever its id). */
function isTranslated(path: string): boolean {
  return TRANSLATED_PAGES.some((translated) =>
    translated.endsWith("/") && translated !== "/" ? path.startsWith(translated) : path === translated,
  );
}

let app: AppServer;
let browser: Browser;
let consultantId: number;
/** English source texts whose translation differs from them, per language (a page showing one left it untranslated). */
const englishOnly = new Map<Locale, string[]>();

// The demo directory (startApp's default), which e2e() leaves out unless asked.
const it = e2e({ SEED_DEMO: "true", PUBLIC_URL: SITE });
it.beforeAll(async ({ app: started, browser: connected }) => {
  // The file's app and browser (e2e()'s fixtures), for the helpers below.
  app = started;
  browser = connected;
  const [row] = await app.database!.sql<{ id: number }[]>`
    select id from consultants where status = 'approved' order by id limit 1`;
  consultantId = row?.id ?? 0;
  for (const locale of ["id", "vi", "th"] as const) englishOnly.set(locale, await englishOnlyMessages(locale));
});

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${app.url}${path}`, { redirect: "manual", headers: { "User-Agent": BROWSER, ...headers } });

describe("the front door and the language's memory", () => {
  it("sends a first visit to / once to the browser's language, never a crawler", async () => {
    const first = await get("/", { "Accept-Language": "th-TH,th;q=0.9,en;q=0.8" });
    expect(first.status).toBe(302);
    expect(first.headers.get("location")).toBe("/th");
    expect(first.headers.get("set-cookie")).toMatch(/^lang=th; Path=\/; Max-Age=31536000; HttpOnly; SameSite=Lax/);
    expect(first.headers.get("vary")).toMatch(/Accept-Language/);
    // The query string comes along.
    const search = await get("/?location=Vietnam", { "Accept-Language": "vi" });
    expect(search.headers.get("location")).toBe("/vi?location=Vietnam");

    const crawler = await get("/", { "User-Agent": CRAWLER, "Accept-Language": "th" });
    expect(crawler.status).toBe(200);
    expect(crawler.headers.get("set-cookie")).toBeNull();
    const english = await get("/", { "Accept-Language": "en-GB,en;q=0.9,th;q=0.5" });
    expect(english.status).toBe(200);
    // A visitor who reads English and never chose keeps no cookie: their next visit is a first one.
    expect(english.headers.get("set-cookie")).toBeNull();
    // Only the front door redirects: a page's own URL is its language.
    expect((await get("/about", { "Accept-Language": "th" })).status).toBe(200);
  });

  it("remembers the language of the pages read, and brings a returning visitor back to it", async () => {
    const thai = await get("/th/about");
    expect(thai.headers.get("set-cookie")).toMatch(/^lang=th;/);
    const back = await get("/", { Cookie: "lang=th", "Accept-Language": "en" });
    expect(back.status).toBe(302);
    expect(back.headers.get("location")).toBe("/th");
    // From a page of this site (the switcher's English link, the logo): no redirect, and English is remembered.
    const chosen = await get("/", { Cookie: "lang=th", "Sec-Fetch-Site": "same-origin" });
    expect(chosen.status).toBe(200);
    expect(chosen.headers.get("set-cookie")).toMatch(/^lang=en;/);
    const english = await get("/", { Cookie: "lang=en", "Accept-Language": "th" });
    expect(english.status).toBe(200);
    // A cookie with a value that is no language is no choice.
    const junk = await get("/", { Cookie: "lang=xx", "Accept-Language": "id" });
    expect(junk.headers.get("location")).toBe("/id");
  });

  it("stores the language on a signed-in account, for the e-mails it receives", async () => {
    const user = await insertSignedInUser(app.database!.db);
    const read = async () =>
      (await app.database!.sql<{ locale: string }[]>`select locale from auth_users where id = ${user.id}`)[0]?.locale;
    expect(await read()).toBe("en");
    // The site is https (PUBLIC_URL): the session cookie has its __Host- name.
    const cookie = `${sessionCookieName({ secureCookies: true })}=${user.token}`;
    expect((await get("/vi/about", { Cookie: cookie })).status).toBe(200);
    expect(await read()).toBe("vi");
    // A data request or an API call says nothing about the language read.
    await get("/th/about.data", { Cookie: cookie });
    expect(await read()).toBe("vi");
    expect(authUsers.locale.name).toBe("locale");
  });

  it("shows a signed-in person's pages in the URL's language (messages, shortlists, the signed-out prompt)", async () => {
    const user = await insertSignedInUser(app.database!.db);
    const cookie = `${sessionCookieName({ secureCookies: true })}=${user.token}`;
    // A saved search with a weekly alert: its filters and frequency in words of the page's language.
    await app.database!.sql`insert into saved_searches (user_id, name, query, frequency, alert_key)
      values (${user.id}, 'น้ำ', 'keywords=water&location=Vietnam&availability=available', 'weekly', 'key')`;
    // A second session on a known browser (this one's device says nothing): both in the page's words
    // (the page's data keeps the API's English, so only the Thai is looked for).
    await createSession(app.database!.db, user.id, {
      userAgent: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36",
    });
    const pages = [
      {
        path: "/th/saved-searches",
        thai: ["การค้นหาที่บันทึกไว้", "การแจ้งเตือนทางอีเมล: รายสัปดาห์", "“water” · เวียดนาม · พร้อมรับงาน", "บันทึกการเปลี่ยนแปลง"],
        english: ["Run a search again", "E-mail alert", "Weekly", "Save changes", "Available for work"],
      },
      {
        path: "/th/profile/manage",
        thai: ["จัดการบัญชี", "ข้อมูลโปรไฟล์", "เปลี่ยนรหัสผ่าน", "รหัสบัญชี", "บันทึกการเปลี่ยนแปลง", "อุปกรณ์ที่ไม่รู้จัก", "Chrome บน Windows"],
        english: ["Profile Information", "Change Password", "Account ID", "Save Changes", "Current Password"],
      },
      { path: "/th/messages", thai: ["ยังไม่มีบทสนทนา", "ส่งแล้ว", "ได้รับ"], english: ["No conversations here yet", ">Received<"] },
      { path: "/th/shortlists", thai: ["ยังไม่มีรายชื่อคัดเลือก", "รายชื่อคัดเลือกใหม่"], english: ["No shortlists yet", "New shortlist"] },
    ];
    for (const { path, thai, english } of pages) {
      const html = await (await get(path, { Cookie: cookie })).text();
      for (const text of thai) expect(html, path).toContain(text);
      for (const text of english) expect(html, path).not.toContain(text);
    }
    // Signed out, the page's own prompt, in the page's language.
    const prompt = await (await get("/vi/profile/manage")).text();
    expect(prompt).toContain("Bạn cần đăng nhập để quản lý tài khoản.");
    expect(prompt).not.toContain("You need to be logged in to manage your account.");
  });

  it("answers an unknown language prefix with the English 404 page", async () => {
    for (const path of ["/fr", "/fr/about", "/en/about", "/TH/about", "/thai"]) {
      const response = await get(path);
      expect(response.status, path).toBe(404);
      const html = await response.text();
      expect(html, path).toContain('<html lang="en"');
      expect(html, path).toContain("404 Page Not Found");
    }
  });
});

describe("every public route in every language", () => {
  it("has its <html lang>, the four alternates and x-default, and its canonical URL", async () => {
    for (const path of publicRoutes(consultantId)) {
      for (const locale of LOCALES) {
        const url = localizePath(locale, path);
        const response = await get(url);
        const html = await response.text();
        expect(html, url).toContain(`<html lang="${locale}"`);
        const canonical = /<link rel="canonical" href="([^"]+)"\/>/.exec(html)?.[1];
        // People's own words (a profile, search results) stay canonical in English.
        const userText = path.startsWith("/consultant/") || path.includes("?");
        expect(canonical?.replace(/&amp;/g, "&"), url).toBe(`${SITE}${userText ? path : localizePath(locale, path)}`);
        for (const language of LOCALES) {
          expect(html, `${url} → ${language}`).toContain(
            `<link rel="alternate" hrefLang="${language}" href="${SITE}${localizePath(language, path)}"/>`.replace(/&/g, "&amp;"),
          );
        }
        expect(html, url).toContain(`<link rel="alternate" hrefLang="x-default" href="${SITE}${path}"/>`.replace(/&/g, "&amp;"));
      }
    }
  }, 300_000);
});

/** English left on the page (tests/setup/english-left.ts), against this run's catalogues. */
const englishLeft = (page: Page, scope: string, locale: Locale) =>
  englishLeftIn(page, scope, locale, englishOnly.get(locale as "th") ?? []);

describe("translated pages, in a browser", () => {
  it("leave no English on the translated pages, and none in the header and footer of the others", async () => {
    const { page, errors, settled, close } = await openPage(browser);
    for (const locale of ["id", "vi", "th"] as const) {
      for (const path of publicRoutes(consultantId)) {
        const url = localizePath(locale, path);
        await page.goto(`${app.url}${url}`);
        await waitForHydration(page);
        // The lazy parts' chunks and catalogues, which come after hydration, have come and rendered.
        await settled();
        expect(await page.evaluate(() => document.documentElement.lang), url).toBe(locale);
        const scope = isTranslated(path) ? "body" : "body > header, body > footer";

        expect(await englishLeft(page, scope, locale), url).toEqual([]);
      }
    }
    expectNoConsoleErrors(errors, [/404/]);
    // The server found every message in the catalogues (a missing one is logged once, in English).
    expect(app.output()).not.toContain("missing translation");
    await close();
  }, 600_000);

  for (const viewport of ["phone", "desktop"] as const) {
    it(`on a ${viewport}: the home page in each language, axe-clean, with a switcher that works by keyboard`, async () => {
      const { page, errors, settled, close } = await openPage(browser, { viewport });
      for (const locale of LOCALES) {
        await page.goto(`${app.url}${localizePath(locale, "/")}`);
        await waitForHydration(page);
        await settled();
        await expectNoAxeViolations(page);
        await saveScreenshot(page, `languages-home-${locale}-${viewport}`);
      }
      // From Thai to Vietnamese with the keyboard: the header's switcher is a disclosure of links.
      await page.goto(`${app.url}/th/about`);
      await waitForHydration(page);
      const summary = page.locator("header summary");
      await summary.focus();
      await page.keyboard.press("Enter");
      const vietnamese = page.locator('header a[hreflang="vi"]');
      await expect.poll(() => vietnamese.isVisible()).toBe(true);
      expect(await vietnamese.getAttribute("lang")).toBe("vi");
      expect(await vietnamese.textContent()).toBe("Tiếng Việt");
      await vietnamese.focus();
      await Promise.all([page.waitForURL(`${app.url}/vi/about`), page.keyboard.press("Enter")]);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe("vi");
      // The footer names each language in itself and marks the current one.
      const names = await page.locator("footer a[hreflang]").allTextContents();
      expect(names).toEqual(["English", "Bahasa Indonesia", "Tiếng Việt", "ไทย"]);
      expect(await page.locator('footer a[aria-current="true"]').getAttribute("hreflang")).toBe("vi");
      expectNoConsoleErrors(errors);
      await close();
    }, 300_000);
  }

  it("says the shared schemas' and the server's messages in the page's language, in forms and dialogs", async () => {
    const { page, errors, close } = await openPage(browser);
    await page.goto(`${app.url}/th/sign-in`);
    await waitForHydration(page);
    const form = page.locator("form", { has: page.locator('input[name="intent"][value="login"]') });
    // The browser's validation (zod, the schema's English messages) shown in Thai.
    await form.getByLabel("อีเมล", { exact: true }).fill("not-an-email");
    await form.getByRole("button", { name: "เข้าสู่ระบบ" }).click();
    await form.getByText("ต้องกรอกอีเมลที่ถูกต้อง").waitFor();

    // The server's refusal (the service's English message) shown in Thai.
    await form.getByLabel("อีเมล", { exact: true }).fill("nobody@example.org");
    await form.getByLabel("รหัสผ่าน", { exact: true }).fill("wrong-password-123");
    await form.getByRole("button", { name: "เข้าสู่ระบบ" }).click();
    await form.getByRole("alert").filter({ hasText: "อีเมลหรือรหัสผ่านไม่ถูกต้อง" }).waitFor();
    expect(await englishLeft(page, "main", "th")).toEqual([]);
    await expectNoAxeViolations(page);

    // A dialog loaded on first use brings its strings: Send Message on a profile, signed out.
    await page.goto(`${app.url}/vi/consultant/${consultantId}`);
    await waitForHydration(page);
    await page.getByRole("button", { name: "Gửi tin nhắn" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("heading", { name: "Đăng nhập để gửi tin nhắn" }).waitFor();

    expect(await englishLeft(page, '[role="dialog"]', "vi")).toEqual([]);
    await expectNoAxeViolations(page);
    expectNoConsoleErrors(errors, [/status of 40[01]/]);
    await close();
  });

  it("shows the Help Center in Thai: its questions, answers and search, with no English left (issue 37)", async () => {
    const { page, errors, close } = await openPage(browser);
    await page.goto(`${app.url}/th/help-center`);
    await waitForHydration(page);
    await page.getByRole("heading", { level: 1, name: "ให้เราช่วยอะไรดี" }).waitFor();
    for (const group of ["เริ่มต้นใช้งาน", "สำหรับที่ปรึกษา", "สำหรับองค์กร", "ฝ่ายสนับสนุนด้านเทคนิค"]) {
      expect(await page.getByRole("heading", { level: 3, name: group }).count(), group).toBe(1);
    }
    // The search filters the Thai questions as the visitor types, and says so in Thai.
    await page.getByRole("searchbox").fill("รหัสผ่าน");
    await page.getByText(/^พบ 2 จาก 12 คำถามที่ตรงกับการค้นหาของคุณ$/).waitFor();
    await page.getByRole("button", { name: "ลืมรหัสผ่าน ต้องทำอย่างไร" }).click();
    await page.getByText(/ลิงก์ใช้ได้ครั้งเดียวและหมดอายุภายในหนึ่งชั่วโมง/).waitFor();
    await page.getByRole("searchbox").fill("zzz");
    await page.getByText("ไม่พบคำถามที่ตรงกับ “zzz”").waitFor();
    await page.getByRole("searchbox").fill("");
    expect(await englishLeft(page, "body", "th")).toEqual([]);
    await expectNoAxeViolations(page);
    expectNoConsoleErrors(errors);
    await close();
  });

  it("shows the Privacy Policy in Vietnamese and Thai: its sections, laws and date (issue 37)", async () => {
    const vietnamese = await (await get("/vi/privacy-policy")).text();
    for (const text of [
      "Cách chúng tôi xử lý dữ liệu cá nhân của bạn",
      "Cập nhật lần cuối: 1 tháng 1, 2025.",
      "Nghị định số 13/2023/NĐ-CP về bảo vệ dữ liệu cá nhân",
      "Chuyển dữ liệu ra nước ngoài",
    ]) {
      expect(vietnamese).toContain(text);
    }
    expect(vietnamese).not.toMatch(/Information we collect|We never sell personal data|Last updated/);
    const thai = await (await get("/th/privacy-policy")).text();
    expect(thai).toContain("พระราชบัญญัติคุ้มครองข้อมูลส่วนบุคคล พ.ศ. 2562 (PDPA)");
    expect(thai).toContain("ผู้ที่อายุต่ำกว่า 18 ปี");
    expect(thai).not.toMatch(/Children under 18|Your rights/);
  });

  it("keeps the language through a search and a client-side navigation, with each chunk's strings", async () => {
    const { page, errors, close } = await openPage(browser);
    await page.goto(`${app.url}/th`);
    await waitForHydration(page);
    await page.selectOption("#search-location", "Vietnam");
    await page.waitForURL(/\/th\?location=Vietnam/);
    await expect.poll(() => page.locator("[aria-busy]").getAttribute("aria-busy")).toBe("false");
    expect(await englishLeft(page, "main", "th")).toEqual([]);
    // Links keep the prefix: the router's basename is the language's.
    await page.locator("footer a", { hasText: "เกี่ยวกับเรา" }).click();
    await page.waitForURL(`${app.url}/th/about`);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("th");
    expectNoConsoleErrors(errors);
    await close();
  });
});
