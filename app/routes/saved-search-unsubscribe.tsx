import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { inSentence } from "#common/bidi.ts";
import { serviceDeps } from "#server/http/context.ts";
import { unsubscribeSavedSearch } from "#server/services/saved-searches/saved-searches.ts";
import { RouteErrorBoundary } from "../components/layout/route-error-boundary.tsx";
import { linkFields, SignedLinkConfirm } from "../components/layout/signed-link-confirm.tsx";
import { appContext } from "../context.ts";
import { i18nOfRequest } from "../i18n/i18n.ts";
import { translateText } from "../i18n/translate-text.ts";
import { errorAnswer, errorOf, failed, succeeded } from "../lib/form-answer.ts";
import { privatePageMeta } from "../lib/meta.ts";
import { keepPageOnFailure } from "../lib/page-action.ts";
import { answer, refusedAnswer } from "../lib/service-errors.server.ts";
import type { Route } from "./+types/saved-search-unsubscribe";

// /saved-searches/unsubscribe?s=&t=: the link in every alert e-mail. Works without signing in (the
// link is signed); a button confirms, so a mail scanner opening the link changes nothing.

export function loader({ request }: Route.LoaderArgs) {
  return linkFields(request, ["s", "t"]);
}

export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData();
  try {
    const stopped = await unsubscribeSavedSearch(serviceDeps(context.get(appContext)), {
      id: form.get("s"),
      token: form.get("t"),
    });
    const name = inSentence(stopped.name);
    const i18n = i18nOfRequest(request);
    return answer({
      result: { status: "success" },
      toast: {
        title: i18n._(msg`Alerts stopped`),
        description: i18n._(msg`You will no longer receive e-mail alerts for “${name}”. The saved search itself is kept.`),
      },
    });
  } catch (error) {
    return refusedAnswer(error);
  }
}

/** A failed request keeps the page and what was typed (app/lib/page-action.ts). */
export async function clientAction(args: Route.ClientActionArgs) {
  return keepPageOnFailure(args, (message) => errorAnswer(message));
}

export default function UnsubscribePage({ loaderData, actionData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  return (
    <SignedLinkConfirm
      title={<Trans>Stop search alerts</Trans>}
      question={<Trans>Stop the e-mail alerts of this saved search? You can turn them on again from your saved searches.</Trans>}
      fields={loaderData}
      button={<Trans>Stop these alerts</Trans>}
      done={succeeded(actionData) ? { title: actionData?.toast?.title, body: actionData?.toast?.description } : null}
      error={failed(actionData) ? translateText(i18n, errorOf(actionData) ?? "") : null}
    />
  );
}

export const meta = privatePageMeta({
  title: msg`Stop search alerts`,
  description: msg`Stop e-mail alerts.`,

  path: "/saved-searches/unsubscribe",
});

export { RouteErrorBoundary as ErrorBoundary };
