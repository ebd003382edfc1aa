import { and, inArray, isNotNull, sql } from "drizzle-orm";
import { emailDomainOf, isAtDomain } from "#common/organizations.ts";
import type { Executor } from "#server/db/client.ts";
import { organizations } from "#server/db/schema.ts";
import { isFreeMailDomain } from "../organizations/verification.ts";

// The "verified domain" badge of a confirmed reference (issue 34): the referee's e-mail is at
// the client organization's verified domain (issue 31's organizations). One function decides it,
// for all of a profile's references in one query.

type Referee = { refereeEmail: string; organization: string };

/**
 * The verified e-mail domains of the organizations references name, by name in lower case: the
 * web domains of the verified organizations (issue 31) of that name, case aside. An
 * organization's verification stands for its name and website together (changing either takes
 * it back), so a name and a domain that match one verified organization are that organization's.
 */
async function verifiedDomainsOf(db: Executor, names: string[]): Promise<Map<string, string[]>> {
  const domains = new Map<string, string[]>();
  if (names.length === 0) return domains;
  const rows = await db
    .select({ name: sql<string>`lower(${organizations.name})`, domain: organizations.domain })
    .from(organizations)
    .where(
      and(
        inArray(sql`lower(${organizations.name})`, names),
        isNotNull(organizations.verifiedAt),
        isNotNull(organizations.domain),
      ),
    );
  for (const { name, domain } of rows) if (domain) domains.set(name, [...(domains.get(name) ?? []), domain.toLowerCase()]);
  return domains;
}

/**
 * Which references get the badge, in their order: never a free-mail address or one of the
 * consultant's own; otherwise when the referee's domain is one the organization verified.
 */
export async function verifiedDomainBadges(
  db: Executor,
  references: readonly Referee[],
  consultantEmails: string[],
): Promise<boolean[]> {
  const own = new Set(consultantEmails.map((email) => email.trim().toLowerCase()));
  const candidates = references.map((reference) => {
    const email = reference.refereeEmail.trim().toLowerCase();
    const domain = emailDomainOf(email);
    return isFreeMailDomain(domain) || own.has(email) ? null : { domain, name: reference.organization.trim().toLowerCase() };
  });
  const names = [...new Set(candidates.flatMap((candidate) => (candidate ? [candidate.name] : [])))];
  const verified = await verifiedDomainsOf(db, names);
  return candidates.map(
    (candidate) =>
      candidate !== null && (verified.get(candidate.name) ?? []).some((domain) => isAtDomain(candidate.domain, domain)),
  );
}
