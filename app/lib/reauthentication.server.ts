import { serviceDeps } from "#server/http/context.ts";
import { sessionCookie } from "#server/http/cookies.ts";
import { reauthenticate } from "#server/services/accounts/reauthentication.ts";
import { actorOf } from "#server/services/context.ts";
import type { AppContext } from "../context.ts";
import type { FormResult } from "./form-answer.ts";
import { REAUTHENTICATE_FIELDS } from "./reauthentication.ts";
import { answer, refusalOf, type ToastOf } from "./service-errors.server.ts";

// Re-authentication sent with the form itself (issue 38), for a person without JavaScript (or
// before the page hydrated): the dialog cannot open, so the refused form came back with the
// password and code fields in it (app/components/account/reauthenticate-fields.tsx). A privileged
// page action calls this first: when the form carries one of them, the session proves its owner
// again through the same service as POST /api/auth/reauthenticate (same limits), and the action
// then goes on with the same form and a recent session. A wrong answer is the form's answer, with
// the fields still there and what was typed kept.

/**
 * Re-authenticates with the form's password or code, if it has one. Null when there was none or
 * it was right (`app.session` is then recent); else the action's answer: the refusal beside the
 * field, `reauthenticate` kept.
 */
export async function reauthenticateFromForm<Intent extends string>(
  app: AppContext,
  formData: FormData,
  options: { intent?: Intent; toast?: ToastOf } = {},
) {
  const password = String(formData.get(REAUTHENTICATE_FIELDS.password) ?? "");
  const code = String(formData.get(REAUTHENTICATE_FIELDS.code) ?? "").trim();
  if (!password && !code) return null;
  try {
    // A browser's session gets a new token with its new proof (ASVS 7.2.4), as through the API.
    const renewed = await reauthenticate(serviceDeps(app), actorOf(app.session), password ? { password } : { code }, {
      renewToken: app.responseCookies !== undefined,
    });
    if (app.session) {
      app.session = { ...app.session, authenticatedAt: new Date(), ...(renewed ? { tokenHash: renewed.tokenHash } : {}) };
    }
    if (renewed) app.responseCookies?.push(sessionCookie(app.config, renewed.sessionToken, renewed.expiresAt));
    return null;
  } catch (error) {
    const refusal = refusalOf(error);
    const fieldOf = (path: string) => (path === "code" ? REAUTHENTICATE_FIELDS.code : REAUTHENTICATE_FIELDS.password);
    const said =
      refusal.errors.length > 0 ? refusal.errors : [{ path: code && !password ? "code" : "password", message: refusal.message }];
    const typed = [...formData.entries()].filter(
      ([name, value]) => typeof value === "string" && !Object.values<string>(REAUTHENTICATE_FIELDS).includes(name),
    );
    const result: FormResult = {
      status: "error",
      error: Object.fromEntries(said.map((item) => [fieldOf(item.path), [item.message]])),
      initialValue: Object.fromEntries(typed) as Record<string, string>,
    };
    return answer<Intent>(
      {
        result,
        intent: options.intent,
        toast: options.toast?.(refusal.message, { status: refusal.status, fieldMessages: said.map((item) => item.message) }),
        reauthenticate: true,
      },
      { status: refusal.status, headers: refusal.headers },
    );
  }
}
