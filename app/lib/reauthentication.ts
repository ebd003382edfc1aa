// The page side of re-authentication ("sudo mode", issue 38). A sensitive change whose session is
// not recent answers 403 with `reauthenticate: true` (the services decide: server/services/context.ts
// requireRecentAuthentication). Every route's `clientAction` runs through `keepPageOnFailure`
// (app/lib/page-action.ts), which calls `askToReauthenticate()`: the dialog mounted once in the
// root layout (app/components/account/reauthenticate-dialog.tsx) asks for the password or a code,
// and the promise says whether the person confirmed (then the same form is sent again) or
// cancelled (then the refusal is shown as any other). Only one request is open at a time: a second
// one waits for the same answer.

type Listener = () => void;

export type ReauthenticationState = { open: boolean; opener: HTMLElement | null };

const closed: ReauthenticationState = { open: false, opener: null };
let state: ReauthenticationState = closed;
let waiting: Promise<boolean> | null = null;
let settle: ((confirmed: boolean) => void) | null = null;
const listeners = new Set<Listener>();

function setState(next: ReauthenticationState) {
  state = next;
  for (const listener of listeners) listener();
}

export function subscribeReauthentication(listener: Listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function reauthenticationState(): ReauthenticationState {
  return state;
}

export function closedReauthenticationState(): ReauthenticationState {
  return closed;
}

/** Opens the dialog; resolves true once the password or code was accepted, false when cancelled. */
export function askToReauthenticate(): Promise<boolean> {
  if (waiting) return waiting;
  const focused = typeof document === "undefined" ? null : document.activeElement;
  waiting = new Promise<boolean>((resolve) => {
    settle = resolve;
  });
  setState({ open: true, opener: focused instanceof HTMLElement ? focused : null });
  return waiting;
}

/** The dialog's answer: confirmed (204 from POST /api/auth/reauthenticate) or cancelled. */
export function finishReauthentication(confirmed: boolean) {
  const resolve = settle;
  waiting = null;
  settle = null;
  setState({ ...state, open: false });
  resolve?.(confirmed);
}

/** Whether a page action's answer asks for the password again. */
export function needsReauthentication(answer: unknown): boolean {
  return typeof answer === "object" && answer !== null && (answer as { reauthenticate?: unknown }).reauthenticate === true;
}

/**
 * Without JavaScript there is no dialog (issue 38): a form whose answer says `reauthenticate` shows
 * these two fields inside itself (app/components/account/reauthenticate-fields.tsx), and sending
 * the form again with one of them filled re-authenticates first and then does what the form asked
 * (app/lib/reauthentication.server.ts `reauthenticateFromForm`).
 */
export const REAUTHENTICATE_FIELDS = { password: "reauthenticatePassword", code: "reauthenticateCode" } as const;
