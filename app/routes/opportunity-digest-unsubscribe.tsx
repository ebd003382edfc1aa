import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { serviceDeps } from "#server/http/context.ts";
import { unsubscribeOpportunityDigest } from "#server/services/opportunities/digest.ts";
import { RouteErrorBoundary } from "../components/layout/route-error-boundary.tsx";
import { linkFields, SignedLinkConfirm } from "../components/layout/signed-link-confirm.tsx";
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
  return linkFields(request, ["c", "t"]);
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
    <SignedLinkConfirm
      title={<Trans>Stop the opportunities digest</Trans>}
      question={<Trans>Stop the e-mails of new opportunities that match your profile?</Trans>}
      fields={loaderData}
      button={<Trans>Stop the digest</Trans>}
      done={
        succeeded(actionData)
          ? {
              title: t`Digest stopped`,
              body: (
                <Trans>
                  You will no longer receive the opportunities digest. You can turn it on again from your consultant profile.
                </Trans>
              ),
            }
          : null
      }
      error={failed(actionData) ? translateText(i18n, errorOf(actionData) ?? "") : null}
    />
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
