import { Trans } from "@lingui/react/macro";
import { LogIn, UserPlus } from "lucide-react";
import { Suspense } from "react";
import { Link, useHref, useLocation } from "react-router";
import { lazyWhenOnline } from "#app/lib/chunk-load.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import { useOptionalUser } from "#app/lib/user.ts";
import { signInAndBackTo } from "#common/redirect.ts";
import { openAuthDialog, preloadAuthForms } from "../account/auth-dialog.tsx";
import { buttonClasses } from "../ui/button.tsx";

// The header's account control (spec section 2). Signed out: Sign In, opening the dialog (a link
// to /sign-in until JavaScript has loaded). Signed in: the account menu (header-account-signed-in.tsx).
// The user comes from the root loader, so the server HTML already shows the right state.

function useSignInHref(redirectTo?: string) {
  const location = useLocation();
  if (redirectTo === undefined && location.pathname === "/sign-in") return `/sign-in${location.search}`;
  return signInAndBackTo(redirectTo ?? `${location.pathname}${location.search}`);
}

/**
 * A control that opens the sign-in dialog: a link to the sign-in page until JavaScript has
 * loaded, then a button; hovering or focusing it starts loading the dialog's forms.
 */
function AuthDialogControl({
  href,
  open,
  className,
  children,
}: {
  href: string;
  open: () => void;
  className: string;
  children: React.ReactNode;
}) {
  const hydrated = useHydrated();
  // The page's language prefix (the router's basename) in front of the path.
  const localHref = useHref(href);
  if (!hydrated) {
    return (
      <a href={localHref} className={className}>
        {children}
      </a>
    );
  }
  return (
    <button type="button" className={className} onClick={open} onPointerEnter={preloadAuthForms} onFocus={preloadAuthForms}>
      {children}
    </button>
  );
}

/**
 * Sign In: a button that opens the dialog, or a link to the sign-in page before hydration. Both
 * come back to this page, or to `redirectTo` (e.g. the page with an action waiting: app/lib/resume.ts).
 */
export function SignInControl({
  className,
  compact = false,
  redirectTo,
}: {
  className?: string;
  compact?: boolean;
  redirectTo?: string;
}) {
  const href = useSignInHref(redirectTo);
  return (
    <AuthDialogControl
      href={href}
      open={() => openAuthDialog("login", { redirectTo })}
      className={buttonClasses({ variant: "outline", className })}
    >
      <LogIn aria-hidden="true" className="size-4" />
      {/* On narrow headers the icon stands alone; the name stays for screen readers. */}
      <span className={compact ? "max-sm:sr-only" : undefined}>
        <Trans>Sign In</Trans>
      </span>
    </AuthDialogControl>
  );
}

/**
 * Create account: opens the dialog on its Sign Up tab (spec: "the dialog can be preset to the
 * register tab"), or links to /sign-in?tab=register before hydration.
 */
export function CreateAccountControl({ className, redirectTo }: { className?: string; redirectTo?: string }) {
  const location = useLocation();
  const back = redirectTo ?? `${location.pathname}${location.search}`;
  return (
    <AuthDialogControl
      href={`/sign-in?tab=register&redirectTo=${encodeURIComponent(back)}`}
      open={() => openAuthDialog("register", { redirectTo: back })}
      className={buttonClasses({ variant: "secondary", className })}
    >
      <UserPlus aria-hidden="true" className="size-4" />
      <Trans>Create account</Trans>
    </AuthDialogControl>
  );
}

/**
 * Join Database: a link to the profile form. For a visitor (once JavaScript runs) it opens the
 * dialog on its Sign Up tab instead, and the new account then lands on the profile form; without
 * JavaScript the form's page asks to sign in and offers Create account.
 */
export function JoinDatabaseLink({
  className,
  children,
  onNavigate,
}: {
  className?: string;
  children: React.ReactNode;
  onNavigate?: () => void;
}) {
  const user = useOptionalUser();
  return (
    <Link
      to="/profile/new"
      className={className}
      onPointerEnter={user ? undefined : preloadAuthForms}
      onClick={(event) => {
        onNavigate?.();
        if (user) return;
        event.preventDefault();
        openAuthDialog("register", { redirectTo: "/profile/new" });
      }}
    >
      {children}
    </Link>
  );
}

// The signed-in controls (the account menu, the phone menu's account links, Sign Out) are a chunk
// of their own: most visitors are signed out and never download them. The server HTML has them
// complete (the document is sent whole, every Suspense boundary in place: see entry.server.tsx);
// a signed-in page hydrates them once the chunk is there.
const loadSignedIn = () => import("./header-account-signed-in.tsx");
const SignedInAccountMenu = lazyWhenOnline(() => loadSignedIn().then((module) => ({ default: module.AccountMenu })));
const SignedInMobileLinks = lazyWhenOnline(() => loadSignedIn().then((module) => ({ default: module.MobileSignedInLinks })));

/** The header's account control: Sign In, or the signed-in user's menu. */
export function HeaderAccount() {
  const user = useOptionalUser();
  if (!user) return <SignInControl compact />;
  return (
    <Suspense fallback={null}>
      <SignedInAccountMenu user={user} />
    </Suspense>
  );
}

/**
 * The same choices for the mobile menu, as a plain list (links and a sign-out form, so they work
 * before and without JavaScript).
 */
export function MobileAccountLinks({ onNavigate }: { onNavigate?: () => void }) {
  const user = useOptionalUser();
  if (!user) {
    return (
      <div className="px-3 py-2">
        <SignInControl className="w-full" />
      </div>
    );
  }
  return (
    <Suspense fallback={null}>
      <SignedInMobileLinks user={user} onNavigate={onNavigate} />
    </Suspense>
  );
}
