import type { I18n } from "@lingui/core";
import { eq, sql } from "drizzle-orm";
import { DEFAULT_LOCALE, type Locale, toLocale } from "#common/locales.ts";
import type { Executor } from "#server/db/client.ts";
import { authUsers } from "#server/db/schema.ts";
import { serverI18n } from "#server/i18n/server-i18n.ts";
import { normalizeEmail } from "./accounts/users.ts";

// The language an e-mail is written in (issue 37, docs/decisions/015-interface-languages.md): the
// recipient account's `locale`, which the pages they read keep current. Someone without an account
// here (a referee, an invited colleague) gets the language of the person who wrote to them, the one
// most likely to share theirs; English when neither is known.

/** An account's language, by id or by e-mail address (any case); null when there is no such account. */
export async function accountLocale(db: Executor, who: { id: number } | { email: string }): Promise<Locale | null> {
  const where = "id" in who ? eq(authUsers.id, who.id) : sql`lower(${authUsers.email}) = ${normalizeEmail(who.email)}`;
  const [row] = await db.select({ locale: authUsers.locale }).from(authUsers).where(where).limit(1);
  return row ? toLocale(row.locale) : null;
}

/** The first language known among `candidates` (English when none) and its Lingui instance. */
export async function mailLanguage(...candidates: (string | null | undefined)[]): Promise<{ locale: Locale; i18n: I18n }> {
  const known = candidates.find((candidate) => candidate !== null && candidate !== undefined);
  const locale = known === undefined ? DEFAULT_LOCALE : toLocale(known);
  return { locale, i18n: await serverI18n(locale) };
}
