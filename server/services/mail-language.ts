import type { I18n, MessageDescriptor, MessageOptions, Values } from "@lingui/core";
import { eq, sql } from "drizzle-orm";
import { DEFAULT_LOCALE, type Locale, toLocale } from "#common/locales.ts";
import type { Executor } from "#server/db/client.ts";
import { authUsers } from "#server/db/schema.ts";
import { serverI18n } from "#server/i18n/server-i18n.ts";
import { normalizeEmail } from "./accounts/users.ts";
import { isolate } from "./mail.ts";

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

/**
 * The Lingui instance an e-mail in `locale` is written with: like the pages' one, except that every
 * text placeholder comes out as an isolate (server/services/mail.ts `isolate`), so a name, subject
 * or title in a right-to-left script cannot reorder the sentence around it; composeMail and the
 * mailer turn the marks into <bdi> in the HTML and drop them from plain text that needs none.
 * Numbers (plurals) go through as they are. Its strings are for e-mails only.
 */
async function mailI18n(locale: Locale): Promise<I18n> {
  const i18n = await serverI18n(locale);
  const isolated = (values: Values | undefined) =>
    values &&
    Object.fromEntries(Object.entries(values).map(([key, value]) => [key, typeof value === "string" ? isolate(value) : value]));
  const translate = ((id: MessageDescriptor | string, values?: Values, options?: MessageOptions) =>
    typeof id === "string" ? i18n._(id, isolated(values), options) : i18n._({ ...id, values: isolated(id.values) })) as I18n["_"];
  return Object.assign(Object.create(i18n) as I18n, { _: translate, t: translate });
}

/** The first language known among `candidates` (English when none) and its Lingui instance for e-mails (mailI18n). */
export async function mailLanguage(...candidates: (string | null | undefined)[]): Promise<{ locale: Locale; i18n: I18n }> {
  const known = candidates.find((candidate) => candidate !== null && candidate !== undefined);
  const locale = known === undefined ? DEFAULT_LOCALE : toLocale(known);
  return { locale, i18n: await mailI18n(locale) };
}
