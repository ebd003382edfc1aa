import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/runtime-macro";
import { eq } from "drizzle-orm";
import { ADMIN_MESSAGES, hideSchema, rejectSchema } from "#common/admin-schema.ts";
import type { ConsultantStatus } from "#common/constants.ts";
import { authUsers, consultants } from "#server/db/schema.ts";
import { type AccountMail, queueAccountMail } from "../account-mail.ts";
import { diff, recordAudit } from "../admin/audit.ts";
import { type Actor, inAdminTransaction, requireAdmin, type ServiceDeps } from "../context.ts";
import { Conflict, firstOrNotFound } from "../errors.ts";
import { isolate } from "../mail.ts";
import { parseInput } from "../validate.ts";
import { type AdminConsultant, adminConsultantColumns } from "./read-model.ts";

// The approval queue's decisions: approve, reject (with a reason), hide. Each is recorded in the
// audit log, and the owner's e-mail queued, in its transaction.

export type ApprovalAction = "approve" | "reject" | "hide";

const TARGET_STATUS: Record<ApprovalAction, ConsultantStatus> = {
  approve: "approved",
  reject: "rejected",
  hide: "hidden",
};

const FORM_FALLBACK = "Please check the form and try again.";

function reasonFor(action: ApprovalAction, body: unknown): string | null {
  if (action === "reject") return parseInput(rejectSchema, body ?? {}, FORM_FALLBACK).reason;
  if (action === "hide") return parseInput(hideSchema, body ?? {}, FORM_FALLBACK).reason ?? null;
  return null;
}

/**
 * Approves, rejects (with a reason) or hides a profile. Approving works from any other status
 * (pending, rejected, hidden); rejecting too; hiding only takes an approved profile offline.
 * Asking for the status a profile already has (with the same reason) changes nothing, records
 * nothing and sends nothing: the call is idempotent.
 */
export async function moderateConsultant(
  deps: Pick<ServiceDeps, "db" | "config" | "jobs" | "runtime">,
  actor: Actor,
  input: { id: number; action: ApprovalAction; body?: unknown },
): Promise<AdminConsultant> {
  const { id, action } = input;
  await requireAdmin(deps, actor);
  const reason = reasonFor(action, input.body);
  const status = TARGET_STATUS[action];
  const outcome = await inAdminTransaction(deps, actor, async (tx, admin) => {
    const current = await firstOrNotFound(
      tx
        .select({
          consultant: adminConsultantColumns,
          ownerName: authUsers.name,
          ownerEmail: authUsers.email,
          ownerBlockedAt: authUsers.blockedAt,
          ownerLocale: authUsers.locale,
        })
        .from(consultants)
        .leftJoin(authUsers, eq(authUsers.id, consultants.userId))
        .where(eq(consultants.id, id))
        .limit(1)
        .for("update", { of: consultants }),
      ADMIN_MESSAGES.consultantNotFound,
    );
    const before = current.consultant;
    const owner = { ownerName: current.ownerName, ownerEmail: current.ownerEmail };
    if (before.status === status && before.statusReason === reason) return { consultant: before, changed: false };
    // A blocked account's profile stays hidden until the account is unblocked (issue 14).
    if (action === "approve" && current.ownerBlockedAt) throw new Conflict(ADMIN_MESSAGES.ownerBlocked);
    if (action === "hide" && before.status !== "approved" && before.status !== "hidden") {
      throw new Conflict(ADMIN_MESSAGES.onlyApprovedCanBeHidden);
    }
    const [updated] = await tx
      .update(consultants)
      .set({ status, statusReason: reason, updatedAt: new Date() })
      .where(eq(consultants.id, id))
      .returning(adminConsultantColumns);
    await recordAudit(tx, admin, {
      action,
      targetType: "consultant",
      targetId: id,
      targetLabel: before.name,
      changes: diff({ status: before.status, statusReason: before.statusReason }, { status, statusReason: reason }),
    });
    if (owner.ownerEmail) {
      // Queued with the decision: the owner hears of it if and only if it committed, in their language.
      const to = { name: owner.ownerName ?? before.name, email: owner.ownerEmail, locale: current.ownerLocale };
      await queueAccountMail(deps, tx, to, (i18n) => approvalMail(action, deps.config.siteName, i18n, { id, reason }));
    }
    return { consultant: updated ?? before, changed: true };
  });
  if (outcome.changed) deps.runtime.directory.changed();
  return outcome.consultant;
}

/** The owner's e-mail about a decision (queueAccountMail greets them); the administrator's reason is sent as written. */
export function approvalMail(
  action: ApprovalAction,
  siteName: string,
  i18n: I18n,
  { id, reason }: { id: number; reason: string | null },
): AccountMail {
  if (action === "approve") {
    return {
      subject: i18n._(msg`Your consultant profile on ${{ siteName }} is approved`),
      paragraphs: [
        i18n._(msg`Good news: your consultant profile has been approved and is now listed in the ${{ siteName }} directory.`),
      ],
      action: { label: i18n._(msg`View your profile`), path: `/consultant/${id}` },
    };
  }
  if (action === "reject") {
    return {
      subject: i18n._(msg`Your consultant profile on ${{ siteName }} needs changes`),
      paragraphs: [
        i18n._(msg`Your consultant profile was not approved for the directory, for this reason:`),
        isolate(reason ?? ""),
        i18n._(msg`Please update your profile; it will then be reviewed again (usually within 1-2 business days).`),
      ],
      action: { label: i18n._(msg`Edit your profile`), path: `/profile/edit/${id}` },
    };
  }
  return {
    subject: i18n._(msg`Your consultant profile on ${{ siteName }} has been hidden`),
    paragraphs: [
      i18n._(msg`Your consultant profile is no longer listed in the ${{ siteName }} directory.`),
      ...(reason ? [i18n._(msg`Reason: ${{ reason }}`)] : []),
      i18n._(msg`If you have questions, reply to this e-mail or contact our support team.`),
    ],
    action: { label: i18n._(msg`See your profile`), path: "/my-consultant-profile" },
  };
}
