import { Trans } from "@lingui/react/macro";
import { WifiOff } from "lucide-react";
import { useEffect, useRef, useState } from "react";

// Says so while the browser is offline (issue 36 item 4): a page or a form that waits for the
// network then has a reason a person can see, instead of nothing happening. Nothing is rendered
// online, nor on the server.

export function OfflineStatus() {
  const [offline, setOffline] = useState(false);
  const region = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const update = () => setOffline(!navigator.onLine);
    update();
    window.addEventListener("online", update);
    window.addEventListener("offline", update);
    // Listening from here on (a test waits for it before it cuts the network).
    region.current?.setAttribute("data-listening", "");
    return () => {
      window.removeEventListener("online", update);
      window.removeEventListener("offline", update);
    };
  }, []);
  return (
    <div
      ref={region}
      role="status"
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 bottom-0 z-40 flex justify-center px-3 pb-3"
    >
      {offline && (
        <p
          className="flex items-center gap-2 rounded-lg bg-ink px-4 py-2 text-sm text-white shadow-lg"
          data-testid="offline-status"
        >
          <WifiOff aria-hidden="true" className="size-4 shrink-0" />
          <Trans>You are offline. What you type stays on this device; pages load again once you are back online.</Trans>
        </p>
      )}
    </div>
  );
}
