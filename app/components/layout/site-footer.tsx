import { Link, NavLink } from "react-router";
import { BrandMark } from "./brand-mark.tsx";

// The spec's footer links in the spec's order, without Success Stories (issue 36: the directory
// shows no stories it cannot vouch for; /success-stories leads to the guides).
const LINKS = [
  { to: "/resources", label: "Resources" },
  { to: "/contact", label: "Contact" },
  { to: "/help-center", label: "Help Center" },
  { to: "/privacy-policy", label: "Privacy Policy" },
  { to: "/about", label: "About" },
  { to: "/#consultants", label: "Find Consultants" },
] as const;

const linkClasses =
  "rounded-sm text-brand-100 underline-offset-4 hover:text-white hover:underline aria-[current=page]:font-semibold aria-[current=page]:text-white";

export function SiteFooter({ siteName }: { siteName: string }) {
  return (
    <footer className="on-dark mt-20 bg-brand-900 text-brand-50">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 md:grid-cols-[2fr_3fr]">
        <div>
          <p className="flex items-center gap-2.5 text-lg font-bold text-white">
            <BrandMark className="size-8" />
            {siteName}
          </p>
          <p className="mt-3 max-w-sm text-sm leading-relaxed text-brand-100">
            The directory of international development consultants working across Southeast Asia, for the NGOs, UN agencies,
            donors and firms who hire them.
          </p>
          <p className="mt-3 text-sm text-brand-100">Support: Monday to Friday, 9 AM to 6 PM Singapore time (SGT).</p>
        </div>
        <nav aria-label="Footer">
          <ul className="grid grid-cols-2 gap-x-6 gap-y-3 text-sm sm:grid-cols-3">
            {LINKS.map((link) => (
              <li key={link.to}>
                {link.to.includes("#") ? (
                  // A section of the home page: never "the current page".
                  <Link to={link.to} className={linkClasses}>
                    {link.label}
                  </Link>
                ) : (
                  <NavLink to={link.to} className={linkClasses}>
                    {link.label}
                  </NavLink>
                )}
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="border-t border-brand-800">
        <p className="mx-auto max-w-7xl px-4 py-5 text-xs text-brand-200">
          © {new Date().getFullYear()} {siteName}. Profiles are written by the consultants themselves and reviewed before they are
          listed.
        </p>
      </div>
    </footer>
  );
}
