import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/runtime-macro";
import type { Executor } from "#server/db/client.ts";
import { serverI18n } from "#server/i18n/server-i18n.ts";
import { type AccountMail, queueAccountMail } from "../account-mail.ts";
import type { ServiceDeps } from "../context.ts";
import { deviceInWords } from "./device-words.ts";
import { findMailRecipient } from "./users.ts";

// Security e-mails (issue 38): what happened to an account that its owner should know about, in
// the account's language, queued in the transaction of the change (the job queue delivers it; a
// change that rolls back sends nothing). Each says what happened, what to do if it was not them,
// and links to the account page. None carries a code, a token or a full address.

export type SecurityEvent =
  /** Signed in from a device and network this account had not used before (`device`: describeDevice's English words). */
  | { kind: "new-device"; device: string; network: string | null }
  /** An authenticator app was set up, or the passkey named `passkey` was added. */
  | { kind: "factor-added"; passkey?: string }
  /** The authenticator app was removed (turned off on the account page or through the API), or the passkey named `passkey`. */
  | { kind: "factor-removed"; passkey?: string }
  /** A recovery code signed in; `left` are still unused. */
  | { kind: "recovery-code-used"; left: number }
  /** A new set of recovery codes was made (the old set stopped working). */
  | { kind: "recovery-codes-new" }
  /** The password was changed (on the account page, or through a reset link). */
  | { kind: "password-changed"; byReset?: boolean }
  /** The account was made an admin; `mustEnrol` when it must set up a second factor first. */
  | { kind: "admin-promoted"; mustEnrol: boolean }
  /** The account was deleted by its owner (queued before the row goes: the last mail to the address). */
  | { kind: "account-deleted" }
  /** The sign-in address was changed to `newAddress` (sent to the old one, which no longer gets resets). */
  | { kind: "email-changed"; newAddress: string };

/** An address as a security e-mail may show it: its first letter and its domain ("l•••@example.org"). */
export function maskedAddress(address: string): string {
  const at = address.lastIndexOf("@");
  return at <= 0 ? "•••" : `${address.slice(0, 1)}•••${address.slice(at)}`;
}

type Deps = Pick<ServiceDeps, "config" | "jobs">;

function notYou(i18n: I18n): string {
  return i18n._(
    msg`If this was not you, change your password now and sign out the sessions you do not recognise on your account page.`,
  );
}

/** `deviceWords`: a device in words (our own vocabulary of browsers and systems, not a person's text: not isolated piece by piece). */
function compose(i18n: I18n, event: SecurityEvent, siteName: string, deviceWords: (words: string) => string): AccountMail {
  const account = { label: i18n._(msg`Open your account page`), path: "/profile/manage" };
  const sessions = { label: i18n._(msg`Review where you're signed in`), path: "/profile/manage#section-sessions" };
  /** A passkey added or removed: what happened in one sentence, and the button to the passkeys. */
  const passkeyMail = (subject: string, sentence: string): AccountMail => ({
    subject,
    paragraphs: [sentence, notYou(i18n)],
    action: { label: i18n._(msg`Review your passkeys`), path: "/profile/manage#section-passkeys" },
  });
  switch (event.kind) {
    case "new-device": {
      const device = deviceWords(event.device);
      const network = event.network ?? "?";
      return {
        subject: i18n._(msg`New sign-in to your ${{ siteName }} account`),
        paragraphs: [
          i18n._(
            msg`Your account was just signed in to from a device we have not seen before: ${{ device }}, network ${{ network }}.`,
          ),
          i18n._(msg`If this was you, there is nothing to do.`),
          notYou(i18n),
        ],
        action: sessions,
      };
    }
    case "factor-added": {
      const passkey = event.passkey;
      if (passkey !== undefined) {
        return passkeyMail(
          i18n._(msg`A passkey was added to your ${{ siteName }} account`),
          i18n._(msg`The passkey "${{ passkey }}" was added to your account. It can now sign you in without your password.`),
        );
      }
      return {
        subject: i18n._(msg`Two-step sign-in is on for your ${{ siteName }} account`),
        paragraphs: [
          i18n._(
            msg`An authenticator app was set up for your account. Signing in now asks for a code from it after your password.`,
          ),
          notYou(i18n),
        ],
        action: account,
      };
    }
    case "factor-removed": {
      const passkey = event.passkey;
      if (passkey !== undefined) {
        return passkeyMail(
          i18n._(msg`A passkey was removed from your ${{ siteName }} account`),
          i18n._(msg`The passkey "${{ passkey }}" was removed from your account. It can no longer sign you in.`),
        );
      }
      return {
        subject: i18n._(msg`Two-step sign-in is off for your ${{ siteName }} account`),
        paragraphs: [
          i18n._(msg`The authenticator app of your account was removed. Signing in now asks for your password only.`),
          notYou(i18n),
        ],
        action: { label: i18n._(msg`Set up two-step sign-in again`), path: "/profile/manage#section-two-step" },
      };
    }
    case "recovery-code-used": {
      const left = event.left;
      return {
        subject: i18n._(msg`A recovery code was used to sign in to your ${{ siteName }} account`),
        paragraphs: [
          i18n._(
            msg`Someone signed in to your account with one of your recovery codes. Each code works once; ${{ left }} of 10 are left.`,
          ),
          i18n._(msg`If you have lost your authenticator app, set it up again and make new recovery codes.`),
          notYou(i18n),
        ],
        action: account,
      };
    }
    case "recovery-codes-new":
      return {
        subject: i18n._(msg`New recovery codes were made for your ${{ siteName }} account`),
        paragraphs: [
          i18n._(msg`A new set of 10 recovery codes was made for your account. The codes you had before no longer work.`),
          notYou(i18n),
        ],
        action: account,
      };
    case "password-changed":
      return {
        subject: i18n._(msg`Your ${{ siteName }} password was changed`),
        paragraphs: [
          event.byReset
            ? i18n._(msg`The password of your account was changed with a reset link sent to this address.`)
            : i18n._(msg`The password of your account was changed on the account page.`),
          i18n._(msg`If this was not you, reset your password now with "Forgot password?" on the sign-in page.`),
        ],
        action: account,
      };
    case "admin-promoted":
      return {
        subject: i18n._(msg`You are now an administrator of ${{ siteName }}`),
        paragraphs: [
          i18n._(msg`An administrator made your account an administrator.`),
          i18n._(msg`You have been signed out on every device: sign in again to start a session as an administrator.`),
          ...(event.mustEnrol
            ? [
                i18n._(
                  msg`Administrators must sign in with an authenticator app. At your next sign-in you will be asked to set one up; until then the admin pages and actions stay closed to you.`,
                ),
              ]
            : []),
        ],
        action: event.mustEnrol
          ? { label: i18n._(msg`Set up two-step sign-in`), path: "/profile/manage#section-two-step" }
          : account,
      };
    case "email-changed": {
      const address = maskedAddress(event.newAddress);
      return {
        subject: i18n._(msg`The e-mail address of your ${{ siteName }} account was changed`),
        paragraphs: [
          i18n._(
            msg`The sign-in address of your account was changed to ${{ address }} on the account page. Password resets and the account's messages now go there, not to this address.`,
          ),
          i18n._(msg`If this was not you, write to us at once through the contact page, from this address.`),
        ],
        action: { label: i18n._(msg`Contact us`), path: "/contact" },
      };
    }
    case "account-deleted":
      return {
        subject: i18n._(msg`Your ${{ siteName }} account was deleted`),
        paragraphs: [
          i18n._(
            msg`Your account was deleted on the account page, with your consultant profile, your shortlists and your saved searches. You can no longer sign in with this address; you can register again at any time.`,
          ),
          i18n._(msg`If this was not you, write to us at once through the contact page.`),
        ],
        action: { label: i18n._(msg`Contact us`), path: "/contact" },
      };
  }
}

/**
 * Queues the e-mail about `event` to the account `userId`, in its language, inside `tx`: to its
 * address, or to `to` (the old address of an e-mail change).
 */
export async function queueSecurityMail(
  deps: Deps,
  tx: Executor,
  userId: number,
  event: SecurityEvent,
  to?: string,
): Promise<void> {
  const user = await findMailRecipient(tx, userId);
  if (!user) return;
  await queueAccountMail(
    deps,
    tx,
    user,
    async (i18n, locale) => {
      const words = await serverI18n(locale);
      return compose(i18n, event, deps.config.siteName, (device) => deviceInWords(words, device));
    },
    to,
  );
}
