import { Trans } from "@lingui/react/macro";
import { RotateCw, WifiOff } from "lucide-react";
import { Button } from "./button.tsx";

// What a form that sends typed text says when the send never reached the server (issue 36 item
// 4): the text stays in the form and on this device (app/lib/kept-draft.ts), and Retry sends the
// same form again. Put it inside the form: Retry is one of its submit buttons.

export function NotSentNotice() {
  return (
    <div
      role="alert"
      data-testid="not-sent"
      className="flex gap-3 rounded-xl border border-accent-500/40 bg-accent-100 p-4 text-sm text-accent-700"
    >
      <WifiOff aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div className="grid gap-2">
        <p className="font-semibold">
          <Trans>Not sent — you are offline; it will be kept here</Trans>
        </p>
        <p>
          <Trans>What you wrote stays on this device until it is sent. Retry when you are back online.</Trans>
        </p>
        <div>
          <Button type="submit" variant="outline" size="sm">
            <RotateCw aria-hidden="true" className="size-4" />
            <Trans>Retry</Trans>
          </Button>
        </div>
      </div>
    </div>
  );
}

/** A kept draft was put back into the form. */
export function DraftRestoredNote() {
  return (
    <p role="status" className="text-sm text-muted">
      <Trans>Your unsent text is back in the form.</Trans>
    </p>
  );
}
