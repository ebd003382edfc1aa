import { and, count, eq, inArray, sql } from "drizzle-orm";
import type { AuditAction, AuditChanges } from "#common/constants.ts";
import {
  closeSchema,
  deadlineInstant,
  defaultTimeZone,
  OPEN_STATUSES,
  OPPORTUNITY_LIMITS,
  OPPORTUNITY_TEXTS,
  type OpportunityStatus,
  type OpportunityView,
  opportunityCreateSchema,
  opportunityPath,
  opportunityUpdateSchema,
  slugOf,
} from "#common/opportunities.ts";
import type { Executor } from "#server/db/client.ts";
import { opportunities, opportunityDocuments } from "#server/db/schema.ts";
import { refreshUnspacedWords } from "#server/db/unspaced-words.ts";
import { recordAudit } from "../admin/audit.ts";
import { withUnicodeBurmese } from "../burmese.ts";
import type { Actor, ServiceDeps } from "../context.ts";
import { Conflict, NotFound, ValidationFailed } from "../errors.ts";
import { auditActor, requireSignedIn, roleIn } from "../organizations/membership.ts";
import { parseInput } from "../validate.ts";
import { isVisibleTo, type LoadedOpportunity, loadOpportunity, requirePoster, type Viewer, viewerOf } from "./access.ts";
import { renderTermsOfReference } from "./tor-format.ts";

// Opportunities (issue 32, docs/decisions/016-opportunities.md): an organization's posters write a
// draft, publish it (at once when the organization is verified, after an admin's approval when it
// is not), and close it by hand or mark it filled; a scheduled job closes it at its deadline
// (moderation.ts). Every change is one transaction with its audit entry.

type Deps = Pick<ServiceDeps, "db">;

/**
 * The tsvector the search reads: title (A), specializations and donors (B), countries and languages
 * (C), the ToR (D) with the Thai, Lao, Khmer and Burmese words of the title and ToR cut by the app
 * (search_unspaced, migration 0045: PostgreSQL keeps a run of those scripts as one token; the
 * title's own at A, search_unspaced_head, 0050), and the
 * field glossary's concepts it names (search_retagged: '#k:' lexemes, as the profiles', 0044), an
 * acronym that is also a word ("WASH") only as written in capitals (its '#u:' words, 0048).
 */
async function refreshSearchDocument(tx: Executor, id: number): Promise<void> {
  await refreshSearchDocuments(tx, [id]);
}

/** refreshSearchDocument for many at once (the seed's bulk load). */
export async function refreshSearchDocuments(tx: Executor, ids: number[]): Promise<void> {
  await refreshUnspacedWords(tx, ids, "opportunities");
  await tx.execute(sql`update opportunities set search_document = search_retagged(
      setweight(to_tsvector('search_english', concat_ws(' ', title, search_unspaced_head)), 'A')
      || setweight(to_tsvector('search_english', array_to_string(specializations || donors, ' ')), 'B')
      || setweight(to_tsvector('search_english', array_to_string(countries || languages, ' ') || case when is_remote then ' remote' else '' end), 'C')
      || setweight(to_tsvector('search_english', description), 'D')
      || setweight(to_tsvector('search_english', coalesce(search_unspaced, '')), 'D')
      || search_opportunity_capitals(opportunities))
    where id = any(${sql.param(ids)}::int[])`);
}

function invalid(path: string, message: string): never {
  throw new ValidationFailed(message, [{ path, message }]);
}

/** The deadline's instant, refused when it has passed. */
function futureDeadline(date: string, timeZone: string, now: Date): Date {
  const deadline = deadlineInstant(date, timeZone);
  if (deadline.getTime() <= now.getTime()) invalid("deadline", OPPORTUNITY_TEXTS.deadlinePast);
  return deadline;
}

async function checkContact(tx: Executor, organizationId: number, userId: number | null | undefined): Promise<void> {
  if (userId === null || userId === undefined) return;
  if ((await roleIn(tx, userId, organizationId)) === null) invalid("contactUserId", OPPORTUNITY_TEXTS.contactUserId);
}

type Budget = NonNullable<ReturnType<typeof opportunityCreateSchema.parse>["budget"]>;

function budgetColumns(budget: Budget | null | undefined) {
  if (budget === undefined) return {};
  return {
    budgetMin: budget?.min ?? null,
    budgetMax: budget?.max ?? null,
    budgetCurrency: budget?.currency ?? null,
    budgetKind: budget?.kind ?? null,
    isBudgetHidden: budget?.hidden ?? false,
  };
}

/** POST /api/opportunities: a draft, written by a poster of the organization. */
export async function createOpportunity(deps: Deps, actor: Actor, input: unknown): Promise<OpportunityView> {
  requireSignedIn(actor);
  // Burmese typed in Zawgyi stored in Unicode (issue 37), as a profile's text is (../burmese.ts).
  const fields = withUnicodeBurmese(parseInput(opportunityCreateSchema, input ?? {}));
  const id = await deps.db.transaction(async (tx) => {
    const member = await requirePoster(tx, actor, fields.organizationId);
    const { country } = await organizationCountry(tx, fields.organizationId);
    const timeZone = fields.timeZone ?? defaultTimeZone(country);
    const deadline = futureDeadline(fields.deadline, timeZone, new Date());
    await checkContact(tx, fields.organizationId, fields.contactUserId);
    const [row] = await tx
      .insert(opportunities)
      .values({
        organizationId: fields.organizationId,
        slug: slugOf(fields.title),
        title: fields.title,
        description: fields.description,
        descriptionHtml: renderTermsOfReference(fields.description),
        specializations: fields.specializations,
        countries: fields.countries,
        isRemote: fields.remote,
        donors: fields.donors,
        languages: fields.languages,
        minYearsExperience: fields.minYearsExperience,
        startDate: fields.startDate ?? null,
        durationValue: fields.duration.value,
        durationUnit: fields.duration.unit,
        levelOfEffort: fields.levelOfEffort ?? null,
        ...budgetColumns(fields.budget ?? null),
        deadlineDate: fields.deadline,
        deadline,
        timeZone,
        contactUserId: fields.contactUserId ?? member.user.id,
        createdBy: member.user.id,
      })
      .returning({ id: opportunities.id });
    const created = row?.id as number;
    await refreshSearchDocument(tx, created);
    await auditOpportunity(
      tx,
      member.user.id,
      { id: created, title: fields.title, organization: member.organization.name },
      "create",
    );
    return created;
  });
  return getOpportunity(deps, actor, id);
}

async function organizationCountry(tx: Executor, organizationId: number) {
  const rows = await tx.execute<{ country: string }>(sql`select country from organizations where id = ${organizationId}`);
  const row = rows[0];
  if (!row) throw new NotFound(OPPORTUNITY_TEXTS.notFound);
  return row;
}

/** PATCH /api/opportunities/{id}: a poster changes a draft, or an open one; closed and filled ones stay as they were. */
export async function updateOpportunity(
  deps: Deps,
  actor: Actor,
  input: { id: number; body: unknown },
): Promise<OpportunityView> {
  requireSignedIn(actor);
  const changes = withUnicodeBurmese(parseInput(opportunityUpdateSchema, input.body ?? {}));
  await deps.db.transaction(async (tx) => {
    const { opportunity, organization } = await loadOpportunity(tx, input.id, { lock: true });
    const member = await requirePoster(tx, actor, organization.id);
    if (opportunity.status === "closed" || opportunity.status === "filled") throw new Conflict(OPPORTUNITY_TEXTS.notEditable);
    const countries = changes.countries ?? opportunity.countries;
    const remote = changes.remote ?? opportunity.isRemote;
    if (countries.length === 0 && !remote) invalid("countries", OPPORTUNITY_TEXTS.whereNeeded);
    const deadlineDate = changes.deadline ?? opportunity.deadlineDate;
    const timeZone = changes.timeZone ?? opportunity.timeZone;
    const startDate = changes.startDate === undefined ? opportunity.startDate : changes.startDate;
    const deadlineMoves = changes.deadline !== undefined || changes.timeZone !== undefined;
    const deadline = deadlineMoves ? futureDeadline(deadlineDate, timeZone, new Date()) : opportunity.deadline;
    if (startDate && deadlineDate > startDate) invalid("deadline", OPPORTUNITY_TEXTS.deadlineAfterStart);
    await checkContact(tx, organization.id, changes.contactUserId);
    const title = changes.title ?? opportunity.title;
    await tx
      .update(opportunities)
      .set({
        title,
        slug: slugOf(title),
        ...(changes.description !== undefined
          ? { description: changes.description, descriptionHtml: renderTermsOfReference(changes.description) }
          : {}),
        specializations: changes.specializations ?? opportunity.specializations,
        countries,
        isRemote: remote,
        donors: changes.donors ?? opportunity.donors,
        languages: changes.languages ?? opportunity.languages,
        minYearsExperience: changes.minYearsExperience ?? opportunity.minYearsExperience,
        startDate,
        ...(changes.duration ? { durationValue: changes.duration.value, durationUnit: changes.duration.unit } : {}),
        ...(changes.levelOfEffort !== undefined ? { levelOfEffort: changes.levelOfEffort } : {}),
        ...budgetColumns(changes.budget),
        deadlineDate,
        deadline,
        timeZone,
        ...(changes.contactUserId !== undefined ? { contactUserId: changes.contactUserId } : {}),
        updatedAt: new Date(),
      })
      .where(eq(opportunities.id, opportunity.id));
    await refreshSearchDocument(tx, opportunity.id);
    await auditOpportunity(tx, member.user.id, { ...opportunity, title, organization: organization.name }, "edit", {
      fields: { from: null, to: Object.keys(changes).filter((key) => changes[key as keyof typeof changes] !== undefined) },
    });
  });
  return getOpportunity(deps, actor, input.id);
}

/**
 * POST /api/opportunities/{id}/publish: a draft goes public at once when its organization is
 * verified (and no admin holds it), else it waits for an admin's approval. The organization's
 * open opportunities are counted under the organization's lock, so two publications cannot both
 * take the last place.
 */
export async function publishOpportunity(deps: Deps, actor: Actor, id: number): Promise<OpportunityView & { message: string }> {
  requireSignedIn(actor);
  const status = await deps.db.transaction(async (tx) => {
    const { organization } = await loadOpportunity(tx, id);
    const member = await requirePoster(tx, actor, organization.id, true);
    const { opportunity } = await loadOpportunity(tx, id, { lock: true });
    if (opportunity.status !== "draft") throw new Conflict(OPPORTUNITY_TEXTS.cannotPublish);
    if (opportunity.deadline.getTime() <= Date.now()) invalid("deadline", OPPORTUNITY_TEXTS.deadlinePast);
    const [open] = await tx
      .select({ total: count() })
      .from(opportunities)
      .where(and(eq(opportunities.organizationId, organization.id), inArray(opportunities.status, [...OPEN_STATUSES])));
    const limit = organization.verified ? OPPORTUNITY_LIMITS.openVerified : OPPORTUNITY_LIMITS.openUnverified;
    if ((open?.total ?? 0) >= limit) {
      throw new Conflict(organization.verified ? OPPORTUNITY_TEXTS.tooManyOpenVerified : OPPORTUNITY_TEXTS.tooManyOpenUnverified);
    }
    const next: OpportunityStatus = organization.verified && !opportunity.isHeldForReview ? "published" : "pending";
    await tx
      .update(opportunities)
      .set({
        status: next,
        ...(next === "published" ? { publishedAt: new Date(), moderationReason: null } : {}),
        updatedAt: new Date(),
      })
      .where(eq(opportunities.id, id));
    await auditOpportunity(
      tx,
      member.user.id,
      { ...opportunity, organization: organization.name },
      next === "published" ? "publish" : "submit",
      { status: { from: "draft", to: next } },
    );
    return next;
  });
  const view = await getOpportunity(deps, actor, id);
  return { ...view, message: status === "published" ? OPPORTUNITY_TEXTS.published : OPPORTUNITY_TEXTS.submitted };
}

/** POST /api/opportunities/{id}/close `{ as: "closed" | "filled" }`: a poster ends a published (or pending) opportunity. */
export async function closeOpportunity(deps: Deps, actor: Actor, input: { id: number; body: unknown }): Promise<OpportunityView> {
  requireSignedIn(actor);
  const { as } = parseInput(closeSchema, input.body ?? {});
  await deps.db.transaction(async (tx) => {
    const { opportunity, organization } = await loadOpportunity(tx, input.id, { lock: true });
    const member = await requirePoster(tx, actor, organization.id);
    if (!OPEN_STATUSES.includes(opportunity.status)) throw new Conflict(OPPORTUNITY_TEXTS.cannotClose);
    const now = new Date();
    await tx
      .update(opportunities)
      .set({ status: as, closedAt: now, publishedAt: opportunity.publishedAt ?? now, updatedAt: now })
      .where(eq(opportunities.id, opportunity.id));
    await auditOpportunity(tx, member.user.id, { ...opportunity, organization: organization.name }, "close", {
      status: { from: opportunity.status, to: as },
    });
  });
  return getOpportunity(deps, actor, input.id);
}

/** DELETE /api/opportunities/{id}: drafts only (a published ToR has been read; it is closed instead). */
export async function deleteOpportunity(deps: Deps, actor: Actor, id: number): Promise<void> {
  requireSignedIn(actor);
  await deps.db.transaction(async (tx) => {
    const { opportunity, organization } = await loadOpportunity(tx, id, { lock: true });
    const member = await requirePoster(tx, actor, organization.id);
    if (opportunity.status !== "draft") throw new Conflict(OPPORTUNITY_TEXTS.notDraft);
    await tx.delete(opportunities).where(eq(opportunities.id, id));
    await auditOpportunity(tx, member.user.id, { ...opportunity, organization: organization.name }, "delete", {
      status: { from: "draft", to: null },
    });
  });
}

/** GET /api/opportunities/{id}: public once published; a draft or a pending one for its organization and the admins. */
export async function getOpportunity(deps: Deps, actor: Actor, id: number): Promise<OpportunityView> {
  const loaded = await loadOpportunity(deps.db, id);
  const viewer = await viewerOf(deps.db, actor, loaded.organization.id);
  if (!isVisibleTo(viewer, loaded.opportunity.status)) throw new NotFound(OPPORTUNITY_TEXTS.notFound);
  const [document] = await deps.db
    .select({ name: opportunityDocuments.name, bytes: opportunityDocuments.bytes })
    .from(opportunityDocuments)
    .where(eq(opportunityDocuments.opportunityId, id));
  return opportunityView(loaded, viewer, document ?? null);
}

/** The one function that builds what a caller sees: a hidden budget and the moderation reason only for the organization and admins. */
export function opportunityView(
  { opportunity: o, organization, contactName }: LoadedOpportunity,
  viewer: Viewer,
  document: { name: string; bytes: number } | null,
): OpportunityView {
  const insider = viewer !== "public";
  const budget =
    o.budgetKind && o.budgetCurrency && (insider || !o.isBudgetHidden)
      ? { min: o.budgetMin, max: o.budgetMax, currency: o.budgetCurrency, kind: o.budgetKind, hidden: o.isBudgetHidden }
      : null;
  const view: OpportunityView = {
    id: o.id,
    slug: o.slug,
    path: opportunityPath(o),
    organization: {
      id: organization.id,
      name: organization.name,
      slug: organization.slug,
      verified: organization.verified,
      logoUrl: organization.logoUrl,
    },
    title: o.title,
    description: o.description,
    descriptionHtml: o.descriptionHtml,
    specializations: o.specializations,
    countries: o.countries,
    remote: o.isRemote,
    donors: o.donors,
    languages: o.languages,
    minYearsExperience: o.minYearsExperience,
    startDate: o.startDate,
    duration: { value: o.durationValue, unit: o.durationUnit },
    levelOfEffort: o.levelOfEffort,
    budget,
    deadline: o.deadline.toISOString(),
    deadlineDate: o.deadlineDate,
    timeZone: o.timeZone,
    contact: o.contactUserId !== null && contactName ? { userId: o.contactUserId, name: contactName } : null,
    status: o.status,
    publishedAt: o.publishedAt?.toISOString() ?? null,
    closedAt: o.closedAt?.toISOString() ?? null,
    createdAt: o.createdAt.toISOString(),
    updatedAt: o.updatedAt.toISOString(),
    document: document ? { ...document, url: `/api/opportunities/${o.id}/tor.pdf` } : null,
    canManage: viewer === "poster",
  };
  if (insider) view.moderationReason = o.moderationReason;
  return view;
}

/** An opportunity's entry in the audit log: its title and organization as the label (members' and admins' changes alike). */
export function opportunityAuditEntry(
  target: { id: number; title: string; organization: string },
  action: AuditAction,
  changes: AuditChanges = {},
) {
  return {
    action,
    targetType: "opportunity" as const,
    targetId: target.id,
    targetLabel: `${target.title} (${target.organization})`,
    changes,
  };
}

/** A member's change to an opportunity in the audit log. */
export async function auditOpportunity(
  tx: Executor,
  actorId: number,
  target: { id: number; title: string; organization: string },
  action: AuditAction,
  changes: AuditChanges = {},
): Promise<void> {
  await recordAudit(tx, await auditActor(tx, actorId), opportunityAuditEntry(target, action, changes));
}
