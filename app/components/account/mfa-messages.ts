import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { MFA_MESSAGES } from "#common/second-factor.ts";

// The second factor's refusals (common/second-factor.ts) are the services' English sentences, as
// the API answers them; the pages say them in the page's language.

const TRANSLATED: Record<string, MessageDescriptor> = {
  [MFA_MESSAGES.codeRequired]: msg`Enter the 6-digit code from your authenticator app`,
  [MFA_MESSAGES.recoveryCodeRequired]: msg`Enter one of your recovery codes`,
  [MFA_MESSAGES.codeOrRecovery]: msg`Enter the 6-digit code from your app or one of your recovery codes`,
  [MFA_MESSAGES.wrongCode]: msg`That code is not right. Check your authenticator app and try again.`,
  [MFA_MESSAGES.challengeExpired]: msg`Your sign-in has expired. Please sign in with your password again.`,
  [MFA_MESSAGES.tooManyCodes]: msg`Too many wrong codes. Please wait a few minutes and try again.`,
  [MFA_MESSAGES.alreadyOn]: msg`Your authenticator app is already set up. Turn it off first to set up another.`,
  [MFA_MESSAGES.notStarted]: msg`Start setting up your authenticator app first.`,
  [MFA_MESSAGES.notOn]: msg`Two-step sign-in with an authenticator app is not on.`,
  [MFA_MESSAGES.unavailable]: msg`Two-step sign-in is not available on this server yet (SECRETS_KEY is not set).`,
};

/** A second-factor refusal in the page's language; any other message as it came. */
export function mfaMessage(i18n: I18n, message: string): string {
  const descriptor = TRANSLATED[message];
  return descriptor ? i18n._(descriptor) : message;
}
