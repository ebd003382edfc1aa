import type { Executor } from "#server/db/client.ts";

// The "verified domain" badge of a confirmed reference (issue 34): the referee's e-mail is at
// the client organization's verified domain. One function decides it, so the day organizations
// with verified domains exist (issue 31) only `verifiedDomainsOf` changes.

/** Free-mail providers: an address there says nothing about where its owner works. */
export const FREE_MAIL_DOMAINS: ReadonlySet<string> = new Set([
  "gmail.com",
  "googlemail.com",
  "yahoo.com",
  "yahoo.co.th",
  "yahoo.com.vn",
  "yahoo.co.id",
  "yahoo.com.ph",
  "yahoo.com.sg",
  "yahoo.com.my",
  "ymail.com",
  "hotmail.com",
  "hotmail.co.th",
  "outlook.com",
  "live.com",
  "msn.com",
  "aol.com",
  "icloud.com",
  "me.com",
  "mail.com",
  "gmx.com",
  "gmx.net",
  "proton.me",
  "protonmail.com",
  "zoho.com",
  "yandex.com",
  "qq.com",
  "163.com",
  "126.com",
  "naver.com",
  "daum.net",
]);

export function domainOf(email: string): string {
  return email.trim().toLowerCase().split("@").pop() ?? "";
}

export function isFreeMail(email: string): boolean {
  return FREE_MAIL_DOMAINS.has(domainOf(email));
}

/**
 * The verified e-mail domains of the organization a reference names. Organizations and their
 * verified domains are issue 31's (not on main yet): until its table lands there are none, and no
 * reference shows the badge. Wire it here: look the organization up by name (and the referee's
 * domain among its verified ones).
 */
export async function verifiedDomainsOf(_db: Executor, _organization: string): Promise<string[]> {
  return [];
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
  return (await verifiedDomainsOf(db, reference.organization)).some((verified) => verified.toLowerCase() === domain);
}
