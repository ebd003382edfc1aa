import { X } from "lucide-react";
import { Toast as RadixToast } from "radix-ui";
import { useEffect, useSyncExternalStore } from "react";
import { Link } from "react-router";
import type { ToastMessage } from "../../../common/toast.ts";

// One toast at a time (spec section 9): a new one replaces the current. Shown 5 s, dismissible,
// announced to screen readers; F8 moves focus to the toast region (Radix's default hotkey).

let current: (ToastMessage & { id: number }) | null = null;
let nextId = 1;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

export function toast(message: ToastMessage) {
  current = { ...message, id: nextId++ };
  emit();
}

function dismiss(id: number) {
  if (current?.id === id) {
    current = null;
    emit();
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Renders the current toast; `initial` is a toast carried across a redirect in a cookie. */
export function Toaster({ initial }: { initial?: ToastMessage | null }) {
  const active = useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
  useEffect(() => {
    if (initial) toast(initial);
  }, [initial]);
  return (
    <RadixToast.Provider duration={5000} swipeDirection="right" swipeThreshold={50} label="Notification">
      {active && (
        <RadixToast.Root
          key={active.id}
          type={active.variant === "destructive" ? "foreground" : "background"}
          onOpenChange={(open) => {
            if (!open) dismiss(active.id);
          }}
          className={`relative flex w-full items-start gap-3 rounded-xl border p-4 pr-10 shadow-lg ${
            active.variant === "destructive" ? "border-red-200 bg-red-50 text-red-900" : "border-slate-200 bg-white text-ink"
          }`}
          data-testid="toast"
        >
          <div>
            <RadixToast.Title className="text-sm font-semibold">{active.title}</RadixToast.Title>
            {active.description && <RadixToast.Description className="mt-1 text-sm">{active.description}</RadixToast.Description>}
            {active.link && (
              <Link
                to={active.link.href}
                onClick={() => dismiss(active.id)}
                className="mt-2 inline-block text-sm font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-900"
              >
                {active.link.label}
              </Link>
            )}
          </div>
          <RadixToast.Close
            aria-label="Dismiss notification"
            className="absolute right-2 top-2 rounded-md p-1 text-slate-600 hover:bg-slate-100"
          >
            <X aria-hidden="true" className="size-4" />
          </RadixToast.Close>
        </RadixToast.Root>
      )}
      <RadixToast.Viewport className="fixed bottom-0 right-0 z-[100] m-0 flex w-full max-w-sm list-none flex-col gap-2 p-4 outline-none" />
    </RadixToast.Provider>
  );
}
