import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Bookmark, BookmarkCheck, LayoutDashboard, LogIn, LogOut, Mail, Settings, UserPlus, UserRound } from "lucide-react";
import { lazy, Suspense, useEffect } from "react";
import { Link, useFetcher, useHref, useLocation } from "react-router";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import { type SignedInUser, useOptionalUser, useUnreadMessages } from "#app/lib/user.ts";
import { initials } from "#common/format.ts";
import { openAuthDialog, preloadAuthForms } from "../account/auth-dialog.tsx";
import { UnreadBadge } from "../messages/unread-badge.tsx";
import { buttonClasses } from "../ui/button.tsx";
import { toast } from "../ui/toast.tsx";
import type { MenuEntry } from "./account-menu.tsx";

// The header's account control (spec section 2). Signed out: Sign In, opening the dialog (a link
// to /sign-in until JavaScript has loaded). Signed in: a menu with Messages, Shortlists, Saved
// searches, Manage Account, My Consultant Profile, Admin Dashboard (admins only) and Sign Out. The
// menu adapts (issue 13): a consultant finds their profile right after Messages; for someone
// without a profile it is offered last, after a separator, never pushed. The user comes from the
// root loader, so the server HTML already shows the right state.

/** The signed-in menu's links, in order, for the dropdown and the mobile list alike. */
function menuEntries(user: SignedInUser): MenuEntry[] {
  const profile: MenuEntry = { to: "/my-consultant-profile", label: msg`My Consultant Profile`, icon: UserRound };
  const entries: MenuEntry[] = [
    { to: "/messages", label: msg`Messages`, icon: Mail, unread: true },
    ...(user.hasConsultantProfile ? [profile] : []),
    { to: "/shortlists", label: msg`Shortlists`, icon: Bookmark },
    { to: "/saved-searches", label: msg`Saved searches`, icon: BookmarkCheck },
    { to: "/profile/manage", label: msg`Manage Account`, icon: Settings },
    ...(user.hasConsultantProfile ? [] : [{ ...profile, offered: true }]),
  ];
  if (user.role === "admin") entries.push({ to: "/admin", label: msg`Admin Dashboard`, icon: LayoutDashboard });
  return entries;
}

function useSignInHref() {
  const location = useLocation();
  if (location.pathname === "/sign-in") return `/sign-in${location.search}`;
  return `/sign-in?redirectTo=${encodeURIComponent(`${location.pathname}${location.search}`)}`;
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

/** Sign In: a button that opens the dialog, or a link to the sign-in page before hydration. */
export function SignInControl({ className, compact = false }: { className?: string; compact?: boolean }) {
  const href = useSignInHref();
  return (
    <AuthDialogControl
      href={href}
      open={() => openAuthDialog("login")}
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

/** What the sign-out action answers when signing out did not work (spec section 8: 'Logout failed'). */
export type SignOutFailure = { status: "error"; message: string };

/** The sign-out request, with the spec's 'Logout failed' toast when it does not go through. */
function useSignOut() {
  const { t } = useLingui();
  const fetcher = useFetcher<SignOutFailure>();
  const failure = fetcher.state === "idle" ? fetcher.data : undefined;
  useEffect(() => {
    if (failure?.status === "error") {
      toast({ title: t`Logout failed`, description: failure.message || t`Please try again`, variant: "destructive" });
    }
  }, [failure, t]);
  return fetcher;
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

/** A Sign Out button that works with and without JavaScript. */
export function SignOutForm({ className, children }: { className?: string; children?: React.ReactNode }) {
  const fetcher = useSignOut();
  const location = useLocation();
  return (
    <fetcher.Form method="post" action="/auth/logout">
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      <button type="submit" className={className ?? buttonClasses({ variant: "outline" })} disabled={fetcher.state !== "idle"}>
        {children ?? (
          <>
            <LogOut aria-hidden="true" className="size-4" />
            <Trans>Sign Out</Trans>
          </>
        )}
      </button>
    </fetcher.Form>
  );
}

// The dropdown (Radix DropdownMenu with its positioning) loads for signed-in people only, after
// hydration; until it is there the control is the same link to the account page as before hydration.
const AccountDropdown = lazy(() => import("./account-menu.tsx"));

const triggerClasses =
  "relative flex items-center gap-2 rounded-full py-1 pl-1 pr-2 text-sm font-semibold text-ink ring-1 ring-inset ring-slate-300 hover:bg-slate-50";

function AccountMenu({ user }: { user: SignedInUser }) {
  const hydrated = useHydrated();
  const unread = useUnreadMessages();
  const fetcher = useSignOut();
  const location = useLocation();
  const face = (
    <>
      <span
        aria-hidden="true"
        className="grid size-8 place-items-center rounded-full bg-brand-100 text-xs font-bold text-brand-800"
      >
        {initials(user.name)}
      </span>
      <span className="sr-only">
        <Trans>Account menu for</Trans>{" "}
      </span>
      <span className="max-w-[10rem] truncate max-sm:sr-only">{user.name}</span>
      <UnreadBadge count={unread} className="absolute -left-1 -top-1.5" />
    </>
  );
  // Before hydration (and while the menu loads) the menu cannot open: the control leads to the account page instead.
  const link = (
    <Link to="/profile/manage" className={triggerClasses}>
      {face}
    </Link>
  );
  if (!hydrated) return link;
  const signOut = () => {
    fetcher.submit({ redirectTo: `${location.pathname}${location.search}` }, { method: "post", action: "/auth/logout" });
  };
  return (
    <Suspense fallback={link}>
      <AccountDropdown
        user={user}
        entries={menuEntries(user)}
        unread={unread}
        face={face}
        triggerClassName={triggerClasses}
        onSignOut={signOut}
      />
    </Suspense>
  );
}

/** The header's account control: Sign In, or the signed-in user's menu. */
export function HeaderAccount() {
  const user = useOptionalUser();
  return user ? <AccountMenu user={user} /> : <SignInControl compact />;
}

/**
 * The same choices for the mobile menu, as a plain list (links and a sign-out form, so they work
 * before and without JavaScript).
 */
export function MobileAccountLinks({ onNavigate }: { onNavigate?: () => void }) {
  const { i18n } = useLingui();
  const user = useOptionalUser();
  const unread = useUnreadMessages();
  const linkClasses = "flex items-center gap-2 rounded-md px-3 py-2 text-base font-medium text-slate-800 hover:bg-brand-50";
  if (!user) {
    return (
      <div className="px-3 py-2">
        <SignInControl className="w-full" />
      </div>
    );
  }
  return (
    <div>
      <p className="px-3 pt-2 text-sm text-muted">
        <Trans>
          Signed in as <span className="font-semibold text-ink">{user.name}</span>
        </Trans>
      </p>
      <ul className="mt-1">
        {menuEntries(user).map(({ to, label, icon: Icon, unread: withBadge, offered }) => (
          <li key={to} className={offered ? "mt-1 border-t border-slate-200 pt-1" : undefined}>
            <Link to={to} className={linkClasses} onClick={onNavigate}>
              <Icon aria-hidden="true" className="size-4" />
              {i18n._(label)}
              {withBadge && <UnreadBadge count={unread} />}
            </Link>
          </li>
        ))}
        <li>
          <SignOutForm className={`${linkClasses} w-full`} />
        </li>
      </ul>
    </div>
  );
}
