import { Menu, UserPlus } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, useLocation } from "react-router";
import { buttonClasses } from "../ui/button.tsx";
import { Sheet, SheetClose, SheetContent, SheetTrigger } from "../ui/sheet.tsx";
import { BrandMark } from "./brand-mark.tsx";
import { HeaderAccount, MobileAccountLinks } from "./header-account.tsx";

/** The home page's sections; the links work from every page (they lead to `/` and scroll there). */
export const HOME_SECTIONS = [
  { id: "consultants", label: "Consultants" },
  { id: "countries", label: "Countries" },
  { id: "specializations", label: "Specializations" },
  { id: "about", label: "About" },
] as const;

/** The header on every page: brand, the home page's sections, Join Database, the account control, and a phone menu. */
export function SiteHeader({ siteName }: { siteName: string }) {
  return (
    <header className="sticky top-0 z-40 border-b border-line bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-3 px-4">
        <Link to="/" className="flex min-w-0 items-center gap-2.5 rounded-lg text-lg font-bold tracking-tight text-brand-900">
          <BrandMark className="size-9 shrink-0" />
          <span className="truncate">{siteName}</span>
        </Link>
        <nav aria-label="Main" className="hidden items-center gap-1 lg:flex">
          {HOME_SECTIONS.map((section) => (
            <Link
              key={section.id}
              to={`/#${section.id}`}
              className="rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-brand-50 hover:text-brand-800"
            >
              {section.label}
            </Link>
          ))}
        </nav>
        <div className="flex shrink-0 items-center gap-2">
          <div className="hidden sm:block">
            <Link to="/profile/new" className={buttonClasses()}>
              <UserPlus aria-hidden="true" className="size-4" />
              Join Database
            </Link>
          </div>
          {/* Sign In, or the signed-in user's menu (compact on phones). */}
          <HeaderAccount />
          <MobileMenu siteName={siteName} />
        </div>
      </div>
    </header>
  );
}

/** Below the desktop breakpoint: a sheet that repeats every header entry. */
function MobileMenu({ siteName }: { siteName: string }) {
  const [open, setOpen] = useState(false);
  const location = useLocation();
  // Whatever inside the menu navigated (a section link, an account link, signing out), the menu has done its job.
  useEffect(() => {
    setOpen(false);
  }, [location.key]);
  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger className={buttonClasses({ variant: "outline", size: "icon", className: "lg:hidden" })} aria-label="Menu">
        <Menu aria-hidden="true" className="size-5" />
      </SheetTrigger>
      <SheetContent title="Menu" description={`Navigation and account links for ${siteName}`}>
        <nav aria-label="Mobile">
          <ul className="space-y-1">
            {HOME_SECTIONS.map((section) => (
              <li key={section.id}>
                <SheetClose asChild>
                  <Link
                    to={`/#${section.id}`}
                    className="flex rounded-lg px-3 py-3 text-base font-medium text-ink hover:bg-brand-50 hover:text-brand-800"
                  >
                    {section.label}
                  </Link>
                </SheetClose>
              </li>
            ))}
          </ul>
          <div className="mt-4 border-t border-line pt-4">
            <SheetClose asChild>
              <Link to="/profile/new" className={buttonClasses({ size: "lg", className: "w-full" })}>
                <UserPlus aria-hidden="true" className="size-5" />
                Join Database
              </Link>
            </SheetClose>
          </div>
          <div className="mt-4 border-t border-line pt-4">
            <MobileAccountLinks onNavigate={() => setOpen(false)} />
          </div>
        </nav>
      </SheetContent>
    </Sheet>
  );
}
