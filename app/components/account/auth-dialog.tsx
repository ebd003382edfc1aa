import { useLingui } from "@lingui/react/macro";
import { Suspense, useEffect, useSyncExternalStore } from "react";
import { useLocation } from "react-router";
import { lazyWhenOnline } from "#app/lib/chunk-load.ts";
import { useOpenedOnce } from "#app/lib/use-opened-once.ts";
import { useOptionalUser, useSiteName } from "#app/lib/user.ts";
import type { AuthView } from "./auth-forms.tsx";

// The sign-in / sign-up dialog of spec section 2, mounted once in the root layout and opened from
// anywhere with openAuthDialog("login" | "register" | "forgot"). Only this store travels with
// every page: the dialog (Radix Dialog, auth-dialog-view.tsx) and its forms (zod, Conform) load
// when it first opens, or earlier when the pointer or focus reaches a control that opens it.

/**
 * `redirectTo`: where a successful sign-in or sign-up leads (default: back to this page);
 * `opener`: the control that opened it, which gets the focus back when it closes.
 */
type DialogState = { open: boolean; view: AuthView; redirectTo?: string; opener?: HTMLElement | null };

const loadView = () => import("./auth-dialog-view.tsx");
const AuthDialogView = lazyWhenOnline(loadView);

/** Starts loading the dialog and its forms early (the Sign In control calls it on hover and focus). */
export function preloadAuthForms() {
  void loadView().then((module) => module.loadForms());
}

let state: DialogState = { open: false, view: "login" };
const listeners = new Set<() => void>();

function setState(next: DialogState) {
  state = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const closed: DialogState = { open: false, view: "login" };

export function openAuthDialog(view: AuthView = "login", options: { redirectTo?: string } = {}) {
  const focused = document.activeElement;
  setState({ open: true, view, redirectTo: options.redirectTo, opener: focused instanceof HTMLElement ? focused : null });
}

export function closeAuthDialog() {
  setState({ ...state, open: false });
}

export function AuthDialog() {
  const { t } = useLingui();
  const { open, view, redirectTo, opener } = useSyncExternalStore(
    subscribe,
    () => state,
    () => closed,
  );
  const user = useOptionalUser();
  const siteName = useSiteName();
  const location = useLocation();
  const mounted = useOpenedOnce(open);
  // Signed in (the sign-in redirect has revalidated the root loader): the dialog's work is done.
  useEffect(() => {
    if (user) closeAuthDialog();
  }, [user]);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <AuthDialogView
        open={open}
        onOpenChange={(isOpen) => (isOpen ? setState({ ...state, open: true }) : closeAuthDialog())}
        title={t`Welcome to ${siteName}`}
        description={t`Sign in to your account or create a new one to get started`}
        view={view}
        onViewChange={(next) => setState({ ...state, open: true, view: next })}
        returnFocus={() => {
          // The dialog has no Radix trigger: the focus goes back to what opened it, if still there.
          if (opener?.isConnected) opener.focus();
        }}
        redirectTo={redirectTo ?? (location.pathname === "/sign-in" ? "/" : `${location.pathname}${location.search}`)}
      />
    </Suspense>
  );
}
