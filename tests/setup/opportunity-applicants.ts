import { eq } from "drizzle-orm";
import { opportunityInterests, organizations } from "#server/db/schema.ts";
import { actorOf } from "#server/services/context.ts";
import { createOpportunity, publishOpportunity } from "#server/services/opportunities/opportunities.ts";
import { createOrganization } from "#server/services/organizations/organizations.ts";
import { createShortlist } from "#server/services/shortlists/shortlists.ts";
import { insertListedConsultant } from "./consultants.ts";
import { inDays } from "./opportunities.ts";
import type { RouteHarness } from "./route-stub.tsx";

// An opportunity's applicants for the route tests (issue 32): a verified organization (what it
// posts is published at once) with its owner signed in, its published opportunity, one listed
// consultant who expressed interest (without a CV snapshot), and one team shortlist.

type Harness = Pick<RouteHarness, "database" | "deps">;
type Session = Awaited<ReturnType<RouteHarness["signIn"]>>;

/** An organization `owner` creates (an NGO in Thailand), verified by an admin: what it posts is published at once. */
export async function verifiedOrganizationOf(harness: Harness, owner: Session, name: string) {
  const organization = await createOrganization(harness.deps, actorOf(owner), { name, kind: "ngo", country: "TH" });
  await harness.database.db
    .update(organizations)
    .set({ verifiedAt: new Date(), verificationMethod: "admin" })
    .where(eq(organizations.id, organization.id));
  return organization;
}

/** A ToR the owner of a verified organization posts, published: its id and its page's path. */
export async function publishedOpportunityOf(harness: Harness, owner: Session, organizationId: number) {
  const posted = await createOpportunity(harness.deps, actorOf(owner), {
    organizationId,
    title: "WASH baseline survey team leader",
    description: "Lead the baseline survey of the rural water programme in three provinces.",
    specializations: ["Infrastructure"],
    countries: ["Laos"],
    duration: { value: 3, unit: "months" },
    deadline: inDays(30),
  });
  const published = await publishOpportunity(harness.deps, actorOf(owner), posted.id);
  return { id: posted.id, path: published.path };
}

/** A verified organization's published opportunity with one applicant, and the organization's team shortlist. */
export async function applicantAndTeamShortlist(harness: Harness & Pick<RouteHarness, "signIn">, name: string) {
  const owner = await harness.signIn({ name: "Ploy Srisuk" });
  const organization = await verifiedOrganizationOf(harness, owner, name);
  const posted = await publishedOpportunityOf(harness, owner, organization.id);
  const consultantId = await insertListedConsultant(harness.database.db, { name: "Somchai Phan" });
  const [interest] = await harness.database.db
    .insert(opportunityInterests)
    .values({
      opportunityId: posted.id,
      consultantId,
      note: "Led two WASH baseline surveys in Lao PDR and Cambodia, with provincial teams.",
    })
    .returning({ id: opportunityInterests.id });
  const team = await createShortlist(harness.deps, actorOf(owner), {
    name: "WASH team leaders",
    organizationId: organization.id,
  });
  const segment = posted.path.split("/").pop() ?? "";
  return {
    owner,
    organizationId: organization.id,
    opportunityId: posted.id,
    segment,
    consultantId,
    interestId: interest!.id,
    team,
  };
}
