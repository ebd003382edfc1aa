import { msg } from "@lingui/core/runtime-macro";
import { and, eq, gt, sql } from "drizzle-orm";
import { localizePath, toLocale } from "#common/locales.ts";
import { DIGEST_LIMIT, type DigestFrequency, digestFrequencySchema, MATCH_TEXTS } from "#common/opportunity-match.ts";
import { consultants, opportunityDigestSent, opportunityDigests } from "#server/db/schema.ts";
import { enqueueMail } from "#server/jobs/mail.ts";
import { JOBS } from "#server/jobs/queue.ts";
import { type Actor, requireUser, type ServiceDeps } from "../context.ts";
import { composeMail, oneLine } from "../mail.ts";
import { mailLanguage } from "../mail-language.ts";
import { alertPeriod, checkUnsubscribeLink, newAlertKey, unsubscribeToken } from "../saved-searches/alert-rules.ts";
import { parseInput } from "../validate.ts";
import { opportunitiesMatching, ownProfileFacts } from "./matching.ts";

type ProfileRow = {
  id: number;
  primary_specialization: string;
  secondary_specializations: string[];
  country: string;
  track_countries: string[];
  track_donors: string[];
  languages: string[];
  years_experience: number;
};

// The opportunities digest (issue 32): a weekly (or daily, the consultant's choice) e-mail of the
// newly published opportunities that match the profile (Opportunities for you's rule and score),
// never the same opportunity twice, none when nothing is new, with an unsubscribe link that works
// without signing in. The saved-search alerts' rules (saved-searches.ts): a recurring job finds
// who is due and queues the work; each consultant's digest locks their row and checks they are
// due again, so a job run twice or by two instances at once sends one e-mail, and what it announces
// is recorded in the transaction that queues the mail. Unlike the alerts, due consultants are
// queued a batch a job (DIGEST_BATCH ids), and each consultant is one short transaction: a run
// over 100 000 consultants never holds one transaction or one connection for the whole run.

type Deps = Pick<ServiceDeps, "db" | "config" | "jobs">;

/** Consultants a digest job handles. */
export const DIGEST_BATCH = 500;

/** Listed profiles with an account whose digest is due at `now` (no row: weekly, never sent). */
function dueAt(now: Date) {
  const at = sql`${now.toISOString()}::timestamptz`;
  return sql`${consultants.status} = 'approved' and ${consultants.userId} is not null
    and coalesce(${opportunityDigests.frequency}, 'weekly') <> 'off'
    and (${opportunityDigests.lastSentAt} is null or ${opportunityDigests.lastSentAt} <= ${at} - ${alertPeriod(opportunityDigests.frequency)})`;
}

/**
 * The recurring job: queues the consultants whose digest is due, DIGEST_BATCH a job (keyset pages
 * of ids, each page its own short query). Answers how many consultants were queued.
 */
export async function queueDueOpportunityDigests(deps: Deps, now = new Date()): Promise<number> {
  let after = 0;
  let queued = 0;
  for (;;) {
    const rows = await deps.db
      .select({ id: consultants.id })
      .from(consultants)
      .leftJoin(opportunityDigests, eq(opportunityDigests.consultantId, consultants.id))
      .where(and(gt(consultants.id, after), dueAt(now)))
      .orderBy(consultants.id)
      .limit(DIGEST_BATCH);
    if (rows.length === 0) return queued;
    const ids = rows.map((row) => row.id);
    const first = ids[0];
    after = ids[ids.length - 1] ?? after;
    // One queued job per batch at a time: a second run before it ran queues nothing new for it.
    await deps.jobs.enqueue(JOBS.opportunityDigestBatch, { ids }, { singletonKey: `opportunity-digest:${first}` });
    queued += ids.length;
    if (rows.length < DIGEST_BATCH) return queued;
  }
}

export type OpportunityDigestOutcome = { kind: "not-due" } | { kind: "nothing-new" } | { kind: "sent"; announced: number };

/** A batch job: each consultant's digest in its own transaction. */
export async function sendOpportunityDigests(deps: Deps, ids: readonly number[], now = new Date()) {
  const outcomes = { sent: 0, nothingNew: 0, notDue: 0 };
  for (const id of ids) {
    const outcome = await sendOpportunityDigest(deps, id, now);
    if (outcome.kind === "sent") outcomes.sent += 1;
    else if (outcome.kind === "nothing-new") outcomes.nothingNew += 1;
    else outcomes.notDue += 1;
  }
  return outcomes;
}

/**
 * One consultant's digest: the matching opportunities published since the last one (the last
 * period for a first one) and never announced to them, best first, at most DIGEST_LIMIT, e-mailed
 * in the account's language with a link to the profile page and an unsubscribe link.
 */
export async function sendOpportunityDigest(
  deps: Deps,
  consultantId: number,
  now = new Date(),
): Promise<OpportunityDigestOutcome> {
  return deps.db.transaction(async (tx) => {
    await tx.insert(opportunityDigests).values({ consultantId, alertKey: newAlertKey() }).onConflictDoNothing();
    const [row] = (await tx.execute(sql`
      select consultants.id, consultants.primary_specialization, consultants.secondary_specializations, consultants.country,
             consultants.track_countries, consultants.track_donors, consultants.languages, consultants.years_experience,
             opportunity_digests.frequency, opportunity_digests.alert_key,
             to_json(coalesce(opportunity_digests.last_sent_at, ${now.toISOString()}::timestamptz - ${alertPeriod("weekly")})) #>> '{}' as since,
             u.email, u.name as user_name, u.locale
      from opportunity_digests
      join consultants on consultants.id = opportunity_digests.consultant_id
      join auth_users u on u.id = consultants.user_id
      where opportunity_digests.consultant_id = ${consultantId} and ${dueAt(now)}
      for update of opportunity_digests skip locked`)) as unknown as (ProfileRow & {
      frequency: DigestFrequency;
      alert_key: string;
      since: string;
      email: string;
      user_name: string;
      locale: string | null;
    })[];
    if (!row) return { kind: "not-due" } as const;
    await tx.update(opportunityDigests).set({ lastSentAt: now }).where(eq(opportunityDigests.consultantId, consultantId));

    const profile = {
      primarySpecialization: row.primary_specialization,
      secondarySpecializations: row.secondary_specializations,
      country: row.country,
      workedIn: row.track_countries,
      donors: row.track_donors,
      languages: row.languages,
      yearsExperience: row.years_experience,
    };
    const fresh = await opportunitiesMatching(tx, profile, {
      now,
      limit: DIGEST_LIMIT,
      publishedAfter: new Date(row.since),
      notAnnounced: true,
      consultantId,
    });
    if (fresh.length === 0) return { kind: "nothing-new" } as const;
    await tx
      .insert(opportunityDigestSent)
      .values(fresh.map((opportunity) => ({ consultantId, opportunityId: opportunity.id })))
      .onConflictDoNothing();

    const { publicUrl, siteName } = deps.config;
    const { locale, i18n } = await mailLanguage(row.locale);
    const name = oneLine(row.user_name);
    const profileUrl = `${publicUrl}${localizePath(locale, "/my-consultant-profile")}`;
    const stopUrl = opportunityDigestUnsubscribeUrl(publicUrl, consultantId, row.alert_key, locale);
    const list = fresh
      .map((opportunity) => {
        const score = opportunity.match.score;
        const title = oneLine(opportunity.title);
        const organization = oneLine(opportunity.organization.name);
        const deadline = opportunity.deadlineDate;
        return `• ${i18n._(msg`${{ title }}, ${{ organization }} (match ${{ score }}/100, apply by ${{ deadline }})`)}\n  ${publicUrl}${localizePath(locale, opportunity.path)}`;
      })
      .join("\n");
    const count = fresh.length;
    const { text, html, language } = composeMail(
      locale,
      siteName,
      [
        i18n._(msg`Hello ${{ name }},`),
        i18n._(msg`New opportunities match your profile (${{ count }}):`),
        list,
        i18n._(msg`To stop these e-mails: ${{ stopUrl }}`),
      ],
      { label: i18n._(msg`See the opportunities for you`), url: profileUrl },
    );
    await enqueueMail(
      deps,
      { to: row.email, subject: i18n._(msg`New opportunities for you on ${{ siteName }}`), text, html, language },
      { db: tx },
    );
    return { kind: "sent", announced: fresh.length } as const;
  });
}

// ---------------------------------------------------------------------------------------------
// The consultant's choice, and the unsubscribe link (HMAC of the consultant's id with their row's key).

const unsubscribeSubject = (consultantId: number) => `opportunity-digest:${consultantId}`;

export function opportunityDigestUnsubscribeUrl(
  publicUrl: string,
  consultantId: number,
  alertKey: string,
  locale = toLocale("en"),
) {
  return `${publicUrl}${localizePath(locale, "/opportunity-digest/unsubscribe")}?c=${consultantId}&t=${unsubscribeToken(alertKey, unsubscribeSubject(consultantId))}`;
}

/** Turns the digest off for whoever holds its signed link (no account needed). */
export async function unsubscribeOpportunityDigest(
  deps: Pick<Deps, "db">,
  input: { id: unknown; token: unknown },
): Promise<{ frequency: "off" }> {
  const { id } = await checkUnsubscribeLink(input, {
    subjectOf: unsubscribeSubject,
    load: async (id) =>
      (
        await deps.db
          .select({ alertKey: opportunityDigests.alertKey })
          .from(opportunityDigests)
          .where(eq(opportunityDigests.consultantId, id))
          .limit(1)
      )[0],
    invalid: MATCH_TEXTS.unsubscribeInvalid,
  });
  await deps.db
    .update(opportunityDigests)
    .set({ frequency: "off", updatedAt: new Date() })
    .where(eq(opportunityDigests.consultantId, id));
  return { frequency: "off" };
}

/** GET /api/my-consultant-profile/opportunity-digest: how often the digest comes (weekly when never chosen). */
export async function getDigestFrequency(deps: Pick<Deps, "db">, actor: Actor): Promise<{ frequency: DigestFrequency }> {
  requireUser(actor, MATCH_TEXTS.signIn);
  const profile = await ownProfileFacts(deps.db, actor);
  const [row] = await deps.db
    .select({ frequency: opportunityDigests.frequency })
    .from(opportunityDigests)
    .where(eq(opportunityDigests.consultantId, profile.id))
    .limit(1);
  return { frequency: row?.frequency ?? "weekly" };
}

/** PUT /api/my-consultant-profile/opportunity-digest `{ frequency }`: weekly, daily or off. */
export async function setDigestFrequency(
  deps: Pick<Deps, "db">,
  actor: Actor,
  input: unknown,
): Promise<{ frequency: DigestFrequency }> {
  const profile = await ownProfileFacts(deps.db, actor);
  const { frequency } = parseInput(digestFrequencySchema, input ?? {});
  await deps.db
    .insert(opportunityDigests)
    .values({ consultantId: profile.id, frequency, alertKey: newAlertKey() })
    .onConflictDoUpdate({ target: opportunityDigests.consultantId, set: { frequency, updatedAt: new Date() } });
  return { frequency };
}
