import { getTableColumns } from "drizzle-orm";
import type { AuditAction, AuditChanges, AuditTargetType } from "#common/constants.ts";
import type { AuditLogEntry } from "#common/views.ts";
import type { Executor } from "#server/db/client.ts";
import { auditLog } from "#server/db/schema.ts";
import type { Actor, AdminRow, ServiceDeps } from "../context.ts";
import { type AdminPage, adminListQuery, newestFirst, readTablePage, searchColumns } from "./list-page.ts";

// The audit log: every admin action is written in the same transaction as the action itself
// (recordAudit, used by the consultant and user services below which it sits), and listed for
// the admin dashboard.

export type { AuditLogEntry };

type Deps = Pick<ServiceDeps, "db">;

/** One entry; the actor is an admin, the person themselves, or the command line (no account: id null). */
export async function recordAudit(
  tx: Executor,
  admin: Omit<AdminRow, "id"> & { id: number | null },
  entry: { action: AuditAction; targetType: AuditTargetType; targetId: number; targetLabel: string; changes: AuditChanges },
): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: admin.id,
    actorName: admin.name,
    actorEmail: admin.email,
    ...entry,
    targetLabel: entry.targetLabel.slice(0, 255),
  });
}

/** JSON with object keys sorted: values that differ only in key order (JSONB read back) compare equal. */
export function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    item && typeof item === "object" && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)))
      : item,
  );
}

/** The fields whose value differs, as `{ field: { from, to } }` (fields left out of `after` are not compared). */
export function diff<T extends Record<string, unknown>>(before: T, after: Partial<T>): AuditChanges {
  const changes: AuditChanges = {};
  for (const [field, to] of Object.entries(after)) {
    if (to === undefined) continue;
    const from = before[field] ?? null;
    if (stableJson(from) !== stableJson(to)) changes[field] = { from, to };
  }
  return changes;
}

/** Newest first, searchable by admin, target and action. */
export async function listAuditLog(deps: Deps, actor: Actor, input: unknown): Promise<AdminPage<"entries", AuditLogEntry>> {
  const { db } = deps;
  const query = await adminListQuery(deps, actor, input);
  const where = searchColumns(query.search, [auditLog.actorName, auditLog.actorEmail, auditLog.targetLabel, auditLog.action]);
  const { rows, ...page } = await readTablePage(db, query, {
    table: auditLog,
    columns: getTableColumns(auditLog),
    where,
    order: newestFirst(auditLog),
  });
  return { entries: rows, ...page };
}
