import type { Browser, Page } from "playwright-core";
import { describe, expect } from "vitest";
import { type Locale, localizePath } from "#common/locales.ts";
import { readCatalogEntries } from "#server/i18n/catalogs.ts";
import type { AppServer } from "../setup/app-server.ts";
import {
  dismissToast,
  expectNoAxeViolations,
  expectNoConsoleErrors,
  openPage,
  toastText,
  waitForHydration,
} from "../setup/browser.ts";
import { e2e, PASSWORD, unique } from "../setup/e2e.ts";
import { englishLeft, englishOnlyMessages, TRANSLATED, type Translated } from "../setup/english-left.ts";
import { findLink, type TestSmtp } from "../setup/smtp.ts";

// Issue 37's browser journey: a newcomer in each of the four languages, on a phone and on a
// desktop, goes home → search → a profile → Send Message → sign up → verifies the address from the
// mail (in that language) → back on the profile with the message form waiting → sends → finds the
// conversation under Messages. On every page: `<html lang>` is the language, no English is left
// in what the interface says (tests/setup/english-left.ts), and axe-core finds nothing.

/** What a visitor of each language types in the search box (forms of the field glossary: the demo bios are in English). */
const JOURNEYS: { locale: Locale; query: string; subject: string; message: string }[] = [
  {
    locale: "en",
    query: "WASH",
    subject: "Sanitation baseline in Quang Ngai",
    message: "Would you be free for a three-week WASH baseline survey in March?",
  },
  {
    locale: "id",
    query: "monev",
    subject: "Evaluasi tengah program di NTT",
    message: "Apakah Bapak/Ibu bersedia melakukan evaluasi tengah program selama tiga minggu pada bulan Maret?",
  },
  {
    locale: "vi",
    query: "BĐKH",
    subject: "Đánh giá giữa kỳ dự án thích ứng BĐKH",
    message: "Anh/chị có thể tham gia đánh giá giữa kỳ trong ba tuần vào tháng Ba không?",
  },
  {
    locale: "th",
    query: "การติดตามประเมินผล",
    subject: "การประเมินผลกลางภาคโครงการน้ำ",
    message: "คุณสะดวกรับงานประเมินผลกลางภาคสามสัปดาห์ในเดือนมีนาคมหรือไม่",
  },
];

/** A phone as most visitors of the region hold one (390 × 844), and the house desktop. */
const PHONE = { width: 390, height: 844 };
const DIALOG = '[role="dialog"]';

let app: AppServer;
let browser: Browser;
let smtp: TestSmtp;
/** English source texts whose translation differs from them, per language. */
const englishOnly = new Map<Translated, string[]>();
/** Each language's catalogue: English source text → translation. */
const catalogues = new Map<Locale, Map<string, string>>();

const it = e2e({ SEED_DEMO: "true" });
it.beforeAll(async ({ app: started, browser: connected, smtp: server }) => {
  app = started;
  browser = connected;
  smtp = server;
  for (const locale of TRANSLATED) {
    englishOnly.set(locale, await englishOnlyMessages(locale));
    const entries = (await readCatalogEntries(locale)).filter((entry) => !entry.obsolete && entry.translation);
    catalogues.set(locale, new Map(entries.map((entry) => [entry.message, entry.translation])));
  }
});

/** The interface's text in the language (from its catalogue), with its placeholders filled. */
function say(locale: Locale, english: string, values: Record<string, string> = {}): string {
  // Untranslated, the page shows the English: the test finds it and englishLeft names it.
  const text = (locale === "en" ? undefined : catalogues.get(locale)?.get(english)) ?? english;
  return text.replace(/\{(\w+)\}/g, (_all, name: string) => values[name] ?? `{${name}}`);
}

/**
 * The page is in the language: `<html lang>`, no English left in it (translated languages), no axe
 * violation (in `include` only: a dialog or a toast over a page already checked, a third of the cost;
 * none with `false`: a page another check runs axe on).
 */
async function expectInLanguage(page: Page, locale: Locale, where: string, include?: string | false) {
  expect(await page.evaluate(() => document.documentElement.lang), where).toBe(locale);
  if (locale !== "en") expect(await englishLeft(page, "body", locale, englishOnly.get(locale) ?? []), where).toEqual([]);
  if (include !== false) await expectNoAxeViolations(page, { include });
}

describe("home → search → profile → sign up → message, in each language", () => {
  for (const journey of JOURNEYS) {
    // On a phone and on a desktop in every language (each journey costs 5 to 10 s of a loaded machine).
    for (const viewport of ["phone", "desktop"] as const) {
      const { locale, query } = journey;
      it(`${locale}, on a ${viewport}`, async () => {
        const { page, errors, close } = await openPage(browser, { viewport });
        if (viewport === "phone") await page.setViewportSize(PHONE);
        const t = (english: string, values?: Record<string, string>) => say(locale, english, values);
        try {
          // Home, in the language's own URL.
          await page.goto(`${app.url}${localizePath(locale, "/")}`);
          await waitForHydration(page);
          // axe on it: languages.test.ts ("the home page in each language, axe-clean", on a phone and a
          // desktop, every language, once its lazy parts came), and below, with the results in it.
          await expectInLanguage(page, locale, "home", false);

          // A search typed as a person of that language would.
          await page.getByLabel(t("Keywords")).fill(query);
          await page.waitForURL((url) => url.searchParams.get("keywords") === query);
          await page.locator("#consultants [aria-busy='false']").waitFor();
          const first = page.locator("#consultants article h3 a").first();
          await first.waitFor();
          await expectInLanguage(page, locale, "results");

          // A profile from the results.
          const name = (await first.innerText()).trim();
          await first.click();
          await page.waitForURL((url) => url.pathname.startsWith(localizePath(locale, "/consultant/")));
          const profile = page.url();
          await page.getByRole("heading", { level: 1, name }).waitFor();
          await expectInLanguage(page, locale, "profile");

          // Send Message, signed out: the invitation to sign in or create an account.
          await page.getByRole("button", { name: t("Send Message") }).click();
          const invitation = page.getByRole("dialog", { name: t("Sign in to send a message") });
          await invitation.waitFor();
          await expectInLanguage(page, locale, "the message dialog, signed out", DIALOG);
          await invitation.getByRole("button", { name: t("Create account") }).click();

          // Sign up, in the language.
          const signUp = page.getByRole("dialog").filter({ has: page.getByRole("tab", { name: t("Sign Up") }) });
          await signUp.getByLabel(t("Full Name")).waitFor();
          await expectInLanguage(page, locale, "sign-up", DIALOG);
          const email = `journey.${locale}.${viewport}.${unique()}@example.org`;
          await signUp.getByLabel(t("Full Name")).fill("Dewi Lestari");
          await signUp.getByLabel(t("Email")).fill(email);
          await signUp.getByLabel(t("Password")).fill(PASSWORD);
          await signUp.getByRole("button", { name: t("Create Account") }).click();

          // Back on the profile, the message form waiting: the started action resumed.
          const form = page.getByRole("dialog", { name: t("Message {name}", { name }) });
          await form.waitFor();
          await expect.poll(() => page.url()).toBe(profile);
          await form.getByLabel(t("Subject")).fill(journey.subject);
          await form.getByRole("textbox", { name: t("Message"), exact: true }).fill(journey.message);
          await expectInLanguage(page, locale, "the message form", DIALOG);
          // Not verified yet: the form says so, and keeps what was typed. (The account's welcome
          // toast lies over the form's Send button on a phone: closed, as a person would.)
          await dismissToast(page, t("Dismiss notification"));
          await form.getByRole("button", { name: t("Send Message") }).click();
          await form.getByTestId("verify-to-send").waitFor();
          await expectInLanguage(page, locale, "verify first", DIALOG);

          // The verification mail, in the language, and its link to the language's page.
          const mail = await smtp.waitForMail(email);
          expect(mail.subject).toBe(t("Verify your email address for {siteName}", { siteName: "DevConsult SEA" }));
          const link = findLink(mail, localizePath(locale, "/verify-email"));
          const mailTab = await page.context().newPage();
          await mailTab.goto(link.href.replace(link.origin, app.url));
          await mailTab.getByRole("heading", { level: 1, name: t("Email verified") }).waitFor();
          await waitForHydration(mailTab);
          await expectInLanguage(mailTab, locale, "verified");
          await mailTab.close();

          // Back in the profile's tab: the same form, sent now.
          await expect(form.getByRole("textbox", { name: t("Message"), exact: true }).inputValue()).resolves.toBe(
            journey.message,
          );
          await dismissToast(page, t("Dismiss notification"));
          await form.getByRole("button", { name: t("Send Message") }).click();
          await toastText(page, t("Message sent successfully!"));
          await form.waitFor({ state: "detached" });
          await expectInLanguage(page, locale, "sent", '[data-testid="toast"]');

          // Messages, from the account menu (the phone's menu sheet).
          if (viewport === "phone") {
            await page.getByRole("button", { name: t("Menu"), exact: true }).click();
            await page
              .getByRole("dialog", { name: t("Menu"), exact: true })
              .getByRole("link", { name: t("Messages"), exact: true })
              .click();
          } else {
            await page.getByRole("button", { name: new RegExp(`^${t("Account menu for")}`) }).click();
            await page.getByRole("menuitem", { name: t("Messages"), exact: true }).click();
          }
          await page.waitForURL(`${app.url}${localizePath(locale, "/messages")}`);
          await page.getByRole("heading", { level: 1, name: t("Messages") }).waitFor();
          await page.getByText(journey.subject).waitFor();
          await expectInLanguage(page, locale, "messages");
          expectNoConsoleErrors(errors, [/status of 403/]);
        } finally {
          await close();
        }
      }, 120_000);
    }
  }
});
