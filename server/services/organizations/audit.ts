import type { AuditAction, AuditChanges } from "#common/constants.ts";
import type { Executor } from "#server/db/client.ts";
import { auditLog } from "#server/db/schema.ts";
import { recordAudit } from "../admin/audit.ts";
import { auditActor } from "./membership.ts";

// Every change to an organization is audited in its own transaction, whoever makes it: its
// members (details, invitations, roles, removals) and the site's admins (verification, reports).
// The entries sit in the one audit log the admins read.

export async function auditOrganization(
  tx: Executor,
  actorId: number,
  organization: { id: number; name: string },
  action: AuditAction,
  changes: AuditChanges = {},
): Promise<void> {
  await recordAudit(tx, await auditActor(tx, actorId), {
    action,
    targetType: "organization",
    targetId: organization.id,
    targetLabel: organization.name,
    changes,
  });
}

/** An entry by someone who may have no account (an invitee declining by the e-mailed link). */
export async function auditOrganizationByAddress(
  tx: Executor,
  who: { id: number | null; name: string; email: string },
  organization: { id: number; name: string },
  action: AuditAction,
  changes: AuditChanges = {},
): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: who.id,
    actorName: who.name.slice(0, 255),
    actorEmail: who.email.slice(0, 255),
    action,
    targetType: "organization",
    targetId: organization.id,
    targetLabel: organization.name.slice(0, 255),
    changes,
  });
}
