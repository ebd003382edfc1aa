import { and, isNotNull, sql } from "drizzle-orm";
import { isAtDomain } from "#common/organizations.ts";
import type { Executor } from "#server/db/client.ts";
import { organizations } from "#server/db/schema.ts";
import { isFreeMailDomain } from "../organizations/verification.ts";

// The "verified domain" badge of a confirmed reference (issue 34): the referee's e-mail is at
// the client organization's verified domain (issue 31's organizations). One function decides it.

export function domainOf(email: string): string {
  return email.trim().toLowerCase().split("@").pop() ?? "";
}

/** Free-mail providers: an address there says nothing about where its owner works (the one list, issue 31). */
export function isFreeMail(email: string): boolean {
  return isFreeMailDomain(domainOf(email));
}

/**
 * The verified e-mail domains of the organization a reference names: the web domains of the
 * verified organizations (issue 31) of that name, case aside. An organization's verification
 * stands for its name and website together (changing either takes it back), so a name and a
 * domain that match one verified organization are that organization's.
 */
export async function verifiedDomainsOf(db: Executor, organization: string): Promise<string[]> {
  const rows = await db
    .select({ domain: organizations.domain })
    .from(organizations)
    .where(
      and(
        sql`lower(${organizations.name}) = ${organization.trim().toLowerCase()}`,
        isNotNull(organizations.verifiedAt),
        isNotNull(organizations.domain),
      ),
    );
  return rows.flatMap((row) => (row.domain ? [row.domain] : []));
}

/**
 * Whether a confirmed reference gets the badge: never for a free-mail address or for the
 * consultant's own address; otherwise when the referee's domain is one the organization verified.
 */
export async function hasVerifiedDomain(
  db: Executor,
  reference: { refereeEmail: string; organization: string },
  consultantEmails: string[],
): Promise<boolean> {
  const email = reference.refereeEmail.trim().toLowerCase();
  if (isFreeMail(email)) return false;
  if (consultantEmails.some((own) => own.trim().toLowerCase() === email)) return false;
  const domain = domainOf(email);
  return (await verifiedDomainsOf(db, reference.organization)).some((verified) => isAtDomain(domain, verified.toLowerCase()));
}
