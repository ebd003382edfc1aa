import { Link } from "react-router";
import { HeaderAccount } from "./header-account.tsx";

const SECTIONS = [
  { id: "consultants", label: "Consultants" },
  { id: "countries", label: "Countries" },
  { id: "specializations", label: "Specializations" },
  { id: "about", label: "About" },
] as const;

export function SiteHeader({ siteName }: { siteName: string }) {
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 py-3">
        <Link to="/" className="flex items-center gap-2 text-lg font-bold text-brand-800">
          <span aria-hidden="true" className="grid size-8 place-items-center rounded-lg bg-brand-700 text-sm text-white">
            DC
          </span>
          {siteName}
        </Link>
        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          {SECTIONS.map((section) => (
            <a
              key={section.id}
              href={`/#${section.id}`}
              className="rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-brand-50 hover:text-brand-800"
            >
              {section.label}
            </a>
          ))}
        </nav>
        <div className="flex items-center gap-2">
          <Link
            to="/profile/new"
            className="rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-800"
          >
            Join Database
          </Link>
          <HeaderAccount />
        </div>
      </div>
    </header>
  );
}
