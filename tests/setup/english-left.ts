import type { Page } from "playwright-core";
import { COUNTRY_CODES, countryName } from "#common/countries.ts";
import type { Locale } from "#common/locales.ts";
import { readCatalogEntries } from "#server/i18n/catalogs.ts";

// The browser tests' check that a translated page left no English behind (issue 37): what a
// person reads on the page (and in its labels) that is not the page's language.

/** A language of the interface other than English. */
export type Translated = Exclude<Locale, "en">;

/** Those languages. */
export const TRANSLATED: readonly Translated[] = ["id", "vi", "th"];

/**
 * The catalogue's English source texts whose translation in `locale` differs from them: a page in
 * that language showing one left it untranslated.
 */
export async function englishOnlyMessages(locale: Translated): Promise<string[]> {
  const entries = (await readCatalogEntries(locale)).filter((entry) => !entry.obsolete);
  // A text that some message (in another context) rightly keeps in English is no evidence.
  const kept = new Set(entries.filter((entry) => entry.translation === entry.message).map((entry) => entry.message));
  return entries
    .filter((entry) => entry.translation && entry.translation !== entry.message && !kept.has(entry.message))
    .map((entry) => entry.message as string)
    .filter((message) => !/[{<]/.test(message));
}

/**
 * englishOnlyMessages of each translated language, less the country names that language writes as
 * the English does ("Brunei" in Indonesian is that language, whatever else a catalogue says): for
 * pages that show a country's name in the page's language.
 */
export async function englishOnlyBesideCountries(): Promise<Map<Translated, string[]>> {
  const byLocale = new Map<Translated, string[]>();
  for (const locale of TRANSLATED) {
    const countries = new Set(COUNTRY_CODES.map((code) => countryName(code, locale)));
    byLocale.set(
      locale,
      (await englishOnlyMessages(locale)).filter((message) => !countries.has(message)),
    );
  }
  return byLocale;
}

/**
 * English left in the page's body and title (englishLeft, less the texts `ignore` matches) and in
 * its description: a description that is an `englishOnly` message, or (Thai) that has a lower-case
 * Latin word.
 */
export async function englishLeftWithDescription(page: Page, locale: Translated, englishOnly: string[], ignore?: RegExp) {
  const found = (await englishLeft(page, "body", locale, englishOnly)).filter((text) => !ignore?.test(text));
  const description = (await page.locator('meta[name="description"]').getAttribute("content")) ?? "";
  if (englishOnly.includes(description) || (locale === "th" && /(^|[^\p{L}])[a-z]{2,}/u.test(description))) {
    found.push(`description: ${description}`);
  }
  return found;
}

/**
 * Texts a person reads on the page (and in its labels) that are not the page's language: user
 * text (`dir="auto"`, `<bdi>`), elements marked with another language and the language switcher's
 * names and what a text area holds are skipped. For Thai, any Latin word not an acronym or a name is English left behind;
 * for all three, a text that is an English source message with a different translation is
 * (`englishOnly`, from englishOnlyMessages). `extra` adds English sentences the page must not show
 * (texts that are not catalogue messages yet).
 */
export async function englishLeft(page: Page, scope: string, locale: Locale, englishOnly: string[], extra: string[] = []) {
  return page.evaluate(
    ({ scope, locale, englishOnly }) => {
      // Names that stay as they are in every language.
      const names = ["DevConsult SEA", "JavaScript", "UN Women", "Gates Foundation", "Global Fund"];
      const english = new Set(englishOnly);
      // A text area's text is the value in it, typed by a person.
      const userText = '[dir="auto"], bdi, textarea, script, style, [translate="no"], [lang]:not(html)';
      const skip = (element: Element | null) => element?.closest(userText) !== null;
      // People's own words also appear inside labels ("Save Kim Ji-won to a shortlist"): what the
      // page shows as user text elsewhere is not evidence there either.
      const people = [...document.querySelectorAll('[dir="auto"], bdi')]
        .map((element) => (element.textContent ?? "").replace(/\s+/g, " ").trim())
        .filter((text) => text.length > 1)
        .sort((a, b) => b.length - a.length);
      const leftovers: string[] = [];
      const check = (text: string, where: string) => {
        let value = text.replace(/\s+/g, " ").trim();
        if (where.includes("[") || where === "title") for (const words of people) value = value.split(words).join(" ").trim();

        if (!value) return;
        if (english.has(value)) leftovers.push(`${where}: ${value}`);
        else if (locale === "th") {
          // Thai prose with an English word in it: a lower-case Latin word outside brackets (a term
          // given in English in brackets is the field's usage; names and acronyms are capitalised).
          // An e-mail address (the account's, in a toast or a notice) is no English either.
          let rest = value.replace(/\([^)]*\)/g, " ").replace(/[^\s@]+@[^\s@]+/g, " ");
          for (const name of names) rest = rest.split(name).join(" ");
          // Words in Latin script, diacritics included ("Hoàng" is a name, not an English word).
          const latin = rest.match(/\p{Script=Latin}+/gu) ?? [];
          if (latin.some((word) => /^[a-z]{2,}$/.test(word))) leftovers.push(`${where}: ${value}`);
        }
      };
      for (const root of document.querySelectorAll(scope)) {
        const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          if (!skip(node.parentElement)) check(node.textContent ?? "", node.parentElement?.tagName ?? "");
        }
        for (const element of root.querySelectorAll("[aria-label], [placeholder], [title], img[alt]")) {
          if (skip(element)) continue;
          for (const name of ["aria-label", "placeholder", "title", "alt"]) {
            const value = element.getAttribute(name);
            if (value) check(value, `${element.tagName}[${name}]`);
          }
        }
      }
      if (scope === "body") check(document.title, "title");
      return leftovers;
    },
    { scope, locale, englishOnly: [...englishOnly, ...extra] },
  );
}
