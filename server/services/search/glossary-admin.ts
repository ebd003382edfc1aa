import { sql } from "drizzle-orm";
import { z } from "zod";
import {
  checkAddition,
  GlossaryAdditionSchema,
  type GlossaryFileInput,
  type GlossaryLanguage,
  getConcept,
  glossaryFileOf,
  mergeAdditions,
  preferredLabel,
} from "#common/glossary/glossary.ts";
import { parseSearchParamsLeniently } from "#common/search-params.ts";
import type { Executor } from "#server/db/client.ts";
import { glossaryAdditions } from "#server/db/schema.ts";
import { JOBS } from "#server/jobs/queue.ts";
import { recordAudit } from "../admin/audit.ts";
import { type Actor, inAdminTransaction, requireAdmin, type ServiceDeps } from "../context.ts";
import { Conflict, NotFound, ValidationFailed } from "../errors.ts";
import { parseInput } from "../validate.ts";
import { loadAdditions, startRetag, syncConceptForms } from "./concepts.ts";

// The admins' side of the field glossary in the search (issue 33): the most frequent searches that
// found nothing in the last 30 days (counted per day and per search, never per person), and a
// synonym added to a concept from there. The file (common/glossary/field-glossary.json) stays the
// source: an addition is stored, audited, merged at load time, and exported with the file for review.

/** How far back the list of zero-result searches looks. */
export const ZERO_RESULT_DAYS = 30;

/** The query of the list of zero-result searches (the API documents this one). */
export const ZeroResultsQuerySchema = z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) });

export type ZeroResultSearch = {
  /** The search as a query string (keywords in lower case, filters; no page or order). */
  query: string;
  keywords: string | null;
  searches: number;
  lastSearched: string;
};

/**
 * Forgets the zero-result searches older than the admins' list reads (ZERO_RESULT_DAYS): the
 * counts hold no identity, but nothing needs them after, and the table would only grow. Hourly,
 * with the other purges (maintenance.ts).
 */
export async function purgeOldZeroResults(db: Executor): Promise<number> {
  const gone = await db.execute(sql`
    delete from search_zero_results where day <= current_date - ${ZERO_RESULT_DAYS}::int returning 1`);
  return gone.length;
}

/** The most frequent searches of the last 30 days that found nothing, most first. */
export async function listZeroResultSearches(
  deps: Pick<ServiceDeps, "db">,
  actor: Actor,
  input: unknown,
): Promise<{ days: number; searches: ZeroResultSearch[] }> {
  await requireAdmin(deps, actor);
  const { limit } = parseInput(ZeroResultsQuerySchema, input ?? {});
  const rows = await deps.db.execute<{ query: string; searches: number; last: string }>(sql`
    select query, sum(searches)::int as searches, max(day)::text as last
    from search_zero_results
    where day > current_date - ${ZERO_RESULT_DAYS}::int
    group by query
    order by sum(searches) desc, query
    limit ${limit}`);
  return {
    days: ZERO_RESULT_DAYS,
    searches: rows.map((row) => ({
      query: row.query,
      keywords: parseSearchParamsLeniently(new URLSearchParams(row.query)).keywords ?? null,
      searches: Number(row.searches),
      lastSearched: row.last,
    })),
  };
}

const SynonymBodySchema = GlossaryAdditionSchema.omit({ conceptId: true });

export type AddedSynonym = {
  id: number;
  conceptId: string;
  /** The concept's preferred label (in `labelIn`, English by default). */
  label: string;
  language: string;
  text: string;
  /** Whether every profile is being tagged again in the background (a large directory). */
  retagging: boolean;
};

/**
 * An admin adds a form to a concept of the glossary (a synonym, an acronym, a term in one of the
 * region's languages): checked as a reviewed file's form would be (the language's script, not a
 * form of this or another concept), stored and audited in one transaction; then the search's forms
 * are written again and every profile is tagged again, by the retag job.
 */
export async function addGlossarySynonym(
  deps: Pick<ServiceDeps, "db" | "runtime" | "jobs">,
  actor: Actor,
  input: { conceptId: string; body: unknown; labelIn?: GlossaryLanguage },
): Promise<AddedSynonym> {
  const body = parseInput(SynonymBodySchema, input.body ?? {});
  const addition = { ...body, conceptId: input.conceptId };
  const added = await inAdminTransaction(deps, actor, async (tx, admin) => {
    // One addition at a time, each checked against the glossary with every earlier one.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('glossary_additions'))`);
    const glossary = mergeAdditions(deps.runtime.glossary.base(), await loadAdditions(tx)).glossary;
    const concept = getConcept(glossary, addition.conceptId);
    if (!concept) throw new NotFound("Concept not found");
    const check = checkAddition(glossary, addition);
    if (!check.ok) {
      if (check.reason === "invalid") throw new ValidationFailed(check.message, [{ path: "text", message: check.message }]);
      throw new Conflict(check.message);
    }
    const [row] = await tx
      .insert(glossaryAdditions)
      .values({ ...addition, addedBy: admin.id })
      .returning({ id: glossaryAdditions.id });
    if (!row) throw new Error("the addition was not stored");
    await recordAudit(tx, admin, {
      action: "add_synonym",
      targetType: "concept",
      targetId: row.id,
      targetLabel: `${concept.id}: ${addition.text}`,
      changes: { [addition.language]: { from: null, to: addition.text } },
    });
    const merged = mergeAdditions(glossary, [addition]).glossary;
    if ((await syncConceptForms(tx, merged)) > 0) await startRetag(tx);
    return { id: row.id, conceptId: concept.id, label: preferredLabel(concept, input.labelIn ?? "en") };
  });
  // The search reads the glossary with the addition (here and, through PostgreSQL, elsewhere).
  deps.runtime.directory.changed();
  await deps.jobs.enqueue(JOBS.retag, {}, { singletonKey: JOBS.retag });
  return { ...added, language: addition.language, text: addition.text, retagging: true };
}

/** The glossary file as it would be with the admins' additions merged: to review into the repository. */
export async function exportGlossary(deps: Pick<ServiceDeps, "db" | "runtime">, actor: Actor): Promise<GlossaryFileInput> {
  await requireAdmin(deps, actor);
  return glossaryFileOf(await deps.runtime.glossary.get(deps.db));
}

/**
 * The glossary's concepts for an admin's choice: id and preferred label in `language` (the admin
 * page's; the glossary has every concept in the four interface languages, English otherwise), in
 * that language's order.
 */
export async function listGlossaryConcepts(
  deps: Pick<ServiceDeps, "db" | "runtime">,
  actor: Actor,
  language: GlossaryLanguage = "en",
): Promise<{ id: string; label: string }[]> {
  await requireAdmin(deps, actor);
  const glossary = await deps.runtime.glossary.get(deps.db);
  return glossary.concepts
    .map((concept) => ({ id: concept.id, label: preferredLabel(concept, language) }))
    .sort((a, b) => a.label.localeCompare(b.label, language));
}
