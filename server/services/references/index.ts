import { msg } from "@lingui/core/runtime-macro";
import { and, asc, count, eq, gt, inArray, sql } from "drizzle-orm";
import type { AuditAction } from "#common/constants.ts";
import { localizePath } from "#common/locales.ts";
import {
  type OwnReference,
  type PublicReference,
  REFERENCE_LIMITS,
  REFERENCE_MESSAGES,
  type ReferenceRequestView,
  referenceConfirmSchema,
  referenceRequestSchema,
} from "#common/references.ts";
import type { Executor } from "#server/db/client.ts";
import {
  type AssignmentReferenceRow,
  assignmentReferences,
  authUsers,
  consultantAssignments,
  consultants,
} from "#server/db/schema.ts";
import { enqueueMail } from "#server/jobs/mail.ts";
import { recordAudit } from "../admin/audit.ts";
import { type Actor, inAdminTransaction, requireOwnerOrAdmin, requireUser, type ServiceDeps } from "../context.ts";
import { Conflict, NotFound } from "../errors.ts";
import { composeMail, isolate } from "../mail.ts";
import { accountLocale, mailLanguage } from "../mail-language.ts";
import { consumeRateLimit } from "../rate-limit.ts";
import { hashToken, newToken } from "../sessions.ts";
import { parseInput } from "../validate.ts";
import { verifiedDomainBadges } from "./domain-badge.ts";

// Confirmed references (issue 34). The consultant asks (`requestReference`), the referee answers
// through the e-mailed single-use link without an account (`viewReferenceRequest`,
// `confirmReference`, `declineReference`), the consultant may withdraw and an admin remove. Every
// step is in the audit log. The referee's e-mail never leaves the server but to the consultant who
// typed it and to admins.

const FORBIDDEN = "You can only ask for references on your own assignments";
const monthOf = (date: string | null) => (date === null ? null : date.slice(0, 7));

type Deps = Pick<ServiceDeps, "db" | "config" | "jobs" | "log">;

/** One step of a reference in the audit log, in the caller's transaction. */
async function audit(
  tx: Executor,
  actor: { id: number | null; name: string; email: string },
  action: AuditAction,
  reference: Pick<AssignmentReferenceRow, "id" | "assignmentTitle">,
  consultantName: string,
  changes: Record<string, { from: unknown; to: unknown }> = {},
) {
  await recordAudit(
    tx,
    { id: actor.id, name: actor.name.slice(0, 255), email: actor.email.slice(0, 255) },
    {
      action,
      targetType: "reference",
      targetId: reference.id,
      targetLabel: `${consultantName}: ${reference.assignmentTitle}`,
      changes,
    },
  );
}

/** The signed-in owner as the audit log names them: their account's name and address as they are now. */
async function ownerAsActor(db: Executor, userId: number) {
  const [user] = await db
    .select({ name: authUsers.name, email: authUsers.email })
    .from(authUsers)
    .where(eq(authUsers.id, userId))
    .limit(1);
  return { id: userId, name: user?.name ?? "", email: user?.email ?? "" };
}

/** The assignment with its profile, for its owner (or an admin). */
async function ownAssignment(deps: Pick<ServiceDeps, "db">, actor: Actor, assignmentId: number) {
  const [row] = await deps.db
    .select({
      assignment: consultantAssignments,
      consultantId: consultants.id,
      ownerId: consultants.userId,
      consultantName: consultants.name,
      consultantTitle: consultants.title,
      consultantEmail: consultants.email,
    })
    .from(consultantAssignments)
    .innerJoin(consultants, eq(consultants.id, consultantAssignments.consultantId))
    .where(eq(consultantAssignments.id, assignmentId))
    .limit(1);
  if (!row) {
    requireUser(actor);
    throw new NotFound("Assignment not found");
  }
  const signedIn = requireOwnerOrAdmin(actor, row.ownerId, { forbidden: FORBIDDEN });
  return { ...row, signedIn };
}

/** POST /api/my-consultant-profile/assignments/{id}/references: `{ name, email }`. */
export async function requestReference(
  deps: Deps,
  actor: Actor,
  input: { assignmentId: number; body: unknown },
): Promise<OwnReference> {
  const { db, config } = deps;
  const found = await ownAssignment(deps, actor, input.assignmentId);
  const { name, email } = parseInput(referenceRequestSchema, input.body);
  const refereeEmail = email.toLowerCase();
  const [open] = await db
    .select({ total: count() })
    .from(assignmentReferences)
    .where(
      and(
        eq(assignmentReferences.consultantId, found.consultantId),
        eq(assignmentReferences.status, "requested"),
        gt(assignmentReferences.expiresAt, sql`now()`),
      ),
    );
  if ((open?.total ?? 0) >= REFERENCE_LIMITS.openPerConsultant) throw new Conflict(REFERENCE_MESSAGES.tooManyOpen);
  const [duplicate] = await db
    .select({ id: assignmentReferences.id })
    .from(assignmentReferences)
    .where(
      and(
        eq(assignmentReferences.assignmentId, input.assignmentId),
        sql`lower(${assignmentReferences.refereeEmail}) = ${refereeEmail}`,
        eq(assignmentReferences.status, "requested"),
        gt(assignmentReferences.expiresAt, sql`now()`),
      ),
    )
    .limit(1);
  if (duplicate) throw new Conflict(REFERENCE_MESSAGES.duplicate);
  await consumeRateLimit(db, {
    key: `reference:referee:${refereeEmail}`,
    limit: REFERENCE_LIMITS.perRefereePerWeek,
    windowSeconds: 7 * 24 * 3600,
    message: REFERENCE_MESSAGES.tooManyForReferee,
  });
  const owner = await ownerAsActor(db, found.signedIn.id);
  const { assignment } = found;
  const token = newToken();
  const row = await db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(assignmentReferences)
      .values({
        consultantId: found.consultantId,
        assignmentId: assignment.id,
        refereeName: name,
        refereeEmail: email,
        tokenHash: hashToken(token),
        assignmentTitle: assignment.title,
        organization: assignment.organization,
        role: assignment.role,
        startMonth: assignment.startDate.slice(0, 7),
        endMonth: monthOf(assignment.endDate),
        expiresAt: sql`now() + ${`${REFERENCE_LIMITS.linkDays} days`}::interval`,
      })
      .returning();
    if (!inserted) throw new Error("the reference request was not stored");
    await audit(tx, owner, "reference_ask", inserted, found.consultantName, {
      referee: { from: null, to: `${name} <${email}>` },
    });
    // The referee needs no account: the mail is in their account's language if they have one,
    // otherwise in the consultant's (the owner account's), whose past client they were.
    // The owner's account is read only when the referee has none.
    const { locale, i18n } = await mailLanguage(
      (await accountLocale(tx, { email })) ?? (found.ownerId === null ? null : await accountLocale(tx, { id: found.ownerId })),
    );
    const url = `${config.publicUrl}${localizePath(locale, `/references/${token}`)}`;
    const consultant = found.consultantName;
    const title = found.consultantTitle;
    const siteName = config.siteName;
    const start = assignment.startDate.slice(0, 7);
    const end = monthOf(assignment.endDate);
    const period = end ? i18n._(msg`${{ start }} to ${{ end }}`) : i18n._(msg`${{ start }} to now`);
    const role = assignment.role;
    const days = REFERENCE_LIMITS.linkDays;
    const { text, html, language } = composeMail(
      locale,
      siteName,
      [
        i18n._(msg`Dear ${{ name }},`),
        i18n._(
          msg`${{ consultant }} (${{ title }}) lists this assignment on their ${{ siteName }} profile and asks you to confirm it:`,
        ),
        `${isolate(assignment.title)}\n${isolate(assignment.organization)}${role ? `\n${i18n._(msg`Role: ${{ role }}`)}` : ""}\n${period}`,
        i18n._(
          msg`You need no account. On the page below you can correct the dates and the role, add a short statement and a score from 1 to 10, or decline. The link works once and expires in ${{ days }} days. Your e-mail address is never shown on the profile.`,
        ),
        i18n._(msg`If you do not know ${{ consultant }} or this assignment, decline or ignore this message.`),
      ],
      { label: i18n._(msg`Confirm or decline`), url },
    );
    await enqueueMail(
      deps,
      { to: email, subject: i18n._(msg`${{ consultant }} asks you to confirm an assignment`), text, html, language },
      { db: tx },
    );
    return inserted;
  });
  return (await ownReferences(db, [row], [found.consultantEmail, owner.email]))[0] as OwnReference;
}

/** DELETE /api/my-consultant-profile/assignments/{id}/references/{refId}: withdrawn (a request, or a confirmed one no longer wanted). */
export async function withdrawReference(
  deps: Pick<ServiceDeps, "db">,
  actor: Actor,
  input: { assignmentId: number; referenceId: number },
): Promise<{ message: string }> {
  const found = await ownAssignment(deps, actor, input.assignmentId);
  const owner = await ownerAsActor(deps.db, found.signedIn.id);
  await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(assignmentReferences)
      .set({ status: "withdrawn", closedAt: sql`now()` })
      .where(
        and(
          eq(assignmentReferences.id, input.referenceId),
          eq(assignmentReferences.assignmentId, input.assignmentId),
          inArray(assignmentReferences.status, ["requested", "confirmed"]),
        ),
      )
      .returning();
    if (!row) throw new NotFound("Reference not found");
    await audit(tx, owner, "reference_withdraw", row, found.consultantName);
  });
  return { message: "Reference withdrawn" };
}

/** The request behind a link, while it can still be answered. */
async function usableRequest(db: Executor, token: string) {
  const [row] = await db
    .select({ reference: assignmentReferences, consultantName: consultants.name, consultantTitle: consultants.title })
    .from(assignmentReferences)
    .innerJoin(consultants, eq(consultants.id, assignmentReferences.consultantId))
    .where(
      and(
        eq(assignmentReferences.tokenHash, hashToken(token)),
        eq(assignmentReferences.status, "requested"),
        gt(assignmentReferences.expiresAt, sql`now()`),
      ),
    )
    .limit(1);
  if (!row) throw new NotFound(REFERENCE_MESSAGES.linkUnusable);
  return row;
}

/** GET /api/references/{token}: what the referee is asked to confirm. No account needed. */
export async function viewReferenceRequest(deps: Pick<ServiceDeps, "db">, token: string): Promise<ReferenceRequestView> {
  const { reference, consultantName, consultantTitle } = await usableRequest(deps.db, token);
  return {
    consultantName,
    consultantTitle,
    refereeName: reference.refereeName,
    assignmentTitle: reference.assignmentTitle,
    organization: reference.organization,
    role: reference.role,
    startMonth: reference.startMonth,
    endMonth: reference.endMonth,
    expiresAt: reference.expiresAt.toISOString(),
  };
}

/** An answer through the link: the row changes only while it is still open, so the link works once. */
async function answer(
  deps: Pick<ServiceDeps, "db">,
  token: string,
  changes: Partial<typeof assignmentReferences.$inferInsert>,
  action: AuditAction,
) {
  return deps.db.transaction(async (tx) => {
    const { reference, consultantName } = await usableRequest(tx, token);
    const [row] = await tx
      .update(assignmentReferences)
      .set({ ...changes, answeredAt: sql`now()` })
      .where(and(eq(assignmentReferences.id, reference.id), eq(assignmentReferences.status, "requested")))
      .returning();
    if (!row) throw new NotFound(REFERENCE_MESSAGES.linkUnusable);
    const changed = Object.fromEntries(
      (["role", "startMonth", "endMonth", "score"] as const)
        .filter((key) => key in changes && changes[key] !== reference[key])
        .map((key) => [key, { from: reference[key], to: changes[key] }]),
    );
    await audit(
      tx,
      { id: null, name: reference.refereeName, email: reference.refereeEmail },
      action,
      row,
      consultantName,
      changed,
    );
    return row;
  });
}

/** POST /api/references/{token}/confirm: `{ role?, startMonth?, endMonth?, statement?, score? }`. */
export async function confirmReference(
  deps: Pick<ServiceDeps, "db">,
  input: { token: string; body: unknown },
): Promise<{ message: string }> {
  const given = parseInput(referenceConfirmSchema, input.body ?? {});
  const { reference } = await usableRequest(deps.db, input.token);
  const startMonth = given.startMonth ?? reference.startMonth;
  const endMonth = given.endMonth === undefined ? reference.endMonth : given.endMonth;
  if (endMonth !== null && endMonth < startMonth) {
    parseInput(referenceConfirmSchema, { startMonth, endMonth });
  }
  await answer(
    deps,
    input.token,
    {
      status: "confirmed",
      role: given.role ?? reference.role,
      startMonth,
      endMonth,
      statement: given.statement ?? null,
      score: given.score ?? null,
    },
    "reference_confirm",
  );
  return { message: "Thank you: the assignment is confirmed" };
}

/** POST /api/references/{token}/decline. */
export async function declineReference(deps: Pick<ServiceDeps, "db">, input: { token: string }): Promise<{ message: string }> {
  await answer(deps, input.token, { status: "declined" }, "reference_decline");
  return { message: "Thank you: the request is declined" };
}

/** DELETE /api/admin/references/{refId}: an admin takes a reference off the profile (audited). */
export async function removeReference(
  deps: Pick<ServiceDeps, "db">,
  actor: Actor,
  input: { referenceId: number },
): Promise<{ message: string }> {
  await inAdminTransaction(deps, actor, async (tx, admin) => {
    const [row] = await tx
      .update(assignmentReferences)
      .set({ status: "removed", closedAt: sql`now()` })
      .where(
        and(eq(assignmentReferences.id, input.referenceId), inArray(assignmentReferences.status, ["requested", "confirmed"])),
      )
      .returning();
    if (!row) throw new NotFound("Reference not found");
    const [consultant] = await tx
      .select({ name: consultants.name })
      .from(consultants)
      .where(eq(consultants.id, row.consultantId));
    await recordAudit(tx, admin, {
      action: "reference_remove",
      targetType: "reference",
      targetId: row.id,
      targetLabel: `${consultant?.name ?? "Consultant"}: ${row.assignmentTitle}`,
      changes: { status: { from: "confirmed", to: "removed" } },
    });
  });
  return { message: "Reference removed" };
}

// ---------------------------------------------------------------------------------------------
// Reading

function toPublic(row: AssignmentReferenceRow, hasBadge: boolean): PublicReference {
  return {
    id: row.id,
    assignmentId: row.assignmentId,
    refereeName: row.refereeName,
    organization: row.organization,
    role: row.role,
    startMonth: row.startMonth,
    endMonth: row.endMonth,
    statement: row.statement,
    score: row.score,
    confirmedAt: (row.answeredAt ?? row.requestedAt).toISOString(),
    isDomainVerified: row.status === "confirmed" && hasBadge,
  };
}

/** References as everyone sees them, the badges of all of them found in one query. */
async function publicReferences(db: Executor, rows: AssignmentReferenceRow[], consultantEmails: string[]) {
  const confirmed = rows.filter((row) => row.status === "confirmed");
  const badges = await verifiedDomainBadges(db, confirmed, consultantEmails);
  const hasBadge = new Map(confirmed.map((row, index) => [row.id, badges[index] === true]));
  return rows.map((row) => toPublic(row, hasBadge.get(row.id) ?? false));
}

async function ownReferences(db: Executor, rows: AssignmentReferenceRow[], consultantEmails: string[]): Promise<OwnReference[]> {
  const now = Date.now();
  const shown = await publicReferences(db, rows, consultantEmails);
  return rows.map((row, index) => ({
    ...(shown[index] as PublicReference),
    status: row.status,
    refereeEmail: row.refereeEmail,
    requestedAt: row.requestedAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    isExpired: row.status === "requested" && row.expiresAt.getTime() <= now,
  }));
}

/** The e-mails that are the consultant's own (the profile's and the account's): never a badge. */
async function emailsOf(db: Executor, consultantId: number): Promise<string[]> {
  const [row] = await db
    .select({ profile: consultants.email, account: authUsers.email })
    .from(consultants)
    .leftJoin(authUsers, eq(authUsers.id, consultants.userId))
    .where(eq(consultants.id, consultantId))
    .limit(1);
  return [row?.profile ?? "", row?.account ?? ""].filter(Boolean);
}

/** A profile's confirmed references, as everyone sees them (the caller decided the profile is visible). */
export async function confirmedReferences(db: Executor, consultantId: number): Promise<PublicReference[]> {
  const rows = await db
    .select()
    .from(assignmentReferences)
    .where(and(eq(assignmentReferences.consultantId, consultantId), eq(assignmentReferences.status, "confirmed")))
    .orderBy(asc(assignmentReferences.answeredAt), asc(assignmentReferences.id));
  if (rows.length === 0) return [];
  return publicReferences(db, rows, await emailsOf(db, consultantId));
}

/** Every request of a profile, for its owner or an admin (withdrawn and removed ones left out). */
export async function profileReferences(
  deps: Pick<ServiceDeps, "db">,
  actor: Actor,
  consultantId: number,
): Promise<OwnReference[]> {
  const [profile] = await deps.db
    .select({ ownerId: consultants.userId })
    .from(consultants)
    .where(eq(consultants.id, consultantId));
  if (!profile) throw new NotFound("Consultant not found");
  requireOwnerOrAdmin(actor, profile.ownerId, { forbidden: "You can only see the references of your own profile" });
  const rows = await deps.db
    .select()
    .from(assignmentReferences)
    .where(
      and(
        eq(assignmentReferences.consultantId, consultantId),
        inArray(assignmentReferences.status, ["requested", "confirmed", "declined"]),
      ),
    )
    .orderBy(asc(assignmentReferences.requestedAt), asc(assignmentReferences.id));
  return ownReferences(deps.db, rows, await emailsOf(deps.db, consultantId));
}
