import { eq } from "drizzle-orm";
import { adminConsultantSchema } from "../../../common/admin-schema.ts";
import { consultantProfileSchema } from "../../../common/consultant-schema.ts";
import type { Executor } from "../../db/client.ts";
import { consultants } from "../../db/schema.ts";
import { diff, recordAudit } from "../admin/audit.ts";
import { type Actor, type AdminRow, isAdmin, requireAdmin, requireOwnerOrAdmin, requireUser } from "../context.ts";
import { directoryChanged } from "../directory-changes.ts";
import { NotFound } from "../errors.ts";
import { assertPhotoClaimable, discardPhoto } from "../photos.ts";
import { parseInput } from "../validate.ts";
import {
  assertEmailFree,
  type ConsultantValues,
  conflictFromUniqueViolation,
  NOT_YOURS,
  SIGNED_OUT,
  type WriteDeps,
  withOwnTrackRecord,
} from "./profile.ts";
import {
  type AdminConsultant,
  adminConsultantColumns,
  CONSULTANT_NOT_FOUND,
  type OwnConsultant,
  ownConsultantColumns,
} from "./read-model.ts";
import { type OwnTrackRecord, replaceTrackRecord, splitTrackRecord, type TrackRecordLists } from "./track-record.ts";

// The one write path of a consultant profile. Every change goes through editConsultant, whoever
// asks and through whichever door (the owner's form and PUT /api/consultants/{id}, the admin
// dialog and PUT /api/admin/consultants/{id}): the policy says which form was used; the checks,
// the locks and the audit entry of an admin's edit are the same (docs/decisions/009).

/** What a form of a profile hands to the write path. */
type EditValues = { columns: ConsultantValues; trackColumns: ConsultantValues; lists: TrackRecordLists | null };

/**
 * How a profile is edited: which form (and so which schema and messages), who may use it, and
 * what the caller gets back. The rest (the checks, the locks, the audit) is the same for all.
 */
export type EditPolicy<Result> = {
  /** "owner": the owner, or any admin (per the session's role); "admin": an admin per the database. */
  who: "owner" | "admin";
  parse: (body: unknown) => EditValues;
  /** Which other profiles' addresses count as taken (see assertEmailFree). */
  emailScope: "shown" | "any";
  /** A rejected profile that its owner corrects goes back to the approval queue. */
  resubmits: boolean;
  /** Write nothing (and record nothing) when no field changes. */
  skipUnchanged: boolean;
  answer: (tx: Executor, actor: Actor, id: number) => Promise<Result>;
};

/** The owner's form and PUT /api/consultants/{id}: the whole profile with its track record. Fields left out keep their value. */
export const OWNER_EDIT: EditPolicy<OwnConsultant & OwnTrackRecord> = {
  who: "owner",
  parse: (body) => {
    const { columns, trackColumns, lists } = splitTrackRecord(
      parseInput(consultantProfileSchema, body, "Please check your form and try again."),
    );
    return { columns: definedOnly(columns), trackColumns, lists };
  },
  emailScope: "shown",
  resubmits: true,
  skipUnchanged: false,
  answer: async (tx, actor, id) => {
    const [row] = await tx.select(ownConsultantColumns).from(consultants).where(eq(consultants.id, id)).limit(1);
    if (!row) throw new NotFound(CONSULTANT_NOT_FOUND);
    return withOwnTrackRecord(tx, actor, row);
  },
};

/** The admin dialog: the spec's admin fields and messages; the approval status is untouched. */
export const ADMIN_EDIT: EditPolicy<AdminConsultant> = {
  who: "admin",
  parse: (body) => ({
    columns: definedOnly(parseInput(adminConsultantSchema, body, "Please check the form and try again.")),
    trackColumns: {},
    lists: null,
  }),
  emailScope: "any",
  resubmits: false,
  skipUnchanged: true,
  answer: async (tx, _actor, id) => {
    const [row] = await tx.select(adminConsultantColumns).from(consultants).where(eq(consultants.id, id)).limit(1);
    if (!row) throw new NotFound(CONSULTANT_NOT_FOUND);
    return row;
  },
};

function definedOnly(values: Record<string, unknown>): ConsultantValues {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as ConsultantValues;
}

/**
 * The one write path of a profile. The caller is refused (401, 403, 404) before anything about
 * its input is read; the input is parsed with the policy's schema (400); then, in one
 * transaction: an admin's edit of someone else's profile re-reads the admin (share lock, so a
 * demotion waits) and locks the row; the e-mail and photo checks; the write; the audit entry of
 * an admin's edit with what changed; the track record. A replaced photo's files go after the commit.
 */
export async function editConsultant<Result>(
  deps: WriteDeps,
  actor: Actor,
  input: { id: number; body: unknown },
  policy: EditPolicy<Result>,
): Promise<Result> {
  const { db } = deps;
  const { id } = input;
  if (policy.who === "admin") await requireAdmin(deps, actor);
  else requireUser(actor, SIGNED_OUT);
  const [current] = await db
    .select({ ownerId: consultants.userId, status: consultants.status, profilePhotoUrl: consultants.profilePhotoUrl })
    .from(consultants)
    .where(eq(consultants.id, id))
    .limit(1);
  if (!current) throw new NotFound(CONSULTANT_NOT_FOUND);
  const signedIn =
    policy.who === "admin" ? requireUser(actor) : requireOwnerOrAdmin(actor, current.ownerId, { forbidden: NOT_YOURS });
  // An admin changing someone else's profile is an admin action, whichever form: it is audited.
  const isAdminEdit = policy.who === "admin" || (isAdmin(actor) && signedIn.id !== current.ownerId);
  const { columns, trackColumns, lists } = policy.parse(input.body);
  const changes: ConsultantValues = { ...columns, ...trackColumns };
  const photoChanged = columns.profilePhotoUrl !== undefined && columns.profilePhotoUrl !== current.profilePhotoUrl;
  const resubmitted = policy.resubmits && current.status === "rejected" && !isAdmin(actor);
  let result: Result;
  try {
    result = await db.transaction(async (tx) => {
      let admin: AdminRow | null = null;
      let before: AdminConsultant | undefined;
      if (isAdminEdit) {
        admin = await requireAdmin({ db: tx }, actor, { lock: true });
        [before] = await tx.select(adminConsultantColumns).from(consultants).where(eq(consultants.id, id)).for("update");
        if (!before) throw new NotFound(CONSULTANT_NOT_FOUND);
      }
      await assertEmailFree(tx, columns.email, id, policy.emailScope);
      if (photoChanged && columns.profilePhotoUrl) await assertPhotoClaimable(tx, signedIn, columns.profilePhotoUrl, id);
      const changed = before ? diff(before as Record<string, unknown>, changes) : null;
      if (policy.skipUnchanged && changed && Object.keys(changed).length === 0) return policy.answer(tx, actor, id);
      await tx
        .update(consultants)
        .set({
          ...changes,
          ...(resubmitted ? { status: deps.config.requireApproval ? "pending" : "approved", statusReason: null } : {}),
          updatedAt: new Date(),
        })
        .where(eq(consultants.id, id));
      if (admin && changed && Object.keys(changed).length > 0) {
        await recordAudit(tx, admin, {
          action: "edit",
          targetType: "consultant",
          targetId: id,
          targetLabel: typeof changes.name === "string" ? changes.name : (before?.name ?? ""),
          changes: changed,
        });
      }
      if (lists) await replaceTrackRecord(tx, id, lists);
      return policy.answer(tx, actor, id);
    });
  } catch (error) {
    conflictFromUniqueViolation(error);
  } finally {
    directoryChanged(db);
  }
  if (photoChanged) await discardPhoto(db, deps, current.profilePhotoUrl);
  return result;
}
