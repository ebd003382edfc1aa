import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/runtime-macro";
import { and, asc, count, eq, gt, isNull, sql } from "drizzle-orm";
import { localizePath } from "#common/locales.ts";
import {
  type InvitationPreview,
  invitationSchema,
  MANAGING_ROLES,
  ORGANIZATION_LIMITS,
  ORGANIZATION_TEXTS,
  type OrganizationInvitation,
  type OrganizationRole,
  type OrganizationView,
} from "#common/organizations.ts";
import type { Executor } from "#server/db/client.ts";
import { authUsers, organizationInvitations, organizationMembers, organizations } from "#server/db/schema.ts";
import { enqueueMail } from "#server/jobs/mail.ts";
import { normalizeEmail } from "../accounts/users.ts";
import type { Actor, ServiceDeps } from "../context.ts";
import { Conflict, Forbidden, NotFound } from "../errors.ts";
import { composeMail, oneLine } from "../mail.ts";
import { accountLocale, mailLanguage } from "../mail-language.ts";
import { consumeRateLimit } from "../rate-limit.ts";
import { hashToken, newToken } from "../sessions.ts";
import { parseInput } from "../validate.ts";
import { auditOrganization, auditOrganizationByAddress } from "./audit.ts";
import { actFor, badgeColumns, requireMember, requireSignedIn } from "./membership.ts";
import { assertRoomForAnotherOrganization, getOrganization } from "./organizations.ts";

// Invitations (issue 31): owners and admins invite by e-mail; the link (a 256-bit random token,
// of which only the SHA-256 is stored) works once and for 7 days. Whoever holds it may decline;
// accepting needs an account with the address it was sent to. Inviting the same address again
// replaces the earlier link. Limits: 20 invitations waiting per organization, 200 members
// (waiting invitations count toward it), 50 organizations per person (409 beyond).

type Deps = Pick<ServiceDeps, "db" | "config" | "jobs">;

const DAY_MS = 24 * 60 * 60 * 1000;
/** Invitations one person may send an hour: each is an e-mail to an address they typed. */
const INVITES_PER_HOUR = 30;

const waiting = and(isNull(organizationInvitations.answeredAt), gt(organizationInvitations.expiresAt, sql`now()`));

const invitationColumns = {
  id: organizationInvitations.id,
  email: organizationInvitations.email,
  role: organizationInvitations.role,
  invitedBy: authUsers.name,
  expiresAt: sql<string>`to_json(${organizationInvitations.expiresAt}) #>> '{}'`,
  createdAt: sql<string>`to_json(${organizationInvitations.createdAt}) #>> '{}'`,
};

/** GET /api/organizations/{id}/invitations: the invitations waiting for an answer (owners and admins). */
export async function listInvitations(
  deps: Pick<Deps, "db">,
  actor: Actor,
  id: number,
): Promise<{ invitations: OrganizationInvitation[] }> {
  await requireMember(deps.db, actor, id, { roles: MANAGING_ROLES });
  const invitations = await deps.db
    .select(invitationColumns)
    .from(organizationInvitations)
    .leftJoin(authUsers, eq(authUsers.id, organizationInvitations.invitedBy))
    .where(and(eq(organizationInvitations.organizationId, id), waiting))
    .orderBy(asc(organizationInvitations.createdAt), asc(organizationInvitations.id));
  return { invitations };
}

async function countWaiting(db: Executor, organizationId: number, exceptEmail: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(organizationInvitations)
    .where(
      and(
        eq(organizationInvitations.organizationId, organizationId),
        waiting,
        sql`lower(${organizationInvitations.email}) <> ${exceptEmail}`,
      ),
    );
  return row?.total ?? 0;
}

async function countMembers(db: Executor, organizationId: number): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(organizationMembers)
    .where(eq(organizationMembers.organizationId, organizationId));
  return row?.total ?? 0;
}

/**
 * POST /api/organizations/{id}/invitations `{ email, role }`: owners and admins (an owner only by
 * an owner). 409 for an address that already belongs to a member, and past the limits.
 */
export async function inviteMember(
  deps: Deps,
  actor: Actor,
  input: { id: number; body: unknown },
): Promise<OrganizationInvitation> {
  const first = await requireMember(deps.db, actor, input.id, { roles: MANAGING_ROLES });
  const { email, role } = parseInput(invitationSchema, input.body);
  if (role === "owner" && first.role !== "owner") throw new Forbidden(ORGANIZATION_TEXTS.ownersOnly);
  await consumeRateLimit(deps.db, {
    key: `organizations:invite:${first.user.id}`,
    limit: INVITES_PER_HOUR,
    windowSeconds: 60 * 60,
    message: "You have sent a lot of invitations in a short time. Please wait a while before sending more.",
  });
  const address = normalizeEmail(email);
  const invitationId = await deps.db.transaction(async (tx) => {
    const me = await requireMember(tx, actor, input.id, { roles: MANAGING_ROLES, lock: true });
    const [member] = await tx
      .select({ id: authUsers.id })
      .from(organizationMembers)
      .innerJoin(authUsers, eq(authUsers.id, organizationMembers.userId))
      .where(and(eq(organizationMembers.organizationId, input.id), sql`lower(${authUsers.email}) = ${address}`))
      .limit(1);
    if (member)
      throw new Conflict(ORGANIZATION_TEXTS.alreadyMember, [{ path: "email", message: ORGANIZATION_TEXTS.alreadyMember }]);
    const others = await countWaiting(tx, input.id, address);
    if (others >= ORGANIZATION_LIMITS.pendingInvitations) throw new Conflict(ORGANIZATION_TEXTS.tooManyInvitations);
    if ((await countMembers(tx, input.id)) + others >= ORGANIZATION_LIMITS.members) {
      throw new Conflict(ORGANIZATION_TEXTS.tooManyMembers);
    }
    // Inviting again replaces the earlier link (and an expired one): one open invitation per address.
    await tx
      .delete(organizationInvitations)
      .where(
        and(
          eq(organizationInvitations.organizationId, input.id),
          isNull(organizationInvitations.answeredAt),
          sql`lower(${organizationInvitations.email}) = ${address}`,
        ),
      );
    const token = newToken();
    const [row] = await tx
      .insert(organizationInvitations)
      .values({
        organizationId: input.id,
        email,
        role,
        tokenHash: hashToken(token),
        invitedBy: me.user.id,
        expiresAt: new Date(Date.now() + ORGANIZATION_LIMITS.invitationDays * DAY_MS),
      })
      .returning({ id: organizationInvitations.id });
    if (!row) throw new Error("the invitation was not stored");
    const [inviter] = await tx
      .select({ name: authUsers.name, locale: authUsers.locale })
      .from(authUsers)
      .where(eq(authUsers.id, me.user.id))
      .limit(1);
    await queueInvitationMail(deps, tx, {
      email,
      role,
      token,
      organization: me.organization.name,
      inviter: inviter?.name ?? "",
      inviterLocale: inviter?.locale ?? null,
    });
    await auditOrganization(tx, me.user.id, me.organization, "invite", {
      email: { from: null, to: email },
      role: { from: null, to: role },
    });
    return row.id;
  });
  const [invitation] = await deps.db
    .select(invitationColumns)
    .from(organizationInvitations)
    .leftJoin(authUsers, eq(authUsers.id, organizationInvitations.invitedBy))
    .where(eq(organizationInvitations.id, invitationId))
    .limit(1);
  if (!invitation) throw new NotFound(ORGANIZATION_TEXTS.invitationNotFound);
  return invitation;
}

/** The role the invitation offers, as its e-mail says it ("as an admin"). */
const ROLE_PHRASES: Record<OrganizationRole, MessageDescriptor> = {
  owner: msg`an owner`,
  admin: msg`an admin`,
  member: msg`a member`,
};

/**
 * The invitation's e-mail: in the language of the account that already has this address, or else
 * in the inviter's (a colleague most likely reads it too); the link opens the page in it.
 */
async function queueInvitationMail(
  deps: Pick<Deps, "config" | "jobs">,
  tx: Executor,
  invitation: {
    email: string;
    role: OrganizationRole;
    token: string;
    organization: string;
    inviter: string;
    inviterLocale: string | null;
  },
): Promise<void> {
  const { siteName, publicUrl } = deps.config;
  const { locale, i18n } = await mailLanguage(await accountLocale(tx, { email: invitation.email }), invitation.inviterLocale);
  const organization = oneLine(invitation.organization);
  const inviter = oneLine(invitation.inviter);
  const role = i18n._(ROLE_PHRASES[invitation.role]);
  const days = ORGANIZATION_LIMITS.invitationDays;
  const email = invitation.email;
  const { text, html, language } = composeMail(
    locale,
    siteName,
    [
      i18n._(msg`Hello,`),
      i18n._(
        msg`${{ inviter }} invited you to join ${{ organization }} on ${{ siteName }} as ${{ role }}. Members share the organization's shortlists and conversations with consultants.`,
      ),
      i18n._(
        msg`The link below works once and expires in ${{ days }} days. To accept, sign in (or create an account) with this e-mail address, ${{ email }}. If you do not want to join, you can decline from the same page, or ignore this message.`,
      ),
    ],
    {
      label: i18n._(msg`See the invitation`),
      url: `${publicUrl}${localizePath(locale, `/invitations/${invitation.token}`)}`,
    },
  );
  await enqueueMail(
    deps,
    {
      to: invitation.email,
      subject: i18n._(msg`${{ inviter }} invited you to join ${{ organization }} on ${{ siteName }}`),
      text,
      html,
      language,
    },
    { db: tx },
  );
}

/** DELETE /api/organizations/{id}/invitations/{invitationId}: owners and admins withdraw an invitation; its link stops working. */
export async function withdrawInvitation(
  deps: Pick<Deps, "db">,
  actor: Actor,
  input: { id: number; invitationId: number },
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const me = await requireMember(tx, actor, input.id, { roles: MANAGING_ROLES, lock: true });
    const [removed] = await tx
      .delete(organizationInvitations)
      .where(
        and(
          eq(organizationInvitations.id, input.invitationId),
          eq(organizationInvitations.organizationId, input.id),
          isNull(organizationInvitations.answeredAt),
        ),
      )
      .returning({ email: organizationInvitations.email });
    if (!removed) throw new NotFound(ORGANIZATION_TEXTS.invitationNotFound);
    await auditOrganization(tx, me.user.id, me.organization, "withdraw_invite", { email: { from: removed.email, to: null } });
  });
}

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The waiting invitation behind a link, locked when answering; NotFound for anything else. */
async function openInvitation(db: Executor, token: string, lock: boolean) {
  if (!TOKEN_PATTERN.test(token)) throw new NotFound(ORGANIZATION_TEXTS.invitationNotFound);
  const query = db
    .select({
      id: organizationInvitations.id,
      email: organizationInvitations.email,
      role: organizationInvitations.role,
      expiresAt: sql<string>`to_json(${organizationInvitations.expiresAt}) #>> '{}'`,
      invitedBy: authUsers.name,
      organization: { ...badgeColumns, slug: organizations.slug, kind: organizations.kind, country: organizations.country },
    })
    .from(organizationInvitations)
    .innerJoin(organizations, eq(organizations.id, organizationInvitations.organizationId))
    .leftJoin(authUsers, eq(authUsers.id, organizationInvitations.invitedBy))
    .where(and(eq(organizationInvitations.tokenHash, hashToken(token)), waiting))
    .limit(1);
  const [row] = lock ? await query.for("update", { of: organizationInvitations }) : await query;
  if (!row) throw new NotFound(ORGANIZATION_TEXTS.invitationNotFound);
  return row;
}

/** GET /api/invitations/{token}: what the invitation page shows (no account needed to see it). */
export async function previewInvitation(deps: Pick<Deps, "db">, token: string): Promise<InvitationPreview> {
  const { id: _id, ...preview } = await openInvitation(deps.db, token, false);
  return preview;
}

/**
 * POST /api/invitations/{token}/accept: the signed-in person with the invited address joins with
 * the invited role, and acts for the organization unless they already act for another. Another
 * address: 403. The link is used up.
 */
export async function acceptInvitation(deps: Pick<Deps, "db">, actor: Actor, token: string): Promise<OrganizationView> {
  const user = requireSignedIn(actor);
  const organizationId = await deps.db.transaction(async (tx) => {
    const invitation = await openInvitation(tx, token, true);
    const [account] = await tx.select({ email: authUsers.email }).from(authUsers).where(eq(authUsers.id, user.id)).limit(1);
    if (!account || normalizeEmail(account.email) !== normalizeEmail(invitation.email)) {
      throw new Forbidden(ORGANIZATION_TEXTS.invitationOtherAddress);
    }
    const orgId = invitation.organization.id;
    await tx.execute(sql`select 1 from organizations where id = ${orgId} for no key update`);
    await assertRoomForAnotherOrganization(tx, user.id);
    if ((await countMembers(tx, orgId)) >= ORGANIZATION_LIMITS.members) throw new Conflict(ORGANIZATION_TEXTS.tooManyMembers);
    const [joined] = await tx
      .insert(organizationMembers)
      .values({ organizationId: orgId, userId: user.id, role: invitation.role })
      .onConflictDoNothing()
      .returning({ userId: organizationMembers.userId });
    if (!joined) throw new Conflict(ORGANIZATION_TEXTS.alreadyMember);
    await tx.update(organizationInvitations).set({ answeredAt: new Date() }).where(eq(organizationInvitations.id, invitation.id));
    const [acting] = await tx
      .select({ id: organizationMembers.organizationId })
      .from(organizationMembers)
      .where(and(eq(organizationMembers.userId, user.id), eq(organizationMembers.isActing, true)))
      .limit(1);
    if (!acting) await actFor(tx, user.id, orgId);
    await auditOrganization(tx, user.id, invitation.organization, "join", { role: { from: null, to: invitation.role } });
    return orgId;
  });
  return getOrganization(deps, user, organizationId);
}

/** POST /api/invitations/{token}/decline: whoever holds the link may decline it (no account needed). */
export async function declineInvitation(deps: Pick<Deps, "db">, actor: Actor, token: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const invitation = await openInvitation(tx, token, true);
    await tx.update(organizationInvitations).set({ answeredAt: new Date() }).where(eq(organizationInvitations.id, invitation.id));
    const [account] = actor
      ? await tx
          .select({ id: authUsers.id, name: authUsers.name, email: authUsers.email })
          .from(authUsers)
          .where(eq(authUsers.id, actor.id))
      : [];
    await auditOrganizationByAddress(
      tx,
      account ?? { id: null, name: invitation.email, email: invitation.email },
      invitation.organization,
      "decline",
      { email: { from: invitation.email, to: null } },
    );
  });
}
