import { msg } from "@lingui/core/runtime-macro";
import { and, count, desc, eq, gt, inArray, notInArray, sql } from "drizzle-orm";
import { MAX_PAGE_SIZE } from "#common/constants.ts";
import { type Locale, localizePath, toLocale } from "#common/locales.ts";
import {
  SAVED_SEARCH_LIMITS,
  SAVED_SEARCH_TEXTS,
  type SavedSearchView,
  savedSearchCreateSchema,
  savedSearchUpdateSchema,
} from "#common/saved-searches.ts";
import { searchQueryString } from "#common/search.ts";
import { parseSearchParams, parseSearchParamsLeniently } from "#common/search-params.ts";
import { consultants, savedSearches, savedSearchNotified } from "#server/db/schema.ts";
import { enqueueMail } from "#server/jobs/mail.ts";
import { JOBS } from "#server/jobs/queue.ts";
import { type Actor, requireUser, type ServiceDeps } from "../context.ts";
import { Conflict, firstOrNotFound, ValidationFailed } from "../errors.ts";
import { composeMail, isolate, oneLine } from "../mail.ts";
import { mailLanguage } from "../mail-language.ts";
import { searchFor } from "../organizations/hidden-from.ts";
import { searchConsultants } from "../search/index.ts";
import { parseInput } from "../validate.ts";
import { alertPeriod, checkUnsubscribeLink, newAlertKey, unsubscribeToken } from "./alert-rules.ts";

// Saved searches with e-mail alerts (issue 13). Only the owner sees or changes a saved search
// (others: NotFound). Alerts run on the job queue: every 15 minutes `queueDueDigests` queues one
// digest job per due search; `sendDigest` announces listed profiles that match, were listed after
// the search was saved, and were never announced for it (at most 10 a mail, with a link to the
// full search). It locks the search's row and checks it is due again, so a digest queued twice or
// run by two instances at once sends one e-mail; what it announces is recorded in the same
// transaction that queues the mail.

type Deps = Pick<ServiceDeps, "db" | "config" | "jobs" | "runtime">;

const viewColumns = {
  id: savedSearches.id,
  name: savedSearches.name,
  query: savedSearches.query,
  frequency: savedSearches.frequency,
  lastAlertedAt: sql<string | null>`to_json(${savedSearches.lastAlertedAt}) #>> '{}'`,
  createdAt: sql<string>`to_json(${savedSearches.createdAt}) #>> '{}'`,
};

/** The query string as the search understands it (strictly checked), without paging or sorting. */
function normalizedQuery(query: string): string {
  const parsed = parseSearchParams(new URLSearchParams(query));
  if (!parsed.success) {
    const errors = parsed.error.issues.map((issue) => ({ path: `query.${issue.path.join(".")}`, message: issue.message }));
    throw new ValidationFailed(errors[0]?.message ?? SAVED_SEARCH_TEXTS.query, errors);
  }
  const { page: _page, limit: _limit, ...params } = parsed.data;
  return searchQueryString(params).replace(/^\?/, "");
}

async function own(deps: Pick<Deps, "db">, userId: number, id: number): Promise<SavedSearchView> {
  return firstOrNotFound(
    deps.db
      .select(viewColumns)
      .from(savedSearches)
      .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
      .limit(1),
    SAVED_SEARCH_TEXTS.notFound,
  );
}

export async function listSavedSearches(deps: Pick<Deps, "db">, actor: Actor): Promise<SavedSearchView[]> {
  const user = requireUser(actor, SAVED_SEARCH_TEXTS.signIn);
  return deps.db
    .select(viewColumns)
    .from(savedSearches)
    .where(eq(savedSearches.userId, user.id))
    .orderBy(desc(savedSearches.createdAt), desc(savedSearches.id));
}

export async function createSavedSearch(deps: Pick<Deps, "db">, actor: Actor, input: unknown): Promise<SavedSearchView> {
  const user = requireUser(actor, SAVED_SEARCH_TEXTS.signIn);
  const data = parseInput(savedSearchCreateSchema, input);
  const query = normalizedQuery(data.query);
  const id = await deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('saved-searches:user'), ${user.id})`);
    const [existing] = await tx.select({ total: count() }).from(savedSearches).where(eq(savedSearches.userId, user.id));
    if ((existing?.total ?? 0) >= SAVED_SEARCH_LIMITS.perUser) throw new Conflict(SAVED_SEARCH_TEXTS.tooMany);
    // The same keywords and filters twice would send the same alert twice.
    const [same] = await tx
      .select({ name: savedSearches.name })
      .from(savedSearches)
      .where(and(eq(savedSearches.userId, user.id), eq(savedSearches.query, query)))
      .limit(1);
    if (same) throw new Conflict(SAVED_SEARCH_TEXTS.duplicate(same.name));
    const [row] = await tx
      .insert(savedSearches)
      .values({ userId: user.id, name: data.name, query, frequency: data.frequency, alertKey: newAlertKey() })
      .returning({ id: savedSearches.id });
    if (!row) throw new Error("the saved search was not stored");
    return row.id;
  });
  return own(deps, user.id, id);
}

export async function updateSavedSearch(
  deps: Pick<Deps, "db">,
  actor: Actor,
  input: { id: number; body: unknown },
): Promise<SavedSearchView> {
  const user = requireUser(actor, SAVED_SEARCH_TEXTS.signIn);
  await own(deps, user.id, input.id);
  const data = parseInput(savedSearchUpdateSchema, input.body);
  await deps.db
    .update(savedSearches)
    .set({ ...data, updatedAt: new Date() })
    .where(eq(savedSearches.id, input.id));
  return own(deps, user.id, input.id);
}

export async function deleteSavedSearch(deps: Pick<Deps, "db">, actor: Actor, id: number): Promise<void> {
  const user = requireUser(actor, SAVED_SEARCH_TEXTS.signIn);
  await own(deps, user.id, id);
  await deps.db.delete(savedSearches).where(eq(savedSearches.id, id));
}

// ---------------------------------------------------------------------------------------------
// Unsubscribe links: HMAC of the search's id with its own key, checked without an account.

const unsubscribeSubject = (id: number) => `unsubscribe:${id}`;

export function unsubscribeUrl(publicUrl: string, id: number, alertKey: string, locale: Locale = toLocale("en")): string {
  return `${publicUrl}${localizePath(locale, "/saved-searches/unsubscribe")}?s=${id}&t=${unsubscribeToken(alertKey, unsubscribeSubject(id))}`;
}

/** Turns the alert of a saved search off, for whoever holds its signed link. */
export async function unsubscribeSavedSearch(
  deps: Pick<Deps, "db">,
  input: { id: unknown; token: unknown },
): Promise<{ name: string }> {
  const { id, row } = await checkUnsubscribeLink(input, {
    subjectOf: unsubscribeSubject,
    load: async (id) =>
      (
        await deps.db
          .select({ name: savedSearches.name, alertKey: savedSearches.alertKey })
          .from(savedSearches)
          .where(eq(savedSearches.id, id))
          .limit(1)
      )[0],
    invalid: SAVED_SEARCH_TEXTS.unsubscribeInvalid,
  });
  await deps.db.update(savedSearches).set({ frequency: "off", updatedAt: new Date() }).where(eq(savedSearches.id, id));
  return { name: row.name };
}

// ---------------------------------------------------------------------------------------------
// Alerts

/**
 * A search's alert is due once its period has passed since it was last looked at; and, until it has
 * sent its first e-mail, at the next run (every 15 minutes) after a profile was listed since then,
 * so the first alert does not wait a whole period (issue 36). A search with nothing listed since it
 * was last looked at is not searched again.
 */
const since = sql`coalesce(${savedSearches.lastAlertedAt}, ${savedSearches.createdAt})`;
const due = sql`${savedSearches.frequency} <> 'off' and (
  ${since} <= now() - ${alertPeriod(savedSearches.frequency)}
  or (not exists (select 1 from ${savedSearchNotified} where ${savedSearchNotified.savedSearchId} = ${savedSearches.id})
      and exists (select 1 from ${consultants} where ${consultants.status} = 'approved' and ${consultants.listedAt} > ${since})))`;

/** Queues one digest job for every saved search whose alert is due (the recurring alerts job). */
export async function queueDueDigests(deps: Deps): Promise<number> {
  const rows = await deps.db.select({ id: savedSearches.id }).from(savedSearches).where(due);
  for (const row of rows) await deps.jobs.enqueue(JOBS.digest, { savedSearchId: row.id }, { singletonKey: `digest:${row.id}` });
  return rows.length;
}

export type DigestOutcome = { kind: "not-due" } | { kind: "nothing-new" } | { kind: "sent"; announced: number };

/**
 * Builds one saved search's digest: the newly listed matching profiles it never announced, at
 * most 10, e-mailed to the owner with a link to the full search and an unsubscribe link.
 */
export async function sendDigest(deps: Deps, savedSearchId: number): Promise<DigestOutcome> {
  return deps.db.transaction(async (tx) => {
    const [search] = (await tx.execute(sql`
      select saved_searches.id, saved_searches.user_id, saved_searches.name, saved_searches.query, saved_searches.alert_key,
             to_json(saved_searches.created_at) #>> '{}' as created_at, u.email, u.name as user_name, u.locale
      from saved_searches join auth_users u on u.id = saved_searches.user_id
      where saved_searches.id = ${savedSearchId} and ${due}
      for update of saved_searches skip locked`)) as unknown as {
      id: number;
      user_id: number;
      name: string;
      query: string;
      created_at: string;
      alert_key: string;
      email: string;
      user_name: string;
      locale: string | null;
    }[];
    if (!search) return { kind: "not-due" } as const;
    await tx.update(savedSearches).set({ lastAlertedAt: new Date() }).where(eq(savedSearches.id, search.id));

    const params = parseSearchParamsLeniently(new URLSearchParams(search.query));
    // The alert announces only profiles its owner may see (issue 31: not those hidden from their organizations).
    const visible = await searchFor(tx, { id: search.user_id, role: "user" }, params);
    const found = await searchConsultants(deps, { ...visible, sort: "recent", page: 1, limit: MAX_PAGE_SIZE });
    // Results the corrector found for other words ("Did you mean …") are not matches of the search
    // its owner saved: an alert announces only profiles matching the words as saved.
    const ids = found.correctedKeywords ? [] : found.consultants.map((consultant) => consultant.id);
    if (ids.length === 0) return { kind: "nothing-new" } as const;
    const announced = tx
      .select({ id: savedSearchNotified.consultantId })
      .from(savedSearchNotified)
      .where(eq(savedSearchNotified.savedSearchId, search.id));
    const fresh = await tx
      .select({ id: consultants.id, name: consultants.name, title: consultants.title, location: consultants.location })
      .from(consultants)
      .where(
        and(
          inArray(consultants.id, ids),
          eq(consultants.status, "approved"),
          gt(consultants.listedAt, sql`${search.created_at}::timestamptz`),
          notInArray(consultants.id, announced),
        ),
      )
      .orderBy(desc(consultants.listedAt), desc(consultants.id))
      .limit(SAVED_SEARCH_LIMITS.perDigest);
    if (fresh.length === 0) return { kind: "nothing-new" } as const;
    await tx
      .insert(savedSearchNotified)
      .values(fresh.map((consultant) => ({ savedSearchId: search.id, consultantId: consultant.id })))
      .onConflictDoNothing();

    // Written in the owner's language, with links to the pages in it (as the opportunities digest).
    const { publicUrl, siteName } = deps.config;
    const { locale, i18n } = await mailLanguage(search.locale);
    const name = oneLine(search.user_name);
    const searchName = oneLine(search.name);
    const searchUrl = `${publicUrl}${localizePath(locale, `/?${search.query}`)}`;
    const stopUrl = unsubscribeUrl(publicUrl, search.id, search.alert_key, locale);
    const { text, html, language } = composeMail(
      locale,
      siteName,
      [
        i18n._(msg`Hello ${{ name }},`),
        i18n._(msg`New consultants match your saved search "${{ searchName }}":`),
        fresh
          .map(
            (c) =>
              `• ${isolate(oneLine(c.name))}: ${isolate(oneLine(c.title))}, ${isolate(oneLine(c.location))}\n  ${publicUrl}${localizePath(locale, `/consultant/${c.id}`)}`,
          )
          .join("\n"),
        i18n._(msg`See every match: ${{ searchUrl }}`),
        i18n._(msg`To stop these alerts: ${{ stopUrl }}`),
      ],
      { label: i18n._(msg`See the full search`), url: searchUrl },
    );
    await enqueueMail(
      deps,
      { to: search.email, subject: i18n._(msg`New consultants for "${{ searchName }}"`), text, html, language },
      { db: tx },
    );
    return { kind: "sent", announced: fresh.length } as const;
  });
}
