import { createHash, randomBytes } from "node:crypto";
import { and, asc, count, desc, eq, sql } from "drizzle-orm";
import {
  SHORTLIST_LIMITS,
  SHORTLIST_TEXTS,
  type SharedShortlist,
  type ShortlistConsultant,
  type ShortlistDetail,
  type ShortlistEntry,
  type ShortlistSummary,
  shortlistEntrySchema,
  shortlistNameSchema,
} from "#common/shortlists.ts";
import { type DailyRate, formatRate, type RateCurrency, type RateVisibility } from "#common/track-record.ts";
import type { Database } from "#server/db/client.ts";
import { consultants, shortlistEntries, shortlists } from "#server/db/schema.ts";
import { type Actor, requireUser, type ServiceDeps } from "../context.ts";
import { Conflict, firstOrNotFound, NotFound } from "../errors.ts";
import { parseInput } from "../validate.ts";

// Shortlists (issue 13): only the owner sees or changes a list; another user's list answers
// NotFound exactly like a missing one. Entries show listed (approved) consultants only: a hidden
// or deleted consultant disappears from every list (deleted rows cascade; hidden ones are
// filtered). Lists carry no contact details. A share link is a random token of which only the
// SHA-256 is stored; revoking it clears the hash, so the link stops working at once.

/** What the shortlist services use of the standard ServiceDeps (the share links need the public address). */
type Deps = Pick<ServiceDeps, "db" | "config">;

function requireSignedIn(actor: Actor): { id: number } {
  return requireUser(actor, SHORTLIST_TEXTS.signIn);
}

/** A missing body is an empty form: the schema names what is missing. */
const parse = <S extends Parameters<typeof parseInput>[0]>(schema: S, input: unknown) => parseInput(schema, input ?? {});

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");
const listed = sql`${consultants.status} = 'approved'`;

const consultantColumns = {
  id: consultants.id,
  name: consultants.name,
  title: consultants.title,
  location: consultants.location,
  country: consultants.country,
  yearsExperience: consultants.yearsExperience,
  languages: consultants.languages,
  primarySpecialization: consultants.primarySpecialization,
  secondarySpecializations: consultants.secondarySpecializations,
  availableForWork: consultants.availableForWork,
  profilePhotoUrl: consultants.profilePhotoUrl,
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
 * Who looks at a list: its owner (signed in: a rate shown to signed-in users or to everyone), or
 * anyone holding a share link, and the CSV that leaves the product (public rates only).
 */
type Audience = "owner" | "public";

function rateFor(
  audience: Audience,
  rate: { min: number | null; max: number | null; currency: RateCurrency | null; visibility: RateVisibility },
): DailyRate | null {
  if (rate.min === null || rate.currency === null) return null;
  const visible = rate.visibility === "public" || (audience === "owner" && rate.visibility === "signed-in");
  return visible ? { min: rate.min, max: rate.max ?? rate.min, currency: rate.currency } : null;
}

const summaryColumns = {
  id: shortlists.id,
  name: shortlists.name,
  shared: sql<boolean>`${shortlists.shareTokenHash} is not null`,
  updatedAt: sql<string>`to_json(${shortlists.updatedAt}) #>> '{}'`,
  // Written out: inside a subquery Drizzle would name the outer column without its table.
  count: sql<number>`(select count(*) from shortlist_entries e join consultants c on c.id = e.consultant_id
    where e.shortlist_id = "shortlists"."id" and c.status = 'approved')::int`,
};

/** The caller's list: 401 for a visitor, NotFound for a missing list and for someone else's alike. */
async function ownList(db: Database, actor: Actor, id: number): Promise<ShortlistSummary> {
  const user = requireSignedIn(actor);
  return firstOrNotFound(
    db
      .select(summaryColumns)
      .from(shortlists)
      .where(and(eq(shortlists.id, id), eq(shortlists.userId, user.id)))
      .limit(1),
    SHORTLIST_TEXTS.notFound,
  );
}

async function entriesOf(db: Database, id: number, audience: Audience): Promise<ShortlistEntry[]> {
  const rows = await db
    .select({
      consultant: consultantColumns,
      rate: rateColumns,
      note: shortlistEntries.note,
      addedAt: sql<string>`to_json(${shortlistEntries.createdAt}) #>> '{}'`,
    })
    .from(shortlistEntries)
    .innerJoin(consultants, eq(consultants.id, shortlistEntries.consultantId))
    .where(and(eq(shortlistEntries.shortlistId, id), listed))
    .orderBy(asc(shortlistEntries.createdAt), asc(consultants.id));
  return rows.map(({ consultant, rate, ...entry }) => ({
    ...entry,
    consultant: { ...consultant, dailyRate: rateFor(audience, rate) },
  }));
}

export async function listShortlists(deps: Deps, actor: Actor): Promise<ShortlistSummary[]> {
  const user = requireSignedIn(actor);
  return deps.db
    .select(summaryColumns)
    .from(shortlists)
    .where(eq(shortlists.userId, user.id))
    .orderBy(desc(shortlists.updatedAt), desc(shortlists.id));
}

/** Which of the caller's lists hold a consultant (for the bookmark control). */
export async function listsHolding(deps: Deps, actor: Actor, consultantId: number): Promise<number[]> {
  if (!actor) return [];
  const rows = await deps.db
    .select({ id: shortlistEntries.shortlistId })
    .from(shortlistEntries)
    .innerJoin(shortlists, eq(shortlists.id, shortlistEntries.shortlistId))
    .where(and(eq(shortlists.userId, actor.id), eq(shortlistEntries.consultantId, consultantId)));
  return rows.map((row) => row.id);
}

export async function createShortlist(deps: Deps, actor: Actor, input: unknown): Promise<ShortlistDetail> {
  const user = requireSignedIn(actor);
  const { name } = parse(shortlistNameSchema, input);
  const id = await deps.db.transaction(async (tx) => {
    // One user's creations take turns, so two at once cannot both slip under the cap.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('shortlists:user'), ${user.id})`);
    const [existing] = await tx.select({ total: count() }).from(shortlists).where(eq(shortlists.userId, user.id));
    if ((existing?.total ?? 0) >= SHORTLIST_LIMITS.lists) throw new Conflict(SHORTLIST_TEXTS.tooManyLists);
    const [row] = await tx.insert(shortlists).values({ userId: user.id, name }).returning({ id: shortlists.id });
    if (!row) throw new Error("the shortlist was not stored");
    return row.id;
  });
  return getShortlist(deps, actor, id);
}

export async function getShortlist(deps: Deps, actor: Actor, id: number): Promise<ShortlistDetail> {
  const summary = await ownList(deps.db, actor, id);
  return { ...summary, entries: await entriesOf(deps.db, id, "owner") };
}

export async function renameShortlist(deps: Deps, actor: Actor, input: { id: number; body: unknown }): Promise<ShortlistDetail> {
  const { id } = input;
  await ownList(deps.db, actor, id);
  const { name } = parse(shortlistNameSchema, input.body);
  await deps.db.update(shortlists).set({ name, updatedAt: new Date() }).where(eq(shortlists.id, id));
  return getShortlist(deps, actor, id);
}

export async function deleteShortlist(deps: Deps, actor: Actor, id: number): Promise<void> {
  await ownList(deps.db, actor, id);
  await deps.db.delete(shortlists).where(eq(shortlists.id, id));
}

/** Adds a listed consultant to the list, or changes the note of one already on it. */
export async function putShortlistEntry(
  deps: Deps,
  actor: Actor,
  input: { id: number; consultantId: number; body: unknown },
): Promise<ShortlistDetail> {
  await ownList(deps.db, actor, input.id);
  const { note } = parse(shortlistEntrySchema, input.body);
  const consultant = await firstOrNotFound(
    deps.db
      .select({ id: consultants.id })
      .from(consultants)
      .where(and(eq(consultants.id, input.consultantId), listed))
      .limit(1),
    SHORTLIST_TEXTS.consultantNotFound,
  );
  await deps.db.transaction(async (tx) => {
    await tx.execute(sql`select id from shortlists where id = ${input.id} for update`);
    const [existing] = await tx
      .select({ total: count() })
      .from(shortlistEntries)
      .where(eq(shortlistEntries.shortlistId, input.id));
    const [already] = await tx
      .select({ id: shortlistEntries.consultantId })
      .from(shortlistEntries)
      .where(and(eq(shortlistEntries.shortlistId, input.id), eq(shortlistEntries.consultantId, consultant.id)));
    if (!already && (existing?.total ?? 0) >= SHORTLIST_LIMITS.entries) throw new Conflict(SHORTLIST_TEXTS.tooManyEntries);
    await tx
      .insert(shortlistEntries)
      .values({ shortlistId: input.id, consultantId: consultant.id, note: note ?? "" })
      .onConflictDoUpdate({
        target: [shortlistEntries.shortlistId, shortlistEntries.consultantId],
        set: note === undefined ? { note: sql`${shortlistEntries.note}` } : { note },
      });
    await tx.update(shortlists).set({ updatedAt: new Date() }).where(eq(shortlists.id, input.id));
  });
  return getShortlist(deps, actor, input.id);
}

export async function removeShortlistEntry(
  deps: Deps,
  actor: Actor,
  input: { id: number; consultantId: number },
): Promise<ShortlistDetail> {
  await ownList(deps.db, actor, input.id);
  const removed = await deps.db
    .delete(shortlistEntries)
    .where(and(eq(shortlistEntries.shortlistId, input.id), eq(shortlistEntries.consultantId, input.consultantId)))
    .returning({ id: shortlistEntries.consultantId });
  if (removed.length === 0) throw new NotFound(SHORTLIST_TEXTS.consultantNotFound);
  return getShortlist(deps, actor, input.id);
}

/** Creates a new share link (replacing any earlier one, which stops working). */
export async function shareShortlist(deps: Deps, actor: Actor, id: number): Promise<{ token: string; url: string }> {
  await ownList(deps.db, actor, id);
  const token = randomBytes(32).toString("base64url");
  await deps.db
    .update(shortlists)
    .set({ shareTokenHash: hashToken(token) })
    .where(eq(shortlists.id, id));
  return { token, url: `${deps.config.publicUrl}/shortlists/shared/${token}` };
}

export async function revokeShortlistShare(deps: Deps, actor: Actor, id: number): Promise<void> {
  await ownList(deps.db, actor, id);
  await deps.db.update(shortlists).set({ shareTokenHash: null }).where(eq(shortlists.id, id));
}

/** The list behind a share link, for anyone holding it (no account needed); NotFound once revoked. */
export async function viewSharedShortlist(deps: Deps, token: string): Promise<SharedShortlist> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) throw new NotFound(SHORTLIST_TEXTS.notFound);
  const list = await firstOrNotFound(
    deps.db
      .select({ id: shortlists.id, name: shortlists.name })
      .from(shortlists)
      .where(eq(shortlists.shareTokenHash, hashToken(token)))
      .limit(1),
    SHORTLIST_TEXTS.notFound,
  );
  const entries = await entriesOf(deps.db, list.id, "public");
  return { name: list.name, entries: entries.map(({ consultant }) => ({ consultant })) };
}

/**
 * A spreadsheet cell: quoted, quotes doubled, and a cell a spreadsheet would read as a formula
 * (starting with =, +, -, @, a tab or a carriage return) prefixed with an apostrophe.
 */
export function csvCell(value: string | number | boolean): string {
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

const CSV_HEADER = [
  "Name",
  "Title",
  "Location",
  "Country",
  "Years of experience",
  "Primary specialization",
  "Other specializations",
  "Languages",
  "Donors",
  "Daily rate",
  "Availability",
  "Profile",
  "Note",
];

/** The list as CSV (public profile fields and the owner's notes), one consultant a row: a rate only where it is public. */
export async function exportShortlistCsv(deps: Deps, actor: Actor, id: number): Promise<{ name: string; csv: string }> {
  const list = await ownList(deps.db, actor, id);
  const entries = await entriesOf(deps.db, id, "public");
  const rows = entries.map(({ consultant: c, note }: { consultant: ShortlistConsultant; note: string }) =>
    [
      c.name,
      c.title,
      c.location,
      c.country,
      c.yearsExperience,
      c.primarySpecialization,
      c.secondarySpecializations.join("; "),
      c.languages.join("; "),
      c.donors.join("; "),
      c.dailyRate ? formatRate(c.dailyRate) : "",
      c.availableForWork ? "Available" : "Unavailable",
      `${deps.config.publicUrl}/consultant/${c.id}`,
      note,
    ].map(csvCell),
  );
  const csv = [CSV_HEADER.map(csvCell), ...rows].map((row) => row.join(",")).join("\r\n");
  return { name: list.name, csv: `\uFEFF${csv}\r\n` };
}
