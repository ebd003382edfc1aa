import { asc, eq, type GetColumnData, inArray, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type {
  Assignment,
  AssignmentInput,
  DailyRate,
  Education,
  EducationInput,
  LanguageLevel,
  OwnTrackRecord,
  RateCurrency,
  RateVisibility,
  TrackRecordView,
} from "#common/track-record.ts";
import type { Executor } from "#server/db/client.ts";
import { consultantAssignments, consultantEducation, consultants } from "#server/db/schema.ts";
import type { Actor } from "../context.ts";
import { confirmedReferences } from "../references/index.ts";

// A consultant's track record (issue 12): reading it, and replacing its lists inside the
// caller's transaction. Who may see the daily rate is decided here, in one place.

/** The months as the API writes them ("2021-03"); the database keeps the first day of the month. */
const toMonth = (date: string) => date.slice(0, 7);
const toDate = (month: string) => `${month}-01`;

const assignmentColumns = {
  id: consultantAssignments.id,
  title: consultantAssignments.title,
  organization: consultantAssignments.organization,
  donors: consultantAssignments.donors,
  countries: consultantAssignments.countries,
  role: consultantAssignments.role,
  startDate: consultantAssignments.startDate,
  endDate: consultantAssignments.endDate,
  sector: consultantAssignments.sector,
  description: consultantAssignments.description,
};

const educationColumns = {
  id: consultantEducation.id,
  degree: consultantEducation.degree,
  field: consultantEducation.field,
  institution: consultantEducation.institution,
  year: consultantEducation.year,
};

/** A profile's ordered list (the schema's profileListItem: the profile's id, a position): its assignments, its education. */
type ProfileList = typeof consultantAssignments | typeof consultantEducation;

/** `columns`' values as a row has them. */
type RowOf<Columns extends Record<string, PgColumn>> = { [Key in keyof Columns]: GetColumnData<Columns[Key]> };

/**
 * One list of several profiles in one query, grouped: every profile asked for has its list (empty
 * when it has none), in its order, each row made an item by `item`.
 */
async function profileListsOf<Columns extends Record<string, PgColumn>, Item>(
  db: Executor,
  table: ProfileList,
  columns: Columns,
  consultantIds: number[],
  item: (row: RowOf<Columns>) => Item,
): Promise<Map<number, Item[]>> {
  const grouped = new Map(consultantIds.map((id) => [id, [] as Item[]]));
  if (consultantIds.length === 0) return grouped;
  const rows = await db
    .select({ profile: table.consultantId, row: columns })
    .from(table)
    .where(inArray(table.consultantId, consultantIds))
    .orderBy(asc(table.consultantId), asc(table.position));
  for (const { profile, row } of rows) grouped.get(profile)?.push(item(row as RowOf<Columns>));
  return grouped;
}

/** The one profile's list out of profileListsOf's answer. */
async function profileList<Item>(lists: Promise<Map<number, Item[]>>, consultantId: number): Promise<Item[]> {
  return (await lists).get(consultantId) ?? [];
}

export async function readAssignments(db: Executor, consultantId: number): Promise<Assignment[]> {
  return profileList(readAssignmentsOf(db, [consultantId]), consultantId);
}

/** The assignments of several profiles in one query, each profile's in their order. */
export async function readAssignmentsOf(db: Executor, consultantIds: number[]): Promise<Map<number, Assignment[]>> {
  return profileListsOf(
    db,
    consultantAssignments,
    assignmentColumns,
    consultantIds,
    (row) =>
      ({
        ...row,
        startDate: toMonth(row.startDate),
        endDate: row.endDate === null ? null : toMonth(row.endDate),
      }) as Assignment,
  );
}

export async function readEducation(db: Executor, consultantId: number): Promise<Education[]> {
  return profileList(readEducationOf(db, [consultantId]), consultantId);
}

/** The education of several profiles in one query, each profile's in their order. */
export async function readEducationOf(db: Executor, consultantIds: number[]): Promise<Map<number, Education[]>> {
  return profileListsOf(db, consultantEducation, educationColumns, consultantIds, (row) => row);
}

export type { OwnTrackRecord, TrackRecordView };

export type TrackRecordLists = { assignments?: AssignmentInput[]; education?: EducationInput[] };

/** What makes an assignment the same one when no id comes with it: title, organization, start month. */
function assignmentKey(item: { title: string; organization: string; startDate: string }) {
  return (
    [item.title, item.organization].map((text) => text.trim().toLocaleLowerCase("en")).join("|") +
    `|${item.startDate.slice(0, 7)}`
  );
}

/**
 * Replaces the lists that were given (a missing list keeps its rows; an empty one removes them),
 * on the caller's transaction so the profile and its lists change together or not at all. An
 * assignment that stays keeps its row (and so its references, issue 34): found by the id sent
 * with it, or else by its title, organization and start month; the others are removed or added.
 * Answers the profile's new count of projects completed when the assignments were given.
 */
export async function replaceTrackRecord(
  tx: Executor,
  consultantId: number,
  lists: TrackRecordLists,
): Promise<{ projectsCompleted?: number }> {
  let counted: { projectsCompleted?: number } = {};
  if (lists.assignments) {
    const existing = await tx
      .select({
        id: consultantAssignments.id,
        title: consultantAssignments.title,
        organization: consultantAssignments.organization,
        startDate: consultantAssignments.startDate,
      })
      .from(consultantAssignments)
      .where(eq(consultantAssignments.consultantId, consultantId));
    const ids = new Set(existing.map((row) => row.id));
    const byKey = new Map(existing.map((row) => [assignmentKey(row), row.id]));
    const kept = new Set<number>();
    const planned = lists.assignments.map((item) => {
      let id = item.id !== undefined && ids.has(item.id) && !kept.has(item.id) ? item.id : undefined;
      const byItsKey = byKey.get(assignmentKey(item));
      if (id === undefined && byItsKey !== undefined && !kept.has(byItsKey)) id = byItsKey;
      if (id !== undefined) kept.add(id);
      return { id, item };
    });
    const gone = existing.filter((row) => !kept.has(row.id)).map((row) => row.id);
    if (gone.length > 0) await tx.delete(consultantAssignments).where(inArray(consultantAssignments.id, gone));
    // Out of the way of the new order (one place per position): kept rows to negative positions first.
    if (kept.size > 0) {
      await tx
        .update(consultantAssignments)
        .set({ position: sql`-${consultantAssignments.position} - 1` })
        .where(eq(consultantAssignments.consultantId, consultantId));
    }
    for (const [position, { id, item }] of planned.entries()) {
      const values = {
        position,
        title: item.title,
        organization: item.organization,
        donors: item.donors,
        countries: item.countries,
        role: item.role,
        startDate: toDate(item.startDate),
        endDate: item.endDate === null ? null : toDate(item.endDate),
        sector: item.sector,
        description: item.description,
      };
      if (id === undefined) await tx.insert(consultantAssignments).values({ consultantId, ...values });
      else await tx.update(consultantAssignments).set(values).where(eq(consultantAssignments.id, id));
    }
    // Product decision (product.md): projects completed is the number of completed assignments
    // (those with an end date), as the demo directory counts them; the profile showed "0 projects
    // completed" beside two finished assignments (issue 36). Migration 0038 recounted the profiles
    // saved before with the same count in SQL (a migration cannot call this code): a change of the
    // rule needs a migration of its own too.
    [counted = {}] = await tx
      .update(consultants)
      .set({
        projectsCompleted: sql`(select count(*)::int from ${consultantAssignments}
          where ${consultantAssignments.consultantId} = ${consultantId} and ${consultantAssignments.endDate} is not null)`,
      })
      .where(eq(consultants.id, consultantId))
      .returning({ projectsCompleted: consultants.projectsCompleted });
  }
  if (lists.education) {
    await tx.delete(consultantEducation).where(eq(consultantEducation.consultantId, consultantId));
    if (lists.education.length > 0) {
      await tx.insert(consultantEducation).values(lists.education.map((item, position) => ({ consultantId, position, ...item })));
    }
  }
  return counted;
}

/** The track-record columns of a profile row, as the owner sees them. */
export const trackRecordColumns = {
  languageLevels: consultants.languageLevels,
  availableFrom: consultants.availableFrom,
  dailyRateMin: consultants.dailyRateMin,
  dailyRateMax: consultants.dailyRateMax,
  rateCurrency: consultants.rateCurrency,
  rateVisibility: consultants.rateVisibility,
  updatedAt: consultants.updatedAt,
};

type TrackRecordRow = {
  languageLevels: Record<string, LanguageLevel>;
  availableFrom: string | null;
  dailyRateMin: number | null;
  dailyRateMax: number | null;
  rateCurrency: RateCurrency | null;
  rateVisibility: RateVisibility;
  updatedAt: Date;
};

function rateOf(row: Omit<TrackRecordRow, "languageLevels" | "availableFrom" | "updatedAt">): DailyRate | null {
  if (row.dailyRateMin === null || row.rateCurrency === null) return null;
  return { min: row.dailyRateMin, max: row.dailyRateMax ?? row.dailyRateMin, currency: row.rateCurrency };
}

/** Whether this viewer may see the rate; `canManage` is true for the owner and admins. */
export function mayViewRate(visibility: RateVisibility, actor: Actor, canManage: boolean): boolean {
  return canManage || visibility === "public" || (visibility === "signed-in" && actor !== null);
}

/**
 * A profile's track record for one viewer. The caller has already decided that the viewer may
 * see the profile (and whether they manage it).
 */
export async function viewTrackRecord(
  db: Executor,
  actor: Actor,
  consultantId: number,
  canManage: boolean,
): Promise<OwnTrackRecord | TrackRecordView> {
  const [[row], assignments, education, references] = await Promise.all([
    db
      .select({ ...trackRecordColumns, languages: consultants.languages })
      .from(consultants)
      .where(eq(consultants.id, consultantId))
      .limit(1),
    readAssignments(db, consultantId),
    readEducation(db, consultantId),
    confirmedReferences(db, consultantId),
  ]);
  if (!row) return { assignments, education, languageLevels: {}, availableFrom: null, updatedAt: new Date(0), dailyRate: null };
  const view: TrackRecordView = {
    assignments,
    references,
    education,
    // Levels of languages the profile still lists.
    languageLevels: Object.fromEntries(
      Object.entries(row.languageLevels).filter(([language]) => row.languages.includes(language)),
    ),
    availableFrom: row.availableFrom,
    updatedAt: row.updatedAt,
    dailyRate: mayViewRate(row.rateVisibility, actor, canManage) ? rateOf(row) : null,
  };
  return canManage ? { ...view, rateVisibility: row.rateVisibility } : view;
}

/** The profile columns a submitted track record sets (undefined = keep). */
export function trackRecordChanges(input: {
  languages?: string[];
  languageLevels?: Record<string, LanguageLevel>;
  availableFrom?: string | null;
  dailyRate?: DailyRate | null;
  rateVisibility?: RateVisibility;
}) {
  const changes: Partial<typeof consultants.$inferInsert> = {};
  if (input.languageLevels !== undefined) {
    // A level only for a language the profile lists (when the list is given with it).
    const listed = input.languages;
    changes.languageLevels = listed
      ? Object.fromEntries(Object.entries(input.languageLevels).filter(([language]) => listed.includes(language)))
      : input.languageLevels;
  }
  if (input.availableFrom !== undefined) changes.availableFrom = input.availableFrom;
  if (input.dailyRate !== undefined) {
    changes.dailyRateMin = input.dailyRate?.min ?? null;
    changes.dailyRateMax = input.dailyRate?.max ?? null;
    changes.rateCurrency = input.dailyRate?.currency ?? null;
  }
  if (input.rateVisibility !== undefined) changes.rateVisibility = input.rateVisibility;
  return changes;
}

/** Up to `limit` donors per listed profile (most frequent first), for the donor badges of cards. */
export async function cardDonors(db: Executor, ids: number[], limit = 3): Promise<Record<number, string[]>> {
  if (ids.length === 0) return {};
  const rows = await db
    .select({ id: consultants.id, donors: sql<string[]>`track_donors[1:${limit}::int]` })
    .from(consultants)
    .where(inArray(consultants.id, ids));
  return Object.fromEntries(rows.map((row) => [row.id, row.donors ?? []]));
}

type TrackRecordInput = TrackRecordLists & {
  languages?: string[];
  languageLevels?: Record<string, LanguageLevel>;
  availableFrom?: string | null;
  dailyRate?: DailyRate | null;
  rateVisibility?: RateVisibility;
};

/** Splits a parsed profile into its plain columns, its track-record columns and its lists. */
export function splitTrackRecord<T extends TrackRecordInput>(input: T) {
  const { assignments, education, languageLevels, availableFrom, dailyRate, rateVisibility, ...columns } = input;
  return {
    columns,
    trackColumns: trackRecordChanges({ languages: input.languages, languageLevels, availableFrom, dailyRate, rateVisibility }),
    lists: { assignments, education } satisfies TrackRecordLists,
  };
}
