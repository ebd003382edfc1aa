import { Trans, useLingui } from "@lingui/react/macro";
import { Menu, UserPlus } from "lucide-react";
import { Suspense, useEffect, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import { lazyWhenOnline } from "#app/lib/chunk-load.ts";
import { buttonClasses } from "../ui/button.tsx";
import { BrandMark } from "./brand-mark.tsx";
import { HeaderAccount, JoinDatabaseLink } from "./header-account.tsx";
import { HOME_SECTIONS } from "./home-sections.ts";
import { HeaderLanguageSwitcher } from "./language-switcher.tsx";

/**
 * The header on every page: brand, the home page's sections, Join Database, the language
 * switcher, the account control, and a phone menu.
 */
export function SiteHeader({ siteName }: { siteName: string }) {
  const { t, i18n } = useLingui();
  return (
    <header className="sticky top-0 z-40 border-b border-line bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-3 px-4">
        <Link to="/" className="flex min-w-0 items-center gap-2.5 rounded-lg text-lg font-bold tracking-tight text-brand-900">
          <BrandMark className="size-9 shrink-0" />
          <span className="truncate">{siteName}</span>
        </Link>
        <nav aria-label={t`Main`} className="hidden items-center gap-1 xl:flex">
          {HOME_SECTIONS.map((section) => (
            <Link
              key={section.id}
              to={section.to ?? `/#${section.id}`}
              className="whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-brand-50 hover:text-brand-800"
            >
              {i18n._(section.label)}
            </Link>
          ))}
        </nav>
        <div className="flex shrink-0 items-center gap-2">
          <div className="hidden sm:block">
            <JoinDatabaseLink className={buttonClasses()}>
              <UserPlus aria-hidden="true" className="size-4" />
              <Trans>Join Database</Trans>
            </JoinDatabaseLink>
          </div>
          <HeaderLanguageSwitcher />
          {/* Sign In, or the signed-in user's menu (compact on phones). */}
          <HeaderAccount />
          <MobileMenu siteName={siteName} />
        </div>
      </div>
    </header>
  );
}

// The sheet (Radix Dialog) loads when the menu is first opened, or when the pointer or focus
// reaches its button; the button itself is in the server HTML.
const loadSheet = () => import("./mobile-menu-sheet.tsx");
const MobileMenuSheet = lazyWhenOnline(loadSheet);
const preloadSheet = () => void loadSheet();

/** Below the desktop breakpoint: a sheet that repeats every header entry. */
function MobileMenu({ siteName }: { siteName: string }) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  // Once opened, the sheet stays mounted (closed), so it opens at once the next time.
  const [used, setUsed] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const location = useLocation();
  // Whatever inside the menu navigated (a section link, an account link, signing out), the menu has done its job.
  useEffect(() => {
    setOpen(false);
  }, [location.key]);
  return (
    <>
      <button
        ref={trigger}
        type="button"
        className={buttonClasses({ variant: "outline", size: "icon", className: "xl:hidden" })}
        aria-label={t`Menu`}
        aria-haspopup="dialog"
        aria-expanded={open}
        data-state={open ? "open" : "closed"}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
        onPointerEnter={preloadSheet}
        onFocus={preloadSheet}
      >
        <Menu aria-hidden="true" className="size-5" />
      </button>
      {used && (
        <Suspense fallback={null}>
          <MobileMenuSheet open={open} onOpenChange={setOpen} siteName={siteName} trigger={trigger} />
        </Suspense>
      )}
    </>
  );
}
