import { screen, within } from "@testing-library/react";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { type FormAnswer, firstFieldErrors, formErrorOf } from "#app/lib/form-answer.ts";
import { INTEREST_TEXTS, OPPORTUNITY_TEXTS } from "#common/opportunities.ts";
import { SHORTLIST_TEXTS } from "#common/shortlists.ts";
import {
  consultants,
  opportunities,
  opportunityInterests,
  organizationMembers,
  organizations,
  shortlistEntries,
} from "#server/db/schema.ts";
import { actorOf } from "#server/services/context.ts";
import { sendMessage } from "#server/services/messages/send.ts";
import { createOpportunity, getOpportunity } from "#server/services/opportunities/opportunities.ts";
import { actingOrganization } from "#server/services/organizations/membership.ts";
import { createOrganization } from "#server/services/organizations/organizations.ts";
import { createShortlist } from "#server/services/shortlists/shortlists.ts";
import { insertListedConsultant } from "../../tests/setup/consultants.ts";
import { inDays } from "../../tests/setup/opportunities.ts";
import {
  applicantAndTeamShortlist,
  publishedOpportunityOf,
  verifiedOrganizationOf,
} from "../../tests/setup/opportunity-applicants.ts";
import {
  appContextOf,
  postAction,
  type RouteSession,
  renderRoute,
  renderSignedInRoute,
  routeHarness,
} from "../../tests/setup/route-stub.tsx";
import "../i18n/catalogs.server.ts";
import * as adminPage from "./admin-opportunities.tsx";
import * as messagePage from "./consultant-message.tsx";
import * as page from "./opportunity.tsx";
import * as formPage from "./opportunity-form.tsx";
import * as organizationPage from "./organization.tsx";

// "Add to team shortlist" on an opportunity's applicants (issue 32, with the team shortlists of
// issue 31), as the page door runs it: a member of the posting organization puts an applicant on
// one of its team lists (once, however often sent); a member of another organization is refused
// with 403, a list that is not the organization's team list is 404, and nothing changes.

const harness = routeHarness();
const opportunityWithApplicant = (name: string) => applicantAndTeamShortlist(harness, name);

function send(session: RouteSession, segment: string, fields: Record<string, string>) {
  return postAction<FormAnswer>(page, {
    url: `/opportunities/${segment}`,
    context: appContextOf(harness.deps, session),
    fields: { intent: "shortlist", ...fields },
    params: { opportunity: segment },
  });
}

async function entriesOn(shortlistId: number) {
  return harness.database.db
    .select({ consultantId: shortlistEntries.consultantId })
    .from(shortlistEntries)
    .where(eq(shortlistEntries.shortlistId, shortlistId));
}

describe("Add to team shortlist on an opportunity's applicants", () => {
  it("puts the applicant on the organization's team list once, says so, and the page shows it", async () => {
    const posted = await opportunityWithApplicant("Mekong Water Trust");
    const fields = { interestId: String(posted.interestId), shortlistId: String(posted.team.id) };
    // Answered by a redirect back to the applicants (its toast, in the page's language: organization-actions.test.ts).
    for (const attempt of ["first", "sent again"]) {
      const done = (await send(posted.owner, posted.segment, fields)) as unknown as Response;
      expect(done.status, attempt).toBe(302);
      expect(done.headers.get("Location")).toBe(`/opportunities/${posted.segment}#applicants`);
    }
    // Sent twice (a second click, a reload of the answer): one entry.
    expect(await entriesOn(posted.team.id)).toEqual([{ consultantId: posted.consultantId }]);
    // The applicant's stage is the organization's to move: adding to a list leaves it.
    const [interest] = await harness.database.db
      .select({ stage: opportunityInterests.stage })
      .from(opportunityInterests)
      .where(eq(opportunityInterests.id, posted.interestId));
    expect(interest?.stage).toBe("new");

    // A second applicant, on no list: the page marks each applicant by their own entries.
    const otherId = await insertListedConsultant(harness.database.db, { name: "Lan Nguyen" });
    await harness.database.db.insert(opportunityInterests).values({
      opportunityId: posted.opportunityId,
      consultantId: otherId,
      note: "Ran three WASH baseline surveys in the Mekong delta with provincial enumerators.",
    });

    const view = renderRoute(page, {
      path: "/opportunities/:opportunity",
      url: `/opportunities/${posted.segment}`,
      context: appContextOf(harness.deps, posted.owner),
    });
    const applicants = await screen.findAllByTestId("applicant");
    expect(applicants).toHaveLength(2);
    const applicant = applicants.find((item) => item.textContent?.includes("Somchai Phan")) as HTMLElement;
    expect(within(applicant).getByTestId("on-team-shortlists").textContent).toContain("On team shortlists: WASH team leaders");
    // On every team list already: nothing left to add it to.
    expect(within(applicant).queryByRole("button", { name: "Add to team shortlist" })).toBeNull();
    const other = applicants.find((item) => item.textContent?.includes("Lan Nguyen")) as HTMLElement;
    expect(within(other).queryByTestId("on-team-shortlists")).toBeNull();
    const select = within(other).getByLabelText("Team shortlist for Lan Nguyen") as HTMLSelectElement;
    expect([...select.options].map((option) => option.textContent)).toEqual(["WASH team leaders"]);
    view.unmount();
  });

  it("offers the organization's team lists beside each applicant, in a plain form", async () => {
    const posted = await opportunityWithApplicant("Delta Health Partners");
    await createShortlist(harness.deps, actorOf(posted.owner), { name: "Evaluators", organizationId: posted.organizationId });
    // A private list of the member's is no team list: not offered.
    await createShortlist(harness.deps, actorOf(posted.owner), { name: "My own picks" });
    const view = renderRoute(page, {
      path: "/opportunities/:opportunity",
      url: `/opportunities/${posted.segment}`,
      context: appContextOf(harness.deps, posted.owner),
    });
    const applicant = await screen.findByTestId("applicant");
    const select = within(applicant).getByLabelText("Team shortlist for Somchai Phan") as HTMLSelectElement;
    expect([...select.options].map((option) => option.textContent)).toEqual(["Evaluators", "WASH team leaders"]);
    const form = select.closest("form");
    expect(form?.getAttribute("method")).toBe("post");
    expect(form?.querySelector<HTMLInputElement>('input[name="intent"]')?.value).toBe("shortlist");
    expect(within(applicant).getByRole("button", { name: "Add to team shortlist" })).toBeTruthy();
    view.unmount();
  });

  it("refuses a member of another organization with 403 and changes nothing", async () => {
    const posted = await opportunityWithApplicant("River Basin Institute");
    const other = await opportunityWithApplicant("Coastal Resilience Network");
    for (const shortlistId of [posted.team.id, other.team.id]) {
      const refused = await send(other.owner, posted.segment, {
        interestId: String(posted.interestId),
        shortlistId: String(shortlistId),
      });
      expect(refused.init.status).toBe(403);
      expect(refused.data.result.status).toBe("error");
      expect(JSON.stringify(refused.data.result)).toContain(INTEREST_TEXTS.shortlistMembersOnly);
    }
    expect(await entriesOn(posted.team.id)).toEqual([]);
    expect(await entriesOn(other.team.id)).toEqual([]);
  });

  it("answers 404 for a list that is not the organization's team list or an applicant of another opportunity, 400 without a list", async () => {
    const posted = await opportunityWithApplicant("Highland Schools Trust");
    const other = await opportunityWithApplicant("Lowland Schools Trust");
    const mine = await createShortlist(harness.deps, actorOf(posted.owner), { name: "My own picks" });
    const interestId = String(posted.interestId);
    for (const shortlistId of [other.team.id, mine.id]) {
      const refused = await send(posted.owner, posted.segment, { interestId, shortlistId: String(shortlistId) });
      expect(refused.init.status).toBe(404);
      expect(JSON.stringify(refused.data.result)).toContain(SHORTLIST_TEXTS.notFound);
    }
    const elsewhere = await send(posted.owner, posted.segment, {
      interestId: String(other.interestId),
      shortlistId: String(posted.team.id),
    });
    expect(elsewhere.init.status).toBe(404);
    expect(JSON.stringify(elsewhere.data.result)).toContain(INTEREST_TEXTS.notFound);
    const blank = await send(posted.owner, posted.segment, { interestId, shortlistId: "" });
    expect(blank.init.status).toBe(400);
    expect(JSON.stringify(blank.data.result)).toContain(INTEREST_TEXTS.shortlistId);
    for (const list of [posted.team.id, other.team.id, mine.id]) expect(await entriesOn(list)).toEqual([]);
    const [still] = await harness.database.db
      .select({ id: shortlistEntries.consultantId })
      .from(shortlistEntries)
      .where(and(eq(shortlistEntries.consultantId, posted.consultantId)));
    expect(still).toBeUndefined();
  });

  it("answers 404, never a 500, for an applicant's id no row can have, on the shortlist and the stage forms alike", async () => {
    const posted = await opportunityWithApplicant("Upland Forestry Trust");
    for (const interestId of ["3000000000", "99999999999", "12abc", "-4", ""]) {
      for (const intent of ["shortlist", "stage"]) {
        const refused = await send(posted.owner, posted.segment, {
          intent,
          interestId,
          shortlistId: String(posted.team.id),
          stage: "interview",
        });
        expect(refused.init.status, `${intent} ${interestId}`).toBe(404);
        expect(JSON.stringify(refused.data.result)).toContain(INTEREST_TEXTS.notFound);
      }
    }
    expect(await entriesOn(posted.team.id)).toEqual([]);
  });
});

// Moving an applicant from the applicants list (issue 32): selected and declined e-mail the
// consultant, "the text editable": the page's stage form carries the organization's own words.
describe("the stage form on an opportunity's applicants", () => {
  it("sends the organization's own text when it declines, and offers the field beside each applicant", async () => {
    const posted = await opportunityWithApplicant("Mountain Water Trust");
    const consultantAccount = await harness.signIn({ name: "Somchai Phan" });
    await harness.database.db
      .update(consultants)
      .set({ userId: consultantAccount.user.id })
      .where(eq(consultants.id, posted.consultantId));
    const view = renderRoute(page, {
      path: "/opportunities/:opportunity",
      url: `/opportunities/${posted.segment}`,
      context: appContextOf(harness.deps, posted.owner),
    });
    const applicant = await screen.findByTestId("applicant");
    const field = within(applicant).getByLabelText(/^E-mail to Somchai Phan when you move them to Selected or Declined/);
    expect(field.closest("form")?.querySelector<HTMLInputElement>('input[name="intent"]')?.value).toBe("stage");
    view.unmount();

    const text = "We chose a team leader based in Luang Prabang. Thank you for the care in your note.";
    const done = (await send(posted.owner, posted.segment, {
      intent: "stage",
      interestId: String(posted.interestId),
      stage: "declined",
      message: text,
    })) as unknown as Response;
    expect(done.status).toBe(302);
    const mails = await harness.database.sql<{ text: string }[]>`
      select data->>'text' as text from pgboss.job where name = 'mail' and data->>'to' = ${consultantAccount.user.email}`;
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain(text);
  });
});

// "Message" beside an applicant (issue 32: "message an applicant (opens a team conversation)"): the
// member writes as the posting organization even when they acted for another one.
describe("Message beside an opportunity's applicant", () => {
  it("makes the member act for the posting organization and opens the message form; the message is the team's", async () => {
    const posted = await opportunityWithApplicant("Lower Mekong Health Trust");
    // The owner also runs another organization and acts for it (a new organization's creator does).
    const other = await createOrganization(harness.deps, actorOf(posted.owner), {
      name: "Ploy Consulting",
      kind: "other",
      country: "TH",
    });
    expect((await actingOrganization(harness.deps, actorOf(posted.owner)))?.id).toBe(other.id);

    const view = renderRoute(page, {
      path: "/opportunities/:opportunity",
      url: `/opportunities/${posted.segment}`,
      context: appContextOf(harness.deps, posted.owner),
    });
    const button = within(await screen.findByTestId("applicant")).getByRole("button", { name: "Message Somchai Phan" });
    expect(button.closest("form")?.getAttribute("method")).toBe("post");
    view.unmount();

    const opened = (await send(posted.owner, posted.segment, {
      intent: "message",
      interestId: String(posted.interestId),
    })) as unknown as Response;
    expect(opened.status).toBe(302);
    // The form's subject names the opportunity (session 12: it started empty).
    const location = opened.headers.get("Location") ?? "";
    expect(location).toBe(`/consultant/${posted.consultantId}/message?subject=Re%3A%20WASH%20baseline%20survey%20team%20leader`);
    expect((await actingOrganization(harness.deps, actorOf(posted.owner)))?.id).toBe(posted.organizationId);
    const form = renderRoute(messagePage, {
      path: "/consultant/:id/message",
      url: location,
      context: appContextOf(harness.deps, posted.owner),
    });
    expect(((await screen.findByLabelText(/^Subject/)) as HTMLInputElement).value).toBe("Re: WASH baseline survey team leader");
    form.unmount();
    // What the form then sends goes into the organization's conversation with the consultant.
    const sent = await sendMessage(harness.deps, actorOf(posted.owner), {
      consultantId: posted.consultantId,
      senderName: "Ploy Srisuk",
      senderEmail: posted.owner.user.email,
      subject: "Your interest in the WASH baseline survey",
      message: "Thank you for your note. Could we talk on Thursday about the survey design?",
    });
    expect(sent.status).toBe("sent");
    const [conversation] = await harness.database.sql<{ organization_id: number | null }[]>`
      select organization_id from conversations where id = ${sent.status === "sent" ? sent.conversationId : 0}`;
    expect(conversation?.organization_id).toBe(posted.organizationId);
  });

  it("answers 404 to someone outside the posting organization, and for an applicant of another opportunity", async () => {
    const posted = await opportunityWithApplicant("Upper Mekong Health Trust");
    const other = await opportunityWithApplicant("Coastal Health Trust");
    const outsider = await send(other.owner, posted.segment, { intent: "message", interestId: String(posted.interestId) });
    expect(outsider.init.status).toBe(404);
    const elsewhere = await send(posted.owner, posted.segment, { intent: "message", interestId: String(other.interestId) });
    expect(elsewhere.init.status).toBe(404);
    expect(JSON.stringify(elsewhere.data.result)).toContain(INTEREST_TEXTS.notFound);
    // Neither changed whom they act for.
    expect((await actingOrganization(harness.deps, actorOf(other.owner)))?.id).toBe(other.organizationId);
  });
});

// The posting form's "Contact person" (issue 32: "contact person (a member)"): the organization's
// members to choose from, the poster by default; someone else is refused beside the field.
describe("the contact person on the posting form", () => {
  it("offers the organization's members, saves the one chosen, and refuses someone outside it", async () => {
    const posted = await opportunityWithApplicant("Delta Water Partnership");
    const colleague = await harness.signIn({ name: "Anong Chaiyaporn" });
    await harness.database.db
      .insert(organizationMembers)
      .values({ organizationId: posted.organizationId, userId: colleague.user.id, role: "member" });
    const outsider = await harness.signIn({ name: "Somsak Outside" });
    const url = `/opportunities/${posted.opportunityId}/edit`;
    const view = renderRoute(formPage, {
      path: "/opportunities/:id/edit",
      url,
      context: appContextOf(harness.deps, posted.owner),
    });
    const select = (await screen.findByLabelText(/^Contact person/)) as HTMLSelectElement;
    expect([...select.options].map((option) => option.textContent)).toEqual(["Anong Chaiyaporn", "Ploy Srisuk"]);
    expect(select.value).toBe(String(posted.owner.user.id));
    view.unmount();

    const edit = (contactUserId: number) =>
      postAction<FormAnswer>(formPage, {
        url,
        context: appContextOf(harness.deps, posted.owner),
        params: { id: String(posted.opportunityId) },
        fields: {
          title: "WASH baseline survey team leader",
          description: "Lead the baseline survey of the rural water programme in three provinces.",
          specializations: "Infrastructure",
          countries: "Laos",
          durationValue: "3",
          durationUnit: "months",
          deadline: inDays(30),
          contactUserId: String(contactUserId),
        },
      });
    const saved = (await edit(colleague.user.id)) as unknown as Response;
    expect(saved.status).toBe(302);
    const contact = async () => (await getOpportunity(harness.deps, actorOf(posted.owner), posted.opportunityId)).contact?.userId;
    expect(await contact()).toBe(colleague.user.id);
    const refused = await edit(outsider.user.id);
    expect(refused.init.status).toBe(400);
    expect(firstFieldErrors(refused.data).contactUserId).toBe(OPPORTUNITY_TEXTS.contactUserId);
    expect(await contact()).toBe(colleague.user.id);
  });
});

// Tried by hand (session 14): a file that is not a PDF, attached on the posting form, was refused
// after the draft (or the edit) had been saved: the page said "Not saved", and sending it again
// with a PDF made a second draft.
describe("the ToR's PDF on the posting form", () => {
  it("is checked before anything is saved: a refused file makes no draft and keeps no edit", async () => {
    const owner = await harness.signIn({ name: "Ploy Srisuk" });
    const organization = await verifiedOrganizationOf(harness, owner, "Nam Ngum Watershed Trust");
    const fields = {
      organizationId: String(organization.id),
      title: "Watershed management adviser",
      description: "Advise the provinces on watershed management plans and their budgets for two years.",
      specializations: "Environmental",
      countries: "Laos",
      durationValue: "3",
      durationUnit: "months",
      deadline: inDays(30),
    };
    const html = new File(["<html><script>alert(1)</script></html>".padEnd(300)], "ToR.pdf", { type: "application/pdf" });
    const pdf = new File([`%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n${"x".repeat(200)}\n%%EOF\n`], "ToR.pdf", {
      type: "application/pdf",
    });
    const drafts = async () =>
      harness.database.db
        .select({ id: opportunities.id, title: opportunities.title })
        .from(opportunities)
        .where(eq(opportunities.organizationId, organization.id));
    const post = (extra: Record<string, string | File>, id?: number) =>
      postAction<FormAnswer>(formPage, {
        url: id === undefined ? "/opportunities/new" : `/opportunities/${id}/edit`,
        context: appContextOf(harness.deps, owner),
        params: id === undefined ? {} : { id: String(id) },
        fields: { ...fields, ...extra },
      });
    const refused = await post({ document: html });
    expect(refused.init.status).toBe(415);
    expect(formErrorOf(refused.data)).toBe(OPPORTUNITY_TEXTS.document);
    expect(await drafts()).toEqual([]);
    const saved = (await post({ document: pdf })) as unknown as Response;
    expect(saved.status).toBe(302);
    const [draft] = await drafts();
    expect(draft?.title).toBe("Watershed management adviser");
    const edit = await post({ title: "Watershed adviser, second try", document: html }, draft?.id);
    expect(edit.init.status).toBe(415);
    expect(await drafts()).toEqual([draft]);
  });
});

// Tried as an NGO team (session 12): a person in two organizations opened the posting form and
// found the first one of the list chosen, not the one she acts for.
describe("the organization on the posting form", () => {
  it("is the one the person acts for, not the first of the list", async () => {
    const poster = await harness.signIn({ name: "Ploy Srisuk" });
    await createOrganization(harness.deps, actorOf(poster), {
      name: "Aardvark Research Institute",
      kind: "research",
      country: "VN",
    });
    // The creator of an organization acts for it: the second one, last in the list.
    const acting = await createOrganization(harness.deps, actorOf(poster), {
      name: "Zambales Water Alliance",
      kind: "ngo",
      country: "PH",
    });
    const view = renderRoute(formPage, {
      path: "/opportunities/new",
      url: "/opportunities/new",
      context: appContextOf(harness.deps, poster),
    });
    const select = (await screen.findByLabelText(/^Organization/)) as HTMLSelectElement;
    expect([...select.options].map((option) => option.textContent)).toEqual([
      "Aardvark Research Institute",
      "Zambales Water Alliance",
    ]);
    expect(select.value).toBe(String(acting.id));
    view.unmount();
  });
});

// Tried as an NGO team (session 12): in Bangkok, "31 December 2026, end of day (Asia/Bangkok)"
// stood beside "Your time: 1 Jan 2027, 00:00", the instant it passes; the reader's time is the
// day's last minute.
describe("the deadline in the reader's time", () => {
  it("is the last minute of the deadline's day, not the next day's midnight", async () => {
    const posted = await opportunityWithApplicant("Chao Phraya Water Network");
    const { deadline } = await getOpportunity(harness.deps, actorOf(posted.owner), posted.opportunityId);
    const view = renderRoute(page, {
      path: "/opportunities/:opportunity",
      url: `/opportunities/${posted.segment}`,
      context: appContextOf(harness.deps, null),
    });
    const yours = await screen.findByText("Your time:");
    const time = yours.parentElement?.querySelector("time");
    expect(time?.getAttribute("dateTime")).toBe(new Date(new Date(deadline).getTime() - 60_000).toISOString());
    view.unmount();
  });

  it("is the same last minute in the admins' Opportunities table (it read the next day's 00:00)", async () => {
    const posted = await opportunityWithApplicant("Mun River Basin Network");
    const { deadline } = await getOpportunity(harness.deps, actorOf(posted.owner), posted.opportunityId);
    const admin = await harness.signIn({ role: "admin" });
    const view = renderSignedInRoute(adminPage, harness, admin, "/admin/opportunities", "/admin/opportunities?filter=published");
    const row = (await screen.findAllByTestId("admin-opportunity")).find((item) =>
      item.textContent?.includes("Mun River Basin Network"),
    );
    expect(row?.querySelector("time")?.getAttribute("dateTime")).toBe(
      new Date(new Date(deadline).getTime() - 60_000).toISOString(),
    );
    view.unmount();
  });
});

// Tried as an NGO team (session 12): "Mark as filled" took one click, and cannot be undone.
describe("closing or filling an opportunity from its page", () => {
  it("takes the disclosure's confirmation: a post without it changes nothing", async () => {
    const posted = await opportunityWithApplicant("Tonle Sap Fisheries Network");
    const fill = (fields: Record<string, string>) =>
      postAction<FormAnswer>(page, {
        url: `/opportunities/${posted.segment}`,
        context: appContextOf(harness.deps, posted.owner),
        fields: { intent: "fill", ...fields },
        params: { opportunity: posted.segment },
      });
    const status = async () => (await getOpportunity(harness.deps, actorOf(posted.owner), posted.opportunityId)).status;
    const unconfirmed = await fill({});
    expect(unconfirmed.init.status).toBe(400);
    expect(await status()).toBe("published");
    const confirmed = (await fill({ confirmed: "yes" })) as unknown as Response;
    expect(confirmed.status).toBe(302);
    expect(await status()).toBe("filled");
  });
});

// Tried as an NGO team (session 12): "Delete draft" took one click, and a draft cannot be brought back.
describe("deleting a draft from its page", () => {
  it("takes the disclosure's confirmation: a post without it keeps the draft", async () => {
    const owner = await harness.signIn({ name: "Ploy Srisuk" });
    const organization = await verifiedOrganizationOf(harness, owner, "Songkhla Lake Network");
    const draft = await createOpportunity(harness.deps, actorOf(owner), {
      organizationId: organization.id,
      title: "Lake basin fisheries assessment",
      description: "Assess the small-scale fisheries of the lake basin with the provincial offices.",
      specializations: ["Infrastructure"],
      countries: ["Thailand"],
      duration: { value: 2, unit: "months" },
      deadline: inDays(30),
    });
    const segment = `${draft.id}-${draft.slug}`;
    const view = renderRoute(page, {
      path: "/opportunities/:opportunity",
      url: `/opportunities/${segment}`,
      context: appContextOf(harness.deps, owner),
    });
    // The button is inside the disclosure, which says what goes.
    const summary = await screen.findByText("Delete draft…");
    expect(summary.tagName).toBe("SUMMARY");
    const button = screen.getByRole("button", { name: "Delete draft", hidden: true });
    expect(button.closest("details")).toBe(summary.closest("details"));
    view.unmount();

    const remove = (fields: Record<string, string>) =>
      postAction<FormAnswer>(page, {
        url: `/opportunities/${segment}`,
        context: appContextOf(harness.deps, owner),
        fields: { intent: "delete", ...fields },
        params: { opportunity: segment },
      });
    const unconfirmed = await remove({});
    expect(unconfirmed.init.status).toBe(400);
    expect((await getOpportunity(harness.deps, actorOf(owner), draft.id)).status).toBe("draft");
    const confirmed = (await remove({ confirmed: "yes" })) as unknown as Response;
    expect(confirmed.status).toBe(302);
    await expect(getOpportunity(harness.deps, actorOf(owner), draft.id)).rejects.toThrow();
  });
});

// Tried as an NGO team (session 12): the organization's public page did not list its opportunities.
describe("the organization's public page", () => {
  it("lists its open opportunities, each a link to its page (not its drafts, nor one past its deadline); the opportunity links back", async () => {
    const posted = await opportunityWithApplicant("Mekong Delta Water Partnership");
    const draft = await createOpportunity(harness.deps, actorOf(posted.owner), {
      organizationId: posted.organizationId,
      title: "Draft: sanitation marketing adviser",
      description: "A draft the public must not see on the organization's page.",
      specializations: ["Infrastructure"],
      countries: ["Laos"],
      duration: { value: 1, unit: "months" },
      deadline: inDays(20),
    });
    const expired = await publishedOpportunityOf(harness, posted.owner, posted.organizationId);
    await harness.database.db
      .update(opportunities)
      .set({ title: "Expired: hygiene survey", deadline: new Date(Date.now() - 86_400_000) })
      .where(eq(opportunities.id, expired.id));
    const [organization] = await harness.database.db
      .select({ slug: organizations.slug })
      .from(organizations)
      .where(eq(organizations.id, posted.organizationId));

    const view = renderRoute(organizationPage, {
      path: "/organizations/:slug",
      url: `/organizations/${organization?.slug}`,
      context: appContextOf(harness.deps, null),
    });
    const section = (await screen.findByRole("heading", { name: "Open opportunities" })).closest("section") as HTMLElement;
    const links = within(section).getAllByRole("link");
    expect(links.map((link) => [link.textContent, link.getAttribute("href")])).toEqual([
      ["WASH baseline survey team leader", `/opportunities/${posted.segment}`],
    ]);
    expect(within(section).getByRole("heading", { level: 3 }).textContent).toBe("WASH baseline survey team leader");
    expect(section.textContent).toContain("Apply by");
    expect(section.textContent).not.toContain(draft.title);
    view.unmount();

    // And the opportunity's page names the organization with a link to that page.
    const opportunityView = renderRoute(page, {
      path: "/opportunities/:opportunity",
      url: `/opportunities/${posted.segment}`,
      context: appContextOf(harness.deps, null),
    });
    const byline = await screen.findByRole("link", { name: /^Mekong Delta Water Partnership/ });
    expect(byline.getAttribute("href")).toBe(`/organizations/${organization?.slug}`);
    opportunityView.unmount();
  });
});
