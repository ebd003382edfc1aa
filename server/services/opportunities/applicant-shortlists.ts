import { and, asc, eq, inArray } from "drizzle-orm";
import { type ApplicantShortlist, applicantShortlistSchema, INTEREST_TEXTS } from "#common/opportunities.ts";
import { SHORTLIST_TEXTS } from "#common/shortlists.ts";
import type { Executor } from "#server/db/client.ts";
import { consultants, opportunityInterests, shortlistEntries, shortlists } from "#server/db/schema.ts";
import type { Actor, ServiceDeps } from "../context.ts";
import { Forbidden, firstOrNotFound } from "../errors.ts";
import { requireSignedIn, roleIn } from "../organizations/membership.ts";
import { putShortlistEntry } from "../shortlists/entries.ts";
import { parseInput } from "../validate.ts";
import { getOpportunity } from "./opportunities.ts";

// Review applicants (issue 32): "Add to team shortlist". A member of the posting organization puts
// an applicant on one of that organization's team shortlists (issue 31), through the shortlists'
// own rule for adding a consultant (entries.ts: listed, not hidden from the member's
// organizations, at most 500 a list). Anyone who may read the opportunity but is not a member of
// its organization is refused (403); a list that is not one of its team lists does not exist for
// this (404). Adding changes nothing of the applicant's stage, and adding twice keeps one entry.

type Deps = Pick<ServiceDeps, "db" | "config">;

/** The organization's team shortlists by name, each with which of `consultantIds` it holds (for its members' applicants list). */
export async function teamShortlistsOf(
  db: Executor,
  organizationId: number,
  consultantIds: number[],
): Promise<ApplicantShortlist[]> {
  const lists = await db
    .select({ id: shortlists.id, name: shortlists.name })
    .from(shortlists)
    .where(eq(shortlists.organizationId, organizationId))
    .orderBy(asc(shortlists.name), asc(shortlists.id));
  if (lists.length === 0) return [];
  const held =
    consultantIds.length === 0
      ? []
      : await db
          .select({ listId: shortlistEntries.shortlistId, consultantId: shortlistEntries.consultantId })
          .from(shortlistEntries)
          .where(
            and(
              inArray(
                shortlistEntries.shortlistId,
                lists.map((list) => list.id),
              ),
              inArray(shortlistEntries.consultantId, consultantIds),
            ),
          );
  return lists.map((list) => ({
    ...list,
    consultantIds: held.filter((row) => row.listId === list.id).map((row) => row.consultantId),
  }));
}

/**
 * An applicant onto one of the posting organization's team shortlists `{ shortlistId }`: answers
 * the list and the consultant added.
 */
export async function shortlistApplicant(
  deps: Deps,
  actor: Actor,
  input: { id: number; interestId: number; body: unknown },
): Promise<{ shortlist: { id: number; name: string }; consultant: { id: number; name: string } }> {
  const user = requireSignedIn(actor);
  // Who cannot read the opportunity gets 404, as for a missing one.
  const opportunity = await getOpportunity(deps, actor, input.id);
  const organizationId = opportunity.organization.id;
  if ((await roleIn(deps.db, user.id, organizationId)) === null) throw new Forbidden(INTEREST_TEXTS.shortlistMembersOnly);
  const { shortlistId } = parseInput(applicantShortlistSchema, input.body ?? {});
  const applicant = await firstOrNotFound(
    deps.db
      .select({ id: consultants.id, name: consultants.name })
      .from(opportunityInterests)
      .innerJoin(consultants, eq(consultants.id, opportunityInterests.consultantId))
      .where(and(eq(opportunityInterests.id, input.interestId), eq(opportunityInterests.opportunityId, input.id)))
      .limit(1),
    INTEREST_TEXTS.notFound,
  );
  const list = await firstOrNotFound(
    deps.db
      .select({ id: shortlists.id, name: shortlists.name })
      .from(shortlists)
      .where(and(eq(shortlists.id, shortlistId), eq(shortlists.organizationId, organizationId)))
      .limit(1),
    SHORTLIST_TEXTS.notFound,
  );
  await putShortlistEntry(deps, actor, { id: list.id, consultantId: applicant.id, body: {} });
  return { shortlist: list, consultant: applicant };
}
