import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/runtime-macro";
import { type Locale, localizePath } from "#common/locales.ts";
import type { Executor } from "#server/db/client.ts";
import { enqueueMail } from "#server/jobs/mail.ts";
import type { ServiceDeps } from "./context.ts";
import { composeMail } from "./mail.ts";
import { mailLanguage } from "./mail-language.ts";

// The e-mails an account gets about itself or its profile (a verification or reset link, a
// security notice, an administrator's decision on the profile) are one kind: in the account's
// language, "Hello {name}," then what happened, and one button to a page of the site, opened in
// that language too; queued in the transaction of the write that needs it, so a write that rolls
// back sends nothing.

/** What one such e-mail says: its subject, the paragraphs after the greeting, its button (a site path, with its query). */
export type AccountMail = { subject: string; paragraphs: string[]; action: { label: string; path: string } };

/** Queues `write`'s e-mail to the account inside `tx`: to its address, or to `to` (the old address of an e-mail change). */
export async function queueAccountMail(
  deps: Pick<ServiceDeps, "config" | "jobs">,
  tx: Executor,
  user: { name: string; email: string; locale: string | null },
  write: (i18n: I18n, locale: Locale) => AccountMail | Promise<AccountMail>,
  to: string = user.email,
): Promise<void> {
  const { locale, i18n } = await mailLanguage(user.locale);
  const mail = await write(i18n, locale);
  const { siteName, publicUrl } = deps.config;
  const name = user.name;
  const { text, html, language } = composeMail(locale, siteName, [i18n._(msg`Hello ${{ name }},`), ...mail.paragraphs], {
    label: mail.action.label,
    url: `${publicUrl}${localizePath(locale, mail.action.path)}`,
  });
  await enqueueMail(deps, { to, subject: mail.subject, text, html, language }, { db: tx });
}
