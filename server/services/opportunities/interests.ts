import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/runtime-macro";
import { and, desc, eq, sql } from "drizzle-orm";
import { asciiName } from "#common/file-names.ts";
import { localizePath } from "#common/locales.ts";
import {
  type Applicant,
  type ApplicantShortlist,
  INTEREST_STAGES,
  INTEREST_TEXTS,
  type InterestStage,
  interestSchema,
  interestStageSchema,
  interestUpdateSchema,
  type MyInterest,
  OPPORTUNITY_TEXTS,
  type OpportunityView,
  opportunityPath,
} from "#common/opportunities.ts";
import { matchScore } from "#common/opportunity-match.ts";
import type { Executor } from "#server/db/client.ts";
import { authUsers, consultants, opportunities, opportunityInterests, organizations } from "#server/db/schema.ts";
import { enqueueMail } from "#server/jobs/mail.ts";
import { withUnicodeBurmese } from "../burmese.ts";
import { isListed } from "../consultants/read-model.ts";
import { type Actor, requireUser, type ServiceDeps } from "../context.ts";
import { consultantCv } from "../cv/index.ts";
import { Conflict, Forbidden, NotFound } from "../errors.ts";
import { composeMail, isolate, oneLine } from "../mail.ts";
import { mailLanguage } from "../mail-language.ts";
import { actFor, actingOrganization, requireMember, requireSignedIn, roleIn } from "../organizations/membership.ts";
import { csvText } from "../shortlists/csv.ts";
import { parseInput } from "../validate.ts";
import { loadOpportunity, organizationBadgeColumns, PUBLIC_STATUSES, wantedColumns } from "./access.ts";
import { teamShortlistsOf } from "./applicant-shortlists.ts";
import { getOpportunity } from "./opportunities.ts";

// Expressions of interest (issue 32): a signed-in consultant with a listed profile sends one per
// opportunity (a note, when they are available, a daily rate only the organization sees) with the
// profile's CV as it is at that moment (stored with the interest: later edits do not change what
// was sent); editable and withdrawable until the deadline. The organization's members see the
// applicants, move them through the stages (selected / declined tell the consultant by one queued
// e-mail, its text editable), download each CV and export them as CSV.

type Deps = Pick<ServiceDeps, "db" | "config" | "jobs" | "clientIp" | "runtime">;

const CONSTRAINT_ONE = "opportunity_interests_one_key";

/** The caller's listed profile, if they have one. */
async function findListedProfile(db: Executor, userId: number) {
  const [profile] = await db
    .select({ id: consultants.id })
    .from(consultants)
    .where(and(eq(consultants.userId, userId), isListed))
    .limit(1);
  return profile;
}

/** The caller's listed profile, or 403 (an unlisted or missing profile cannot apply). */
async function listedProfileOf(db: Executor, userId: number) {
  const profile = await findListedProfile(db, userId);
  if (!profile) throw new Forbidden(INTEREST_TEXTS.needsProfile);
  return profile;
}

/** The opportunity, open for applications: a draft or pending one is a 404 (it does not exist for them), a closed one 410. */
async function openOpportunity(db: Executor, id: number, now: Date, options: { lock?: boolean } = {}) {
  const loaded = await loadOpportunity(db, id, options);
  if (!PUBLIC_STATUSES.includes(loaded.opportunity.status)) throw new NotFound(OPPORTUNITY_TEXTS.notFound);
  if (!isOpenForInterest(loaded.opportunity, now)) throw new Gone(INTEREST_TEXTS.closed);
  return loaded;
}

/** Whether consultants may still send, change or withdraw an interest: published, and its deadline not passed. */
export function isOpenForInterest(opportunity: { status: string; deadline: Date | string }, now: Date): boolean {
  return opportunity.status === "published" && new Date(opportunity.deadline).getTime() > now.getTime();
}

/** 410 Gone: the opportunity was there, and has closed. */
export class Gone extends Conflict {
  override readonly status = 410 as 409;
}

/**
 * POST /api/opportunities/{id}/interests: one per consultant per opportunity (409 for a second),
 * 403 without a listed profile, 404 for an opportunity that is not public, 410 after its deadline.
 * The CV is the profile's public CV (no hidden contact details), laid out now.
 */
export async function expressInterest(deps: Deps, actor: Actor, input: { id: number; body: unknown }): Promise<MyInterest> {
  const user = requireUser(actor, INTEREST_TEXTS.signIn);
  // A note typed in Zawgyi stored in Unicode (issue 37, ../burmese.ts).
  const fields = withUnicodeBurmese(parseInput(interestSchema, input.body ?? {}));
  const profile = await listedProfileOf(deps.db, user.id);
  await openOpportunity(deps.db, input.id, new Date());
  const [existing] = await deps.db
    .select({ id: opportunityInterests.id })
    .from(opportunityInterests)
    .where(and(eq(opportunityInterests.opportunityId, input.id), eq(opportunityInterests.consultantId, profile.id)));
  if (existing) throw new Conflict(INTEREST_TEXTS.already);
  // Laid out before the transaction: a CV takes up to a second of the CV thread, no connection waits for it.
  const cv = await consultantCv(deps, null, {
    id: profile.id,
    format: "standard",
  });
  const id = await deps.db.transaction(async (tx) => {
    await openOpportunity(tx, input.id, new Date(), { lock: true });
    try {
      const [row] = await tx
        .insert(opportunityInterests)
        .values({
          opportunityId: input.id,
          consultantId: profile.id,
          note: fields.note,
          availableFrom: fields.availableFrom ?? null,
          dailyRate: fields.dailyRate ?? null,
          dailyRateCurrency: fields.dailyRate == null ? null : (fields.dailyRateCurrency ?? "USD"),
          cvPdf: Buffer.from(cv.body),
        })
        .returning({ id: opportunityInterests.id });
      return row?.id as number;
    } catch (error) {
      if (String((error as { cause?: { constraint_name?: string } }).cause?.constraint_name) === CONSTRAINT_ONE) {
        throw new Conflict(INTEREST_TEXTS.already);
      }
      throw error;
    }
  });
  return myInterest(deps.db, user.id, id);
}

async function myInterestRow(db: Executor, userId: number, opportunityId: number) {
  const [row] = await db
    .select({ id: opportunityInterests.id })
    .from(opportunityInterests)
    .innerJoin(consultants, eq(consultants.id, opportunityInterests.consultantId))
    .where(and(eq(opportunityInterests.opportunityId, opportunityId), eq(consultants.userId, userId)))
    .limit(1);
  if (!row) throw new NotFound(INTEREST_TEXTS.notFound);
  return row;
}

/** PATCH /api/opportunities/{id}/interests/mine: the note, availability or rate, until the deadline. */
export async function updateMyInterest(deps: Deps, actor: Actor, input: { id: number; body: unknown }): Promise<MyInterest> {
  const user = requireUser(actor, INTEREST_TEXTS.signIn);
  const changes = withUnicodeBurmese(parseInput(interestUpdateSchema, input.body ?? {}));
  const interestId = await deps.db.transaction(async (tx) => {
    const mine = await myInterestRow(tx, user.id, input.id);
    await openOpportunity(tx, input.id, new Date());
    await tx
      .update(opportunityInterests)
      .set({
        ...(changes.note !== undefined ? { note: changes.note } : {}),
        ...(changes.availableFrom !== undefined ? { availableFrom: changes.availableFrom } : {}),
        ...(changes.dailyRate !== undefined
          ? {
              dailyRate: changes.dailyRate,
              dailyRateCurrency: changes.dailyRate === null ? null : (changes.dailyRateCurrency ?? "USD"),
            }
          : {}),
        updatedAt: new Date(),
      })
      .where(eq(opportunityInterests.id, mine.id));
    return mine.id;
  });
  return myInterest(deps.db, user.id, interestId);
}

/** DELETE /api/opportunities/{id}/interests/mine: withdrawn until the deadline (and then it may be sent again). */
export async function withdrawMyInterest(deps: Deps, actor: Actor, id: number): Promise<void> {
  const user = requireUser(actor, INTEREST_TEXTS.signIn);
  await deps.db.transaction(async (tx) => {
    const mine = await myInterestRow(tx, user.id, id);
    await openOpportunity(tx, id, new Date());
    await tx.delete(opportunityInterests).where(eq(opportunityInterests.id, mine.id));
  });
}

/** What the consultant sent with an interest, and where it stands: the same in both views of it. */
const interestColumns = {
  id: opportunityInterests.id,
  note: opportunityInterests.note,
  availableFrom: opportunityInterests.availableFrom,
  dailyRate: opportunityInterests.dailyRate,
  dailyRateCurrency: opportunityInterests.dailyRateCurrency,
  stage: opportunityInterests.stage,
};

const myColumns = {
  ...interestColumns,
  createdAt: opportunityInterests.createdAt,
  updatedAt: opportunityInterests.updatedAt,
  opportunity: {
    id: opportunities.id,
    slug: opportunities.slug,
    title: opportunities.title,
    status: opportunities.status,
    deadline: opportunities.deadline,
    deadlineDate: opportunities.deadlineDate,
    timeZone: opportunities.timeZone,
  },
  organization: organizationBadgeColumns,
};

async function myInterests(
  db: Executor,
  userId: number,
  only: { interestId?: number; opportunityId?: number } = {},
): Promise<MyInterest[]> {
  const rows = await db
    .select(myColumns)
    .from(opportunityInterests)
    .innerJoin(consultants, eq(consultants.id, opportunityInterests.consultantId))
    .innerJoin(opportunities, eq(opportunities.id, opportunityInterests.opportunityId))
    .innerJoin(organizations, eq(organizations.id, opportunities.organizationId))
    .where(
      and(
        eq(consultants.userId, userId),
        only.interestId === undefined ? undefined : eq(opportunityInterests.id, only.interestId),
        only.opportunityId === undefined ? undefined : eq(opportunityInterests.opportunityId, only.opportunityId),
      ),
    )
    .orderBy(desc(opportunityInterests.createdAt), desc(opportunityInterests.id));
  return rows.map((row) => ({
    id: row.id,
    opportunity: {
      id: row.opportunity.id,
      title: row.opportunity.title,
      path: opportunityPath(row.opportunity),
      organization: row.organization,
      status: row.opportunity.status,
      deadline: row.opportunity.deadline.toISOString(),
      deadlineDate: row.opportunity.deadlineDate,
      timeZone: row.opportunity.timeZone,
    },
    note: row.note,
    availableFrom: row.availableFrom,
    dailyRate: row.dailyRate,
    dailyRateCurrency: row.dailyRateCurrency,
    stage: row.stage as InterestStage,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }));
}

async function myInterest(db: Executor, userId: number, interestId: number): Promise<MyInterest> {
  const [one] = await myInterests(db, userId, { interestId });
  if (!one) throw new NotFound(INTEREST_TEXTS.notFound);
  return one;
}

/** GET /api/my-consultant-profile/interests: My applications, newest first, each with its stage. */
export async function listMyInterests(deps: Pick<Deps, "db">, actor: Actor): Promise<{ interests: MyInterest[] }> {
  const user = requireUser(actor, INTEREST_TEXTS.signIn);
  return { interests: await myInterests(deps.db, user.id) };
}

/** The caller's own expression of interest in one opportunity, or null (the opportunity's page asks). */
export async function myInterestIn(deps: Pick<Deps, "db">, actor: Actor, opportunityId: number): Promise<MyInterest | null> {
  if (!actor) return null;
  const [row] = await myInterests(deps.db, actor.id, { opportunityId });
  return row ?? null;
}

/**
 * What the opportunity's page shows, in one call: the opportunity as the caller may see it, the
 * applicants for a member of its organization, else the caller's own interest, whether they have
 * the listed profile an interest needs (so the page says so before the form, not after a send),
 * and whether it is still open for interest.
 */
export async function opportunityPage(
  deps: Pick<Deps, "db">,
  actor: Actor,
  id: number,
): Promise<{
  opportunity: OpportunityView;
  applicants: Applicant[] | null;
  teamShortlists: ApplicantShortlist[] | null;
  mine: MyInterest | null;
  hasListedProfile: boolean;
  isOpen: boolean;
}> {
  const opportunity = await getOpportunity(deps, actor, id);
  const isMember = actor !== null && (await roleIn(deps.db, actor.id, opportunity.organization.id)) !== null;
  const applying = isMember ? await applicants(deps.db, id) : null;
  return {
    opportunity,
    applicants: applying,
    // The team shortlists the applicants can be added to, and who is on which already.
    teamShortlists: applying
      ? await teamShortlistsOf(
          deps.db,
          opportunity.organization.id,
          applying.map((applicant) => applicant.consultant.id),
        )
      : null,
    mine: isMember ? null : await myInterestIn(deps, actor, id),
    hasListedProfile: actor !== null && !isMember && (await findListedProfile(deps.db, actor.id)) !== undefined,
    isOpen: isOpenForInterest({ status: opportunity.status, deadline: opportunity.deadline }, new Date()),
  };
}

/** The opportunity for a member of its organization (any role), or 404 for anyone else. */
async function forMember(db: Executor, actor: Actor, id: number) {
  const loaded = await loadOpportunity(db, id);
  const member = await requireMember(db, actor, loaded.organization.id);
  return { ...loaded, member };
}

const applicantColumns = {
  ...interestColumns,
  hasCv: sql<boolean>`${opportunityInterests.cvPdf} is not null`,
  createdAt: opportunityInterests.createdAt,
  updatedAt: opportunityInterests.updatedAt,
  consultant: {
    id: consultants.id,
    name: consultants.name,
    title: consultants.title,
    country: consultants.country,
    yearsExperience: consultants.yearsExperience,
    primarySpecialization: consultants.primarySpecialization,
    languages: consultants.languages,
  },
  // What the match score reads of the profile and of the ToR (common/opportunity-match.ts).
  profile: {
    secondarySpecializations: consultants.secondarySpecializations,
    workedIn: sql<string[]>`${consultants}.track_countries`,
    donors: sql<string[]>`${consultants}.track_donors`,
  },
  wanted: wantedColumns,
};

async function applicants(db: Executor, opportunityId: number, interestId?: number): Promise<Applicant[]> {
  const rows = await db
    .select(applicantColumns)
    .from(opportunityInterests)
    .innerJoin(consultants, eq(consultants.id, opportunityInterests.consultantId))
    .innerJoin(opportunities, eq(opportunities.id, opportunityInterests.opportunityId))
    .where(
      and(
        eq(opportunityInterests.opportunityId, opportunityId),
        interestId === undefined ? undefined : eq(opportunityInterests.id, interestId),
      ),
    )
    .orderBy(desc(opportunityInterests.createdAt), desc(opportunityInterests.id));
  return rows.map(({ hasCv, profile, wanted, ...row }) => ({
    ...row,
    match: matchScore(wanted, { ...row.consultant, ...profile }),
    stage: row.stage as InterestStage,
    cvUrl: hasCv ? `/api/opportunities/${opportunityId}/interests/${row.id}/cv.pdf` : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }));
}

/** GET /api/opportunities/{id}/interests: the applicants, for the organization's members. */
export async function listApplicants(deps: Pick<Deps, "db">, actor: Actor, id: number): Promise<{ interests: Applicant[] }> {
  requireSignedIn(actor);
  await forMember(deps.db, actor, id);
  return { interests: await applicants(deps.db, id) };
}

/**
 * "Message" beside an applicant (issue 32: "message an applicant (opens a team conversation)"): the
 * member acts for the posting organization from now on (the header's switcher, remembered), so the
 * message form writes as the team and the message joins the organization's conversation with the
 * consultant, whatever organization the member acted for before. Members of the posting
 * organization only (404 for anyone else, as the applicants list); an applicant of another
 * opportunity is 404. `switched` says whether the acting organization changed.
 */
export async function actForApplicant(
  deps: Pick<Deps, "db">,
  actor: Actor,
  input: { id: number; interestId: number },
): Promise<{
  consultantId: number;
  organization: { id: number; name: string };
  opportunity: { title: string };
  switched: boolean;
}> {
  const user = requireSignedIn(actor);
  return deps.db.transaction(async (tx) => {
    const { organization, opportunity } = await forMember(tx, actor, input.id);
    const [row] = await tx
      .select({ consultantId: opportunityInterests.consultantId })
      .from(opportunityInterests)
      .where(and(eq(opportunityInterests.id, input.interestId), eq(opportunityInterests.opportunityId, input.id)))
      .limit(1);
    if (!row) throw new NotFound(INTEREST_TEXTS.notFound);
    const switched = (await actingOrganization({ db: tx }, actor))?.id !== organization.id;
    if (switched) await actFor(tx, user.id, organization.id);
    return {
      consultantId: row.consultantId,
      organization: { id: organization.id, name: organization.name },
      // The message form's subject names it (issue 32: the applicant knows what it is about).
      opportunity: { title: opportunity.title },
      switched,
    };
  });
}

/** The consultant's e-mail when moved to selected or declined and the organization wrote no text of its own. */
const DEFAULT_MESSAGES: Partial<Record<InterestStage, (title: string, organization: string) => MessageDescriptor>> = {
  selected: (title, organization) =>
    msg`Good news: ${{ organization }} selected you for "${{ title }}". They will contact you about the next steps.`,
  declined: (title, organization) =>
    msg`Thank you for your interest in "${{ title }}". ${{ organization }} has decided not to go further with your application this time.`,
};

/**
 * PATCH /api/opportunities/{id}/interests/{interestId} `{ stage, message? }`: a member moves an
 * applicant; moving to selected or declined queues one e-mail to the consultant (in the
 * transaction), with `message` as its text when given.
 */
export async function moveApplicant(
  deps: Deps,
  actor: Actor,
  input: { id: number; interestId: number; body: unknown },
): Promise<Applicant> {
  requireSignedIn(actor);
  const { stage, message } = parseInput(interestStageSchema, input.body ?? {});
  await deps.db.transaction(async (tx) => {
    const { opportunity, organization } = await forMember(tx, actor, input.id);
    const [row] = await tx
      .select({ stage: opportunityInterests.stage, email: authUsers.email, userId: authUsers.id, locale: authUsers.locale })
      .from(opportunityInterests)
      .innerJoin(consultants, eq(consultants.id, opportunityInterests.consultantId))
      .leftJoin(authUsers, eq(authUsers.id, consultants.userId))
      .where(and(eq(opportunityInterests.id, input.interestId), eq(opportunityInterests.opportunityId, input.id)))
      .for("update", { of: opportunityInterests });
    if (!row) throw new NotFound(INTEREST_TEXTS.notFound);
    if (row.stage === stage) return;
    await tx
      .update(opportunityInterests)
      .set({ stage, updatedAt: new Date() })
      .where(eq(opportunityInterests.id, input.interestId));
    const compose = DEFAULT_MESSAGES[stage];
    if (compose && row.email) {
      // In the consultant's language; the organization's own text (message) is theirs, never translated.
      const { siteName, publicUrl } = deps.config;
      const title = oneLine(opportunity.title);
      const { locale, i18n } = await mailLanguage(row.locale);
      const body = message === undefined ? i18n._(compose(title, oneLine(organization.name))) : isolate(message);
      const { text, html, language } = composeMail(locale, siteName, [i18n._(msg`Hello,`), body], {
        label: i18n._(msg`See My applications`),
        url: `${publicUrl}${localizePath(locale, "/my-applications")}`,
      });
      await enqueueMail(
        deps,
        {
          to: row.email,
          subject: i18n._(msg`Your application: ${{ title }}`),
          text,
          html,
          language,
          ...(row.userId ? { withholdIfBlocked: row.userId } : {}),
        },
        { db: tx },
      );
    }
  });
  const [moved] = await applicants(deps.db, input.id, input.interestId);
  if (!moved) throw new NotFound(INTEREST_TEXTS.notFound);
  return moved;
}

/** GET /api/opportunities/{id}/interests/{interestId}/cv.pdf: the CV as sent, for the organization's members. */
export async function applicantCv(
  deps: Pick<Deps, "db">,
  actor: Actor,
  input: { id: number; interestId: number },
): Promise<{ body: Buffer; filename: string }> {
  requireSignedIn(actor);
  await forMember(deps.db, actor, input.id);
  const [row] = await deps.db
    .select({ body: opportunityInterests.cvPdf, name: consultants.name })
    .from(opportunityInterests)
    .innerJoin(consultants, eq(consultants.id, opportunityInterests.consultantId))
    .where(and(eq(opportunityInterests.id, input.interestId), eq(opportunityInterests.opportunityId, input.id)));
  if (!row?.body) throw new NotFound(INTEREST_TEXTS.notFound);
  return { body: row.body, filename: `CV-${asciiName(row.name)}.pdf` };
}

/** GET /api/opportunities/{id}/interests/export.csv: the applicants as CSV, every cell guarded against formulas. */
export async function exportApplicants(
  deps: Pick<Deps, "db">,
  actor: Actor,
  id: number,
): Promise<{ csv: string; filename: string }> {
  requireSignedIn(actor);
  const { opportunity } = await forMember(deps.db, actor, id);
  const rows = await applicants(deps.db, id);
  const header = [
    "Name",
    "Title",
    "Country",
    "Years of experience",
    "Specialization",
    "Languages",
    "Stage",
    "Available from",
    "Daily rate",
    "Currency",
    "Note",
    "Sent",
  ];
  const lines = [
    header,
    ...rows.map((row) => [
      row.consultant.name,
      row.consultant.title,
      row.consultant.country,
      row.consultant.yearsExperience,
      row.consultant.primarySpecialization,
      row.consultant.languages.join("; "),
      INTEREST_STAGES.labels[row.stage],
      row.availableFrom ?? "",
      row.dailyRate ?? "",
      row.dailyRateCurrency ?? "",
      row.note,
      row.createdAt.slice(0, 10),
    ]),
  ];
  return { csv: csvText(lines), filename: `applicants-${opportunity.id}-${opportunity.slug}.csv` };
}
