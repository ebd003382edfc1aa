import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Form } from "react-router";
import { serviceDeps } from "#server/http/context.ts";
import { unsubscribeSavedSearch } from "#server/services/saved-searches/saved-searches.ts";
import { RouteErrorBoundary } from "../components/layout/route-error-boundary.tsx";
import { Alert } from "../components/ui/alert.tsx";
import { Button } from "../components/ui/button.tsx";
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
  const url = new URL(request.url);
  return { s: url.searchParams.get("s") ?? "", t: url.searchParams.get("t") ?? "" };
}

export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData();
  try {
    const { name } = await unsubscribeSavedSearch(serviceDeps(context.get(appContext)), {
      id: form.get("s"),
      token: form.get("t"),
    });
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
  const { t, i18n } = useLingui();
  return (
    <div className="mx-auto max-w-xl px-4 py-12">
      <h1 className="text-2xl font-bold text-ink">
        <Trans>Stop search alerts</Trans>
      </h1>
      {succeeded(actionData) ? (
        <div className="mt-6">
          <Alert tone="info" title={actionData?.toast?.title}>
            <p>{actionData?.toast?.description}</p>
          </Alert>
        </div>
      ) : (
        <>
          {failed(actionData) && (
            <div className="mt-6">
              <Alert tone="error" title={t`Not changed`}>
                <p>{translateText(i18n, errorOf(actionData) ?? "")}</p>
              </Alert>
            </div>
          )}
          <p className="mt-4 text-muted">
            <Trans>Stop the e-mail alerts of this saved search? You can turn them on again from your saved searches.</Trans>
          </p>
          <Form method="post" className="mt-6">
            <input type="hidden" name="s" value={loaderData.s} />
            <input type="hidden" name="t" value={loaderData.t} />
            <Button type="submit">
              <Trans>Stop these alerts</Trans>
            </Button>
          </Form>
        </>
      )}
    </div>
  );
}

export const meta = privatePageMeta({
  title: msg`Stop search alerts`,
  description: msg`Stop e-mail alerts.`,

  path: "/saved-searches/unsubscribe",
});

export { RouteErrorBoundary as ErrorBoundary };
