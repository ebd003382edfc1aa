import { asc, eq, inArray, sql } from "drizzle-orm";
import { hiddenFromSchema, ORGANIZATION_TEXTS, type OrganizationBadge } from "#common/organizations.ts";
import type { SearchParams } from "#common/search.ts";
import type { Executor } from "#server/db/client.ts";
import { consultantHiddenFrom, consultants, organizations } from "#server/db/schema.ts";
import type { Actor, ServiceDeps } from "../context.ts";
import { NotFound, ValidationFailed } from "../errors.ts";
import { type SearchResult, searchDirectory, type ZeroResultCounting } from "../search/index.ts";
import { parseInput } from "../validate.ts";
import { badgeColumns, requireSignedIn } from "./membership.ts";

// "Hide my profile from these organizations" (issue 31): a consultant looking for work while
// employed lists organizations; every member of a listed organization gets 404 on the profile and
// never sees it in search, shortlists or exports. The filter costs nothing for a visitor (no
// query at all: a signed-out search is unchanged) and one indexed query for a signed-in person,
// whose answer is almost always empty; only then does a search carry an extra condition.

const NO_PROFILE = "You do not have a consultant profile yet.";

/**
 * The consultants hidden from this person: those who listed any organization the person belongs
 * to. Empty for a visitor, without asking the database.
 */
export async function consultantsHiddenFrom(db: Executor, actor: Actor): Promise<number[]> {
  if (!actor) return [];
  const rows = await db.execute<{ id: number }>(sql`
    select distinct h.consultant_id as id
    from organization_members m
    join consultant_hidden_from h on h.organization_id = m.organization_id
    where m.user_id = ${actor.id}`);
  return rows.map((row) => row.id);
}

/**
 * A search as this viewer may run it: with the profiles hidden from them left out. A visitor's
 * search is returned as it is, without a query (the signed-out search stays what it was).
 */
export async function searchFor(db: Executor, actor: Actor, params: SearchParams): Promise<SearchParams> {
  const hidden = await consultantsHiddenFrom(db, actor);
  return hidden.length > 0 ? { ...params, hidden } : params;
}

/**
 * A person's search of the directory, the one both doors run (the home page and GET
 * /api/consultants): searchDirectory without the profiles hidden from them.
 */
export async function searchDirectoryAs(
  deps: Pick<ServiceDeps, "db" | "readDb" | "runtime" | "log">,
  actor: Actor,
  params: SearchParams,
  counting: ZeroResultCounting = {},
): Promise<SearchResult> {
  return searchDirectory(deps, await searchFor(deps.db, actor, params), counting);
}

/** Whether this consultant hid from an organization the person belongs to (false for a visitor, without a query). */
export async function isHiddenFrom(db: Executor, actor: Actor, consultantId: number): Promise<boolean> {
  if (!actor) return false;
  const [row] = await db.execute<{ hidden: boolean }>(sql`
    select exists (
      select 1 from consultant_hidden_from h
      join organization_members m on m.organization_id = h.organization_id and m.user_id = ${actor.id}
      where h.consultant_id = ${consultantId}) as hidden`);
  return row?.hidden === true;
}

async function ownProfileId(db: Executor, actor: Actor): Promise<number> {
  const user = requireSignedIn(actor);
  const [row] = await db.select({ id: consultants.id }).from(consultants).where(eq(consultants.userId, user.id)).limit(1);
  if (!row) throw new NotFound(NO_PROFILE);
  return row.id;
}

async function hiddenList(db: Executor, consultantId: number): Promise<OrganizationBadge[]> {
  return db
    .select(badgeColumns)
    .from(consultantHiddenFrom)
    .innerJoin(organizations, eq(organizations.id, consultantHiddenFrom.organizationId))
    .where(eq(consultantHiddenFrom.consultantId, consultantId))
    .orderBy(asc(sql`lower(${organizations.name})`), asc(organizations.id));
}

/** GET /api/my-consultant-profile/hidden-from: the organizations the caller's profile is hidden from. */
export async function getHiddenFrom(
  deps: Pick<ServiceDeps, "db">,
  actor: Actor,
): Promise<{ organizations: OrganizationBadge[] }> {
  const consultantId = await ownProfileId(deps.db, actor);
  return { organizations: await hiddenList(deps.db, consultantId) };
}

/** PUT /api/my-consultant-profile/hidden-from `{ organizationIds }`: the whole list, replaced (400 for an id of no organization). */
export async function putHiddenFrom(
  deps: Pick<ServiceDeps, "db">,
  actor: Actor,
  input: unknown,
): Promise<{ organizations: OrganizationBadge[] }> {
  const consultantId = await ownProfileId(deps.db, actor);
  const { organizationIds } = parseInput(hiddenFromSchema, input ?? {});
  await deps.db.transaction(async (tx) => {
    if (organizationIds.length > 0) {
      const found = await tx
        .select({ id: organizations.id })
        .from(organizations)
        .where(inArray(organizations.id, organizationIds));
      if (found.length !== organizationIds.length) {
        throw new ValidationFailed(ORGANIZATION_TEXTS.hiddenFromUnknown, [
          { path: "organizationIds", message: ORGANIZATION_TEXTS.hiddenFromUnknown },
        ]);
      }
    }
    await tx.delete(consultantHiddenFrom).where(eq(consultantHiddenFrom.consultantId, consultantId));
    if (organizationIds.length > 0) {
      await tx.insert(consultantHiddenFrom).values(organizationIds.map((organizationId) => ({ consultantId, organizationId })));
    }
  });
  return { organizations: await hiddenList(deps.db, consultantId) };
}

/** Adds or removes one organization (the page's buttons), keeping the rest. */
export async function toggleHiddenFrom(
  deps: Pick<ServiceDeps, "db">,
  actor: Actor,
  input: { organizationId: number; hidden: boolean },
): Promise<{ organizations: OrganizationBadge[] }> {
  const consultantId = await ownProfileId(deps.db, actor);
  const current = (await hiddenList(deps.db, consultantId)).map((organization) => organization.id);
  const next = input.hidden
    ? [...new Set([...current, input.organizationId])]
    : current.filter((id) => id !== input.organizationId);
  return putHiddenFrom(deps, actor, { organizationIds: next });
}
