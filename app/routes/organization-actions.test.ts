import { describe, expect, it } from "vitest";
import { actorOf } from "#server/services/context.ts";
import { createOrganization } from "#server/services/organizations/organizations.ts";
import { applicantAndTeamShortlist } from "../../tests/setup/opportunity-applicants.ts";
import { appContextOf, redirectAfterAction, routeHarness } from "../../tests/setup/route-stub.tsx";
// The server's catalogues, as server/main.ts loads them (registers the languages' messages).
import "../i18n/catalogs.server.ts";
import * as organizationPage from "./my-organization.tsx";
import * as organizationsPage from "./my-organizations.tsx";
import * as opportunityPage from "./opportunity.tsx";
import * as opportunityForm from "./opportunity-form.tsx";

// The organization and opportunity pages' toasts after a redirect are in the page's language (issue 37): the
// action reads it from the URL it was sent to. Node's Response, not happy-dom's: the toast travels
// in a Set-Cookie header, which happy-dom's Headers drop.

const harness = routeHarness();

type Action = (args: never) => unknown;

function redirectOf(
  action: Action,
  session: Awaited<ReturnType<typeof harness.signIn>>,
  url: string,
  fields: Record<string, string | number>,
  params: Record<string, string> = { id: url.split("/").pop() ?? "" },
) {
  return redirectAfterAction({ action }, { url, context: appContextOf(harness.deps, session), fields, params });
}

async function toastOf(...args: Parameters<typeof redirectOf>) {
  return (await redirectOf(...args)).toast;
}

/** Ploy Srisuk, signed in, and the organization she made (she owns it): Mekong Water Trust. */
async function ownerOfMekongWaterTrust() {
  const owner = await harness.signIn({ name: "Ploy Srisuk" });
  const { id } = await createOrganization(harness.deps, actorOf(owner), {
    name: "Mekong Water Trust",
    kind: "ngo",
    country: "TH",
  });
  return { owner, id };
}

describe("organization pages' toasts", () => {
  it("say what was done in the page's language", async () => {
    const { owner, id } = await ownerOfMekongWaterTrust();
    const listed = { intent: "listed", userId: owner.user.id, listed: "true" };
    expect((await toastOf(organizationPage.action, owner, `/th/my-organizations/${id}`, listed))?.title).toBe(
      "ชื่อของคุณแสดงบนหน้าสาธารณะแล้ว",
    );
    expect((await toastOf(organizationPage.action, owner, `/my-organizations/${id}`, listed))?.title).toBe(
      "You are listed on the public page",
    );
    const act = { intent: "act", organizationId: id };
    expect((await toastOf(organizationsPage.action, owner, "/vi/my-organizations", act))?.title).toBe(
      "Bây giờ bạn hành động thay cho Mekong Water Trust",
    );
    const invite = { intent: "invite", email: "ann@mekong-water.org", role: "member" };
    expect(await toastOf(organizationPage.action, owner, `/id/my-organizations/${id}`, invite)).toMatchObject({
      title: "Undangan terkirim",
      description: "E-mail sedang dikirim ke ann@mekong-water.org.",
    });
  });
});

describe("the act-for switch", () => {
  it("goes back to the page it was on, and only to a page of this site", async () => {
    const { owner, id } = await ownerOfMekongWaterTrust();
    const back = async (redirectTo: string) =>
      (await redirectOf(organizationsPage.action, owner, "/my-organizations", { intent: "act", organizationId: id, redirectTo }))
        .location;
    expect(await back("/shortlists?sort=new")).toBe("/shortlists?sort=new");
    // Browsers read a backslash as a slash (so /\evil.example leaves the site) and drop tabs; route data and the API are not pages.
    for (const away of ["/\\evil.example", "//evil.example", "https://evil.example/", "/api/organizations", "/\tevil.example"]) {
      expect(await back(away), away).toBe("/my-organizations");
    }
    expect(await back("/shortlists.data")).toBe("/shortlists");
  });
});

describe("the opportunity form's toasts", () => {
  it("say the draft was saved, then the opportunity, in the page's language", async () => {
    const owner = await harness.signIn({ name: "Ploy Srisuk" });
    const { id: organizationId } = await createOrganization(harness.deps, actorOf(owner), {
      name: "Mekong Water Trust",
      kind: "ngo",
      country: "TH",
    });
    const deadline = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    const fields = {
      organizationId,
      title: "Evaluation of a rural water programme",
      description: "Evaluate the programme's work with the provinces and report to its board.",
      durationValue: 3,
      durationUnit: "months",
      specializations: "Healthcare",
      countries: "Thailand",
      deadline,
    };
    const created = await redirectOf(opportunityForm.action, owner, "/th/opportunities/new", fields, {});
    expect(created.toast?.title).toBe("บันทึกฉบับร่างแล้ว: ตรวจสอบแล้วจึงเผยแพร่");
    const id = created.location?.split("/").pop() ?? "";
    expect(id).toMatch(/^\d+/);
    const opportunityId = String(Number.parseInt(id, 10));
    const edited = await redirectOf(opportunityForm.action, owner, `/vi/opportunities/${opportunityId}/edit`, fields, {
      id: opportunityId,
    });
    expect(edited.toast?.title).toBe("Đã lưu cơ hội");
  });
});

describe("Add to team shortlist's toast", () => {
  it("names the applicant and the list in the page's language", async () => {
    const posted = await applicantAndTeamShortlist(harness, "Mekong Water Trust");
    const fields = { intent: "shortlist", interestId: posted.interestId, shortlistId: posted.team.id };
    const params = { opportunity: posted.segment };
    const added = await redirectOf(opportunityPage.action, posted.owner, `/th/opportunities/${posted.segment}`, fields, params);
    expect(added.toast?.title).toBe("Somchai Phan อยู่ในรายชื่อคัดเลือกของทีม “WASH team leaders” แล้ว");
    const again = await redirectOf(opportunityPage.action, posted.owner, `/opportunities/${posted.segment}`, fields, params);
    expect(again.toast?.title).toBe("Somchai Phan is on the team shortlist “WASH team leaders”");
  });
});
