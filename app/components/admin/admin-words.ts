import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { translateText } from "#app/i18n/translate-text.ts";
import type { ApprovalStatus } from "#common/admin-schema.ts";

// The Admin Dashboard's words for fixed values and the admin services' refusals, in the page's
// language (issue 37). They live with the admin's code, not in app/i18n/texts.ts, so their
// translations load with the dashboard's chunks and never with a public page.

/** What the Admin Dashboard shows for a profile's approval status (common/admin-schema.ts APPROVAL_STATUSES). */
export const APPROVAL_LABELS: Record<ApprovalStatus, MessageDescriptor> = {
  pending: msg`Pending review`,
  approved: msg`Approved`,
  rejected: msg`Rejected`,
  hidden: msg`Hidden`,
};

/**
 * The admin schema's and services' sentences a page shows beside a field or above a form
 * (common/admin-schema.ts ADMIN_CONSULTANT_MESSAGES, ADMIN_MESSAGES; each is its own English text)
 * that the shared table (app/i18n/texts.ts) does not have already.
 */
const ADMIN_SENTENCES: MessageDescriptor[] = [
  msg`Title is required`,
  msg`Valid email is required`,
  msg`Bio must be at least 10 characters`,
  msg`At least one admin must remain`,
  msg`User not found`,
  msg`A consultant profile with this email already exists`,
  msg`A reason is required`,
  msg`Only an approved profile can be hidden`,
  msg`This needs an administrator account`,
  msg`You cannot block your own account`,
  msg`Demote this admin before blocking the account`,
  msg`The owner's account is blocked: unblock it first`,
  msg`No change is waiting for review on this profile`,
  // /admin/organizations: acting on a report (common/organizations.ts REPORT_TEXTS, the admin queue's)
  msg`Report not found`,
  msg`This report has already been dealt with`,
  msg`The sender's account no longer exists`,
  msg`This conversation was not sent for an organization, so there is none to unverify`,
];

let sentences: Map<string, MessageDescriptor> | undefined;

/** An admin sentence in the page's language; any other goes to the shared table (translateText). */
export function adminText(i18n: I18n, text: string): string {
  if (i18n.locale === "en") return text;
  sentences ??= new Map(
    ADMIN_SENTENCES.map((descriptor) => [(descriptor.message as unknown as string[])[0] as string, descriptor]),
  );
  const descriptor = sentences.get(text);
  return descriptor ? i18n._(descriptor) : translateText(i18n, text);
}
