import { and, asc, eq, type SQL, sql } from "drizzle-orm";
import type { OrganizationBadge, OrganizationRole } from "#common/organizations.ts";
import {
  SHORTLIST_TEXTS,
  type ShortlistConsultant,
  type ShortlistEntry,
  type ShortlistNote,
  type ShortlistSummary,
} from "#common/shortlists.ts";
import type { DailyRate, RateCurrency, RateVisibility } from "#common/track-record.ts";
import type { Executor } from "#server/db/client.ts";
import { authUsers, consultants, organizations, shortlistEntries, shortlistNotes, shortlists } from "#server/db/schema.ts";
import { type Actor, requireUser, type ServiceDeps } from "../context.ts";
import { NotFound } from "../errors.ts";
import { badgeColumns, badgeOf } from "../organizations/membership.ts";
import { parseInput } from "../validate.ts";

// Who may see a shortlist, and what they see of it (issues 13 and 31). A private list belongs to
// one person; a team list to an organization, and every member sees and edits it. Anyone else gets
// NotFound, exactly as for a missing list; a member removed from the organization a moment ago
// too (the membership is read on every request). Entries show listed consultants only, never a
// contact detail, and never a consultant who hid from an organization the viewer belongs to (or,
// through a share link, from the organization the list belongs to, or its owner's organizations).

/** What the shortlist services use of the standard ServiceDeps (the share links need the public address). */
export type Deps = Pick<ServiceDeps, "db" | "config">;

export function requireSignedIn(actor: Actor): { id: number } {
  return requireUser(actor, SHORTLIST_TEXTS.signIn);
}

/** A missing body is an empty form: the schema names what is missing. */
export const parse = <S extends Parameters<typeof parseInput>[0]>(schema: S, input: unknown) => parseInput(schema, input ?? {});

export const listed = sql`${consultants.status} = 'approved'`;

/**
 * Whose organizations a list's entries are filtered for: the person looking (signed in), or for
 * a share link the list's organization, or its owner's organizations.
 */
export type HiddenScope = { viewerId: number } | { organizationId: number };

/** The consultant (an SQL expression of its id) did not hide from any organization of the scope. */
export function notHiddenFrom(consultantId: SQL, scope: HiddenScope): SQL {
  if ("organizationId" in scope) {
    return sql`not exists (select 1 from consultant_hidden_from h
      where h.consultant_id = ${consultantId} and h.organization_id = ${scope.organizationId})`;
  }
  return sql`not exists (select 1 from consultant_hidden_from h
    join organization_members m on m.organization_id = h.organization_id
    where h.consultant_id = ${consultantId} and m.user_id = ${scope.viewerId})`;
}

const consultantColumns = {
  id: consultants.id,
  name: consultants.name,
  title: consultants.title,
  // The language the profile is written in (issue 37): the list marks the title with it.
  profileLanguage: consultants.profileLanguage,
  location: consultants.location,
  country: consultants.country,
  yearsExperience: consultants.yearsExperience,
  languages: consultants.languages,
  primarySpecialization: consultants.primarySpecialization,
  secondarySpecializations: consultants.secondarySpecializations,
  availableForWork: consultants.availableForWork,
  profilePhotoUrl: consultants.profilePhotoUrl,
  // The rating the cards show: earned by reviews of verified organizations (issue 31).
  rating: consultants.rating,
  reviewCount: consultants.ratedReviewCount,
  // The donors of the track record (issue 12), most frequent first: kept by a trigger, not in the ORM.
  donors: sql<string[]>`coalesce("consultants"."track_donors"[1:5], '{}')`,
};

const rateColumns = {
  min: consultants.dailyRateMin,
  max: consultants.dailyRateMax,
  currency: consultants.rateCurrency,
  visibility: consultants.rateVisibility,
};

/**
 * Who looks at a list: its owner or a member of its organization (signed in: a rate shown to
 * signed-in users or to everyone), or anyone holding a share link, and the CSV that leaves the
 * product (public rates only).
 */
export type Audience = "member" | "public";

function rateFor(
  audience: Audience,
  rate: { min: number | null; max: number | null; currency: RateCurrency | null; visibility: RateVisibility },
): DailyRate | null {
  if (rate.min === null || rate.currency === null) return null;
  const visible = rate.visibility === "public" || (audience === "member" && rate.visibility === "signed-in");
  return visible ? { min: rate.min, max: rate.max ?? rate.min, currency: rate.currency } : null;
}

/** A list's summary as `scope` sees it (the count leaves out what is hidden from them). */
export function summaryColumns(scope: HiddenScope) {
  return {
    id: shortlists.id,
    name: shortlists.name,
    shared: sql<boolean>`${shortlists.shareTokenHash} is not null`,
    updatedAt: sql<string>`to_json(${shortlists.updatedAt}) #>> '{}'`,
    // Written out: inside a subquery Drizzle would name the outer column without its table.
    count: sql<number>`(select count(*) from shortlist_entries e join consultants c on c.id = e.consultant_id
      where e.shortlist_id = "shortlists"."id" and c.status = 'approved' and ${notHiddenFrom(sql`c.id`, scope)})::int`,
    organization: badgeOf(shortlists.organizationId),
  };
}

/** A list one may open: its summary, whose it is, and the caller's role in its organization (team lists). */
export type Access = {
  summary: ShortlistSummary;
  userId: number;
  organizationId: number | null;
  createdBy: number | null;
  role: OrganizationRole | null;
};

/** The caller's list, or a team list of an organization the caller belongs to: 401 for a visitor, NotFound otherwise. */
export async function accessibleList(db: Executor, actor: Actor, id: number): Promise<Access> {
  const user = requireSignedIn(actor);
  const role = sql<OrganizationRole | null>`(select m.role from organization_members m
    where m.organization_id = "shortlists"."organization_id" and m.user_id = ${user.id})`;
  const [row] = await db
    .select({
      summary: summaryColumns({ viewerId: user.id }),
      ownerId: shortlists.userId,
      organizationId: shortlists.organizationId,
      createdBy: shortlists.createdBy,
      role,
    })
    .from(shortlists)
    .where(eq(shortlists.id, id))
    .limit(1);
  if (!row || !(row.ownerId === user.id || (row.organizationId !== null && row.role !== null))) {
    throw new NotFound(SHORTLIST_TEXTS.notFound);
  }
  return { summary: row.summary, userId: user.id, organizationId: row.organizationId, createdBy: row.createdBy, role: row.role };
}

/** The lists a person sees: their own and their organizations' (for the lists page and the bookmark control). */
export function visibleTo(userId: number): SQL {
  return sql`(${shortlists.userId} = ${userId} or ${shortlists.organizationId} in
    (select m.organization_id from organization_members m where m.user_id = ${userId}))`;
}

/** The entries of a list as `audience` sees them, without the consultants hidden from `scope`; notes for members only. */
export async function entriesOf(db: Executor, id: number, audience: Audience, scope: HiddenScope): Promise<ShortlistEntry[]> {
  const rows = await db
    .select({
      consultant: consultantColumns,
      rate: rateColumns,
      note: shortlistEntries.note,
      addedAt: sql<string>`to_json(${shortlistEntries.createdAt}) #>> '{}'`,
      stage: shortlistEntries.stage,
      stageChangedAt: sql<string>`to_json(${shortlistEntries.stageChangedAt}) #>> '{}'`,
      addedBy: authUsers.name,
    })
    .from(shortlistEntries)
    .innerJoin(consultants, eq(consultants.id, shortlistEntries.consultantId))
    .leftJoin(authUsers, eq(authUsers.id, shortlistEntries.addedBy))
    .where(and(eq(shortlistEntries.shortlistId, id), listed, notHiddenFrom(sql`${consultants.id}`, scope)))
    .orderBy(asc(shortlistEntries.createdAt), asc(consultants.id));
  const notes = audience === "member" ? await notesOf(db, id) : new Map<number, ShortlistNote[]>();
  return rows.map(({ consultant, rate, ...entry }) => ({
    ...entry,
    consultant: { ...consultant, dailyRate: rateFor(audience, rate) } satisfies ShortlistConsultant,
    notes: notes.get(consultant.id) ?? [],
  }));
}

/** Every internal note of a list (or of one entry), oldest first, by consultant. */
export async function notesOf(db: Executor, shortlistId: number, consultantId?: number): Promise<Map<number, ShortlistNote[]>> {
  const rows = await db
    .select({
      consultantId: shortlistNotes.consultantId,
      id: shortlistNotes.id,
      author: shortlistNotes.authorName,
      text: shortlistNotes.body,
      createdAt: sql<string>`to_json(${shortlistNotes.createdAt}) #>> '{}'`,
    })
    .from(shortlistNotes)
    .where(
      and(
        eq(shortlistNotes.shortlistId, shortlistId),
        consultantId === undefined ? undefined : eq(shortlistNotes.consultantId, consultantId),
      ),
    )
    .orderBy(asc(shortlistNotes.createdAt), asc(shortlistNotes.id));
  const byConsultant = new Map<number, ShortlistNote[]>();
  for (const { consultantId: owner, ...note } of rows) byConsultant.set(owner, [...(byConsultant.get(owner) ?? []), note]);
  return byConsultant;
}

/** The organization a team list's share link shows (name and badge), or null. */
export async function organizationOf(db: Executor, organizationId: number | null): Promise<OrganizationBadge | null> {
  if (organizationId === null) return null;
  const [row] = await db
    .select({ ...badgeColumns, logoUrl: organizations.logoUrl })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
    .limit(1);
  return row ?? null;
}
