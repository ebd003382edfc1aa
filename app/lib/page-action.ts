import { isRouteErrorResponse } from "react-router";
import type { FormAnswer } from "./form-answer.ts";
import { askToReauthenticate, needsReauthentication } from "./reauthentication.ts";

// The page door's one rule for actions: a failed action keeps the page. Every route with an
// `action` exports a `clientAction` that runs it through `keepPageOnFailure`, so a request that
// fails before the action could answer as designed (a dropped connection, a 500, an error the
// server threw) comes back as the route's own failure answer instead of an error screen. The
// page, its open dialog and what the person typed stay; the form shows the spec's toast for that
// action. (app/routes/page-door.test.ts checks that every action is covered.) It is also where a
// sensitive change's "reauthenticate" answer (issue 38) opens the password dialog and, once the
// person confirmed, sends the same form again (app/lib/reauthentication.ts).

/** The text for a failure the server did not explain (spec section 8). */
const REQUEST_FAILED_MESSAGE = "Something went wrong. Please try again.";

/**
 * The message a failed request carries: a refusal's own text (a 4xx the server threw), else the
 * spec's fallback. A 500's body is never shown: it is our bug, not something the person can act on.
 */
function messageOf(error: unknown): string {
  const isRefusal = isRouteErrorResponse(error) && error.status < 500;
  if (isRefusal && typeof error.data === "string" && error.data.trim()) return error.data;
  return REQUEST_FAILED_MESSAGE;
}

/**
 * Whether the request never reached the server: the browser is offline, or the fetch itself
 * failed (a dropped connection: fetch rejects with a TypeError). A server's answer, even a 500, is not.
 */
export function isNetworkFailure(error: unknown): boolean {
  if (typeof navigator !== "undefined" && navigator.onLine === false) return true;
  // Chromium "Failed to fetch", Firefox "NetworkError when attempting to fetch resource.", Safari "Load failed".
  return error instanceof TypeError && /failed to fetch|networkerror|load failed/i.test(error.message);
}

/**
 * Runs the server action; a redirect passes through, any other failure becomes `failure(message,
 * formData)`: the one answer shape (app/lib/form-answer.ts, usually `errorAnswer`), which the
 * route's form already knows how to show. A failure of the network is marked `offline` (issue 36
 * item 4): forms that send typed text then say "Not sent — you are offline; it will be kept here".
 */
export async function keepPageOnFailure<Answer, Failure extends FormAnswer<string, unknown>>(
  { serverAction, request }: { serverAction: () => Promise<Answer>; request: Request },
  failure: (message: string, formData: FormData, reason: { offline: boolean }) => Failure,
): Promise<Answer | Failure> {
  // The form's fields, read from a copy: the server action sends the original body.
  const formData = await request
    .clone()
    .formData()
    .catch(() => new FormData());
  // A spare copy of the request's body, for sending the form once more after a re-authentication.
  const spare = request.clone();
  try {
    const answer = await serverAction();
    // Issue 38: a sensitive change asked for the password again. The dialog asks; once confirmed,
    // the same form goes again (the page, its dialog and what was typed never went away).
    if (needsReauthentication(answer) && (await askToReauthenticate())) {
      rewindBody(request, spare);
      return await serverAction();
    }
    return answer;
  } catch (error) {
    if (error instanceof Response && error.status >= 300 && error.status < 400) throw error;
    const offline = isNetworkFailure(error);
    return { ...failure(messageOf(error), formData, { offline }), requestFailed: true, ...(offline ? { offline } : {}) };
  }
}

/**
 * Lets `serverAction()` read the request's body a second time: React Router reads the body of the
 * request its clientAction was given (formData/text/json) each time it sends it, and a body can
 * be read once; these readers now read a fresh copy of the spare taken before the first send.
 */
function rewindBody(request: Request, spare: Request) {
  const copy = spare.clone();
  for (const reader of ["formData", "text", "json", "arrayBuffer", "blob"] as const) {
    Object.defineProperty(request, reader, { configurable: true, value: () => copy[reader]() });
  }
}

/** Whether `keepPageOnFailure` made this answer (the request never reached the action). */
export function isRequestFailed(answer: unknown): boolean {
  return typeof answer === "object" && answer !== null && (answer as FormAnswer).requestFailed === true;
}

/**
 * A route's `shouldRevalidate` part: nothing changed on the server after a failed request, and
 * reloading now (the connection may still be down) would trade the page for an error screen.
 */
export function revalidateUnlessRequestFailed({
  actionResult,
  defaultShouldRevalidate,
}: {
  actionResult?: unknown;
  defaultShouldRevalidate: boolean;
}): boolean {
  return isRequestFailed(actionResult) ? false : defaultShouldRevalidate;
}
