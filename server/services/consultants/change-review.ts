import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/runtime-macro";
import { and, asc, count, eq, isNotNull, or, sql } from "drizzle-orm";
import { rejectSchema } from "#common/admin-schema.ts";
import { intlLocale, type Locale } from "#common/locales.ts";
import {
  diffOf,
  type PendingChange,
  type QueueEntry,
  REVIEWED_FIELDS,
  type ReviewedField,
  type ReviewedValues,
} from "#common/profile-changes.ts";
import type { Executor } from "#server/db/client.ts";
import { authUsers, consultantChanges, consultants } from "#server/db/schema.ts";
import { refreshUnspacedWords } from "#server/db/unspaced-words.ts";
import { type AccountMail, queueAccountMail } from "../account-mail.ts";
import { recordAudit } from "../admin/audit.ts";
import { type AdminPage, adminListQuery, readPage } from "../admin/list-page.ts";
import { type Actor, inAdminTransaction, requireAdmin, type ServiceDeps } from "../context.ts";
import { firstOrNotFound } from "../errors.ts";
import { mailLanguage } from "../mail-language.ts";
import { discardPhoto } from "../photos.ts";
import { parseInput } from "../validate.ts";
import { auditChangesOf, NO_PENDING_CHANGE, publishedValues, publishedValuesOf } from "./changes.ts";
import { adminConsultantColumns, adminConsultantSearch } from "./read-model.ts";
import { readAssignmentsOf, readEducationOf, replaceTrackRecord } from "./track-record.ts";

// The review of changes and new profiles (issue 14): the approval queue, oldest first, and an
// admin's decisions on a change: approving writes it onto the published row, rejecting tells the
// owner why. Holding a change back is in changes.ts.

// ---------------------------------------------------------------------------------------------
// The approval queue: new profiles and changes, oldest first.

type ListDeps = Pick<ServiceDeps, "db">;

/** A profile's pending change, if any, joined to it. */
const joined = and(eq(consultantChanges.consultantId, consultants.id), eq(consultantChanges.status, "pending"));
const queueMembership = or(eq(consultants.status, "pending"), isNotNull(consultantChanges.consultantId));

/** Everything waiting for an admin: new profiles (pending) and changes to approved ones, with their diff. */
export async function listApprovalQueue(deps: ListDeps, actor: Actor, input: unknown): Promise<AdminPage<"entries", QueueEntry>> {
  const { db } = deps;
  const query = await adminListQuery(deps, actor, input);
  const where = and(queueMembership, adminConsultantSearch(query.search));
  const { rows, ...page } = await readPage(
    query,
    (limit, offset) =>
      db
        .select({
          consultant: adminConsultantColumns,
          changes: consultantChanges.changes,
          submittedAt: consultantChanges.submittedAt,
        })
        .from(consultants)
        .leftJoin(consultantChanges, joined)
        .where(where)
        .orderBy(asc(sql`coalesce(${consultantChanges.submittedAt}, ${consultants.createdAt})`), asc(consultants.id))
        .limit(limit)
        .offset(offset),
    db.select({ total: count() }).from(consultants).leftJoin(consultantChanges, joined).where(where),
  );
  const isChange = (row: (typeof rows)[number]) => row.changes !== null && row.submittedAt !== null;
  const newIds = rows.filter((row) => !isChange(row)).map((row) => row.consultant.id);
  // The published values of every change, and the track record of every new profile, on the page at once.
  const [published, assignments, education] = await Promise.all([
    publishedValuesOf(
      db,
      rows.filter(isChange).map((row) => row.consultant.id),
    ),
    readAssignmentsOf(db, newIds),
    readEducationOf(db, newIds),
  ]);
  const entries = rows.map((row): QueueEntry => {
    const values = published.get(row.consultant.id);
    if (!row.changes || !row.submittedAt || !values) {
      const id = row.consultant.id;
      const trackRecord = { assignments: assignments.get(id) ?? [], education: education.get(id) ?? [] };
      return { ...row.consultant, change: null, trackRecord };
    }
    const change: PendingChange = {
      consultantId: row.consultant.id,
      submittedAt: row.submittedAt,
      fields: diffOf(values, row.changes as Partial<ReviewedValues>),
    };
    return { ...row.consultant, change, trackRecord: null };
  });
  return { entries, ...page };
}

/** How many new profiles and changes wait (the queue tab's badge). */
export async function countApprovalQueue(deps: ListDeps, actor: Actor): Promise<number> {
  await requireAdmin(deps, actor);
  const [row] = await deps.db
    .select({ total: count() })
    .from(consultants)
    .leftJoin(consultantChanges, joined)
    .where(queueMembership);
  return row?.total ?? 0;
}

// ---------------------------------------------------------------------------------------------
// Decisions

type DecisionDeps = Pick<ServiceDeps, "db" | "config" | "jobs" | "storage" | "log" | "runtime">;

/** The change waiting on a profile, locked, with the owner's address; NotFound when there is none. */
async function lockPendingChange(tx: Executor, id: number) {
  const row = await firstOrNotFound(
    tx
      .select({
        changes: consultantChanges.changes,
        name: consultants.name,
        ownerName: authUsers.name,
        ownerEmail: authUsers.email,
        ownerLocale: authUsers.locale,
      })
      .from(consultantChanges)
      .innerJoin(consultants, eq(consultants.id, consultantChanges.consultantId))
      .leftJoin(authUsers, eq(authUsers.id, consultants.userId))
      .where(and(eq(consultantChanges.consultantId, id), eq(consultantChanges.status, "pending")))
      .limit(1)
      .for("update", { of: [consultantChanges, consultants] }),
    NO_PENDING_CHANGE,
  );
  return { ...row, changes: row.changes as Partial<ReviewedValues> };
}

/** The reviewed fields as the owner's e-mail and the approval queue name them (in English, REVIEWED_FIELD_LABELS' words). */
const FIELD_NAMES: Record<ReviewedField, MessageDescriptor> = {
  name: msg`Full name`,
  title: msg`Professional title`,
  bio: msg`Professional summary`,
  profilePhotoUrl: msg`Photo`,
  primarySpecialization: msg`Primary specialization`,
  secondarySpecializations: msg`Other specializations`,
  assignments: msg`Assignments`,
};

/** Every reviewed field's name in a language (the Admin Dashboard's approval queue shows them). */
export async function reviewedFieldNames(locale: Locale): Promise<Record<ReviewedField, string>> {
  const { i18n } = await mailLanguage(locale);
  return Object.fromEntries(REVIEWED_FIELDS.map((field) => [field, i18n._(FIELD_NAMES[field])])) as Record<ReviewedField, string>;
}

/** The changed fields as the language lists them ("Full name, Photo" in English: a unit list has no "and"). */
function fieldList(changes: Partial<ReviewedValues>, { locale, i18n }: { locale: Locale; i18n: I18n }): string {
  const names = REVIEWED_FIELDS.filter((field) => changes[field] !== undefined).map((field) => i18n._(FIELD_NAMES[field]));
  return new Intl.ListFormat(intlLocale(locale), { type: "unit", style: "short" }).format(names);
}

/** Approves the change waiting on a profile: its values are published, and the owner is told. */
export async function approveChange(deps: DecisionDeps, actor: Actor, id: number): Promise<{ fields: ReviewedField[] }> {
  const { db } = deps;
  const outcome = await inAdminTransaction(deps, actor, async (tx, admin) => {
    const pending = await lockPendingChange(tx, id);
    const published = await publishedValues(tx, id);
    const { assignments, ...columns } = pending.changes;
    await tx
      .update(consultants)
      .set({ ...columns, updatedAt: new Date() })
      .where(eq(consultants.id, id));
    if (assignments) await replaceTrackRecord(tx, id, { assignments });
    await refreshUnspacedWords(tx, [id]);

    await tx.delete(consultantChanges).where(eq(consultantChanges.consultantId, id));
    await recordAudit(tx, admin, {
      action: "approve_change",
      targetType: "consultant",
      targetId: id,
      targetLabel: pending.changes.name ?? pending.name,
      changes: auditChangesOf(published, pending.changes),
    });
    await mailOwner(deps, tx, pending, ({ i18n, siteName, fields }) => ({
      subject: i18n._(msg`Your profile changes on ${{ siteName }} are published`),
      paragraphs: [i18n._(msg`Your changes (${{ fields }}) have been approved and are now on your public profile.`)],
      action: { label: i18n._(msg`View your profile`), path: `/consultant/${id}` },
    }));
    const replacedPhoto =
      columns.profilePhotoUrl !== undefined && published.profilePhotoUrl !== columns.profilePhotoUrl
        ? published.profilePhotoUrl
        : null;
    return { replacedPhoto, fields: REVIEWED_FIELDS.filter((field) => pending.changes[field] !== undefined) };
  });
  deps.runtime.directory.changed();
  if (outcome.replacedPhoto) await discardPhoto(db, deps, outcome.replacedPhoto);
  return { fields: outcome.fields };
}

type LockedChange = Awaited<ReturnType<typeof lockPendingChange>>;

/**
 * The owner's e-mail about a decision on their change, in their account's language, queued in the
 * decision's transaction (none when the profile has no owner's address): `write` says what.
 */
async function mailOwner(
  deps: DecisionDeps,
  tx: Executor,
  pending: LockedChange,
  write: (words: { i18n: I18n; siteName: string; fields: string }) => AccountMail,
): Promise<void> {
  if (!pending.ownerEmail) return;
  const owner = { name: pending.ownerName ?? pending.name, email: pending.ownerEmail, locale: pending.ownerLocale };
  await queueAccountMail(deps, tx, owner, (i18n, locale) =>
    write({ i18n, siteName: deps.config.siteName, fields: fieldList(pending.changes, { locale, i18n }) }),
  );
}

/** Rejects the change waiting on a profile: the published version stays, and the owner is e-mailed the reason. */
export async function rejectChange(deps: DecisionDeps, actor: Actor, input: { id: number; body: unknown }): Promise<void> {
  const { db } = deps;
  await requireAdmin(deps, actor);
  const { reason } = parseInput(rejectSchema, input.body ?? {}, "Please check the form and try again.");
  const { id } = input;
  const proposedPhoto = await inAdminTransaction(deps, actor, async (tx, admin) => {
    const pending = await lockPendingChange(tx, id);
    const published = await publishedValues(tx, id);
    await tx
      .update(consultantChanges)
      .set({ status: "rejected", reason, decidedAt: new Date() })
      .where(eq(consultantChanges.consultantId, id));
    await recordAudit(tx, admin, {
      action: "reject_change",
      targetType: "consultant",
      targetId: id,
      targetLabel: pending.name,
      changes: { ...auditChangesOf(published, pending.changes), reason: { from: null, to: reason } },
    });
    await mailOwner(deps, tx, pending, ({ i18n, siteName, fields }) => ({
      subject: i18n._(msg`Your profile changes on ${{ siteName }} were not published`),
      paragraphs: [
        i18n._(
          msg`An administrator reviewed the changes to your consultant profile (${{ fields }}) and did not publish them, for this reason:`,
        ),
        reason,
        i18n._(msg`Your profile keeps showing its approved version. You can edit your profile and send the changes again.`),
      ],
      action: { label: i18n._(msg`Edit your profile`), path: `/profile/edit/${id}` },
    }));
    const photo = pending.changes.profilePhotoUrl;
    return photo && photo !== published.profilePhotoUrl ? photo : null;
  });
  if (proposedPhoto) await discardPhoto(db, deps, proposedPhoto);
}
