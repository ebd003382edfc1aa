import { screen, within } from "@testing-library/react";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { conversations, organizations } from "#server/db/schema.ts";
import { actorOf } from "#server/services/context.ts";
import { sendMessage } from "#server/services/messages/send.ts";
import { createOrganization } from "#server/services/organizations/organizations.ts";
import { insertListedConsultant } from "../../tests/setup/consultants.ts";
import { applicantAndTeamShortlist } from "../../tests/setup/opportunity-applicants.ts";
import { appContextOf, renderRoute, routeHarness } from "../../tests/setup/route-stub.tsx";
import * as conversationPage from "./messages-conversation.tsx";
import * as opportunitiesPage from "./opportunities.tsx";
import * as opportunityPage from "./opportunity.tsx";

// Where an organization appears, its logo (issue 31) stands before its name, named "<name> logo"
// (the small thumbnail), or its initials when it has none: an opportunity's card and page, and a
// team conversation as the consultant who received it sees the sender's organization.

const harness = routeHarness();

const LOGO = "/uploads/photos/AbCdEfGhIjKlMnOpQrStUvWx-400.webp";
const THUMBNAIL = "/uploads/photos/AbCdEfGhIjKlMnOpQrStUvWx-96.webp";

async function setLogo(organizationId: number, logoUrl: string | null) {
  await harness.database.db.update(organizations).set({ logoUrl }).where(eq(organizations.id, organizationId));
}

describe("the organization's logo where it appears", () => {
  it("stands before the organization's name on an opportunity's card and page, or its initials without one", async () => {
    const posted = await applicantAndTeamShortlist(harness, "Mekong Water Trust");
    await setLogo(posted.organizationId, LOGO);
    const visitor = appContextOf(harness.deps, null);

    let view = renderRoute(opportunityPage, {
      path: "/opportunities/:opportunity",
      url: `/opportunities/${posted.segment}`,
      context: visitor,
    });
    const onPage = await screen.findByRole("img", { name: "Mekong Water Trust logo" });
    expect(onPage.getAttribute("src")).toBe(THUMBNAIL);
    view.unmount();

    view = renderRoute(opportunitiesPage, { path: "/opportunities", url: "/opportunities", context: visitor });
    const card = (await screen.findByRole("link", { name: /WASH baseline survey team leader/ })).closest("li") as HTMLElement;
    expect(within(card).getByRole("img", { name: "Mekong Water Trust logo" }).getAttribute("src")).toBe(THUMBNAIL);
    view.unmount();

    await setLogo(posted.organizationId, null);
    view = renderRoute(opportunitiesPage, { path: "/opportunities", url: "/opportunities", context: visitor });
    const plain = (await screen.findByRole("link", { name: /WASH baseline survey team leader/ })).closest("li") as HTMLElement;
    expect(within(plain).queryByRole("img", { name: "Mekong Water Trust logo" })).toBeNull();
    expect(within(plain).getByText("MT")).toBeTruthy();
    view.unmount();
  });

  it("stands before the sender's organization on a team conversation the consultant received", async () => {
    const consultant = await harness.signIn({ name: "Lan Nguyen" });
    const consultantId = await insertListedConsultant(harness.database.db, { userId: consultant.user.id, name: "Lan Nguyen" });
    const sender = await harness.signIn({ name: "Ploy Srisuk" });
    // The creator acts for the organization: what she sends now is the organization's.
    const organization = await createOrganization(harness.deps, actorOf(sender), {
      name: "Delta Health Partners",
      kind: "ngo",
      country: "VN",
    });
    await setLogo(organization.id, LOGO);
    await sendMessage(harness.deps, actorOf(sender), {
      consultantId,
      senderName: "Ploy Srisuk",
      senderEmail: sender.user.email,
      senderOrganization: "Delta Health Partners",
      subject: "An evaluation in the Mekong delta",
      message: "We would like to talk about a mid-term evaluation of our maternal health programme.",
    });
    const [row] = await harness.database.db
      .select({ id: conversations.id, organizationId: conversations.organizationId })
      .from(conversations)
      .where(eq(conversations.consultantId, consultantId));
    expect(row?.organizationId).toBe(organization.id);

    const view = renderRoute(conversationPage, {
      path: "/messages/:id",
      url: `/messages/${row?.id}`,
      context: appContextOf(harness.deps, consultant),
    });
    const logo = await screen.findByRole("img", { name: "Delta Health Partners logo" });
    expect(logo.getAttribute("src")).toBe(THUMBNAIL);
    view.unmount();
  });
});
