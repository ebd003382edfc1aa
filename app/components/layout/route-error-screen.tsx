import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { isRouteErrorResponse, useRouteError } from "react-router";
import { isChunkLoadError } from "#app/lib/chunk-load.ts";
import { isNetworkFailure } from "#app/lib/page-action.ts";
import { useSiteName } from "#app/lib/user.ts";
import { ErrorScreen } from "./error-screen.tsx";

// A page's error screen (route-error-boundary.tsx loads it): says what happened per status, keeps
// the header and footer around it, and always offers a way home.

const HEADINGS: Record<number, MessageDescriptor> = {
  400: msg`This request could not be completed`,
  401: msg`Please sign in`,
  403: msg`You do not have access to this page`,
  404: msg`404 Page Not Found`,
  429: msg`Too many requests`,
};

export default function RouteErrorScreen() {
  const { t, i18n } = useLingui();
  const error = useRouteError();
  const siteName = useSiteName();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  // A page's code or data that could not be loaded (the code tried twice): the connection, not
  // our server, and not "an unexpected error on our side".
  if (isChunkLoadError(error) || (!isRouteErrorResponse(error) && isNetworkFailure(error))) {
    const heading = t`This page could not be loaded`;
    return (
      <>
        <title>{`${heading} | ${siteName}`}</title>
        <ErrorScreen
          title={heading}
          text={t`You seem to be offline, or the connection dropped. Nothing you typed is lost. Try again once you are back online.`}
          onRetry={() => window.location.reload()}
        />
      </>
    );
  }
  const heading = i18n._(HEADINGS[status] ?? msg`Something went wrong`);
  // A reason the server gave (English text of the service) is shown through the catalogue.
  const text =
    status === 404
      ? t`The page you are looking for does not exist or has moved.`
      : status >= 500
        ? t`An unexpected error occurred on our side. Please try again in a moment.`
        : isRouteErrorResponse(error) && typeof error.data === "string"
          ? error.data
          : t`Please go back and try again.`;
  return (
    <>
      <title>{`${heading} | ${siteName}`}</title>
      <ErrorScreen title={heading} text={text} showHelp={status === 404 || status >= 500} />
    </>
  );
}
