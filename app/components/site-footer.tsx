import { Link } from "react-router";

// Exactly the spec's footer links.
const LINKS = [
  { to: "/success-stories", label: "Success Stories" },
  { to: "/resources", label: "Resources" },
  { to: "/contact", label: "Contact" },
  { to: "/help-center", label: "Help Center" },
  { to: "/privacy-policy", label: "Privacy Policy" },
  { to: "/about", label: "About" },
  { to: "/#consultants", label: "Find Consultants" },
] as const;

export function SiteFooter({ siteName }: { siteName: string }) {
  return (
    <footer className="mt-16 border-t border-slate-200 bg-brand-900 text-brand-50">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 md:grid-cols-[2fr_3fr]">
        <div>
          <p className="text-lg font-bold text-white">{siteName}</p>
          <p className="mt-2 max-w-sm text-sm text-brand-100">
            The directory of international development consultants working across Southeast Asia.
          </p>
        </div>
        <nav aria-label="Footer">
          <ul className="grid grid-cols-2 gap-x-6 gap-y-2 text-sm sm:grid-cols-3">
            {LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="text-brand-100 underline-offset-4 hover:text-white hover:underline">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <p className="border-t border-brand-800 px-4 py-4 text-center text-xs text-brand-200">
        © {new Date().getFullYear()} {siteName}
      </p>
    </footer>
  );
}
