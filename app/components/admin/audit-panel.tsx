import { formatDateTime } from "#common/format.ts";
import type { AuditLogEntry } from "#common/views.ts";
import type { Column } from "../ui/data-table.tsx";
import { AdminTable } from "./admin-table.tsx";

const ACTION_LABELS: Record<AuditLogEntry["action"], string> = {
  edit: "Edited",
  delete: "Deleted",
  approve: "Approved",
  reject: "Rejected",
  hide: "Hid",
  unhide: "Unhid",
  promote: "Promoted",
  demote: "Demoted",
  change: "Changed (published)",
  submit_change: "Sent a change for review",
  approve_change: "Approved a change",
  reject_change: "Rejected a change",
  block: "Blocked",
  unblock: "Unblocked",
  reference_ask: "Asked for a reference",
  reference_confirm: "Confirmed a reference",
  reference_decline: "Declined a reference",
  reference_withdraw: "Withdrew a reference",
  reference_remove: "Removed a reference",
  create: "Created",
  verify: "Verified",
  unverify: "Unverified",
  invite: "Invited",
  withdraw_invite: "Withdrew an invitation",
  join: "Joined",
  decline: "Declined an invitation",
  change_role: "Changed a role",
  remove_member: "Removed a member",
  leave: "Left",
  report: "Reported",
  warn: "Warned",
  dismiss: "Dismissed",
  publish: "Published",
  submit: "Sent for approval",
  unpublish: "Unpublished",
  close: "Closed",
  add_synonym: "Added a synonym",
  end_sessions: "Ended sessions",
  factor_add: "Added a second factor",
  factor_remove: "Removed a second factor",
  recovery_codes: "Made new recovery codes",
  factor_reset: "Reset second factors",
};

const TARGET_LABELS: Record<AuditLogEntry["targetType"], string> = {
  consultant: "Consultant",
  user: "User",
  review: "Review",
  reference: "Reference",
  organization: "Organization",
  report: "Report",
  opportunity: "Opportunity",
  concept: "Glossary concept",
};

function show(value: unknown): string {
  if (value === null || value === undefined || value === "") return "—";
  if (typeof value === "boolean") return value ? "yes" : "no";
  const text = typeof value === "string" ? value : JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}

const COLUMNS: Column<AuditLogEntry>[] = [
  {
    header: "When",
    nowrap: true,
    cell: (entry) => <time dateTime={new Date(entry.createdAt).toISOString()}>{formatDateTime(entry.createdAt)}</time>,
  },
  {
    header: "By",
    cell: (entry) => (
      <>
        <span className="block font-medium text-ink">{entry.actorName}</span>
        <span className="block break-all text-xs text-muted">{entry.actorEmail}</span>
      </>
    ),
  },
  { header: "Action", className: "font-medium", cell: (entry) => ACTION_LABELS[entry.action] },
  {
    header: "Target",
    cell: (entry) => (
      <>
        <span className="block text-ink">{entry.targetLabel}</span>
        <span className="block text-xs text-muted">
          {TARGET_LABELS[entry.targetType]} #{entry.targetId}
        </span>
      </>
    ),
  },
  {
    header: "Changes",
    cell: (entry) => (
      <ul className="space-y-0.5 text-xs">
        {Object.entries(entry.changes).map(([field, change]) => (
          <li key={field} className="break-words">
            <span className="font-medium text-ink">{field}</span>: {show(change.from)} → {show(change.to)}
          </li>
        ))}
      </ul>
    ),
  },
];

/** Who did what to which profile or account, and when; newest first. */
export function AuditTable({ entries }: { entries: AuditLogEntry[] }) {
  return <AdminTable caption="Audit log" columns={COLUMNS} rows={entries} empty="No admin actions recorded yet." />;
}
