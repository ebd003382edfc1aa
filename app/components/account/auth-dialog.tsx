import { lazy, Suspense, useEffect, useSyncExternalStore } from "react";
import { useLocation } from "react-router";
import { useOptionalUser, useSiteName } from "../../lib/user.ts";
import { Dialog, DialogContent } from "../ui/dialog.tsx";
import type { AuthView } from "./auth-forms.tsx";

// The sign-in / sign-up dialog of spec section 2, mounted once in the root layout and opened from
// anywhere with openAuthDialog("login" | "register" | "forgot").

type DialogState = { open: boolean; view: AuthView };

// The forms (with zod and Conform) load when first needed, not with every page.
const loadForms = () => import("./auth-forms.tsx");
const AuthForms = lazy(() => loadForms().then((module) => ({ default: module.AuthForms })));

/** Starts loading the forms early (the Sign In control calls it on hover and focus). */
export function preloadAuthForms() {
  void loadForms();
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

export function openAuthDialog(view: AuthView = "login") {
  setState({ open: true, view });
}

export function closeAuthDialog() {
  setState({ ...state, open: false });
}

export const SUBTITLE = "Sign in to your account or create a new one to get started";

export function AuthDialog() {
  const { open, view } = useSyncExternalStore(
    subscribe,
    () => state,
    () => closed,
  );
  const user = useOptionalUser();
  const siteName = useSiteName();
  const location = useLocation();
  // Signed in (the sign-in redirect has revalidated the root loader): the dialog's work is done.
  useEffect(() => {
    if (user) closeAuthDialog();
  }, [user]);
  const changeView = (next: AuthView) => setState({ open: true, view: next });
  return (
    <Dialog open={open} onOpenChange={(isOpen) => (isOpen ? setState({ ...state, open: true }) : closeAuthDialog())}>
      {open && (
        <DialogContent title={`Welcome to ${siteName}`} description={SUBTITLE}>
          <Suspense
            fallback={
              <p role="status" className="py-10 text-center text-sm text-muted">
                Loading…
              </p>
            }
          >
            <AuthForms
              idPrefix="dialog"
              view={view}
              onViewChange={changeView}
              redirectTo={location.pathname === "/sign-in" ? "/" : `${location.pathname}${location.search}`}
            />
          </Suspense>
        </DialogContent>
      )}
    </Dialog>
  );
}
