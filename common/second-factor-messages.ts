// The sentences of two-step sign-in (issue 38), apart from the schemas in second-factor.ts: the
// sign-in form shows them in the browser, and importing them from the schemas' module brought
// zod (25 KB gzip) into the sign-in page's first load.

import { MFA_CHALLENGE_EXPIRED } from "./second-factor-expired.ts";

export const MFA_MESSAGES = {
  codeRequired: "Enter the 6-digit code from your authenticator app",
  recoveryCodeRequired: "Enter one of your recovery codes",
  codeOrRecovery: "Enter the 6-digit code from your app or one of your recovery codes",
  wrongCode: "That code is not right. Check your authenticator app and try again.",
  challengeExpired: MFA_CHALLENGE_EXPIRED,
  tooManyCodes: "Too many wrong codes. Please wait a few minutes and try again.",
  alreadyOn: "Your authenticator app is already set up. Turn it off first to set up another.",
  notStarted: "Start setting up your authenticator app first.",
  notOn: "Two-step sign-in with an authenticator app is not on.",
  unavailable: "Two-step sign-in is not available on this server yet (SECRETS_KEY is not set).",
  setupRequired: "Set up two-step sign-in first: this account needs an authenticator app (Manage Account).",
} as const;
