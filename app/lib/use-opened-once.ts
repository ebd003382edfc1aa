import { useEffect, useState } from "react";

/**
 * Whether a dialog that loads when first opened is mounted: not before its first opening, and from
 * then on even while closed, so that closing can give the focus back to what opened it.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(false);
  useEffect(() => {
    if (open) setOpened(true);
  }, [open]);
  return open || opened;
}
