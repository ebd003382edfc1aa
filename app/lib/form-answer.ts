import type { SubmissionResult } from "@conform-to/react";
import { useEffect, useRef } from "react";
import type { ToastMessage } from "#common/toast.ts";
import { toast as showToast } from "../components/ui/toast.tsx";

// Every page action answers in one shape, in the manner of Conform's `submission.reply()`:
//
//   { result, toast?, intent?, data? }
//
// - `result` is Conform's SubmissionResult: `status` "success" or "error", the field errors by
//   field name and the form's own errors under "" (what light-form and Conform show beside the
//   fields and above the form);
// - `toast` is what the page says about it in a toast (the spec's words), decided by the action;
// - `intent` names the form, on pages with several (admin, account, sign-in);
// - `data` is what a success brings that the page shows once and can read nowhere else (a share
//   link made now);
// - `reauthenticate` says a sensitive change needs the password again (issue 38): the page's
//   `clientAction` (keepPageOnFailure) asks for it in a dialog and sends the form once more.
// Nothing else travels in an answer.
//
// The server makes them in app/lib/service-errors.server.ts (`answer`, `invalidAnswer`, and
// `refusedAnswer`, the one mapper from a service's typed error); app/lib/page-action.ts makes the
// one for a request that failed on its way (`failedAnswer`). A success that leaves the page is a
// redirect with a toast (app/lib/toast.server.ts), not an answer.

export type FormResult = SubmissionResult<string[]>;

export type FormAnswer<Intent extends string = string, Data = never> = {
  result: FormResult;
  toast?: ToastMessage;
  intent?: Intent;
  data?: Data;
  /** Set by `keepPageOnFailure` (app/lib/page-action.ts): the request never reached the action. */
  requestFailed?: true;
  /** The service asked for a recent sign-in (403): see app/components/account/reauthenticate-dialog.tsx. */
  reauthenticate?: true;
  /** Set with `requestFailed` when the network failed (offline): nothing reached the server. */
  offline?: boolean;
};

/** Whether the answer says the send never reached the server (the form shows NotSentNotice). */
export function notSent(answer: FormAnswer<string, unknown> | null | undefined): boolean {
  return answer?.offline === true;
}

/** Conform's reply for a form-level error (no field named). */
function formErrorResult(message: string): FormResult {
  return { status: "error", error: { "": [message] } };
}

/**
 * An answer that something failed: `message` as the form's error, with the page's toast. For
 * what no service decided: a request that failed on its way (the routes' `clientAction`), an
 * unknown form, a missing sign-in.
 */
export function errorAnswer<Intent extends string = never>(
  message: string,
  options: { intent?: Intent; toast?: ToastMessage; initialValue?: Record<string, string> } = {},
): FormAnswer<Intent> {
  const result = formErrorResult(message);
  if (options.initialValue) result.initialValue = options.initialValue;
  return { result, intent: options.intent, toast: options.toast };
}

/** What was typed into these fields, for a form without a schema (Conform's `initialValue`). */
export function typedValues(form: FormData, names: readonly string[]): Record<string, string> {
  return Object.fromEntries(names.map((name) => [name, String(form.get(name) ?? "")]));
}

/** What was typed, as a refusal gave it back (`typedValues`, Conform's `initialValue`): text fields only. */
export function typedOf(answer: FormAnswer<string, unknown> | null | undefined): Record<string, string> {
  const typed = Object.entries(answer?.result.initialValue ?? {}).filter(([, value]) => typeof value === "string");
  return Object.fromEntries(typed) as Record<string, string>;
}

/** A toast that says what failed: the form's title, the reason below it. */
export function failureToast(title: string) {
  return (message: string): ToastMessage => ({ title, description: message, variant: "destructive" });
}

/** Whether the result carries an error (Conform's reply with `resetForm` has no status at all). */
function hasErrors(result: FormResult): boolean {
  return result.status === "error" || Object.values(result.error ?? {}).some((messages) => (messages?.length ?? 0) > 0);
}

export function succeeded(answer: FormAnswer<string, unknown> | null | undefined): boolean {
  return answer != null && !hasErrors(answer.result);
}

export function failed(answer: FormAnswer<string, unknown> | null | undefined): boolean {
  return answer != null && hasErrors(answer.result);
}

/** The form's own error (a refusal that names no field), shown above the form. */
export function formErrorOf(answer: FormAnswer<string, unknown> | null | undefined): string | null {
  return failed(answer) ? (answer?.result.error?.[""]?.[0] ?? null) : null;
}

/** Each named field's first error (forms that show one message per field, without Conform). */
export function firstFieldErrors(answer: FormAnswer<string, unknown> | null | undefined): Record<string, string> {
  if (!failed(answer) || !answer) return {};
  const named = Object.entries(answer.result.error ?? {}).filter(([name, messages]) => name !== "" && messages?.[0]);
  return Object.fromEntries(named.map(([name, messages]) => [name, messages?.[0] ?? ""]));
}

/** What went wrong, in one sentence: the form's error, else the first field's. */
export function errorOf(answer: FormAnswer<string, unknown> | null | undefined): string | null {
  if (!answer || !failed(answer)) return null;
  const errors = answer.result.error ?? {};
  const formLevel = errors[""]?.[0];
  if (formLevel) return formLevel;
  for (const messages of Object.values(errors)) if (messages?.[0]) return messages[0];
  return answer.toast?.description ?? answer.toast?.title ?? null;
}

/** The answer if it belongs to the form of this `intent` (pages with several forms). */
export function answerOf<Intent extends string, Data>(
  answer: FormAnswer<Intent, Data> | null | undefined,
  intent: Intent,
): FormAnswer<Intent, Data> | undefined {
  return answer?.intent === intent ? answer : undefined;
}

/**
 * Shows each answer's toast once, when it arrives (a fetcher's or the page's own `actionData`).
 * `onAnswer` runs once per answer too (close a dialog, reset a form).
 */
export function useAnswerToast<Answer extends FormAnswer<string, unknown>>(
  answer: Answer | null | undefined,
  onAnswer?: (answer: Answer) => void,
) {
  const shown = useRef<Answer | null>(null);
  const callback = useRef(onAnswer);
  callback.current = onAnswer;
  useEffect(() => {
    if (!answer || shown.current === answer) return;
    shown.current = answer;
    if (answer.toast) showToast(answer.toast);
    callback.current?.(answer);
  }, [answer]);
}
