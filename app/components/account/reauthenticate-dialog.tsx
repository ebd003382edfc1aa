import { Suspense, useSyncExternalStore } from "react";
import { lazyWhenOnline } from "#app/lib/chunk-load.ts";
import {
  closedReauthenticationState,
  finishReauthentication,
  reauthenticationState,
  subscribeReauthentication,
} from "#app/lib/reauthentication.ts";
import { useOpenedOnce } from "#app/lib/use-opened-once.ts";

// The re-authentication dialog (issue 38), mounted once in the root layout and opened by a page
// action's clientAction when a sensitive change answers "reauthenticate" (app/lib/reauthentication.ts).
// Only the store travels with every page; the dialog itself loads when it first opens.

const ReauthenticateDialogView = lazyWhenOnline(() => import("./reauthenticate-dialog-view.tsx"));

export function ReauthenticateDialog() {
  const { open, opener } = useSyncExternalStore(subscribeReauthentication, reauthenticationState, closedReauthenticationState);
  const mounted = useOpenedOnce(open);
  if (!mounted) return null;
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
