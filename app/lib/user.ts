import { useRouteLoaderData } from "react-router";
import type { AccountUser } from "#common/auth.ts";
import type { Locale } from "#common/locales.ts";
import type { Membership } from "#common/organizations.ts";
import type { ToastMessage } from "#common/toast.ts";

/**
 * What the root loader (app/root.tsx) hands every page. Declared here, not inferred from the
 * loader, so the components that read it do not import the root module (which imports them).
 */
export type RootData = {
  siteName: string;
  publicUrl: string;
  /** The page's language, from its URL. */
  locale: Locale;
  nonce: string;
  toast: ToastMessage | null;
  /** Only what the header and the dialog need to know about the signed-in user. */
  user:
    | (Pick<AccountUser, "id" | "name" | "email" | "role" | "isEmailVerified"> & {
        hasConsultantProfile: boolean;
        /** The organizations they belong to, with the one they act for (the menu's switch, issue 31). */
        organizations: Pick<Membership, "id" | "name" | "verified" | "acting">[];
      })
    | null;
  unreadMessages: number;
};

/** The signed-in user as the root loader rendered it (no flash of signed-out state), or null. */
export function useOptionalUser() {
  return useRouteLoaderData<RootData>("root")?.user ?? null;
}

export type SignedInUser = NonNullable<ReturnType<typeof useOptionalUser>>;

export function useSiteName(): string {
  return useRouteLoaderData<RootData>("root")?.siteName ?? "DevConsult SEA";
}

/** How many messages in the signed-in consultant's inbox are unread (0 without a profile). */
export function useUnreadMessages(): number {
  return useRouteLoaderData<RootData>("root")?.unreadMessages ?? 0;
}
