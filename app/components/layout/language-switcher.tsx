import { useLingui } from "@lingui/react/macro";
import { Languages } from "lucide-react";
import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { useLocale } from "#app/i18n/use-locale.ts";
import { LOCALE_NAMES, LOCALES, type Locale, localizePath } from "#common/locales.ts";

// The language switcher (issue 37): this page in each language, each named in itself. Plain links
// (a language is its own tree of URLs, so switching loads the other document; the server
// remembers the choice in a cookie and on the account). Works without JavaScript; in the header a
// native disclosure (<details>) holds the list, so it opens with Enter or Space and by touch.

function useAlternates() {
  const location = useLocation();
  // The router's location is the page in the English tree (the language prefix is its basename).
  const path = `${location.pathname}${location.search}`;
  return LOCALES.map((locale) => ({ locale, href: localizePath(locale, path) }));
}

function LanguageLink({
  locale,
  href,
  current,
  className,
}: {
  locale: Locale;
  href: string;
  current: boolean;
  className: string;
}) {
  return (
    <a href={href} hrefLang={locale} lang={locale} aria-current={current ? "true" : undefined} className={className}>
      {LOCALE_NAMES[locale]}
    </a>
  );
}

/** The header's switcher: a button with the current language that opens the list. */
export function HeaderLanguageSwitcher() {
  const { t } = useLingui();
  const current = useLocale();
  const alternates = useAlternates();
  const ref = useRef<HTMLDetailsElement>(null);
  // With JavaScript, Escape or a click elsewhere closes the list (as the filter menus do).
  useEffect(() => {
    function close(event: Event) {
      const details = ref.current;
      if (!details?.open) return;
      if (event instanceof KeyboardEvent) {
        if (event.key !== "Escape") return;
        details.open = false;
        details.querySelector("summary")?.focus();
      } else if (!details.contains(event.target as Node)) {
        details.open = false;
      }
    }
    document.addEventListener("click", close);
    document.addEventListener("keydown", close);
    return () => {
      document.removeEventListener("click", close);
      document.removeEventListener("keydown", close);
    };
  }, []);
  return (
    <details ref={ref} className="group relative">
      <summary
        className="flex h-10 cursor-pointer list-none items-center gap-1.5 rounded-md border border-line bg-white px-2.5 text-sm font-medium text-slate-700 hover:bg-brand-50 hover:text-brand-800 [&::-webkit-details-marker]:hidden"
        aria-label={t`Language: ${LOCALE_NAMES[current]}`}
      >
        <Languages aria-hidden="true" className="size-4" />
        <span lang={current} className="max-md:sr-only">
          {LOCALE_NAMES[current]}
        </span>
      </summary>
      <ul className="absolute right-0 z-50 mt-1 w-52 rounded-md border border-line bg-white py-1 shadow-lg">
        {alternates.map(({ locale, href }) => (
          <li key={locale}>
            <LanguageLink
              locale={locale}
              href={href}
              current={locale === current}
              className="block px-3 py-2.5 text-sm text-slate-700 hover:bg-brand-50 hover:text-brand-800 aria-[current=true]:font-semibold aria-[current=true]:text-brand-800"
            />
          </li>
        ))}
      </ul>
    </details>
  );
}

/** The footer's switcher: the four languages side by side. */
export function FooterLanguageSwitcher() {
  const { t } = useLingui();
  const current = useLocale();
  const alternates = useAlternates();
  return (
    <nav aria-label={t`Language`}>
      <ul className="flex flex-wrap gap-x-5 gap-y-2 text-sm">
        {alternates.map(({ locale, href }) => (
          <li key={locale}>
            <LanguageLink
              locale={locale}
              href={href}
              current={locale === current}
              className="rounded-sm text-brand-100 underline-offset-4 hover:text-white hover:underline aria-[current=true]:font-semibold aria-[current=true]:text-white"
            />
          </li>
        ))}
      </ul>
    </nav>
  );
}
