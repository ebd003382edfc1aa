import { and, count, eq, sql } from "drizzle-orm";
import {
  SHORTLIST_LIMITS,
  SHORTLIST_TEXTS,
  type ShortlistDetail,
  type ShortlistNote,
  shortlistEntryPatchSchema,
  shortlistEntrySchema,
  shortlistNoteSchema,
} from "#common/shortlists.ts";
import type { Executor } from "#server/db/client.ts";
import { authUsers, consultants, shortlistEntries, shortlistNotes, shortlists } from "#server/db/schema.ts";
import type { Actor } from "../context.ts";
import { Conflict, firstOrNotFound, NotFound } from "../errors.ts";
import { accessibleList, type Deps, listed, notesOf, notHiddenFrom, parse } from "./access.ts";
import { getShortlist } from "./shortlists.ts";

// The entries of a list (issues 13 and 31): adding a consultant, the entry's note, its stage in
// the pipeline, internal notes, removing. Every member of a team list's organization may do all
// of it. A consultant hidden from the caller's organizations cannot be added (404, as a missing one).

type EntryInput = { id: number; consultantId: number };

async function touch(db: Executor, shortlistId: number): Promise<void> {
  await db.update(shortlists).set({ updatedAt: new Date() }).where(eq(shortlists.id, shortlistId));
}

/** The entry, or NotFound: a consultant no longer on the list, no longer listed, or hidden from the caller. */
async function existingEntry(db: Executor, input: EntryInput, viewerId: number): Promise<void> {
  await firstOrNotFound(
    db
      .select({ id: shortlistEntries.consultantId })
      .from(shortlistEntries)
      .innerJoin(consultants, eq(consultants.id, shortlistEntries.consultantId))
      .where(
        and(
          eq(shortlistEntries.shortlistId, input.id),
          eq(shortlistEntries.consultantId, input.consultantId),
          listed,
          notHiddenFrom(sql`${consultants.id}`, { viewerId }),
        ),
      )
      .limit(1),
    SHORTLIST_TEXTS.consultantNotFound,
  );
}

/** PUT …/consultants/{consultantId}: adds a listed consultant to the list, or changes the note of one already on it. */
export async function putShortlistEntry(
  deps: Deps,
  actor: Actor,
  input: EntryInput & { body: unknown },
): Promise<ShortlistDetail> {
  const access = await accessibleList(deps.db, actor, input.id);
  const { note } = parse(shortlistEntrySchema, input.body);
  const consultant = await firstOrNotFound(
    deps.db
      .select({ id: consultants.id })
      .from(consultants)
      .where(
        and(eq(consultants.id, input.consultantId), listed, notHiddenFrom(sql`${consultants.id}`, { viewerId: access.userId })),
      )
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
      .values({ shortlistId: input.id, consultantId: consultant.id, note: note ?? "", addedBy: access.userId })
      .onConflictDoUpdate({
        target: [shortlistEntries.shortlistId, shortlistEntries.consultantId],
        set: note === undefined ? { note: sql`${shortlistEntries.note}` } : { note },
      });
    await touch(tx, input.id);
  });
  return getShortlist(deps, actor, input.id);
}

/**
 * PATCH …/consultants/{consultantId} `{ stage?, note? }`: moves the entry to a stage by hand
 * (any stage: a person may correct a move), changes its note, or both.
 */
export async function patchShortlistEntry(
  deps: Deps,
  actor: Actor,
  input: EntryInput & { body: unknown },
): Promise<ShortlistDetail> {
  const access = await accessibleList(deps.db, actor, input.id);
  const { stage, note } = parse(shortlistEntryPatchSchema, input.body);
  await existingEntry(deps.db, input, access.userId);
  await deps.db.transaction(async (tx) => {
    await tx
      .update(shortlistEntries)
      .set({
        ...(note === undefined ? {} : { note }),
        ...(stage === undefined
          ? {}
          : {
              stage,
              stageChangedAt: sql`case when ${shortlistEntries.stage} = ${stage} then ${shortlistEntries.stageChangedAt} else now() end`,
            }),
      })
      .where(and(eq(shortlistEntries.shortlistId, input.id), eq(shortlistEntries.consultantId, input.consultantId)));
    await touch(tx, input.id);
  });
  return getShortlist(deps, actor, input.id);
}

export async function removeShortlistEntry(deps: Deps, actor: Actor, input: EntryInput): Promise<ShortlistDetail> {
  await accessibleList(deps.db, actor, input.id);
  const removed = await deps.db
    .delete(shortlistEntries)
    .where(and(eq(shortlistEntries.shortlistId, input.id), eq(shortlistEntries.consultantId, input.consultantId)))
    .returning({ id: shortlistEntries.consultantId });
  if (removed.length === 0) throw new NotFound(SHORTLIST_TEXTS.consultantNotFound);
  await touch(deps.db, input.id);
  return getShortlist(deps, actor, input.id);
}

/** GET …/consultants/{consultantId}/notes: the entry's internal notes, oldest first. */
export async function listShortlistNotes(deps: Deps, actor: Actor, input: EntryInput): Promise<{ notes: ShortlistNote[] }> {
  const access = await accessibleList(deps.db, actor, input.id);
  await existingEntry(deps.db, input, access.userId);
  return { notes: (await notesOf(deps.db, input.id, input.consultantId)).get(input.consultantId) ?? [] };
}

/** POST …/consultants/{consultantId}/notes `{ text }`: an internal note, with its author and time (at most 100 an entry). */
export async function addShortlistNote(deps: Deps, actor: Actor, input: EntryInput & { body: unknown }): Promise<ShortlistNote> {
  const access = await accessibleList(deps.db, actor, input.id);
  const { text } = parse(shortlistNoteSchema, input.body);
  await existingEntry(deps.db, input, access.userId);
  return deps.db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from shortlist_entries
      where shortlist_id = ${input.id} and consultant_id = ${input.consultantId} for update`);
    const [existing] = await tx
      .select({ total: count() })
      .from(shortlistNotes)
      .where(and(eq(shortlistNotes.shortlistId, input.id), eq(shortlistNotes.consultantId, input.consultantId)));
    if ((existing?.total ?? 0) >= SHORTLIST_LIMITS.notesPerEntry) throw new Conflict(SHORTLIST_TEXTS.tooManyNotes);
    const [author] = await tx.select({ name: authUsers.name }).from(authUsers).where(eq(authUsers.id, access.userId)).limit(1);
    const [note] = await tx
      .insert(shortlistNotes)
      .values({
        shortlistId: input.id,
        consultantId: input.consultantId,
        authorId: access.userId,
        authorName: author?.name ?? "",
        body: text,
      })
      .returning({
        id: shortlistNotes.id,
        author: shortlistNotes.authorName,
        text: shortlistNotes.body,
        createdAt: sql<string>`to_json(${shortlistNotes.createdAt}) #>> '{}'`,
      });
    if (!note) throw new Error("the note was not stored");
    await touch(tx, input.id);
    return note;
  });
}
