import { describe, expect } from "vitest";
import { call, type TestApi } from "../../../tests/setup/api-app.ts";
import { apiTest } from "../../../tests/setup/fixtures.ts";
import { mekongEvaluation } from "../../../tests/setup/track-record.ts";
import { freshIp, unique } from "../../../tests/setup/unique.ts";
import { insertSignedInUser } from "../../../tests/setup/users.ts";

// An edit of an approved profile's assignments waits for review (issue 14); the assignment it
// edits keeps its row through the wait and the approval, so what hangs off the row (a reference
// confirmed by a past client, issue 34) stays attached to it. The change used to carry no ids:
// a renamed assignment, or one whose client or start month changed, was deleted on approval and
// inserted again, and its confirmed reference went with the deleted row.

const it = apiTest({ REQUIRE_APPROVAL: "true" });

const ASSIGNMENT = mekongEvaluation();
const OTHER = mekongEvaluation({ title: "Baseline survey of district hospitals", startDate: "2018-01", endDate: "2019-02" });

function profileBody(tag: string, extra: Record<string, unknown> = {}) {
  return {
    name: `Lan ${tag}`,
    title: "Maternal Health Adviser",
    email: `lan.${tag}@example.org`,
    location: "Ba Dinh, Hanoi, Vietnam",
    country: "Vietnam",
    yearsExperience: 12,
    primarySpecialization: "Healthcare",
    bio: "Twelve years of maternal health work with provincial health departments.",
    ...extra,
  };
}

type Reference = { assignmentId: number; refereeName: string };
type Item = Record<string, unknown> & { id: number; title: string };

/** An approved profile with two assignments, the first confirmed by a referee. */
async function approvedWithConfirmedReference(api: TestApi) {
  const tag = unique();
  const owner = await insertSignedInUser(api.database.db, { name: `Owner ${tag}` });
  const admin = await insertSignedInUser(api.database.db, { role: "admin" });
  const created = await call(api.app, "POST", "/api/consultants", {
    token: owner.token,
    ip: freshIp(),
    body: profileBody(tag, { assignments: [ASSIGNMENT, OTHER] }),
  });
  expect(created.status, created.text).toBe(201);
  const id = created.json.id as number;
  expect((await call(api.app, "PUT", `/api/admin/consultants/${id}/approve`, { token: admin.token })).status).toBe(200);
  const own = await call(api.app, "GET", "/api/my-consultant-profile", { token: owner.token });
  const assignments = own.json.assignments as Item[];
  const assignmentId = assignments[0]?.id as number;
  const email = `referee-${tag}@health.example.org`;
  const asked = await call(api.app, "POST", `/api/my-consultant-profile/assignments/${assignmentId}/references`, {
    token: owner.token,
    body: { name: "Somchai Wongsawat", email },
  });
  expect(asked.status, asked.text).toBe(201);
  const token = /\/references\/([A-Za-z0-9_-]+)/.exec((await api.smtp.waitForMail(email)).text)?.[1];
  const confirmed = await call(api.app, "POST", `/api/references/${token}/confirm`, { body: { score: 9 } });
  expect(confirmed.status, confirmed.text).toBe(200);
  return { tag, owner, admin, id, assignmentId, assignments };
}

async function publicRecord(api: TestApi, id: number) {
  const view = await call(api.app, "GET", `/api/consultants/${id}`);
  expect(view.status).toBe(200);
  return { assignments: view.json.assignments as Item[], references: view.json.references as Reference[] };
}

describe("an assignment edited through review keeps its row", () => {
  it("keeps the confirmed reference on a renamed assignment when the change is approved", async ({ api }) => {
    const { tag, owner, admin, id, assignmentId, assignments } = await approvedWithConfirmedReference(api);
    const renamed = `${ASSIGNMENT.title} (phase 1)`;
    const edited = await call(api.app, "PUT", `/api/consultants/${id}`, {
      token: owner.token,
      ip: freshIp(),
      body: profileBody(tag, {
        assignments: assignments.map((item, index) => (index === 0 ? { ...item, title: renamed } : item)),
      }),
    });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.json.change).toMatchObject({ status: "pending", fields: ["assignments"] });
    // While it waits, the published assignment keeps its reference.
    expect((await publicRecord(api, id)).references).toEqual([expect.objectContaining({ assignmentId })]);

    const approved = await call(api.app, "PUT", `/api/admin/consultants/${id}/approve-change`, { token: admin.token });
    expect(approved.status, approved.text).toBe(200);
    const after = await publicRecord(api, id);
    expect(after.assignments.map((item) => [item.id, item.title])).toEqual([
      [assignmentId, renamed],
      [assignments[1]?.id, OTHER.title],
    ]);
    expect(after.references).toEqual([expect.objectContaining({ assignmentId, refereeName: "Somchai Wongsawat" })]);
  });

  it("keeps it when the client, the start month and the donors change too, and across a second edit of the waiting change", async ({
    api,
  }) => {
    const { tag, owner, admin, id, assignmentId, assignments } = await approvedWithConfirmedReference(api);
    const first = await call(api.app, "PUT", `/api/consultants/${id}`, {
      token: owner.token,
      ip: freshIp(),
      body: profileBody(tag, {
        assignments: assignments.map((item, index) =>
          index === 0
            ? {
                ...item,
                title: "Final evaluation",
                organization: "Ministry of Health, Lao PDR",
                startDate: "2021-02",
                donors: ["World Bank"],
              }
            : item,
        ),
      }),
    });
    expect(first.status, first.text).toBe(200);
    // The owner's form shows their waiting version; saved again as it reads (with one more assignment), it is accepted.
    const own = await call(api.app, "GET", "/api/my-consultant-profile", { token: owner.token });
    const waiting = own.json.assignments as Item[];
    expect(waiting.map((item) => item.id)).toEqual([assignmentId, assignments[1]?.id]);
    const added = mekongEvaluation({ title: "Gender audit of rural clinics", startDate: "2024-01", endDate: null });
    const second = await call(api.app, "PUT", `/api/consultants/${id}`, {
      token: owner.token,
      ip: freshIp(),
      body: profileBody(tag, {
        assignments: [added, ...waiting.map((item, index) => (index === 0 ? { ...item, endDate: "2023-09" } : item))],
      }),
    });
    expect(second.status, second.text).toBe(200);
    const reread = await call(api.app, "GET", "/api/my-consultant-profile", { token: owner.token });
    const ids = (reread.json.assignments as Item[]).map((item) => item.id);
    // The new one is not a stored row yet: no id of a stored row (and never a stored row's id).
    expect(ids.slice(1)).toEqual([assignmentId, assignments[1]?.id]);
    expect(ids[0]).not.toBe(assignmentId);
    // Saved once more as it reads: the stand-in id of the one not stored yet is accepted and claims no row.
    const third = await call(api.app, "PUT", `/api/consultants/${id}`, {
      token: owner.token,
      ip: freshIp(),
      body: profileBody(tag, { assignments: reread.json.assignments }),
    });
    expect(third.status, third.text).toBe(200);

    const approved = await call(api.app, "PUT", `/api/admin/consultants/${id}/approve-change`, { token: admin.token });
    expect(approved.status, approved.text).toBe(200);
    const after = await publicRecord(api, id);
    expect(after.assignments.map((item) => item.title)).toEqual([added.title, "Final evaluation", OTHER.title]);
    expect(after.assignments[1]).toMatchObject({
      id: assignmentId,
      organization: "Ministry of Health, Lao PDR",
      startDate: "2021-02",
      endDate: "2023-09",
      donors: ["World Bank"],
    });
    expect(after.assignments[2]?.id).toBe(assignments[1]?.id);
    expect(after.references).toEqual([expect.objectContaining({ assignmentId })]);
  });

  it("drops the reference when the change removes its assignment, and ignores an id that is not the profile's", async ({
    api,
  }) => {
    const { tag, owner, admin, id, assignments } = await approvedWithConfirmedReference(api);
    const stranger = await approvedWithConfirmedReference(api);
    const edited = await call(api.app, "PUT", `/api/consultants/${id}`, {
      token: owner.token,
      ip: freshIp(),
      // The second assignment, sent with the other profile's referenced assignment id: not that row.
      body: profileBody(tag, { assignments: [{ ...assignments[1], id: stranger.assignmentId }] }),
    });
    expect(edited.status, edited.text).toBe(200);
    expect((await call(api.app, "PUT", `/api/admin/consultants/${id}/approve-change`, { token: admin.token })).status).toBe(200);
    const after = await publicRecord(api, id);
    expect(after.assignments.map((item) => [item.id, item.title])).toEqual([[assignments[1]?.id, OTHER.title]]);
    expect(after.references).toEqual([]);
    // The other profile's assignment and reference are untouched.
    const theirs = await publicRecord(api, stranger.id);
    expect(theirs.assignments.map((item) => item.id)).toContain(stranger.assignmentId);
    expect(theirs.references).toEqual([expect.objectContaining({ assignmentId: stranger.assignmentId })]);
  });
});
