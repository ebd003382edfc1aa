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

/** How many messages in the signed-in consultant's inbox are unread (0 without a profile). */
export function useUnreadMessages(): number {
  return useRouteLoaderData<typeof rootLoader>("root")?.unreadMessages ?? 0;
}
