import { useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "../root.tsx";

/** The signed-in user as the root loader rendered it (no flash of signed-out state), or null. */
export function useOptionalUser() {
  return useRouteLoaderData<typeof rootLoader>("root")?.user ?? null;
}

export type SignedInUser = NonNullable<ReturnType<typeof useOptionalUser>>;

export function useSiteName(): string {
  return useRouteLoaderData<typeof rootLoader>("root")?.siteName ?? "DevConsult SEA";
}
