import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from "react";
import {
  closedReauthenticationState,
  finishReauthentication,
  reauthenticationState,
  subscribeReauthentication,
} from "#app/lib/reauthentication.ts";

// The re-authentication dialog (issue 38), mounted once in the root layout and opened by a page
// action's clientAction when a sensitive change answers "reauthenticate" (app/lib/reauthentication.ts).
// Only the store travels with every page; the dialog itself loads when it first opens.

const ReauthenticateDialogView = lazy(() => import("./reauthenticate-dialog-view.tsx"));

export function ReauthenticateDialog() {
  const { open, opener } = useSyncExternalStore(subscribeReauthentication, reauthenticationState, closedReauthenticationState);
  // Once opened it stays mounted (closed), so closing can give the focus back.
  const [used, setUsed] = useState(false);
  useEffect(() => {
    if (open) setUsed(true);
  }, [open]);
  if (!open && !used) return null;
  return (
    <Suspense fallback={null}>
      <ReauthenticateDialogView
        open={open}
        onDone={finishReauthentication}
        returnFocus={() => {
          if (opener?.isConnected) opener.focus();
        }}
      />
    </Suspense>
  );
}
