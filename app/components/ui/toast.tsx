import { Suspense, useEffect, useState, useSyncExternalStore } from "react";
import { lazyWhenOnline } from "#app/lib/chunk-load.ts";
import type { ToastMessage } from "#common/toast.ts";

// One toast at a time (spec section 9): a new one replaces the current. Shown 5 s, dismissible,
// announced to screen readers; F8 moves focus to the toast region (Radix's default hotkey).
// The store and `toast()` live here, with every page; the region itself (Radix Toast, in
// toast-view.tsx) loads with the first toast or the first F8, and then stays.

import type { ActiveToast } from "#common/toast.ts";

export type { ActiveToast };

let current: ActiveToast | null = null;
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

const ToastView = lazyWhenOnline(() => import("./toast-view.tsx"));

/** Renders the current toast; `initial` is a toast carried across a redirect in a cookie. */
export function Toaster({ initial }: { initial?: ToastMessage | null }) {
  const active = useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
  // "toast": a toast was shown; "hotkey": F8 was pressed before any toast (focus the region once it is there).
  const [wanted, setWanted] = useState<null | "toast" | "hotkey">(null);
  useEffect(() => {
    if (initial) toast(initial);
  }, [initial]);
  useEffect(() => {
    if (active && !wanted) setWanted("toast");
  }, [active, wanted]);
  useEffect(() => {
    if (wanted) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.code === "F8" || event.key === "F8") setWanted("hotkey");
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [wanted]);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ToastView active={active} dismiss={dismiss} focusOnMount={wanted === "hotkey"} />
    </Suspense>
  );
}
