import { eq } from "drizzle-orm";
import { MANAGING_ROLES, ORGANIZATION_TEXTS, type OrganizationView } from "#common/organizations.ts";
import { organizations } from "#server/db/schema.ts";
import type { Actor, ServiceDeps } from "../context.ts";
import { ServiceUnavailable, ValidationFailed } from "../errors.ts";
import { claimUpload, discardPhoto, PHOTO_STORAGE_UNAVAILABLE, storePhoto } from "../photos.ts";
import { auditOrganization } from "./audit.ts";
import { requireMember } from "./membership.ts";
import { getOrganization } from "./organizations.ts";

// An organization's logo (issue 31) goes through the profile photos' pipeline (server/services/
// photos.ts: content-checked, re-encoded, stored in both sizes, served from the same store), fitted
// whole into its square. Only its owners and admins upload, replace or remove it (plain members
// 403, anyone else 404 as for every private part of an organization); the role is asked before the
// file is decoded. The logo it replaces is forgotten and its files removed (by the clean-up job).

type Deps = Pick<ServiceDeps, "db" | "storage" | "jobs" | "log">;

/** The form field that carries the picture (the API's multipart body and the page's form alike). */
export const LOGO_FIELD = "logo";

/** The picture a form sent in its `logo` field: a file that is not empty, or a 400 on that field. */
async function logoBytes(file: unknown): Promise<Uint8Array> {
  if (!(file instanceof File) || file.size === 0) {
    throw new ValidationFailed(ORGANIZATION_TEXTS.logoChoose, [{ path: LOGO_FIELD, message: ORGANIZATION_TEXTS.logoChoose }]);
  }
  return new Uint8Array(await file.arrayBuffer());
}

/**
 * PUT /api/organizations/{id}/logo and the organization's page: stores the picture (`file`, the
 * form's `logo` field) and makes it the organization's logo.
 */
export async function setOrganizationLogo(
  deps: Deps,
  actor: Actor,
  input: { id: number; file: unknown },
): Promise<OrganizationView> {
  const bytes = await logoBytes(input.file);
  const { user } = await requireMember(deps.db, actor, input.id, { roles: MANAGING_ROLES });
  const logoUrl = await storePhoto(deps, user.id, bytes, "contain");
  try {
    await replaceLogo(deps, actor, input.id, logoUrl);
  } catch (error) {
    // Removed (or demoted) while the picture was being stored: nothing changes, the picture goes.
    await discardPhoto(deps.db, deps, logoUrl);
    throw error;
  }
  return getOrganization(deps, user, input.id);
}

/** DELETE /api/organizations/{id}/logo: the organization shows its initials again. */
export async function removeOrganizationLogo(deps: Deps, actor: Actor, id: number): Promise<OrganizationView> {
  const { user } = await requireMember(deps.db, actor, id, { roles: MANAGING_ROLES });
  await replaceLogo(deps, actor, id, null);
  return getOrganization(deps, user, id);
}

/** Sets the logo under the organization's lock (the role asked again), audited; the one it replaces is removed. */
async function replaceLogo(deps: Deps, actor: Actor, id: number, logoUrl: string | null): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const { user, organization } = await requireMember(tx, actor, id, { roles: MANAGING_ROLES, lock: true });
    const [before] = await tx.select({ logoUrl: organizations.logoUrl }).from(organizations).where(eq(organizations.id, id));
    const replaced = before?.logoUrl ?? null;
    if (replaced === logoUrl) return;
    // Claimed here, where the reference is saved: a clean-up of the person's unused uploads (their
    // next upload, in another tab) may have removed it since it was stored. Then: try again.
    if (logoUrl && !(await claimUpload(tx, logoUrl))) throw new ServiceUnavailable(PHOTO_STORAGE_UNAVAILABLE, 30);
    await tx.update(organizations).set({ logoUrl, updatedAt: new Date() }).where(eq(organizations.id, id));
    await auditOrganization(tx, user.id, organization, "edit", { logoUrl: { from: replaced, to: logoUrl } });
    // In the transaction: the files go only if the change is kept.
    await discardPhoto(tx, deps, replaced, { inTransaction: true });
  });
}
