import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Bookmark, BookmarkCheck, Building2, LayoutDashboard, LogOut, Mail, Settings, UserRound } from "lucide-react";
import { Suspense, useEffect } from "react";
import { Form, Link, useFetcher, useLocation } from "react-router";
import { lazyWhenOnline } from "#app/lib/chunk-load.ts";
import { type FormAnswer, failed } from "#app/lib/form-answer.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import { type SignedInUser, useUnreadMessages } from "#app/lib/user.ts";
import { initials } from "#common/format.ts";
import { UnreadBadge } from "../messages/unread-badge.tsx";
import { namedOptions } from "../organizations/labels.ts";
import { buttonClasses } from "../ui/button.tsx";
import { Options } from "../ui/options.tsx";
import { toast } from "../ui/toast.tsx";
import type { MenuEntry } from "./account-menu.tsx";

// The header's signed-in controls (spec section 2): a menu with Messages, Shortlists, Saved
// searches, Manage Account, My Consultant Profile, Admin Dashboard (admins only) and Sign Out. The
// menu adapts (issue 13): a consultant finds their profile right after Messages; for someone
// without a profile it is offered last, after a separator, never pushed. header-account.tsx loads
// this module for signed-in people only; signed-in pages (Manage Account) import Sign Out from here.

/** The signed-in menu's links, in order, for the dropdown and the mobile list alike. */
function menuEntries(user: SignedInUser): MenuEntry[] {
  const profile: MenuEntry = { to: "/my-consultant-profile", label: msg`My Consultant Profile`, icon: UserRound };
  const entries: MenuEntry[] = [
    { to: "/messages", label: msg`Messages`, icon: Mail, unread: true },
    ...(user.hasConsultantProfile ? [profile] : []),
    { to: "/shortlists", label: msg`Shortlists`, icon: Bookmark },
    { to: "/saved-searches", label: msg`Saved searches`, icon: BookmarkCheck },
    { to: "/my-organizations", label: msg`Organizations`, icon: Building2 },
    { to: "/profile/manage", label: msg`Manage Account`, icon: Settings },
    ...(user.hasConsultantProfile ? [] : [{ ...profile, offered: true }]),
  ];
  if (user.role === "admin") entries.push({ to: "/admin", label: msg`Admin Dashboard`, icon: LayoutDashboard });
  return entries;
}

/**
 * The sign-out request, with the spec's 'Logout failed' toast when it does not go through (the
 * answer of the route's clientAction, app/routes/auth-logout.ts; its words are translated here).
 */
function useSignOut() {
  const { t } = useLingui();
  const fetcher = useFetcher<FormAnswer>();
  const failure = fetcher.state === "idle" && failed(fetcher.data) ? fetcher.data : undefined;
  useEffect(() => {
    if (failure) toast({ title: t`Logout failed`, description: t`Please try again`, variant: "destructive" });
  }, [failure, t]);
  return fetcher;
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
const AccountDropdown = lazyWhenOnline(() => import("./account-menu.tsx"));

const triggerClasses =
  "relative flex items-center gap-2 rounded-full py-1 pl-1 pr-2 text-sm font-semibold text-ink ring-1 ring-inset ring-slate-300 hover:bg-slate-50";

export function AccountMenu({ user }: { user: SignedInUser }) {
  const hydrated = useHydrated();
  const unread = useUnreadMessages();
  const fetcher = useSignOut();
  const switcher = useFetcher();
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
  // The "act for" switch (issue 31): remembered on the account, so every page and device agrees.
  const actFor = (organizationId: string) => {
    switcher.submit(
      { intent: "act", organizationId, redirectTo: `${location.pathname}${location.search}` },
      { method: "post", action: "/my-organizations" },
    );
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
        onActFor={actFor}
      />
    </Suspense>
  );
}

/** The phone menu's signed-in choices, as a plain list (links and a sign-out form, so they work without JavaScript). */
export function MobileSignedInLinks({ user, onNavigate }: { user: SignedInUser; onNavigate?: () => void }) {
  const { i18n } = useLingui();
  const unread = useUnreadMessages();
  const linkClasses = "flex items-center gap-2 rounded-md px-3 py-2 text-base font-medium text-slate-800 hover:bg-brand-50";
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
      {user.organizations.length > 0 && <ActingForm organizations={user.organizations} />}
    </div>
  );
}

/** The "act for" switch as a plain form (the phone menu; works without JavaScript). */
function ActingForm({ organizations }: { organizations: SignedInUser["organizations"] }) {
  const { t } = useLingui();
  const location = useLocation();
  const acting = organizations.find((organization) => organization.acting);
  return (
    <Form method="post" action="/my-organizations" className="mt-2 border-t border-slate-200 px-3 pt-3">
      <input type="hidden" name="intent" value="act" />
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      <label htmlFor="mobile-acting" className="block text-sm font-medium text-ink">
        <Trans>Acting for</Trans>
      </label>
      <div className="mt-1 flex gap-2">
        <select
          id="mobile-acting"
          name="organizationId"
          defaultValue={acting ? String(acting.id) : ""}
          className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-ink"
        >
          <Options placeholder={t`Myself`} values={namedOptions(organizations)} />
        </select>
        <button type="submit" className={buttonClasses({ variant: "outline", size: "sm" })}>
          <Trans>Switch</Trans>
        </button>
      </div>
    </Form>
  );
}
