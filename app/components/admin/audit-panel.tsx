import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useLocale } from "#app/i18n/use-locale.ts";
import { formatDateTime } from "#common/format.ts";
import type { Locale } from "#common/locales.ts";
import type { AuditLogEntry } from "#common/views.ts";
import type { Column } from "../ui/data-table.tsx";
import { AdminTable } from "./admin-table.tsx";

/**
 * What each action did, as a past-tense verb: their own context, since the same English words are
 * other things elsewhere ("Joined" is the Users tab's date column, "Approved" a profile's status).
 */
const ACTION_LABELS: Record<AuditLogEntry["action"], MessageDescriptor> = {
  edit: msg({ message: "Edited", context: "audit action" }),
  delete: msg({ message: "Deleted", context: "audit action" }),
  approve: msg({ message: "Approved", context: "audit action" }),
  reject: msg({ message: "Rejected", context: "audit action" }),
  hide: msg({ message: "Hid", context: "audit action" }),
  unhide: msg({ message: "Unhid", context: "audit action" }),
  promote: msg({ message: "Promoted", context: "audit action" }),
  demote: msg({ message: "Demoted", context: "audit action" }),
  change: msg({ message: "Changed (published)", context: "audit action" }),
  submit_change: msg({ message: "Sent a change for review", context: "audit action" }),
  approve_change: msg({ message: "Approved a change", context: "audit action" }),
  reject_change: msg({ message: "Rejected a change", context: "audit action" }),
  block: msg({ message: "Blocked", context: "audit action" }),
  unblock: msg({ message: "Unblocked", context: "audit action" }),
  reference_ask: msg({ message: "Asked for a reference", context: "audit action" }),
  reference_confirm: msg({ message: "Confirmed a reference", context: "audit action" }),
  reference_decline: msg({ message: "Declined a reference", context: "audit action" }),
  reference_withdraw: msg({ message: "Withdrew a reference", context: "audit action" }),
  reference_remove: msg({ message: "Removed a reference", context: "audit action" }),
  create: msg({ message: "Created", context: "audit action" }),
  verify: msg({ message: "Verified", context: "audit action" }),
  unverify: msg({ message: "Unverified", context: "audit action" }),
  invite: msg({ message: "Invited", context: "audit action" }),
  withdraw_invite: msg({ message: "Withdrew an invitation", context: "audit action" }),
  join: msg({ message: "Joined", context: "audit action" }),
  decline: msg({ message: "Declined an invitation", context: "audit action" }),
  change_role: msg({ message: "Changed a role", context: "audit action" }),
  remove_member: msg({ message: "Removed a member", context: "audit action" }),
  leave: msg({ message: "Left", context: "audit action" }),
  report: msg({ message: "Reported", context: "audit action" }),
  warn: msg({ message: "Warned", context: "audit action" }),
  dismiss: msg({ message: "Dismissed", context: "audit action" }),
  publish: msg({ message: "Published", context: "audit action" }),
  submit: msg({ message: "Sent for approval", context: "audit action" }),
  unpublish: msg({ message: "Unpublished", context: "audit action" }),
  close: msg({ message: "Closed", context: "audit action" }),
  add_synonym: msg({ message: "Added a synonym", context: "audit action" }),
  end_sessions: msg({ message: "Ended sessions", context: "audit action" }),
  factor_add: msg({ message: "Added a second factor", context: "audit action" }),
  factor_remove: msg({ message: "Removed a second factor", context: "audit action" }),
  recovery_codes: msg({ message: "Made new recovery codes", context: "audit action" }),
  factor_reset: msg({ message: "Reset second factors", context: "audit action" }),
};

const TARGET_LABELS: Record<AuditLogEntry["targetType"], MessageDescriptor> = {
  consultant: msg`Consultant`,
  user: msg`User`,
  review: msg`Review`,
  reference: msg`Reference`,
  organization: msg`Organization`,
  report: msg`Report`,
  opportunity: msg`Opportunity`,
  concept: msg`Glossary concept`,
};

/** A value an entry records (as it was stored: names, e-mail addresses, statuses), shortened. */
function show(i18n: I18n, value: unknown): string {
  if (value === null || value === undefined || value === "") return "—";
  if (typeof value === "boolean") return value ? i18n._(msg`yes`) : i18n._(msg`no`);
  const text = typeof value === "string" ? value : JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}

function columnsOf(i18n: I18n, locale: Locale): Column<AuditLogEntry>[] {
  return [
    {
      header: i18n._(msg`When`),
      nowrap: true,
      cell: (entry) => <time dateTime={new Date(entry.createdAt).toISOString()}>{formatDateTime(entry.createdAt, locale)}</time>,
    },
    {
      header: i18n._(msg`By`),
      cell: (entry) => (
        <>
          <bdi className="block font-medium text-ink">{entry.actorName}</bdi>
          <bdi className="block break-all text-xs text-muted">{entry.actorEmail}</bdi>
        </>
      ),
    },
    { header: i18n._(msg`Action`), className: "font-medium", cell: (entry) => i18n._(ACTION_LABELS[entry.action]) },
    {
      header: i18n._(msg`Target`),
      cell: (entry) => (
        <>
          <bdi className="block text-ink">{entry.targetLabel}</bdi>
          <span className="block text-xs text-muted">
            {i18n._(TARGET_LABELS[entry.targetType])} #{entry.targetId}
          </span>
        </>
      ),
    },
    {
      header: i18n._(msg`Changes`),
      cell: (entry) => (
        <ul className="space-y-0.5 text-xs">
          {Object.entries(entry.changes).map(([field, change]) => (
            <li key={field} className="break-words">
              <span className="font-medium text-ink" translate="no">
                {field}
              </span>
              : <bdi>{show(i18n, change.from)}</bdi> → <bdi>{show(i18n, change.to)}</bdi>
            </li>
          ))}
        </ul>
      ),
    },
  ];
}

/** Who did what to which profile or account, and when; newest first. */
export function AuditTable({ entries }: { entries: AuditLogEntry[] }) {
  const { i18n, t } = useLingui();
  const locale = useLocale();
  return (
    <AdminTable
      caption={t`Audit log`}
      columns={columnsOf(i18n, locale)}
      rows={entries}
      empty={t`No admin actions recorded yet.`}
    />
  );
}
