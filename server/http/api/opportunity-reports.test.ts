import { describe, expect } from "vitest";
import { REPORT_TEXTS } from "#common/opportunity-reports.ts";
import { call, type TestApi } from "../../../tests/setup/api-app.ts";
import { apiTest } from "../../../tests/setup/fixtures.ts";
import { postOpportunity, verifiedOrganization } from "../../../tests/setup/opportunities.ts";
import { unique } from "../../../tests/setup/unique.ts";
import { insertSignedInUser } from "../../../tests/setup/users.ts";
import { adminOpportunityPageSchema } from "../openapi/opportunities.ts";

const it = apiTest();

// "Report this opportunity" (issue 32): a signed-in person reports a published opportunity; it
// joins the admins' reported queue, which unpublishing or dismissing clears; all audited.

async function publishedOpportunity(api: TestApi, publish = true) {
  const poster = await verifiedOrganization(api, { name: "Island Aid", country: "PH" });
  return postOpportunity(
    api,
    poster,
    {
      title: `Disaster risk adviser ${unique()}`,
      description: "Advise the provinces on disaster risk reduction plans and their budgets for two years.",
      specializations: ["Governance"],
      countries: ["Philippines"],
      duration: { value: 2, unit: "months" },
    },
    { publish },
  );
}

describe("reports of opportunities", () => {
  it("go to the admins' reported queue once per person; dismissing clears them; audited", async ({ api }) => {
    const id = await publishedOpportunity(api);
    const reporter = await insertSignedInUser(api.database.db);
    const path = `/api/opportunities/${id}/report`;
    expect((await call(api.app, "POST", path, { body: { reason: "scam" } })).status).toBe(401);
    const wrong = await call(api.app, "POST", path, { token: reporter.token, body: { reason: "ugly" } });
    expect(wrong.status).toBe(400);
    expect(wrong.json.errors[0]).toEqual({ path: "reason", message: REPORT_TEXTS.reason });
    const sent = await call(api.app, "POST", path, {
      token: reporter.token,
      body: { reason: "scam", details: "Asks for a fee" },
    });
    expect(sent.status, sent.text).toBe(201);
    expect(sent.json.message).toBe(REPORT_TEXTS.sent);
    const again = await call(api.app, "POST", path, { token: reporter.token, body: { reason: "spam" } });
    expect(again.status).toBe(409);
    expect(again.json.message).toBe(REPORT_TEXTS.already);
    const draft = await publishedOpportunity(api, false);
    expect(
      (await call(api.app, "POST", `/api/opportunities/${draft}/report`, { token: reporter.token, body: { reason: "spam" } }))
        .status,
    ).toBe(404);

    const admin = await insertSignedInUser(api.database.db, { role: "admin" });
    const listed = await call(api.app, "GET", "/api/admin/opportunities?filter=reported", { token: admin.token });
    expect(listed.status, listed.text).toBe(200);
    const row = adminOpportunityPageSchema.parse(listed.json).opportunities.find((item) => item.id === id);
    expect(row?.openReports).toBe(1);
    expect(
      (await call(api.app, "POST", `/api/admin/opportunities/${id}/dismiss-reports`, { token: reporter.token })).status,
    ).toBe(403);
    const dismissed = await call(api.app, "POST", `/api/admin/opportunities/${id}/dismiss-reports`, { token: admin.token });
    expect(dismissed.status, dismissed.text).toBe(200);
    const after = await call(api.app, "GET", "/api/admin/opportunities?filter=reported", { token: admin.token });
    expect(adminOpportunityPageSchema.parse(after.json).opportunities.some((item) => item.id === id)).toBe(false);
    expect((await call(api.app, "POST", `/api/admin/opportunities/${id}/dismiss-reports`, { token: admin.token })).status).toBe(
      409,
    );
    // Reported again after the dismissal (the earlier report is resolved), then unpublished: resolved with it.
    expect((await call(api.app, "POST", path, { token: reporter.token, body: { reason: "spam" } })).status).toBe(201);
    const unpublished = await call(api.app, "POST", `/api/admin/opportunities/${id}/unpublish`, {
      token: admin.token,
      body: { reason: "A fee is asked of applicants." },
    });
    expect(unpublished.status, unpublished.text).toBe(200);
    const [open] = await api.database.sql<{ n: number }[]>`
      select count(*)::int as n from opportunity_reports where opportunity_id = ${id} and resolved_at is null`;
    expect(open?.n).toBe(0);
    const audit = await api.database.sql<{ action: string }[]>`
      select action from audit_log where target_type = 'opportunity' and target_id = ${id} order by id`;
    expect(audit.map((entry) => entry.action)).toEqual(["create", "publish", "report", "dismiss", "report", "unpublish"]);
  });
});
