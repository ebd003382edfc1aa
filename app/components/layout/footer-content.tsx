import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link, NavLink } from "react-router";
import { BrandMark } from "./brand-mark.tsx";
import { FooterLanguageSwitcher } from "./language-switcher.tsx";

// The footer (site-footer.tsx loads it). The spec's footer links in the spec's order, without
// Success Stories (issue 36: the directory shows no stories it cannot vouch for; /success-stories
// leads to the guides).
const LINKS = [
  { to: "/resources", label: msg`Resources` },
  { to: "/contact", label: msg`Contact` },
  { to: "/help-center", label: msg`Help Center` },
  { to: "/privacy-policy", label: msg`Privacy Policy` },
  { to: "/about", label: msg`About` },
  { to: "/#consultants", label: msg`Find Consultants` },
] as const;

const linkClasses =
  "rounded-sm text-brand-100 underline-offset-4 hover:text-white hover:underline aria-[current=page]:font-semibold aria-[current=page]:text-white";

export default function FooterContent({ siteName }: { siteName: string }) {
  const { t, i18n } = useLingui();
  const year = new Date().getFullYear();
  return (
    <footer className="on-dark mt-20 bg-brand-900 text-brand-50">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 md:grid-cols-[2fr_3fr]">
        <div>
          <p className="flex items-center gap-2.5 text-lg font-bold text-white">
            <BrandMark className="size-8" />
            {siteName}
          </p>
          <p className="mt-3 max-w-sm text-sm leading-relaxed text-brand-100">
            <Trans>
              The directory of international development consultants working across Southeast Asia, for the NGOs, UN agencies,
              donors and firms who hire them.
            </Trans>
          </p>
          <p className="mt-3 text-sm text-brand-100">
            <Trans>Support: Monday to Friday, 9 AM to 6 PM Singapore time (SGT).</Trans>
          </p>
        </div>
        <nav aria-label={t`Footer`}>
          <ul className="grid grid-cols-2 gap-x-6 gap-y-3 text-sm sm:grid-cols-3">
            {LINKS.map((link) => (
              <li key={link.to}>
                {link.to.includes("#") ? (
                  // A section of the home page: never "the current page".
                  <Link to={link.to} className={linkClasses}>
                    {i18n._(link.label)}
                  </Link>
                ) : (
                  <NavLink to={link.to} className={linkClasses}>
                    {i18n._(link.label)}
                  </NavLink>
                )}
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="border-t border-brand-800">
        <div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-5 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-xs text-brand-200">
            <Trans>
              © {year} {siteName}. Profiles are written by the consultants themselves and reviewed before they are listed.
            </Trans>
          </p>
          <FooterLanguageSwitcher />
        </div>
      </div>
    </footer>
  );
}
