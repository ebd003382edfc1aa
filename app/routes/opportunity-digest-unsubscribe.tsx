import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Form } from "react-router";
import { serviceDeps } from "#server/http/context.ts";
import { unsubscribeOpportunityDigest } from "#server/services/opportunities/digest.ts";
import { RouteErrorBoundary } from "../components/layout/route-error-boundary.tsx";
import { Alert } from "../components/ui/alert.tsx";
import { Button } from "../components/ui/button.tsx";
import { appContext } from "../context.ts";
import { translateText } from "../i18n/translate-text.ts";
import { errorAnswer, errorOf, failed, succeeded } from "../lib/form-answer.ts";
import { metaI18n, privatePageMeta } from "../lib/meta.ts";
import { keepPageOnFailure } from "../lib/page-action.ts";
import { answer, refusedAnswer } from "../lib/service-errors.server.ts";
import type { Route } from "./+types/opportunity-digest-unsubscribe";

// /opportunity-digest/unsubscribe?c=&t=: the link in every opportunities digest (issue 32). Works
// without signing in (the link is signed); a button confirms, so a mail scanner opening the link
// changes nothing.

export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  return { c: url.searchParams.get("c") ?? "", t: url.searchParams.get("t") ?? "" };
}

export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData();
  try {
    await unsubscribeOpportunityDigest(serviceDeps(context.get(appContext)), { id: form.get("c"), token: form.get("t") });
    return answer({ result: { status: "success" } });
  } catch (error) {
    return refusedAnswer(error);
  }
}

/** A failed request keeps the page (app/lib/page-action.ts). */
export async function clientAction(args: Route.ClientActionArgs) {
  return keepPageOnFailure(args, (message) => errorAnswer(message));
}

export default function OpportunityDigestUnsubscribePage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useLingui();
  return (
    <div className="mx-auto max-w-xl px-4 py-12">
      <h1 className="text-2xl font-bold text-ink">
        <Trans>Stop the opportunities digest</Trans>
      </h1>
      {succeeded(actionData) ? (
        <div className="mt-6">
          <Alert tone="info" title={t`Digest stopped`}>
            <p>
              <Trans>
                You will no longer receive the opportunities digest. You can turn it on again from your consultant profile.
              </Trans>
            </p>
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
            <Trans>Stop the e-mails of new opportunities that match your profile?</Trans>
          </p>
          <Form method="post" className="mt-6">
            <input type="hidden" name="c" value={loaderData.c} />
            <input type="hidden" name="t" value={loaderData.t} />
            <Button type="submit">
              <Trans>Stop the digest</Trans>
            </Button>
          </Form>
        </>
      )}
    </div>
  );
}

export function meta(args: Route.MetaArgs) {
  const i18n = metaI18n(args);
  return privatePageMeta({
    title: i18n._(msg`Stop the opportunities digest`),
    description: i18n._(msg`Stop the opportunities digest.`),
    path: "/opportunity-digest/unsubscribe",
  })(args);
}

export { RouteErrorBoundary as ErrorBoundary };
