import { z } from "zod";
import {
  accountProfileSchema,
  changePasswordSchema,
  forgotPasswordSchema,
  loginSchema,
  registerSchema,
  resetPasswordSchema,
  verifyEmailSchema,
} from "#common/auth.ts";
import { type ApiRoute, anyJson, messageOnly, responseSchemas, signedIn } from "./schemas.ts";

const accountSessionSchema = z
  .object({
    id: z.number().int(),
    device: z.string(),
    network: z.string().nullable(),
    createdAt: z.string(),
    lastSeenAt: z.string(),
    isCurrent: z.boolean(),
  })
  .strict();

// The documented routes of the API: registration, sign-in, the account, e-mail verification and password reset.

export const accountsRoutes: ApiRoute[] = [
  {
    method: "POST",
    path: "/auth/register",
    tag: "Accounts",
    summary: "Create an account and sign in",
    body: registerSchema,
    response: signedIn,
    status: 201,
  },
  { method: "POST", path: "/auth/login", tag: "Accounts", summary: "Sign in", body: loginSchema, response: signedIn },
  {
    method: "POST",
    path: "/auth/logout",
    tag: "Accounts",
    summary: "Sign out (ends this session)",
    auth: "session",
    response: messageOnly,
  },
  {
    method: "GET",
    path: "/auth/me",
    tag: "Accounts",
    summary: "The signed-in account",
    auth: "session",
    response: responseSchemas.user,
  },
  {
    method: "PUT",
    path: "/auth/profile",
    tag: "Accounts",
    summary: "Change name and e-mail",
    auth: "session",
    body: accountProfileSchema,
    response: anyJson,
  },
  {
    method: "PUT",
    path: "/auth/password",
    tag: "Accounts",
    summary: "Change the password",
    auth: "session",
    body: changePasswordSchema,
    response: anyJson,
  },
  {
    method: "POST",
    path: "/auth/resend-verification",
    tag: "Accounts",
    summary: "Send the verification e-mail again",
    auth: "session",
    response: anyJson,
  },
  {
    method: "POST",
    path: "/auth/verify-email",
    tag: "Accounts",
    summary: "Verify an e-mail address with the link's token",
    body: verifyEmailSchema,
    response: anyJson,
  },
  {
    method: "POST",
    path: "/auth/forgot-password",
    tag: "Accounts",
    summary: "Send a password reset link",
    body: forgotPasswordSchema,
    response: anyJson,
  },
  {
    method: "POST",
    path: "/auth/reset-password",
    tag: "Accounts",
    summary: "Set a new password with the link's token",
    body: resetPasswordSchema,
    response: anyJson,
  },
  {
    method: "GET",
    path: "/account/sessions",
    tag: "Accounts",
    summary: "The signed-in account's sessions (device, network, first and last use; this one marked)",
    auth: "session",
    response: z.object({ sessions: z.array(accountSessionSchema) }).strict(),
  },
  {
    method: "DELETE",
    path: "/account/sessions",
    tag: "Accounts",
    summary: "Sign out everywhere else (?others=1: every session but this one)",
    auth: "session",
    query: z.object({ others: z.enum(["1", "true"]) }),
    response: z.object({ ended: z.number().int() }).strict(),
  },
  {
    method: "DELETE",
    path: "/account/sessions/:id",
    tag: "Accounts",
    summary: "End one of the account's own sessions",
    auth: "session",
    response: anyJson,
    status: 204,
  },
];
