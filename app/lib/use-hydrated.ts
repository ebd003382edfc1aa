import { useEffect, useState } from "react";

/** False in the server HTML and the first client render, true once React runs in the browser. */
export function useHydrated() {
  const [isHydrated, setIsHydrated] = useState(false);
  useEffect(() => setIsHydrated(true), []);
  return isHydrated;
}
