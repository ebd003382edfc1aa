import { z } from "zod";
import { MFA_MESSAGES } from "./second-factor-messages.ts";

// Two-step sign-in (issue 38): the messages and the schemas the API, the pages and the browser
// forms share.

export { MFA_MESSAGES } from "./second-factor-messages.ts";

/**
 * A right code of the app that was already accepted (a replay, or the code that just turned the
 * app on): the person waits for the next one. Here, not in MFA_MESSAGES: only the server says it,
 * and the sign-in page's first load has no byte to spare.
 */
export const CODE_USED_MESSAGE =
  "That code was already used. Wait for the next code in your authenticator app (a new one every 30 seconds) and enter it.";

/** Who must have a second factor (ENFORCE_SECOND_FACTOR, issue 38). */
export type SecondFactorPolicy = "admins" | "all" | "none";

/** Whether an account of this role must have a second factor under the policy. */
export function isSecondFactorRequired(policy: SecondFactorPolicy, role: string): boolean {
  return policy === "all" || (policy === "admins" && role === "admin");
}

/** A code as people type it: spaces and dashes dropped. */
const compact = (value: unknown) => (typeof value === "string" ? value.replace(/[\s-]/g, "") : value);

/** One field that takes the app's 6-digit code or a recovery code (the sign-in's second step, re-authentication). */
export const codeOrRecoveryCode = (message: string) =>
  z.preprocess(compact, z.string({ error: message }).regex(/^(\d{6}|[A-Za-z0-9]{10,32})$/, message));

/** What such a field holds: 6 digits are the app's code, anything else a recovery code (kept upper-case). */
export function secondFactorOf(value: string): { code: string } | { recoveryCode: string } {
  return /^\d{6}$/.test(value) ? { code: value } : { recoveryCode: value.toUpperCase() };
}

export const totpCode = (message: string = MFA_MESSAGES.codeRequired) =>
  z.preprocess(compact, z.string({ error: message }).regex(/^\d{6}$/, message));
const recoveryCode = z.preprocess(
  compact,
  z
    .string({ error: MFA_MESSAGES.recoveryCodeRequired })
    .regex(/^[A-Za-z0-9]{10,32}$/, MFA_MESSAGES.recoveryCodeRequired)
    .transform((value) => value.toUpperCase()),
);

/** POST /api/account/mfa/totp/confirm */
export const confirmTotpSchema = z.object({ code: totpCode() });

/** POST /api/auth/login/mfa: the challenge and a code, or a recovery code. */
export const loginMfaSchema = z.union(
  [
    z.object({
      challenge: z.string({ error: MFA_MESSAGES.challengeExpired }).min(1).max(100),
      code: totpCode(),
      trustBrowser: z.boolean().optional(),
    }),
    z.object({
      challenge: z.string({ error: MFA_MESSAGES.challengeExpired }).min(1).max(100),
      recoveryCode,
      trustBrowser: z.boolean().optional(),
    }),
  ],
  { error: MFA_MESSAGES.codeOrRecovery },
);
export type LoginMfaInput = z.infer<typeof loginMfaSchema>;

/** The sign-in form's second step: one field takes a 6-digit code or a recovery code. */
export const loginMfaFormSchema = z.object({
  challenge: z.string({ error: MFA_MESSAGES.challengeExpired }).min(1).max(100),
  code: codeOrRecoveryCode(MFA_MESSAGES.codeOrRecovery),
  trustBrowser: z.preprocess((value) => value === "on" || value === "true" || value === true, z.boolean()).optional(),
});

/** What the form's one field means to the API's schema. */
export function loginMfaInputOf(form: z.infer<typeof loginMfaFormSchema>): unknown {
  return { challenge: form.challenge, trustBrowser: form.trustBrowser ?? false, ...secondFactorOf(form.code) };
}

/** Recovery codes are shown as "XXXXX-XXXXX". */
export function formatRecoveryCode(code: string): string {
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}
