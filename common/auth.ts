import { z } from "zod";
import { LOCALES } from "./locales.ts";
import { boundedText, emailAddress } from "./zod-fields.ts";

// One schema per form (spec section 5, messages word for word). The JSON API, the route actions
// and the browser forms all validate with these.

export const PASSWORD_MIN_LENGTH = 6;
/** Argon2 cost does not grow with length, but a request body should stay small. */
export const PASSWORD_MAX_LENGTH = 1024;
export const NAME_MAX_LENGTH = 255;
export const EMAIL_MAX_LENGTH = 255;

export const AUTH_MESSAGES = {
  email: "Valid email address is required",
  name: "Name is required",
  password: "Password must be at least 6 characters long",
  passwordRequired: "Password is required",
  currentPassword: "Current password is required",
  newPassword: "New password must be at least 6 characters long",
  passwordsMatch: "Passwords don't match",
  passwordTooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters long`,
  nameTooLong: `Name must be at most ${NAME_MAX_LENGTH} characters long`,
  emailTooLong: `Email must be at most ${EMAIL_MAX_LENGTH} characters long`,
  tooWeak: "This password is too easy to guess.",
  invalidCredentials: "Invalid email or password",
  emailTaken: "An account with this email already exists",
  wrongCurrentPassword: "Current password is incorrect",
  signInRequired: "You need to be signed in to do that",
  invalidLink: "This link is invalid or has expired",
  accountBlocked: "This account has been blocked. If you think this is a mistake, please contact support.",
} as const;

/** Why an account cannot be deleted yet (issue 38): it would leave the site or an organization without anyone in charge. */
export const ACCOUNT_DELETION_MESSAGES = {
  lastAdmin: "You are the only admin. Make another user an admin before you delete your account.",
  lastOwner:
    "You are the only owner of an organization. Make another member an owner, or delete the organization, before you delete your account.",
  notConfirmed: "Tick the box to confirm that you want to delete your account.",
} as const;

const email = emailAddress(AUTH_MESSAGES.email, EMAIL_MAX_LENGTH, AUTH_MESSAGES.emailTooLong);
const name = boundedText(AUTH_MESSAGES.name, 1, NAME_MAX_LENGTH, AUTH_MESSAGES.nameTooLong);

/** A password being chosen (registration, reset); the common-password check runs on the server. */
const newPassword = (message: string) =>
  z.string({ error: message }).min(PASSWORD_MIN_LENGTH, message).max(PASSWORD_MAX_LENGTH, AUTH_MESSAGES.passwordTooLong);

export const registerSchema = z.object({
  email,
  password: newPassword(AUTH_MESSAGES.password),
  name,
  /** The account's language (its e-mails are written in it): the page's, when signing up on one. English by default. */
  locale: z.enum(LOCALES).optional(),
});

export type RegisterInput = z.infer<typeof registerSchema>;

export const loginSchema = z.object({
  email,
  password: z
    .string({ error: AUTH_MESSAGES.passwordRequired })
    .min(1, AUTH_MESSAGES.passwordRequired)
    .max(PASSWORD_MAX_LENGTH, AUTH_MESSAGES.passwordTooLong),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const accountProfileSchema = z.object({ name, email });
export type AccountProfileInput = z.infer<typeof accountProfileSchema>;

const currentPassword = z
  .string({ error: AUTH_MESSAGES.currentPassword })
  .min(1, AUTH_MESSAGES.currentPassword)
  .max(PASSWORD_MAX_LENGTH, AUTH_MESSAGES.passwordTooLong);

/** PUT /api/auth/password: the spec's payload is currentPassword and newPassword. */
export const changePasswordSchema = z.object({
  currentPassword,
  newPassword: newPassword(AUTH_MESSAGES.newPassword),
});
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** The account page's form adds the confirmation field. */
export const changePasswordFormSchema = changePasswordSchema
  .extend({ confirmPassword: z.string({ error: AUTH_MESSAGES.passwordsMatch }) })
  .refine((value) => value.newPassword === value.confirmPassword, {
    path: ["confirmPassword"],
    message: AUTH_MESSAGES.passwordsMatch,
  });

export const forgotPasswordSchema = z.object({ email });

/** Setting a new password from an e-mailed link: the same rules as registration. */
export const resetPasswordSchema = z.object({
  token: z.string({ error: AUTH_MESSAGES.invalidLink }).min(1, AUTH_MESSAGES.invalidLink).max(200, AUTH_MESSAGES.invalidLink),
  password: newPassword(AUTH_MESSAGES.password),
});

export const resetPasswordFormSchema = resetPasswordSchema
  .extend({ confirmPassword: z.string({ error: AUTH_MESSAGES.passwordsMatch }) })
  .refine((value) => value.password === value.confirmPassword, {
    path: ["confirmPassword"],
    message: AUTH_MESSAGES.passwordsMatch,
  });

export const verifyEmailSchema = z.object({
  token: z.string({ error: AUTH_MESSAGES.invalidLink }).min(1, AUTH_MESSAGES.invalidLink).max(200, AUTH_MESSAGES.invalidLink),
});

/** What the browser and API clients may know about the signed-in user (spec section 3). */
export type AccountUser = {
  id: number;
  name: string;
  email: string;
  role: "user" | "admin";
  isEmailVerified: boolean;
  createdAt: string;
};

/** The sign-in page's forms, named by the `intent` each posts (its answer carries it back). */
export type AuthFormIntent = "login" | "login-mfa" | "login-passkey" | "register" | "forgot-password";

/** What the sign-in form's password step answers when the account has a second factor (issue 38). */
export type AuthAnswerData = { challenge: string; methods?: ("totp" | "passkey")[] };
