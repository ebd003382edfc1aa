import type { Submission, SubmissionResult } from "@conform-to/react";
import { data } from "react-router";
import { AppError, type FieldError, TooManyRequests } from "#server/services/errors.ts";

// The page door's one mapping from a service's typed error to what a page answers:
// - in an action, a form reply: the field errors beside their fields, the message for the toast,
//   and the error's status (400, 401, 403, 404, 409, 429 with Retry-After, 503);
// - in a loader, the route's error boundary with the status and the service's message.
// Anything that is not an AppError is a bug: it is rethrown and becomes a 500.

/** What a page can say about a refusal. */
export type Refusal = { status: number; message: string; errors: FieldError[]; headers?: HeadersInit };

/** The service's refusal, or a rethrow when the error is not one a page can explain. */
export function refusalOf(error: unknown): Refusal {
  if (!(error instanceof AppError)) throw error;
  return {
    status: error.status,
    message: error.message,
    errors: error.errors ?? [],
    headers: error instanceof TooManyRequests ? { "Retry-After": String(error.retryAfterSeconds) } : undefined,
  };
}

/** The field errors Conform shows beside the fields, grouped by field. */
export function fieldErrorsOf(errors: readonly FieldError[]): Record<string, string[]> {
  const fieldErrors: Record<string, string[]> = {};
  for (const { path, message } of errors) fieldErrors[path] = [...(fieldErrors[path] ?? []), message];
  return fieldErrors;
}

type AnySubmission = Pick<Submission<Record<string, unknown>>, "reply">;
type FailedSubmission = Extract<Submission<Record<string, unknown>>, { error: unknown }>;

/** A form's refused answer: which form (`intent`), the message for the toast, Conform's reply. */
export type FormFailure<Intent extends string> = {
  intent: Intent;
  status: "error";
  message: string;
  result: SubmissionResult<string[]>;
};

/** A submission the shared schema refused (normally caught in the browser first): 400 with field errors. */
export function invalidSubmission<Intent extends string>(
  intent: Intent,
  submission: Pick<FailedSubmission, "error" | "reply">,
  hideFields?: string[],
) {
  const first = Object.values(submission.error ?? {}).find((messages) => messages && messages.length > 0)?.[0];
  const failure: FormFailure<Intent> = {
    intent,
    status: "error",
    message: first ?? "Please check the form and try again.",
    result: submission.reply({ hideFields }),
  };
  return data(failure, { status: 400 });
}

/** A service's refusal as the form's answer: field errors where the service named a field, else a form error. */
export function refusedSubmission<Intent extends string>(
  intent: Intent,
  submission: AnySubmission,
  error: unknown,
  hideFields?: string[],
) {
  const refusal = refusalOf(error);
  const failure: FormFailure<Intent> = {
    intent,
    status: "error",
    message: refusal.message,
    result: submission.reply({
      hideFields,
      fieldErrors: fieldErrorsOf(refusal.errors),
      formErrors: refusal.errors.length > 0 ? undefined : [refusal.message],
    }),
  };
  return data(failure, { status: refusal.status, headers: refusal.headers });
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

/**
 * In an action whose page shows one message: a service's refusal (a 4xx) as the page's own answer,
 * `answer(message)` with the refusal's status, so the page and what was typed stay. With
 * `notFoundPage`, a 404 is the route's error boundary instead (what the page is about is gone).
 * A failure that is ours (a 5xx, or not a service error) is rethrown: the route's clientAction
 * (app/lib/page-action.ts) answers it with the spec's fallback message.
 */
export function refusedAction<Answer>(
  error: unknown,
  answer: (message: string) => Answer,
  options: { notFoundPage?: boolean } = {},
) {
  const refusal = refusalOf(error);
  if (refusal.status >= 500) throw error;
  if (options.notFoundPage && refusal.status === 404) throw data(refusal.message, { status: 404 });
  return data(answer(refusal.message), { status: refusal.status, headers: refusal.headers });
}
