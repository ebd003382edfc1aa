import { and, eq, ne, sql } from "drizzle-orm";
import type { ConsultantStatus } from "#common/constants.ts";
import { consultantProfileSchema, withProfileDefaults } from "#common/consultant-schema.ts";
import type { OwnChangeState } from "#common/profile-changes.ts";
import type { Executor } from "#server/db/client.ts";
import { isUniqueViolation } from "#server/db/errors.ts";
import { consultants } from "#server/db/schema.ts";
import { refreshUnspacedWords } from "#server/db/unspaced-words.ts";
import { withUnicodeBurmese } from "../burmese.ts";
import { type Actor, isAdmin, requireOwnerOrAdmin, requireUser, type ServiceDeps } from "../context.ts";
import { queueStoredFileRemovals } from "../cv-import/kept-file.ts";
import { Conflict, firstOrNotFound, NotFound } from "../errors.ts";
import { assertPhotoClaimable, discardPhoto } from "../photos.ts";
import { parseInput } from "../validate.ts";
import { withOwnChange } from "./changes.ts";
import {
  CONSULTANT_NOT_FOUND,
  type OwnConsultant,
  ownConsultantColumns,
  type PublicConsultant,
  publicConsultantColumns,
} from "./read-model.ts";
import {
  type OwnTrackRecord,
  replaceTrackRecord,
  splitTrackRecord,
  type TrackRecordView,
  viewTrackRecord,
} from "./track-record.ts";

// One profile: view, create, edit, delete. Visitors see approved profiles only; the owner and
// admins see the rest. Only the owner (or an admin) changes a profile; one profile per account.
//
// Every change of a profile goes through editConsultant, whoever asks and through whichever door
// (the owner's form and PUT /api/consultants/{id}, the admin dialog and PUT
// /api/admin/consultants/{id}): the policy says which form was used; the checks, the locks and
// the audit entry of an admin's edit are the same.

type Deps = Pick<ServiceDeps, "db">;
/** With `jobs`, files of replaced photos are removed by a job (services/photos.ts). */
export type WriteDeps = Pick<ServiceDeps, "db" | "config" | "storage" | "log" | "runtime"> & Partial<Pick<ServiceDeps, "jobs">>;
export type ConsultantValues = Partial<typeof consultants.$inferInsert>;

export const SIGNED_OUT = "You need to be logged in to create or edit a consultant profile";
export const NOT_YOURS = "You can only edit your own profile";
const EMAIL_TAKEN = "A consultant profile with this email already exists";
const ALREADY_HAS_PROFILE = "You already have a consultant profile. Edit it instead of creating another one.";

/** The consultant (the row being read) hid from an organization this person belongs to. */
function hiddenFromViewer(userId: number) {
  return sql<boolean>`exists (select 1 from consultant_hidden_from h
    join organization_members m on m.organization_id = h.organization_id and m.user_id = ${userId}
    where h.consultant_id = "consultants"."id")`;
}

/** Where a profile is read: a visitor's view may come from the replica; the signed-in read what they just wrote. */
export function readSourceFor(deps: { db: Executor; readDb?: Executor }, actor: Actor): Executor {
  return actor ? deps.db : (deps.readDb ?? deps.db);
}

/**
 * The public view of one profile, read from readSourceFor. Unlisted profiles (pending, rejected,
 * hidden) exist only for their owner and admins; everyone else gets NotFound, as for a missing id.
 */
export async function viewConsultant(
  deps: { db: Executor; readDb?: Executor },
  actor: Actor,
  id: number,
): Promise<{
  consultant: PublicConsultant;
  status: ConsultantStatus;
  statusReason: string | null;
  canEdit: boolean;
  /** The signed-in person owns this profile (an admin may edit without owning it). */
  isOwner: boolean;
  /** Visible reviews (issue 14): the page reads them only when there are some. */
  reviewCount: number;
  /** The reviews behind the rating (issue 31): by verified organizations, one per organization. */
  ratedReviewCount: number;
  /** A listed profile seen by someone other than its owner or an admin: a view (or download) for insights. */
  countable: boolean;
}> {
  const row = await firstOrNotFound(
    readSourceFor(deps, actor)
      .select({
        consultant: publicConsultantColumns,
        status: consultants.status,
        statusReason: consultants.statusReason,
        ownerId: consultants.userId,
        reviewCount: consultants.reviewCount,
        ratedReviewCount: consultants.ratedReviewCount,
        // Issue 31: hidden from one of the signed-in viewer's organizations. Only asked for a
        // signed-in viewer, so a visitor's query is what it was.
        ...(actor ? { hiddenFromViewer: hiddenFromViewer(actor.id) } : {}),
      })
      .from(consultants)
      .where(eq(consultants.id, id))
      .limit(1),
    CONSULTANT_NOT_FOUND,
  );
  const canEdit = isAdmin(actor) || (actor !== null && row.ownerId === actor.id);
  if (row.status !== "approved" && !canEdit) throw new NotFound(CONSULTANT_NOT_FOUND);
  // A member of an organization the consultant hides from finds nothing here, as for a missing id.
  if (row.hiddenFromViewer && !canEdit) throw new NotFound(CONSULTANT_NOT_FOUND);
  return {
    consultant: row.consultant,
    status: row.status,
    // The reason for a rejection is for the owner and admins only.
    statusReason: canEdit ? row.statusReason : null,
    canEdit,
    isOwner: actor !== null && row.ownerId === actor.id,
    reviewCount: row.reviewCount,
    ratedReviewCount: row.ratedReviewCount,
    countable: row.status === "approved" && !canEdit,
  };
}

/**
 * One profile and its track record as this viewer may see them (the rate by its visibility; who
 * it is shown to, for the owner and admins): what the profile page and GET /api/consultants/{id}
 * show. NotFound as viewConsultant.
 */
export async function viewConsultantProfile(deps: { db: Executor; readDb?: Executor }, actor: Actor, id: number) {
  const view = await viewConsultant(deps, actor, id);
  const track: OwnTrackRecord | TrackRecordView = await viewTrackRecord(readSourceFor(deps, actor), actor, id, view.canEdit);
  return { ...view, track };
}

/** The owner's view of their profile: with its track record and the state of their last change. */
export type OwnProfile = OwnConsultant & OwnTrackRecord & { change: OwnChangeState | null };

/** The caller's own profile with everything, or NotFound. */
export async function getOwnConsultant(deps: Deps, actor: Actor): Promise<OwnProfile> {
  const signedIn = requireUser(actor, "Please sign in to see your consultant profile");
  const row = await firstOrNotFound(
    deps.db.select(ownConsultantColumns).from(consultants).where(eq(consultants.userId, signedIn.id)).limit(1),
    "You do not have a consultant profile yet",
  );
  return withOwnChange(deps.db, await withOwnTrackRecord(deps.db, actor, row));
}

/** The owner's profile with its whole track record (the rate and who it is shown to included). */
export async function withOwnTrackRecord(
  db: Executor,
  actor: Actor,
  row: OwnConsultant,
): Promise<OwnConsultant & OwnTrackRecord> {
  return { ...row, ...((await viewTrackRecord(db, actor, row.id, true)) as OwnTrackRecord) };
}

/**
 * The full profile for its edit form: the owner or an admin only. The owner edits what they last
 * wrote (a change waiting for review included); an admin edits the published version.
 */
export async function getConsultantForEdit(deps: Deps, actor: Actor, id: number): Promise<OwnConsultant> {
  requireUser(actor, SIGNED_OUT);
  const row = await firstOrNotFound(
    deps.db
      .select({ consultant: ownConsultantColumns, ownerId: consultants.userId })
      .from(consultants)
      .where(eq(consultants.id, id))
      .limit(1),
    CONSULTANT_NOT_FOUND,
  );
  const signedIn = requireOwnerOrAdmin(actor, row.ownerId, { signedOut: SIGNED_OUT, forbidden: NOT_YOURS });
  return signedIn.id === row.ownerId ? withOwnChange(deps.db, row.consultant) : row.consultant;
}

/** The profile and its whole track record for its edit form: the owner or an admin only (as getConsultantForEdit). */
export async function getProfileForEdit(deps: Deps, actor: Actor, id: number): Promise<OwnConsultant & OwnTrackRecord> {
  return withOwnTrackRecord(deps.db, actor, await getConsultantForEdit(deps, actor, id));
}

/**
 * An address another profile shows is taken (409); with `scope: "any"` (the admin dialog, which
 * sees every address anyway) so is one another profile hides. The owner's form does not check
 * hidden addresses: refusing one would tell the caller whose hidden address it is.
 */
export async function assertEmailFree(db: Executor, email: string | undefined, exceptId: number | null, scope: "shown" | "any") {
  if (email === undefined) return;
  const [taken] = await db
    .select({ id: consultants.id })
    .from(consultants)
    .where(
      and(
        sql`lower(${consultants.email}) = lower(${email})`,
        scope === "shown" ? eq(consultants.showEmail, true) : undefined,
        exceptId === null ? undefined : ne(consultants.id, exceptId),
      ),
    )
    .limit(1);
  if (taken) throw new Conflict(EMAIL_TAKEN, [{ path: "email", message: EMAIL_TAKEN }]);
}

/** Turns a unique-index race (two requests at once) into the same 409 the checks give. */
export function conflictFromUniqueViolation(error: unknown): never {
  if (isUniqueViolation(error, "consultants_shown_email_lower_key")) {
    throw new Conflict(EMAIL_TAKEN, [{ path: "email", message: EMAIL_TAKEN }]);
  }
  if (isUniqueViolation(error, "consultants_user_id_key")) throw new Conflict(ALREADY_HAS_PROFILE);
  throw error;
}

/** The caller's own profile, pending approval when the site requires it. */
export async function createConsultant(deps: WriteDeps, actor: Actor, input: unknown): Promise<OwnConsultant & OwnTrackRecord> {
  const { db } = deps;
  const signedIn = requireUser(actor, SIGNED_OUT);
  const parsed = withUnicodeBurmese(parseInput(consultantProfileSchema, input, "Please check your form and try again."));
  const { columns: profile, trackColumns, lists } = splitTrackRecord(withProfileDefaults(parsed));
  try {
    return await db.transaction(async (tx) => {
      const [existing] = await tx
        .select({ id: consultants.id })
        .from(consultants)
        .where(eq(consultants.userId, signedIn.id))
        .limit(1);
      if (existing) throw new Conflict(ALREADY_HAS_PROFILE);
      await assertEmailFree(tx, profile.email, null, "shown");
      if (profile.profilePhotoUrl) await assertPhotoClaimable(tx, signedIn, profile.profilePhotoUrl, null);
      const created = await firstOrNotFound(
        tx
          .insert(consultants)
          .values({
            ...profile,
            ...trackColumns,
            userId: signedIn.id,
            status: deps.config.requireApproval ? "pending" : "approved",
          })
          .returning(ownConsultantColumns),
        CONSULTANT_NOT_FOUND,
      );
      const counted = await replaceTrackRecord(tx, created.id, lists);
      await refreshUnspacedWords(tx, [created.id]);
      return withOwnTrackRecord(tx, actor, { ...created, ...counted });
    });
  } catch (error) {
    conflictFromUniqueViolation(error);
  } finally {
    deps.runtime.directory.changed();
  }
}

/** Deletes a profile (its messages go with it) and its photo files: the owner or an admin. */
export async function deleteConsultant(deps: WriteDeps, actor: Actor, id: number): Promise<void> {
  const { db } = deps;
  requireUser(actor, "Please sign in");
  const current = await firstOrNotFound(
    db
      .select({ ownerId: consultants.userId, profilePhotoUrl: consultants.profilePhotoUrl })
      .from(consultants)
      .where(eq(consultants.id, id))
      .limit(1),
    CONSULTANT_NOT_FOUND,
  );
  requireOwnerOrAdmin(actor, current.ownerId, { forbidden: "You can only delete your own profile" });
  await db.transaction(async (tx) => {
    // A trigger deletes the owner's kept CV with the profile; the job removes its object.
    await tx.delete(consultants).where(eq(consultants.id, id));
    await queueStoredFileRemovals(deps, tx);
  });
  deps.runtime.directory.changed();
  await discardPhoto(db, deps, current.profilePhotoUrl);
}
