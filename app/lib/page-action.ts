import { isRouteErrorResponse } from "react-router";
import type { FormAnswer } from "./form-answer.ts";

// The page door's one rule for actions: a failed action keeps the page. Every route with an
// `action` exports a `clientAction` that runs it through `keepPageOnFailure`, so a request that
// fails before the action could answer as designed (a dropped connection, a 500, an error the
// server threw) comes back as the route's own failure answer instead of an error screen. The
// page, its open dialog and what the person typed stay; the form shows the spec's toast for that
// action. (app/routes/page-door.test.ts checks that every action is covered.)

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
 * Runs the server action; a redirect passes through, any other failure becomes `failure(message,
 * formData)`: the one answer shape (app/lib/form-answer.ts, usually `errorAnswer`), which the
 * route's form already knows how to show.
 */
export async function keepPageOnFailure<Answer, Failure extends FormAnswer<string, unknown>>(
  { serverAction, request }: { serverAction: () => Promise<Answer>; request: Request },
  failure: (message: string, formData: FormData) => Failure,
): Promise<Answer | Failure> {
  // The form's fields, read from a copy: the server action sends the original body.
  const formData = await request
    .clone()
    .formData()
    .catch(() => new FormData());
  try {
    return await serverAction();
  } catch (error) {
    if (error instanceof Response && error.status >= 300 && error.status < 400) throw error;
    return { ...failure(messageOf(error), formData), requestFailed: true };
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
