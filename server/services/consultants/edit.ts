import { eq } from "drizzle-orm";
import { adminConsultantSchema } from "#common/admin-schema.ts";
import { consultantProfileSchema } from "#common/consultant-schema.ts";
import type { Executor } from "#server/db/client.ts";
import { authUsers, consultants } from "#server/db/schema.ts";
import { refreshUnspacedWords } from "#server/db/unspaced-words.ts";
import { diff, recordAudit } from "../admin/audit.ts";
import { withUnicodeBurmese } from "../burmese.ts";
import { type Actor, type AdminRow, isAdmin, requireAdmin, requireOwnerOrAdmin, requireUser } from "../context.ts";
import { firstOrNotFound, NotFound } from "../errors.ts";
import { assertPhotoClaimable, discardPhoto } from "../photos.ts";
import { parseInput } from "../validate.ts";
import {
  holdReviewedChanges,
  ownChangeState,
  publishedChanges,
  reviewedPart,
  withOwnChange,
  withoutReviewed,
} from "./changes.ts";
import {
  assertEmailFree,
  type ConsultantValues,
  conflictFromUniqueViolation,
  NOT_YOURS,
  type OwnProfile,
  SIGNED_OUT,
  type WriteDeps,
  withOwnTrackRecord,
} from "./profile.ts";
import { type AdminConsultant, adminConsultantColumns, CONSULTANT_NOT_FOUND, ownConsultantColumns } from "./read-model.ts";
import { replaceTrackRecord, splitTrackRecord, type TrackRecordLists, trackRecordColumns } from "./track-record.ts";

// The one write path of a consultant profile. Every change goes through editConsultant, whoever
// asks and through whichever door (the owner's form and PUT /api/consultants/{id}, the admin
// dialog and PUT /api/admin/consultants/{id}): the policy says which form was used; the checks,
// the locks, the audit entry and the review of changes to an approved profile (issue 14) are the
// same (docs/decisions/009).

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
export const OWNER_EDIT: EditPolicy<OwnProfile> = {
  who: "owner",
  parse: (body) => {
    const { columns, trackColumns, lists } = splitTrackRecord(
      withUnicodeBurmese(parseInput(consultantProfileSchema, body, "Please check your form and try again.")),
    );
    return { columns: definedOnly(columns), trackColumns, lists };
  },
  emailScope: "shown",
  resubmits: true,
  skipUnchanged: false,
  answer: async (tx, actor, id) => {
    const row = await firstOrNotFound(
      tx
        .select({ consultant: ownConsultantColumns, ownerId: consultants.userId })
        .from(consultants)
        .where(eq(consultants.id, id))
        .limit(1),
      CONSULTANT_NOT_FOUND,
    );
    const profile = await withOwnTrackRecord(tx, actor, row.consultant);
    // The owner gets what they wrote back; an admin through this door, the published version.
    if (actor?.id === row.ownerId) return withOwnChange(tx, profile);
    return { ...profile, change: await ownChangeState(tx, id) };
  },
};

/** The admin dialog: the spec's admin fields and messages; the approval status is untouched. */
export const ADMIN_EDIT: EditPolicy<AdminConsultant> = {
  who: "admin",
  parse: (body) => ({
    columns: definedOnly(withUnicodeBurmese(parseInput(adminConsultantSchema, body, "Please check the form and try again."))),
    trackColumns: {},
    lists: null,
  }),
  emailScope: "any",
  resubmits: false,
  skipUnchanged: true,
  answer: async (tx, _actor, id) => {
    return firstOrNotFound(
      tx.select(adminConsultantColumns).from(consultants).where(eq(consultants.id, id)).limit(1),
      CONSULTANT_NOT_FOUND,
    );
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
  const current = await firstOrNotFound(
    db
      .select({ ownerId: consultants.userId, status: consultants.status, profilePhotoUrl: consultants.profilePhotoUrl })
      .from(consultants)
      .where(eq(consultants.id, id))
      .limit(1),
    CONSULTANT_NOT_FOUND,
  );
  const signedIn =
    policy.who === "admin" ? requireUser(actor) : requireOwnerOrAdmin(actor, current.ownerId, { forbidden: NOT_YOURS });
  // An admin changing someone else's profile is an admin action, whichever form: it is audited.
  const isAdminEdit = policy.who === "admin" || (isAdmin(actor) && signedIn.id !== current.ownerId);
  const { columns, trackColumns, lists } = policy.parse(input.body);
  const changes: ConsultantValues = { ...columns, ...trackColumns };
  const photoChanged = columns.profilePhotoUrl !== undefined && columns.profilePhotoUrl !== current.profilePhotoUrl;
  const resubmitted = policy.resubmits && current.status === "rejected" && !isAdmin(actor);
  // Issue 14: the owner's change to an approved profile's reviewed fields (name, title, summary,
  // photo, specializations, assignments) waits for an admin while the approved version stays
  // public; everything else publishes at once. An admin's edit publishes everything.
  const holdsReviewed = !isAdmin(actor) && current.status === "approved" && deps.config.requireApproval;
  let discardLater: string[] = [];
  let result: Result;
  try {
    result = await db.transaction(async (tx) => {
      let admin: AdminRow | null = null;
      let owner: AdminRow | null = null;
      let before: (AdminConsultant & Record<string, unknown>) | undefined;
      if (isAdminEdit) {
        admin = await requireAdmin({ db: tx }, actor, { lock: true });
        [before] = await tx.select(adminConsultantColumns).from(consultants).where(eq(consultants.id, id)).for("update");
        if (!before) throw new NotFound(CONSULTANT_NOT_FOUND);
      } else {
        // The owner's changes are in the audit log too, in their name.
        const [account] = await tx
          .select({ id: authUsers.id, name: authUsers.name, email: authUsers.email })
          .from(authUsers)
          .where(eq(authUsers.id, signedIn.id));
        owner = account ?? null;
        [before] = await tx
          .select({ ...adminConsultantColumns, ...trackRecordColumns })
          .from(consultants)
          .where(eq(consultants.id, id))
          .for("update");
        if (!before) throw new NotFound(CONSULTANT_NOT_FOUND);
      }
      await assertEmailFree(tx, columns.email, id, policy.emailScope);
      if (photoChanged && columns.profilePhotoUrl) await assertPhotoClaimable(tx, signedIn, columns.profilePhotoUrl, id);
      let published = { changes, lists };
      if (holdsReviewed && owner) {
        const held = await holdReviewedChanges(tx, owner, id, reviewedPart(columns, lists?.assignments));
        discardLater = held.discardPhotos;
        published = withoutReviewed(changes, lists);
      }
      const changed = admin && before ? diff(before as Record<string, unknown>, published.changes) : null;
      if (policy.skipUnchanged && changed && Object.keys(changed).length === 0) return policy.answer(tx, actor, id);
      const ownerChanged = owner && before ? await publishedChanges(tx, id, before, published.changes, published.lists) : null;
      await tx
        .update(consultants)
        .set({
          ...published.changes,
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
      if (owner && ownerChanged && Object.keys(ownerChanged).length > 0) {
        await recordAudit(tx, owner, {
          action: "change",
          targetType: "consultant",
          targetId: id,
          targetLabel: before?.name ?? "",
          changes: ownerChanged,
        });
      }
      if (published.lists) await replaceTrackRecord(tx, id, published.lists);
      await refreshUnspacedWords(tx, [id]);
      return policy.answer(tx, actor, id);
    });
  } catch (error) {
    conflictFromUniqueViolation(error);
  } finally {
    deps.runtime.directory.changed();
  }
  // A replaced photo's files go once the change is published; a photo waiting for review replaces nothing yet.
  if (photoChanged && !holdsReviewed) await discardPhoto(db, deps, current.profilePhotoUrl);
  for (const photoUrl of discardLater) await discardPhoto(db, deps, photoUrl);
  return result;
}
