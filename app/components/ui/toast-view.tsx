import { useLingui } from "@lingui/react/macro";
import { X } from "lucide-react";
import { Toast as RadixToast } from "radix-ui";
import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { translateText } from "#app/i18n/translate-text.ts";
import type { ActiveToast } from "#common/toast.ts";

/**
 * The toast region with Radix Toast (announced, dismissible, swipeable, F8 focuses the region).
 * Loaded with the first toast or the first F8 (see `Toaster` in toast.tsx), then kept mounted.
 */
export default function ToastView({
  active,
  dismiss,
  focusOnMount,
}: {
  active: ActiveToast | null;
  dismiss: (id: number) => void;
  focusOnMount: boolean;
}) {
  const { t, i18n } = useLingui();
  const HOTKEY = "{hotkey}";

  const viewport = useRef<HTMLOListElement>(null);
  // Loaded by an F8 press: do what Radix's hotkey would have done had the region been there.
  useEffect(() => {
    if (focusOnMount) viewport.current?.focus();
  }, [focusOnMount]);
  return (
    <RadixToast.Provider duration={5000} swipeDirection="right" swipeThreshold={50} label={t`Notification`}>
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
            <RadixToast.Title className="text-sm font-semibold">{translateText(i18n, active.title)}</RadixToast.Title>
            {active.description && (
              // A service's English sentence (the reason of a refusal) in the page's language.
              <RadixToast.Description className="mt-1 text-sm">{translateText(i18n, active.description)}</RadixToast.Description>
            )}
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
            aria-label={t`Dismiss notification`}
            className="absolute right-2 top-2 rounded-md p-1 text-slate-600 hover:bg-slate-100"
          >
            <X aria-hidden="true" className="size-4" />
          </RadixToast.Close>
        </RadixToast.Root>
      )}
      <RadixToast.Viewport
        ref={viewport}
        // Radix puts the shortcut ("F8") where "{hotkey}" is.
        label={t`Notifications (${HOTKEY})`}
        // At the foot of the screen; at its head while a dialog is open (app.css), so a toast never
        // covers a phone dialog's Send button for its five seconds.
        data-toast-viewport=""
        className="fixed bottom-0 right-0 z-[100] m-0 flex w-full max-w-sm list-none flex-col gap-2 p-4 outline-none"
      />
    </RadixToast.Provider>
  );
}
