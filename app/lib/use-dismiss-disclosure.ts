import { type RefObject, useEffect } from "react";

/**
 * A native disclosure (<details>) that works without JavaScript; with it, Escape (focus back on
 * its summary) or a click elsewhere closes it, as a menu would.
 */
export function useDismissDisclosure(ref: RefObject<HTMLDetailsElement | null>) {
  useEffect(() => {
    function close(event: Event) {
      const details = ref.current;
      if (!details?.open) return;
      if (event instanceof KeyboardEvent) {
        if (event.key !== "Escape") return;
        details.open = false;
        details.querySelector("summary")?.focus();
      } else if (!details.contains(event.target as Node)) {
        details.open = false;
      }
    }
    document.addEventListener("click", close);
    document.addEventListener("keydown", close);
    return () => {
      document.removeEventListener("click", close);
      document.removeEventListener("keydown", close);
    };
  }, [ref]);
}
