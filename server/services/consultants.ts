import { and, eq, ne, sql } from "drizzle-orm";
import { type ConsultantProfileInput, consultantProfileSchema, withProfileDefaults } from "../../common/consultant-schema.ts";
import { parseId } from "../../common/ids.ts";
import type { Database, Executor } from "../db/client.ts";
import { isUniqueViolation } from "../db/errors.ts";
import { type ConsultantStatus, consultants } from "../db/schema.ts";
import { recordAdminProfileEdit } from "./admin.ts";
import { type Actor, isAdmin } from "./context.ts";
import { Conflict, Forbidden, NotFound, Unauthorized } from "./errors.ts";
import { assertPhotoClaimable, discardPhoto, type PhotoDeps } from "./photos.ts";
import { parseInput } from "./validate.ts";

// Select what you show: a visitor-facing consultant is built only from these columns, and the
// e-mail and phone leave the database only when the consultant chose to show them.
export const publicConsultantColumns = {
  id: consultants.id,
  name: consultants.name,
  title: consultants.title,
  email: sql<string | null>`case when ${consultants.showEmail} then ${consultants.email} end`.as("email"),
  phone: sql<string | null>`case when ${consultants.showPhone} then ${consultants.phone} end`.as("phone"),
  location: consultants.location,
  city: consultants.city,
  country: consultants.country,
  yearsExperience: consultants.yearsExperience,
  languages: consultants.languages,
  primarySpecialization: consultants.primarySpecialization,
  secondarySpecializations: consultants.secondarySpecializations,
  bio: consultants.bio,
  profilePhotoUrl: consultants.profilePhotoUrl,
  showEmail: consultants.showEmail,
  showPhone: consultants.showPhone,
  availableForWork: consultants.availableForWork,
  rating: consultants.rating,
  projectsCompleted: consultants.projectsCompleted,
  createdAt: consultants.createdAt,
};

export type PublicConsultant = {
  id: number;
  name: string;
  title: string;
  email: string | null;
  phone: string | null;
  location: string;
  city: string | null;
  country: string;
  yearsExperience: number;
  languages: string[];
  primarySpecialization: string;
  secondarySpecializations: string[];
  bio: string;
  profilePhotoUrl: string | null;
  showEmail: boolean;
  showPhone: boolean;
  availableForWork: boolean;
  rating: number;
  projectsCompleted: number;
  createdAt: Date;
};

/**
 * Only approved profiles are listed publicly. Written as a literal (not a parameter) so the
 * planner can use the partial indexes built for listed profiles.
 */
export const isListed = sql`${consultants.status} = 'approved'`;

// ---------------------------------------------------------------------------------------------
// One profile: view, create, edit, delete. Visitors see approved profiles only; the owner and
// admins see the rest. Only the owner (or an admin) changes a profile; one profile per account.

/** What the owner (and admins) see: every stored field except internal ones (the owner's account id). */
export const ownConsultantColumns = {
  id: consultants.id,
  name: consultants.name,
  title: consultants.title,
  email: consultants.email,
  phone: consultants.phone,
  location: consultants.location,
  city: consultants.city,
  country: consultants.country,
  yearsExperience: consultants.yearsExperience,
  languages: consultants.languages,
  primarySpecialization: consultants.primarySpecialization,
  secondarySpecializations: consultants.secondarySpecializations,
  bio: consultants.bio,
  profilePhotoUrl: consultants.profilePhotoUrl,
  showEmail: consultants.showEmail,
  showPhone: consultants.showPhone,
  availableForWork: consultants.availableForWork,
  rating: consultants.rating,
  projectsCompleted: consultants.projectsCompleted,
  status: consultants.status,
  statusReason: consultants.statusReason,
  createdAt: consultants.createdAt,
  updatedAt: consultants.updatedAt,
};

export type OwnConsultant = Omit<PublicConsultant, "email" | "phone"> & {
  email: string;
  phone: string | null;
  status: ConsultantStatus;
  statusReason: string | null;
  updatedAt: Date;
};

/** A consultant id from a path segment (see common/ids.ts), else null. */
export const parseConsultantId = parseId;

function canManage(actor: Actor, ownerId: number | null): boolean {
  return isAdmin(actor) || (actor !== null && ownerId !== null && actor.id === ownerId);
}

const NOT_FOUND = "Consultant not found";

/**
 * The public view of one profile. Unlisted profiles (pending, rejected, hidden) exist only for
 * their owner and admins; everyone else gets NotFound, as for a missing id.
 */
export async function viewConsultant(
  db: Database,
  actor: Actor,
  id: number,
): Promise<{ consultant: PublicConsultant; status: ConsultantStatus; statusReason: string | null; canEdit: boolean }> {
  const [row] = await db
    .select({
      consultant: publicConsultantColumns,
      status: consultants.status,
      statusReason: consultants.statusReason,
      ownerId: consultants.userId,
    })
    .from(consultants)
    .where(eq(consultants.id, id))
    .limit(1);
  if (!row) throw new NotFound(NOT_FOUND);
  const canEdit = canManage(actor, row.ownerId);
  if (row.status !== "approved" && !canEdit) throw new NotFound(NOT_FOUND);
  return {
    consultant: row.consultant,
    status: row.status,
    // The reason for a rejection is for the owner and admins only.
    statusReason: canEdit ? row.statusReason : null,
    canEdit,
  };
}

/** GET /api/my-consultant-profile: the caller's own profile with everything, or NotFound. */
export async function getOwnConsultant(db: Database, actor: Actor): Promise<OwnConsultant> {
  if (!actor) throw new Unauthorized("Please sign in to see your consultant profile");
  const [row] = await db.select(ownConsultantColumns).from(consultants).where(eq(consultants.userId, actor.id)).limit(1);
  if (!row) throw new NotFound("You do not have a consultant profile yet");
  return row;
}

/** The full profile for its edit form: the owner or an admin only. */
export async function getConsultantForEdit(db: Database, actor: Actor, id: number): Promise<OwnConsultant> {
  if (!actor) throw new Unauthorized("You need to be logged in to create or edit a consultant profile");
  const [row] = await db
    .select({ consultant: ownConsultantColumns, ownerId: consultants.userId })
    .from(consultants)
    .where(eq(consultants.id, id))
    .limit(1);
  if (!row) throw new NotFound(NOT_FOUND);
  if (!canManage(actor, row.ownerId)) throw new Forbidden("You can only edit your own profile");
  return row.consultant;
}

function parseProfile(input: unknown): ConsultantProfileInput {
  return parseInput(consultantProfileSchema, input, "Please check your form and try again.");
}

const EMAIL_TAKEN = "A consultant profile with this email already exists";
const ALREADY_HAS_PROFILE = "You already have a consultant profile. Edit it instead of creating another one.";

async function assertEmailFree(db: Executor, email: string, exceptId: number | null) {
  const [taken] = await db
    .select({ id: consultants.id })
    .from(consultants)
    .where(and(sql`lower(${consultants.email}) = lower(${email})`, exceptId === null ? undefined : ne(consultants.id, exceptId)))
    .limit(1);
  if (taken) throw new Conflict(EMAIL_TAKEN, [{ path: "email", message: EMAIL_TAKEN }]);
}

/** Turns a unique-index race (two requests at once) into the same 409 the checks give. */
function conflictFromUniqueViolation(error: unknown): never {
  if (isUniqueViolation(error, "consultants_email_lower_key")) {
    throw new Conflict(EMAIL_TAKEN, [{ path: "email", message: EMAIL_TAKEN }]);
  }
  if (isUniqueViolation(error, "consultants_user_id_key")) throw new Conflict(ALREADY_HAS_PROFILE);
  throw error;
}

export type ConsultantWriteDeps = PhotoDeps & { requireApproval: boolean };

/** POST /api/consultants: the caller's own profile, pending approval when the site requires it. */
export async function createConsultant(
  db: Database,
  actor: Actor,
  input: unknown,
  deps: ConsultantWriteDeps,
): Promise<OwnConsultant> {
  if (!actor) throw new Unauthorized("You need to be logged in to create or edit a consultant profile");
  const profile = withProfileDefaults(parseProfile(input));
  try {
    return await db.transaction(async (tx) => {
      const [existing] = await tx
        .select({ id: consultants.id })
        .from(consultants)
        .where(eq(consultants.userId, actor.id))
        .limit(1);
      if (existing) throw new Conflict(ALREADY_HAS_PROFILE);
      await assertEmailFree(tx, profile.email, null);
      if (profile.profilePhotoUrl) await assertPhotoClaimable(tx, actor, profile.profilePhotoUrl, null);
      const [created] = await tx
        .insert(consultants)
        .values({ ...profile, userId: actor.id, status: deps.requireApproval ? "pending" : "approved" })
        .returning(ownConsultantColumns);
      return created as OwnConsultant;
    });
  } catch (error) {
    conflictFromUniqueViolation(error);
  }
}

/** PUT /api/consultants/{id}: the owner or an admin. Optional fields left out keep their value. */
export async function updateConsultant(
  db: Database,
  actor: Actor,
  id: number,
  input: unknown,
  deps: ConsultantWriteDeps,
): Promise<OwnConsultant> {
  if (!actor) throw new Unauthorized("You need to be logged in to create or edit a consultant profile");
  const [current] = await db
    .select({ ownerId: consultants.userId, status: consultants.status, profilePhotoUrl: consultants.profilePhotoUrl })
    .from(consultants)
    .where(eq(consultants.id, id))
    .limit(1);
  if (!current) throw new NotFound(NOT_FOUND);
  if (!canManage(actor, current.ownerId)) throw new Forbidden("You can only edit your own profile");
  // An admin editing someone else's profile here is an admin action: it goes in the audit log.
  const isAdminEdit = isAdmin(actor) && actor.id !== current.ownerId;
  const profile = parseProfile(input);
  const changes = Object.fromEntries(Object.entries(profile).filter(([, value]) => value !== undefined)) as Partial<
    typeof consultants.$inferInsert
  >;
  const photoChanged = profile.profilePhotoUrl !== undefined && profile.profilePhotoUrl !== current.profilePhotoUrl;
  // A rejected profile that its owner corrects goes back to the approval queue.
  const resubmitted = current.status === "rejected" && !isAdmin(actor);
  let updated: OwnConsultant;
  try {
    updated = await db.transaction(async (tx) => {
      await assertEmailFree(tx, profile.email, id);
      if (photoChanged && profile.profilePhotoUrl) await assertPhotoClaimable(tx, actor, profile.profilePhotoUrl, id);
      if (isAdminEdit) {
        const [before] = await tx.select(ownConsultantColumns).from(consultants).where(eq(consultants.id, id)).for("update");
        if (!before) throw new NotFound(NOT_FOUND);
        await recordAdminProfileEdit(tx, actor, id, before, changes);
      }
      const [row] = await tx
        .update(consultants)
        .set({
          ...changes,
          ...(resubmitted ? { status: deps.requireApproval ? "pending" : "approved", statusReason: null } : {}),
          updatedAt: new Date(),
        })
        .where(eq(consultants.id, id))
        .returning(ownConsultantColumns);
      if (!row) throw new NotFound(NOT_FOUND);
      return row as OwnConsultant;
    });
  } catch (error) {
    conflictFromUniqueViolation(error);
  }
  if (photoChanged) await discardPhoto(db, deps, current.profilePhotoUrl);
  return updated;
}

/** Deletes a profile (its messages go with it) and its photo files: the owner or an admin. */
export async function deleteConsultant(db: Database, actor: Actor, id: number, deps: PhotoDeps): Promise<void> {
  if (!actor) throw new Unauthorized("Please sign in");
  const [current] = await db
    .select({ ownerId: consultants.userId, profilePhotoUrl: consultants.profilePhotoUrl })
    .from(consultants)
    .where(eq(consultants.id, id))
    .limit(1);
  if (!current) throw new NotFound(NOT_FOUND);
  if (!canManage(actor, current.ownerId)) throw new Forbidden("You can only delete your own profile");
  await db.delete(consultants).where(eq(consultants.id, id));
  await discardPhoto(db, deps, current.profilePhotoUrl);
}
