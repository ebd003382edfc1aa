import type { OrganizationKind, OrganizationRole } from "#common/organizations.ts";
import type { Sql } from "#server/db/client.ts";
import { unique } from "./unique.ts";

// Organizations (issue 31) for the browser tests, straight in the database: one verified by an
// administrator (so it has a public page) and its members, as a page under test finds them.

export type OrganizationRow = {
  name: string;
  /** A made-up one unless given: `org-<random>`. */
  slug?: string;
  kind?: OrganizationKind;
  /** ISO 3166-1 alpha-2. */
  country?: string;
  website?: string;
  description?: string;
};

export type Membership = { userId: number; role: OrganizationRole; listed?: boolean };

/** A verified organization (an administrator's verification) with its members; answers its id and slug. */
export async function insertVerifiedOrganization(
  sql: Sql,
  { name, slug = `org-${unique()}`, kind = "ngo", country = "VN", website, description = "" }: OrganizationRow,
  members: Membership[] = [],
): Promise<{ id: number; slug: string }> {
  const [row] = await sql<{ id: number }[]>`
    insert into organizations (slug, name, kind, country, website, description, verified_at, verification_method)
    values (${slug}, ${name}, ${kind}, ${country}, ${website ?? null}, ${description}, now(), 'admin')
    returning id`;
  const id = row!.id;
  for (const { userId, role, listed = false } of members) {
    await sql`insert into organization_members (organization_id, user_id, role, is_listed)
      values (${id}, ${userId}, ${role}, ${listed})`;
  }
  return { id, slug };
}
