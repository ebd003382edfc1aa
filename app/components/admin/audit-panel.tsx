import type { AuditLogEntry } from "../../../server/services/admin.ts";
import { EmptyRow, formatDateTime, tableClasses } from "./shared.tsx";

const ACTION_LABELS: Record<AuditLogEntry["action"], string> = {
  edit: "Edited",
  delete: "Deleted",
  approve: "Approved",
  reject: "Rejected",
  hide: "Hid",
  unhide: "Unhid",
  promote: "Promoted",
  demote: "Demoted",
};

function show(value: unknown): string {
  if (value === null || value === undefined || value === "") return "—";
  if (typeof value === "boolean") return value ? "yes" : "no";
  const text = typeof value === "string" ? value : JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}

/** Who did what to which profile or account, and when; newest first. */
export function AuditTable({ entries }: { entries: AuditLogEntry[] }) {
  return (
    <div className={tableClasses.wrapper}>
      <table className={tableClasses.table}>
        <caption className="sr-only">Audit log</caption>
        <thead className={tableClasses.head}>
          <tr>
            <th scope="col" className={tableClasses.th}>
              When
            </th>
            <th scope="col" className={tableClasses.th}>
              Admin
            </th>
            <th scope="col" className={tableClasses.th}>
              Action
            </th>
            <th scope="col" className={tableClasses.th}>
              Target
            </th>
            <th scope="col" className={tableClasses.th}>
              Changes
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {entries.length === 0 && <EmptyRow colSpan={5}>No admin actions recorded yet.</EmptyRow>}
          {entries.map((entry) => (
            <tr key={entry.id} className={tableClasses.row}>
              <td className={`${tableClasses.td} whitespace-nowrap`}>
                <time dateTime={new Date(entry.createdAt).toISOString()}>{formatDateTime(entry.createdAt)}</time>
              </td>
              <td className={tableClasses.td}>
                <span className="block font-medium text-ink">{entry.actorName}</span>
                <span className="block break-all text-xs text-muted">{entry.actorEmail}</span>
              </td>
              <td className={`${tableClasses.td} font-medium`}>{ACTION_LABELS[entry.action]}</td>
              <td className={tableClasses.td}>
                <span className="block text-ink">{entry.targetLabel}</span>
                <span className="block text-xs text-muted">
                  {entry.targetType === "consultant" ? "Consultant" : "User"} #{entry.targetId}
                </span>
              </td>
              <td className={tableClasses.td}>
                <ul className="space-y-0.5 text-xs">
                  {Object.entries(entry.changes).map(([field, change]) => (
                    <li key={field} className="break-words">
                      <span className="font-medium text-ink">{field}</span>: {show(change.from)} → {show(change.to)}
                    </li>
                  ))}
                </ul>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
