import { createHash, randomBytes } from "node:crypto";
import { and, count, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { MANAGING_ROLES } from "#common/organizations.ts";
import {
  SHORTLIST_LIMITS,
  SHORTLIST_TEXTS,
  type SharedShortlist,
  type ShortlistDetail,
  type ShortlistSummary,
  shortlistCreateSchema,
  shortlistNameSchema,
} from "#common/shortlists.ts";
import { authUsers, shortlistEntries, shortlists } from "#server/db/schema.ts";
import type { Actor } from "../context.ts";
import { Conflict, Forbidden, firstOrNotFound, NotFound, ValidationFailed } from "../errors.ts";
import { roleIn } from "../organizations/membership.ts";
import {
  accessibleList,
  type Deps,
  entriesOf,
  organizationOf,
  parse,
  requireSignedIn,
  summaryColumns,
  visibleTo,
} from "./access.ts";

// Shortlists (issues 13 and 31): a private list belongs to its owner; a team list to an
// organization, and every member sees and edits it (access.ts decides who sees what). A share
// link is a random token of which only the SHA-256 is stored; revoking it clears the hash, so the
// link stops working at once. The entries, their stages and notes are in entries.ts, the CSV in csv.ts.

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** The caller's private lists and their organizations' team lists, most recently changed first. */
export async function listShortlists(deps: Deps, actor: Actor): Promise<ShortlistSummary[]> {
  const user = requireSignedIn(actor);
  return deps.db
    .select(summaryColumns({ viewerId: user.id }))
    .from(shortlists)
    .where(visibleTo(user.id))
    .orderBy(desc(shortlists.updatedAt), desc(shortlists.id));
}

/** Which of the lists the caller sees hold a consultant (for the bookmark control). */
export async function listsHolding(deps: Deps, actor: Actor, consultantId: number): Promise<number[]> {
  if (!actor) return [];
  const rows = await deps.db
    .select({ id: shortlistEntries.shortlistId })
    .from(shortlistEntries)
    .innerJoin(shortlists, eq(shortlists.id, shortlistEntries.shortlistId))
    .where(and(visibleTo(actor.id), eq(shortlistEntries.consultantId, consultantId)));
  return rows.map((row) => row.id);
}

/**
 * Which of these consultants (a page of cards) are on any list the caller sees, in one query for
 * the page (issue 36: the cards' bookmark shows it). A visitor has none.
 */
export async function consultantsOnLists(
  deps: Pick<Deps, "db">,
  actor: Actor,
  consultantIds: readonly number[],
): Promise<Set<number>> {
  if (!actor || consultantIds.length === 0) return new Set();
  const rows = await deps.db
    .selectDistinct({ id: shortlistEntries.consultantId })
    .from(shortlistEntries)
    .innerJoin(shortlists, eq(shortlists.id, shortlistEntries.shortlistId))
    .where(and(visibleTo(actor.id), inArray(shortlistEntries.consultantId, [...consultantIds])));
  return new Set(rows.map((row) => row.id));
}

/**
 * POST /api/shortlists `{ name, organizationId? }`: a private list, or a team list of an
 * organization the caller belongs to (any role; another organization is a 400 naming the field).
 * At most 50 lists per person and per organization (409).
 */
export async function createShortlist(deps: Deps, actor: Actor, input: unknown): Promise<ShortlistDetail> {
  const user = requireSignedIn(actor);
  const { name, organizationId } = parse(shortlistCreateSchema, input);
  const id = await deps.db.transaction(async (tx) => {
    if (organizationId) {
      if ((await roleIn(tx, user.id, organizationId)) === null) {
        throw new ValidationFailed(SHORTLIST_TEXTS.organizationId, [
          { path: "organizationId", message: SHORTLIST_TEXTS.organizationId },
        ]);
      }
      // One owner's creations take turns, so two at once cannot both slip under the cap.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('shortlists:organization'), ${organizationId})`);
    } else {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('shortlists:user'), ${user.id})`);
    }
    const owner = organizationId ? eq(shortlists.organizationId, organizationId) : eq(shortlists.userId, user.id);
    const [existing] = await tx.select({ total: count() }).from(shortlists).where(owner);
    if ((existing?.total ?? 0) >= SHORTLIST_LIMITS.lists) throw new Conflict(SHORTLIST_TEXTS.tooManyLists);
    const [row] = await tx
      .insert(shortlists)
      .values({ userId: organizationId ? null : user.id, organizationId: organizationId ?? null, createdBy: user.id, name })
      .returning({ id: shortlists.id });
    if (!row) throw new Error("the shortlist was not stored");
    return row.id;
  });
  return getShortlist(deps, actor, id);
}

export async function getShortlist(deps: Deps, actor: Actor, id: number): Promise<ShortlistDetail> {
  const access = await accessibleList(deps.db, actor, id);
  return {
    ...access.summary,
    entries: await entriesOf(deps.db, id, "member", { viewerId: access.userId }),
    canDelete: canDelete(access),
  };
}

/** A private list's owner; for a team list, whoever made it and the organization's owners and admins. */
function canDelete(access: Awaited<ReturnType<typeof accessibleList>>): boolean {
  if (access.organizationId === null) return true;
  return access.createdBy === access.userId || (access.role !== null && MANAGING_ROLES.includes(access.role));
}

export async function renameShortlist(deps: Deps, actor: Actor, input: { id: number; body: unknown }): Promise<ShortlistDetail> {
  const { id } = input;
  await accessibleList(deps.db, actor, id);
  const { name } = parse(shortlistNameSchema, input.body);
  await deps.db.update(shortlists).set({ name, updatedAt: new Date() }).where(eq(shortlists.id, id));
  return getShortlist(deps, actor, id);
}

export async function deleteShortlist(deps: Deps, actor: Actor, id: number): Promise<void> {
  const access = await accessibleList(deps.db, actor, id);
  if (!canDelete(access)) throw new Forbidden(SHORTLIST_TEXTS.deleteTeamList);
  await deps.db.delete(shortlists).where(eq(shortlists.id, id));
}

/** Creates a new share link (replacing any earlier one, which stops working). */
export async function shareShortlist(deps: Deps, actor: Actor, id: number): Promise<{ token: string; url: string }> {
  await accessibleList(deps.db, actor, id);
  const token = randomBytes(32).toString("base64url");
  await deps.db
    .update(shortlists)
    .set({ shareTokenHash: hashToken(token) })
    .where(eq(shortlists.id, id));
  return { token, url: `${deps.config.publicUrl}/shortlists/shared/${token}` };
}

export async function revokeShortlistShare(deps: Deps, actor: Actor, id: number): Promise<void> {
  await accessibleList(deps.db, actor, id);
  await deps.db.update(shortlists).set({ shareTokenHash: null }).where(eq(shortlists.id, id));
}

/**
 * The list behind a share link, for anyone holding it (no account needed); NotFound once revoked.
 * No notes, no stages; a team list shows its organization with its badge, a private list its
 * owner's display name. A consultant who hid
 * from the list's organization (or from its owner's) is left out: a link must not undo hiding.
 */
export async function viewSharedShortlist(deps: Deps, token: string): Promise<SharedShortlist> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) throw new NotFound(SHORTLIST_TEXTS.notFound);
  const list = await firstOrNotFound(
    deps.db
      .select({
        id: shortlists.id,
        name: shortlists.name,
        userId: shortlists.userId,
        organizationId: shortlists.organizationId,
        ownerName: authUsers.name,
      })
      .from(shortlists)
      // A blocked owner's links stop at once, as its sessions do (issue 35).
      .leftJoin(authUsers, eq(authUsers.id, shortlists.userId))
      .where(and(eq(shortlists.shareTokenHash, hashToken(token)), isNull(authUsers.blockedAt)))
      .limit(1),
    SHORTLIST_TEXTS.notFound,
  );
  const scope = list.organizationId !== null ? { organizationId: list.organizationId } : { viewerId: list.userId ?? -1 };
  const [entries, organization] = await Promise.all([
    entriesOf(deps.db, list.id, "public", scope),
    organizationOf(deps.db, list.organizationId),
  ]);
  // A private list says whose it is by the owner's display name: the e-mail address is never read here.
  const sharedBy = list.organizationId === null ? list.ownerName : null;
  return { name: list.name, organization, sharedBy, entries: entries.map(({ consultant }) => ({ consultant })) };
}
