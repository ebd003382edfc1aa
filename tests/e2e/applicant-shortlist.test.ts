import { describe, expect, type TestAPI } from "vitest";
import { INTEREST_TEXTS } from "#common/opportunities.ts";
import { expectNoAxeViolations, expectNoConsoleErrors, toastText, waitForHydration } from "../setup/browser.ts";
import { inDays } from "../setup/dates.ts";
import { e2e, signInPage, unique } from "../setup/e2e.ts";

// "Add to team shortlist" from an opportunity's applicants (issue 32 with the team shortlists of
// issue 31), in the browser: the posting organization's member adds an applicant to a team list
// without JavaScript on a phone (the page comes back saying so, the list holds the consultant) and
// with it on a desktop (a toast); a member of another organization who sends the same form gets
// 403 and nothing changes. axe-core clean (on the phone's page with JavaScript: axe is a script).

/** The fixtures of e2e() (tests/setup/e2e.ts). */
type Fixtures = ReturnType<typeof e2e> extends TestAPI<infer Context> ? Context : never;

/** Calls the JSON API with a Bearer session, as a script of the organization would. */
async function api(url: string, token: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, json: (await response.json().catch(() => null)) as Record<string, unknown> | null };
}

/** A verified organization with its owner (a session token). */
async function organization({ account, sql }: Pick<Fixtures, "account" | "sql">, name: string, ownerName: string) {
  const owner = await account("user", ownerName);
  const [row] = await sql<{ id: number }[]>`
    insert into organizations (slug, name, kind, country, verified_at, verification_method)
    values (${`org-${unique()}`}, ${`${name} ${unique()}`}, 'ngo', 'TH', now(), 'admin') returning id`;
  await sql`insert into organization_members (organization_id, user_id, role) values (${row!.id}, ${owner.id}, 'owner')`;
  return { owner, organizationId: row!.id };
}

/**
 * A published opportunity of a verified organization, two team shortlists of it, and a consultant
 * who expressed interest through the API; answers the page's address.
 */
async function opportunityWithApplicant(fixtures: Pick<Fixtures, "app" | "account" | "sql" | "consultantAccount">) {
  const { app, consultantAccount } = fixtures;
  const poster = await organization(fixtures, "Mekong Water Trust", "Ploy Srisuk");
  const token = poster.owner.token;
  const created = await api(app.url, token, "POST", "/api/opportunities", {
    organizationId: poster.organizationId,
    title: `Rural water baseline team leader ${unique()}`,
    description: "Lead the baseline survey of the rural water programme in three provinces of Laos.",
    specializations: ["Infrastructure"],
    countries: ["Laos"],
    duration: { value: 3, unit: "months" },
    deadline: inDays(30),
  });
  expect(created.status, JSON.stringify(created.json)).toBe(201);
  const id = created.json?.id as number;
  expect((await api(app.url, token, "POST", `/api/opportunities/${id}/publish`)).status).toBe(200);
  const lists: Record<string, number> = {};
  for (const name of ["Evaluators", "WASH team leaders"]) {
    const list = await api(app.url, token, "POST", "/api/shortlists", { name, organizationId: poster.organizationId });
    expect(list.status, JSON.stringify(list.json)).toBe(201);
    lists[name] = list.json?.id as number;
  }
  const consultant = await consultantAccount(`Somchai Phan ${unique()}`);
  const interest = await api(app.url, consultant.sessionToken, "POST", `/api/opportunities/${id}/interests`, {
    note: "I led two rural water baseline surveys in Laos and Cambodia with provincial teams and local enumerators.",
  });
  expect(interest.status, JSON.stringify(interest.json)).toBe(201);
  const opened = await api(app.url, token, "GET", `/api/opportunities/${id}`);
  return { poster, id, path: opened.json?.path as string, lists, consultant };
}

async function entriesOf(sql: Fixtures["sql"], shortlistIds: number[]) {
  return sql<{ shortlistId: number; consultantId: number }[]>`
    select shortlist_id as "shortlistId", consultant_id as "consultantId" from shortlist_entries
    where shortlist_id in ${sql(shortlistIds)} order by shortlist_id`;
}

// Each test starts from such an opportunity: `posted`.
const it = e2e().extend("posted", async ({ app, sql, account, consultantAccount }) =>
  opportunityWithApplicant({ app, sql, account, consultantAccount }),
);

describe("Add to team shortlist from an opportunity's applicants", () => {
  it("a member adds an applicant on a phone without JavaScript, then to another list on a desktop", async ({
    app,
    sql,
    openPage,
    posted,
  }) => {
    const name = posted.consultant.name;
    const evaluators = posted.lists.Evaluators as number;
    const leaders = posted.lists["WASH team leaders"] as number;

    const phone = await openPage({ viewport: "phone", javaScriptEnabled: false });
    await signInPage(phone.page, app.url, posted.poster.owner.token);
    await phone.page.goto(`${app.url}${posted.path}`);
    const applicant = phone.page.getByTestId("applicant").filter({ hasText: name });
    await applicant.getByLabel(`Team shortlist for ${name}`).selectOption({ label: "WASH team leaders" });
    await applicant.getByRole("button", { name: "Add to team shortlist" }).click();
    await applicant.getByTestId("on-team-shortlists").filter({ hasText: "On team shortlists: WASH team leaders" }).waitFor();
    // Only the list it is not on yet is left to choose.
    await expect
      .poll(() => applicant.getByLabel(`Team shortlist for ${name}`).locator("option").allTextContents())
      .toEqual(["Evaluators"]);
    expect(await entriesOf(sql, [evaluators, leaders])).toEqual([
      { shortlistId: leaders, consultantId: posted.consultant.consultantId },
    ]);
    // axe-core is a script, which this page cannot run: the same page at phone width with it.
    const checker = await openPage({ viewport: "phone" });
    await signInPage(checker.page, app.url, posted.poster.owner.token);
    await checker.page.goto(`${app.url}${posted.path}`);
    await checker.page.getByTestId("applicant").getByTestId("on-team-shortlists").waitFor();
    await expectNoAxeViolations(checker.page);

    // The team list itself shows the consultant.
    await phone.page.goto(`${app.url}/shortlists/${leaders}`);
    await phone.page.getByRole("heading", { name: "WASH team leaders" }).waitFor();
    await phone.page.getByText(name).first().waitFor();

    const desktop = await openPage({ viewport: "desktop" });
    await signInPage(desktop.page, app.url, posted.poster.owner.token);
    await desktop.page.goto(`${app.url}${posted.path}`);
    await waitForHydration(desktop.page);
    const row = desktop.page.getByTestId("applicant").filter({ hasText: name });
    await row.getByRole("button", { name: "Add to team shortlist" }).click();
    expect(await toastText(desktop.page, `${name} is on the team shortlist “Evaluators”`)).toContain("Evaluators");
    await row
      .getByTestId("on-team-shortlists")
      .filter({ hasText: "On team shortlists: Evaluators, WASH team leaders" })
      .waitFor();
    // On every team list: nothing left to add it to.
    await expect.poll(() => row.getByRole("button", { name: "Add to team shortlist" }).count()).toBe(0);
    await expect
      .poll(() => entriesOf(sql, [evaluators, leaders]))
      .toEqual([
        { shortlistId: evaluators, consultantId: posted.consultant.consultantId },
        { shortlistId: leaders, consultantId: posted.consultant.consultantId },
      ]);
    await expectNoAxeViolations(desktop.page);
    expectNoConsoleErrors(desktop.errors);
  });

  it("a member of another organization who sends the form gets 403, and no list changes", async ({
    app,
    sql,
    openPage,
    account,
    posted,
  }) => {
    const outsider = await organization({ account, sql }, "Coastal Resilience Network", "Dara Sok");
    const theirs = await api(app.url, outsider.owner.token, "POST", "/api/shortlists", {
      name: "Our picks",
      organizationId: outsider.organizationId,
    });
    expect(theirs.status).toBe(201);
    const theirList = theirs.json?.id as number;
    const [interest] = await sql<{ id: number }[]>`select id from opportunity_interests where opportunity_id = ${posted.id}`;

    const page = await openPage({ viewport: "phone" });
    await signInPage(page.page, app.url, outsider.owner.token);
    await page.page.goto(`${app.url}${posted.path}`);
    await page.page.getByRole("heading", { level: 1 }).waitFor();
    // The page offers them no applicants and no such form.
    await expect.poll(() => page.page.getByRole("heading", { name: /^Applicants/ }).count()).toBe(0);
    await expect.poll(() => page.page.getByRole("button", { name: "Add to team shortlist" }).count()).toBe(0);

    for (const shortlistId of [posted.lists.Evaluators as number, theirList]) {
      // The form a member's page has, sent from this page as the browser sends a form (no script of the app).
      const [response] = await Promise.all([
        page.page.waitForResponse((answer) => answer.request().method() === "POST" && answer.url().endsWith(posted.path)),
        page.page.evaluate(
          ({ interestId, shortlistId }) => {
            const form = document.createElement("form");
            form.method = "post";
            for (const [name, value] of Object.entries({ intent: "shortlist", interestId, shortlistId })) {
              const input = document.createElement("input");
              input.type = "hidden";
              input.name = name;
              input.value = String(value);
              form.append(input);
            }
            document.body.append(form);
            form.submit();
          },
          { interestId: interest!.id, shortlistId },
        ),
      ]);
      expect(response.status()).toBe(403);
      await page.page.getByRole("alert").filter({ hasText: INTEREST_TEXTS.shortlistMembersOnly }).waitFor();
    }
    expect(await entriesOf(sql, [...Object.values(posted.lists), theirList])).toEqual([]);
    await expectNoAxeViolations(page.page);
  });
});
