import type { Submission } from "@conform-to/react";
import { data } from "react-router";
import type { ToastMessage } from "#common/toast.ts";
import { AppError, type FieldError, ReauthenticationRequired, TooManyRequests } from "#server/services/errors.ts";
import type { FormAnswer, FormResult } from "./form-answer.ts";

// The page door's one mapping from a service's typed error to what a page answers:
// - in an action, the one answer shape (app/lib/form-answer.ts): the field errors beside their
//   fields, the message as the form's error and in the toast, and the error's status (400, 401,
//   403, 404, 409, 429 with Retry-After, 503);
// - in a loader, the route's error boundary with the status and the service's message.
// Anything that is not an AppError is a bug: it is rethrown and becomes a 500.

/** What a page can say about a refusal. */
export type Refusal = {
  status: number;
  message: string;
  errors: FieldError[];
  headers?: HeadersInit;
  /** A sensitive change without a recent sign-in (issue 38): the page asks for the password and tries again. */
  reauthenticate?: true;
};

/** The service's refusal, or a rethrow when the error is not one a page can explain. */
export function refusalOf(error: unknown): Refusal {
  if (!(error instanceof AppError)) throw error;
  return {
    status: error.status,
    message: error.message,
    errors: error.errors ?? [],
    headers: error instanceof TooManyRequests ? { "Retry-After": String(error.retryAfterSeconds) } : undefined,
    ...(error instanceof ReauthenticationRequired ? { reauthenticate: true as const } : {}),
  };
}

/** The field errors Conform shows beside the fields, grouped by field. */
export function fieldErrorsOf(errors: readonly FieldError[]): Record<string, string[]> {
  const fieldErrors: Record<string, string[]> = {};
  for (const { path, message } of errors) fieldErrors[path] = [...(fieldErrors[path] ?? []), message];
  return fieldErrors;
}

type AnySubmission = Pick<Submission<Record<string, unknown>>, "reply">;
type FailedSubmission = Pick<Extract<Submission<Record<string, unknown>>, { error: unknown }>, "error" | "reply">;

/** Says what failed in a toast, from the refusal's message, its status and the fields' messages. */
export type ToastOf = (message: string, refusal: { status: number; fieldMessages: string[] }) => ToastMessage;

type AnswerOptions<Intent extends string> = {
  /** Which form, on a page with several. */
  intent?: Intent;
  /** The toast for this refusal (none: the page shows the errors beside the form). */
  toast?: ToastOf;
  /** Fields whose typed values do not come back (passwords). */
  hideFields?: string[];
};

/**
 * An action's answer with its HTTP status (200 unless given). A result without errors says
 * "success" (Conform's `reply({ resetForm: true })` carries no status).
 */
export function answer<Intent extends string, Data = never>(body: FormAnswer<Intent, Data>, init?: number | ResponseInit) {
  const errors = Object.values(body.result.error ?? {}).some((messages) => (messages?.length ?? 0) > 0);
  const result: FormResult = body.result.status || errors ? body.result : { ...body.result, status: "success" };
  return data({ ...body, result }, init);
}

/** A submission the shared schema refused (normally caught in the browser first): 400 with field errors. */
export function invalidAnswer<Intent extends string>(submission: FailedSubmission, options: AnswerOptions<Intent> = {}) {
  const fieldMessages = Object.values(submission.error ?? {}).flatMap((messages) => messages ?? []);
  const message = fieldMessages[0] ?? "Please check the form and try again.";
  return answer<Intent>(
    {
      result: submission.reply({ hideFields: options.hideFields }),
      intent: options.intent,
      toast: options.toast?.(message, { status: 400, fieldMessages }),
    },
    { status: 400 },
  );
}

/**
 * The one mapper from a service's typed error to a page action's answer: the refusal's status
 * (and Retry-After), field errors beside the fields the service named, else the message as the
 * form's error, and the toast the page gives it. With `submission` the reply is Conform's (typed
 * values kept); without, the same result is built for a form that has no schema. With
 * `notFoundPage`, a 404 is the route's error boundary instead (what the page is about is gone).
 * Anything that is not a service error is a bug: rethrown, a 500.
 */
export function refusedAnswer<Intent extends string>(
  error: unknown,
  options: AnswerOptions<Intent> & {
    submission?: AnySubmission;
    /** Without a submission: what was typed, given back (see `typedValues`). */
    initialValue?: Record<string, string>;
    notFoundPage?: boolean;
  } = {},
) {
  const refusal = refusalOf(error);
  if (options.notFoundPage && refusal.status === 404) throw data(refusal.message, { status: 404 });
  const fieldErrors = fieldErrorsOf(refusal.errors);
  const formErrors = refusal.errors.length > 0 ? undefined : [refusal.message];
  const result: FormResult = options.submission
    ? options.submission.reply({ hideFields: options.hideFields, fieldErrors, formErrors })
    : {
        status: "error",
        error: { ...fieldErrors, ...(formErrors ? { "": formErrors } : {}) },
        ...(options.initialValue ? { initialValue: options.initialValue } : {}),
      };
  const fieldMessages = refusal.errors.map((item) => item.message);
  return answer<Intent>(
    {
      result,
      intent: options.intent,
      toast: options.toast?.(refusal.message, { status: refusal.status, fieldMessages }),
      ...(refusal.reauthenticate ? { reauthenticate: refusal.reauthenticate } : {}),
    },
    { status: refusal.status, headers: refusal.headers },
  );
}

/** In a loader: a service's refusal becomes the route's error boundary (404, 403, 401…) with its message. */
export function throwPageError(error: unknown): never {
  const refusal = refusalOf(error);
  throw data(refusal.message, { status: refusal.status, headers: refusal.headers });
}

/** `throwPageError` around one service call. */
export async function orPageError<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    throwPageError(error);
  }
}
