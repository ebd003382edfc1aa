import { expect } from "vitest";
import { call, type TestApi } from "./api-app.ts";
import { insertVerifiedOrganization } from "./organizations.ts";
import { unique } from "./unique.ts";
import { insertSignedInUser } from "./users.ts";

// Opportunities (issue 32) for the integration tests: a verified organization with its owner
// (verified: what it posts is published at once), and opportunities it posts through the API.

type Api = Pick<TestApi, "app" | "database">;
export type Poster = { owner: Awaited<ReturnType<typeof insertSignedInUser>>; organizationId: number };

import { inDays } from "./dates.ts";

export { inDays };

/** A verified organization and its owner, signed in. */
export async function verifiedOrganization(api: Api, options: { name?: string; country?: string } = {}): Promise<Poster> {
  const owner = await insertSignedInUser(api.database.db, { name: `Owner ${unique()}` });
  const { id } = await insertVerifiedOrganization(
    api.database.sql,
    { name: `${options.name ?? "River Trust"} ${unique()}`, country: options.country ?? "VN" },
    [{ userId: owner.id, role: "owner" }],
  );
  return { owner, organizationId: id };
}

/**
 * POST /api/opportunities by the organization's owner (a title, a description, three months and a
 * deadline in 30 days unless `fields` say otherwise), then published unless `publish` is false.
 */
export async function postOpportunity(
  api: Api,
  { owner, organizationId }: Poster,
  fields: Record<string, unknown>,
  options: { publish?: boolean } = {},
): Promise<number> {
  const created = await call(api.app, "POST", "/api/opportunities", {
    token: owner.token,
    body: {
      organizationId,
      title: `Monitoring and evaluation adviser ${unique()}`,
      description: "Evaluate the programme's work with the provinces and report to its board.",
      duration: { value: 3, unit: "months" },
      deadline: inDays(30),
      ...fields,
    },
  });
  expect(created.status, created.text).toBe(201);
  const id = created.json.id as number;
  if (options.publish !== false) {
    expect((await call(api.app, "POST", `/api/opportunities/${id}/publish`, { token: owner.token })).status).toBe(200);
  }
  return id;
}
