import { eq } from "drizzle-orm";
import allProviders from "email-providers/all.json" with { type: "json" };
import { emailDomainOf, isAtDomain, ORGANIZATION_TEXTS, type OrganizationView, verifySchema } from "#common/organizations.ts";
import type { Executor } from "#server/db/client.ts";
import { authUsers, organizations } from "#server/db/schema.ts";
import {
  type Actor,
  type AdminRow,
  inAdminTransaction,
  isAdmin,
  requireRecentAuthentication,
  requireUser,
  type ServiceDeps,
} from "../context.ts";
import { Conflict, Forbidden, NotFound } from "../errors.ts";
import { parseInput } from "../validate.ts";
import { auditOrganization } from "./audit.ts";
import { requireMember } from "./membership.ts";
import { getOrganization } from "./organizations.ts";

// Verification (issue 31): the badge says "the people behind this organization control its web
// domain", or "a site administrator checked it". A member verifies the domain with their own
// sign-in address when it is confirmed (the existing e-mail verification) and at the organization's
// domain or a subdomain of it. A free e-mail provider's domain never verifies anything, whether it
// is the member's address or the organization's "website" (the `email-providers` list, about 8 700
// domains, kept up to date by its authors). An admin verifies by hand and takes verification back;
// both audited. Ratings follow through the database (a review counts only for a verified
// organization): see migration 0025 and docs/decisions/014-organizations.md.

type Deps = Pick<ServiceDeps, "db">;

const FREE_MAIL: ReadonlySet<string> = new Set(allProviders as string[]);

/** Whether a domain belongs to a free or consumer e-mail provider (gmail.com, yahoo.co.th, outlook.com, …). */
export function isFreeMailDomain(domain: string): boolean {
  const lower = domain.toLowerCase();
  if (FREE_MAIL.has(lower)) return true;
  // A subdomain of a provider's domain is the provider's too (mail.yahoo.com).
  const parts = lower.split(".");
  for (let i = 1; i < parts.length - 1; i++) if (FREE_MAIL.has(parts.slice(i).join("."))) return true;
  return false;
}

/**
 * Why this member cannot verify the organization's domain, or null when they can: the refusals
 * in the order a person fixes them.
 */
export function domainRefusal(
  organization: { domain: string | null },
  member: { email: string; isEmailVerified: boolean },
): { status: 403 | 409; message: string } | null {
  if (!organization.domain) return { status: 409, message: ORGANIZATION_TEXTS.verifyNeedsWebsite };
  const emailDomain = emailDomainOf(member.email);
  if (isFreeMailDomain(organization.domain) || isFreeMailDomain(emailDomain)) {
    return { status: 403, message: ORGANIZATION_TEXTS.verifyFreeMail };
  }
  if (!isAtDomain(emailDomain, organization.domain)) return { status: 403, message: ORGANIZATION_TEXTS.verifyOtherDomain };
  if (!member.isEmailVerified) return { status: 403, message: ORGANIZATION_TEXTS.verifyEmailNotVerified };
  return null;
}

/**
 * POST /api/organizations/{id}/verify `{ method }`. "domain": any member whose confirmed sign-in
 * address is at the organization's domain (anyone else 404; the refusals 403, no website 409).
 * "admin": site administrators only (403 for anyone else, before the organization is looked up).
 * Verifying a verified organization changes nothing.
 */
export async function verifyOrganization(
  deps: Deps,
  actor: Actor,
  input: { id: number; body: unknown },
): Promise<OrganizationView> {
  requireUser(actor, ORGANIZATION_TEXTS.signIn);
  const { method } = parseInput(verifySchema, input.body ?? {});
  if (method === "admin") {
    if (!isAdmin(actor)) throw new Forbidden(ORGANIZATION_TEXTS.verifyAdminOnly);
    await inAdminTransaction(deps, actor, async (tx, admin) => {
      const organization = await lockedOrganization(tx, input.id);
      if (organization.verifiedAt) return;
      await markVerified(tx, admin.id, organization, "admin");
    });
    return getOrganization(deps, actor, input.id);
  }
  await deps.db.transaction(async (tx) => {
    const { user } = await requireMember(tx, actor, input.id);
    const organization = await lockedOrganization(tx, input.id);
    if (organization.verifiedAt) return;
    const [member] = await tx
      .select({ email: authUsers.email, isEmailVerified: authUsers.isEmailVerified })
      .from(authUsers)
      .where(eq(authUsers.id, user.id))
      .limit(1);
    const refusal = member
      ? domainRefusal(organization, member)
      : { status: 403 as const, message: ORGANIZATION_TEXTS.needsRole };
    if (refusal) throw refusal.status === 409 ? new Conflict(refusal.message) : new Forbidden(refusal.message);
    await markVerified(tx, user.id, organization, "domain", member?.email);
  });
  return getOrganization(deps, actor, input.id);
}

async function lockedOrganization(tx: Executor, id: number) {
  const [row] = await tx
    .select({
      id: organizations.id,
      name: organizations.name,
      domain: organizations.domain,
      verifiedAt: organizations.verifiedAt,
      verificationMethod: organizations.verificationMethod,
    })
    .from(organizations)
    .where(eq(organizations.id, id))
    .for("no key update")
    .limit(1);
  if (!row) throw new NotFound(ORGANIZATION_TEXTS.notFound);
  return row;
}

async function markVerified(
  tx: Executor,
  actorId: number,
  organization: { id: number; name: string; domain: string | null },
  method: "domain" | "admin",
  email?: string,
): Promise<void> {
  await tx
    .update(organizations)
    .set({ verifiedAt: new Date(), verificationMethod: method, updatedAt: new Date() })
    .where(eq(organizations.id, organization.id));
  await auditOrganization(tx, actorId, organization, "verify", {
    verified: { from: null, to: method },
    ...(method === "domain" ? { domain: { from: null, to: organization.domain }, by: { from: null, to: email ?? null } } : {}),
  });
}

/**
 * DELETE /api/organizations/{id}/verify, and "unverify" on a report: a site administrator takes the
 * badge back; the organization's reviews stop counting. The one place an organization loses its
 * verification by an admin's hand, so that a privileged action's re-authentication (issue 38)
 * is added here once and covers both doors.
 */
export async function unverifyOrganization(
  deps: Deps & Pick<ServiceDeps, "config">,
  actor: Actor,
  id: number,
  options: { reason?: string; inTransaction?: { tx: Executor; admin: AdminRow } } = {},
): Promise<{ id: number; verified: false }> {
  if (!isAdmin(actor)) throw new Forbidden("This needs an administrator account");
  // Issue 38: a recent sign-in, checked here before anything is written (both doors, and reports).
  requireRecentAuthentication(deps, actor);
  const work = async (tx: Executor, admin: AdminRow) => {
    const organization = await lockedOrganization(tx, id);
    if (!organization.verifiedAt) return;
    await tx
      .update(organizations)
      .set({ verifiedAt: null, verificationMethod: null, updatedAt: new Date() })
      .where(eq(organizations.id, id));
    await auditOrganization(tx, admin.id, organization, "unverify", {
      verified: { from: organization.verificationMethod, to: null },
      ...(options.reason ? { reason: { from: null, to: options.reason } } : {}),
    });
  };
  if (options.inTransaction) await work(options.inTransaction.tx, options.inTransaction.admin);
  else await inAdminTransaction(deps, actor, work);
  return { id, verified: false };
}
