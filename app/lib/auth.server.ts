import type { Submission, SubmissionResult } from "@conform-to/react";
import { data } from "react-router";
import type { AccountDeps, RequestFacts } from "../../server/services/accounts.ts";
import { AppError, TooManyRequests } from "../../server/services/errors.ts";
import type { AppContext } from "../context.ts";

// Helpers for the account pages' actions: the services they call, and one shape for a form's
// answer, which Conform shows beside the fields and the page turns into a toast.

export function accountDeps(context: AppContext): AccountDeps {
  return { db: context.db, mailer: context.mailer, config: context.config, log: context.log };
}

export function requestFacts(context: AppContext): RequestFacts {
  return { ip: context.clientIp };
}

type AnySubmission = Pick<Submission<Record<string, unknown>>, "reply">;
type FailedSubmission = Extract<Submission<Record<string, unknown>>, { error: unknown }>;
type ReplyOptions = Parameters<AnySubmission["reply"]>[0];

export type FormFailure<Intent extends string> = {
  intent: Intent;
  status: "error";
  message: string;
  result: SubmissionResult<string[]>;
};

/** A submission the schema refused (normally caught in the browser first): 400 with field errors. */
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

/** A service's refusal (409, 401, 429…) as the form's answer: field errors where the service named a field. */
export function refusedSubmission<Intent extends string>(
  intent: Intent,
  submission: AnySubmission,
  error: unknown,
  hideFields?: string[],
) {
  if (!(error instanceof AppError) || error.status >= 500) throw error;
  const fieldErrors: Record<string, string[]> = {};
  for (const { path, message } of error.errors ?? []) fieldErrors[path] = [...(fieldErrors[path] ?? []), message];
  const options: ReplyOptions = {
    hideFields,
    fieldErrors,
    formErrors: error.errors?.length ? undefined : [error.message],
  };
  const failure: FormFailure<Intent> = { intent, status: "error", message: error.message, result: submission.reply(options) };
  const headers = error instanceof TooManyRequests ? { "Retry-After": String(error.retryAfterSeconds) } : undefined;
  return data(failure, { status: error.status, headers });
}
