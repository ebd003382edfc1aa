import { useLingui } from "@lingui/react/macro";
import { Languages } from "lucide-react";
import { useRef } from "react";
import { useLocation } from "react-router";
import { useLocale } from "#app/i18n/use-locale.ts";
import { useDismissDisclosure } from "#app/lib/use-dismiss-disclosure.ts";
import { LOCALE_NAMES, LOCALES, localizePath } from "#common/locales.ts";

// The language switcher (issue 37): this page in each language, each named in itself. Plain links
// (a language is its own tree of URLs, so switching loads the other document; the server
// remembers the choice in a cookie and on the account). Works without JavaScript; in the header a
// native disclosure (<details>) holds the list, so it opens with Enter or Space and by touch.

/** This page in each language, each named in itself; the current one marked. */
function LanguageList({ className, linkClassName }: { className: string; linkClassName: string }) {
  const current = useLocale();
  const location = useLocation();
  // The router's location is the page in the English tree (the language prefix is its basename).
  const path = `${location.pathname}${location.search}`;
  return (
    <ul className={className}>
      {LOCALES.map((locale) => (
        <li key={locale}>
          <a
            href={localizePath(locale, path)}
            hrefLang={locale}
            lang={locale}
            aria-current={locale === current ? "true" : undefined}
            className={linkClassName}
          >
            {LOCALE_NAMES[locale]}
          </a>
        </li>
      ))}
    </ul>
  );
}

/** The header's switcher: a button with the current language that opens the list. */
export function HeaderLanguageSwitcher() {
  const { t } = useLingui();
  const current = useLocale();
  const ref = useRef<HTMLDetailsElement>(null);
  useDismissDisclosure(ref);
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
      <LanguageList
        className="absolute right-0 z-50 mt-1 w-52 rounded-md border border-line bg-white py-1 shadow-lg"
        linkClassName="block px-3 py-2.5 text-sm text-slate-700 hover:bg-brand-50 hover:text-brand-800 aria-[current=true]:font-semibold aria-[current=true]:text-brand-800"
      />
    </details>
  );
}

/** The footer's switcher: the four languages side by side. */
export function FooterLanguageSwitcher() {
  const { t } = useLingui();
  return (
    <nav aria-label={t`Language`}>
      <LanguageList
        className="flex flex-wrap gap-x-5 gap-y-2 text-sm"
        linkClassName="rounded-sm text-brand-100 underline-offset-4 hover:text-white hover:underline aria-[current=true]:font-semibold aria-[current=true]:text-white"
      />
    </nav>
  );
}
