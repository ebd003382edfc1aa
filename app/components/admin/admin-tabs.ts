import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { ADMIN_TOASTS, type ApprovalStatus } from "#common/admin-schema.ts";
import type { ToastMessage } from "#common/toast.ts";

// The Admin Dashboard's vocabulary: its tabs, the actions its forms post, what the action answers,
// the toast texts of each action, and the address of a tab with its search and page.

export const ADMIN_TABS = ["consultants", "users", "queue", "audit"] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];

/** Each tab's search box, the text it shows while its table loads, and what its pager counts. */
export const TAB_TEXT: Record<
  AdminTab,
  {
    searchLabel: MessageDescriptor;
    placeholder: MessageDescriptor;
    loading: MessageDescriptor;
    pages: MessageDescriptor;
    none: MessageDescriptor;
  }
> = {
  consultants: {
    searchLabel: msg`Search consultants`,
    placeholder: msg`Name, title, email, location or country`,
    loading: msg`Loading consultants...`,
    pages: msg`Consultants pages`,
    none: msg`No consultants`,
  },
  users: {
    searchLabel: msg`Search users`,
    placeholder: msg`Name or email`,
    loading: msg`Loading users...`,
    pages: msg`Users pages`,
    none: msg`No users`,
  },
  queue: {
    searchLabel: msg`Search the approval queue`,
    placeholder: msg`Name, title, email, location or country`,
    loading: msg`Loading approval queue...`,
    pages: msg`Profiles pages`,
    none: msg`No profiles`,
  },
  audit: {
    searchLabel: msg`Search the audit log`,
    placeholder: msg`Admin, target or action`,
    loading: msg`Loading audit log...`,
    pages: msg`Entries pages`,
    none: msg`No entries`,
  },
};

export type AdminIntent =
  | "update"
  | "delete"
  | "approve"
  | "reject"
  | "hide"
  | "promote"
  | "demote"
  | "approve-change"
  | "reject-change"
  | "block"
  | "unblock"
  | "end-sessions";

/** The 'Error' toast with the spec's text for what failed. */
export function adminFailureToast(description: string): ToastMessage {
  return { title: ADMIN_TOASTS.error, description, variant: "destructive" };
}

/** The toast texts of spec section 8 (and the approval queue's, in the same pattern). */
export const INTENT_TOASTS: Record<AdminIntent, { success: string; failure: string }> = {
  update: { success: ADMIN_TOASTS.consultantUpdated, failure: ADMIN_TOASTS.updateFailed },
  delete: { success: ADMIN_TOASTS.consultantDeleted, failure: ADMIN_TOASTS.deleteFailed },
  promote: { success: ADMIN_TOASTS.userPromoted, failure: ADMIN_TOASTS.promoteFailed },
  demote: { success: ADMIN_TOASTS.userDemoted, failure: ADMIN_TOASTS.demoteFailed },
  approve: { success: ADMIN_TOASTS.consultantApproved, failure: ADMIN_TOASTS.approveFailed },
  reject: { success: ADMIN_TOASTS.consultantRejected, failure: ADMIN_TOASTS.rejectFailed },
  hide: { success: ADMIN_TOASTS.consultantHidden, failure: ADMIN_TOASTS.hideFailed },
  "approve-change": { success: ADMIN_TOASTS.changeApproved, failure: ADMIN_TOASTS.approveChangeFailed },
  "reject-change": { success: ADMIN_TOASTS.changeRejected, failure: ADMIN_TOASTS.rejectChangeFailed },
  block: { success: ADMIN_TOASTS.userBlocked, failure: ADMIN_TOASTS.blockFailed },
  unblock: { success: ADMIN_TOASTS.userUnblocked, failure: ADMIN_TOASTS.unblockFailed },
  "end-sessions": { success: ADMIN_TOASTS.sessionsEnded, failure: ADMIN_TOASTS.endSessionsFailed },
};

export const ADMIN_INTENTS = Object.keys(INTENT_TOASTS) as AdminIntent[];

/** What narrows a table: the search text and, on the Consultants tab, the approval status. */
export type AdminFilters = { search: string; status?: ApprovalStatus };

/** The dashboard address's parameters for a tab, its filters and page (the first page says none). */
export function adminParams(tab: AdminTab, filters: AdminFilters, page = 1): URLSearchParams {
  const params = new URLSearchParams({ tab });
  if (filters.search) params.set("q", filters.search);
  if (filters.status) params.set("status", filters.status);
  if (page > 1) params.set("page", String(page));
  return params;
}

export function adminHref(tab: AdminTab, filters: AdminFilters, page = 1): string {
  return `/admin?${adminParams(tab, filters, page).toString()}`;
}

/**
 * The actions that ask first (a confirmation, or a reason). Without JavaScript a row's button opens
 * the question in the page itself (`?confirm=<intent>&id=<id>`, app/components/admin/ask-panel.tsx),
 * a plain form posting to the same action; with it, the dialogs ask.
 */
export const ASKING_INTENTS = [
  "delete",
  "hide",
  "reject",
  "reject-change",
  "promote",
  "demote",
  "block",
  "unblock",
  "end-sessions",
] as const satisfies readonly AdminIntent[];
export type AskingIntent = (typeof ASKING_INTENTS)[number];

/** Where the admin is: the tab, its filters and page (what a plain form comes back to). */
export type AdminPlace = { tab: AdminTab; filters: AdminFilters; page: number };

/** The anchor of the question in the page, so the browser scrolls to it. */
export const ASK_ANCHOR = "admin-confirm";

/** The admin page at `place`, with `extra` parameters about one row. */
function rowHref(place: AdminPlace, extra: Record<string, string>): string {
  const params = adminParams(place.tab, place.filters, place.page);
  for (const [name, value] of Object.entries(extra)) params.set(name, value);
  return `/admin?${params.toString()}`;
}

/** The address of the question about one row, in the place the admin is. */
export function askHref(place: AdminPlace, intent: AskingIntent, id: number): string {
  return rowHref(place, { confirm: intent, id: String(id) });
}

/**
 * The address of a consultant's Edit form in the page (without JavaScript), in the place the admin
 * is: the row's Edit button is a GET form to it, and the form posts back to it.
 */
export function editHref(place: AdminPlace, id: number): string {
  return rowHref(place, { id: String(id), edit: "1" });
}
