import { isRouteErrorResponse, useRouteError } from "react-router";
import { useSiteName } from "#app/lib/user.ts";
import { ErrorScreen } from "./error-screen.tsx";

// A page's error boundary (and the root's): says what happened per status, keeps the header and
// footer around it, and always offers a way home.

const HEADINGS: Record<number, string> = {
  400: "This request could not be completed",
  401: "Please sign in",
  403: "You do not have access to this page",
  404: "404 Page Not Found",
  429: "Too many requests",
};

export function RouteErrorBoundary() {
  const error = useRouteError();
  const siteName = useSiteName();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const heading = HEADINGS[status] ?? "Something went wrong";
  const text =
    status === 404
      ? "The page you are looking for does not exist or has moved."
      : status >= 500
        ? "An unexpected error occurred on our side. Please try again in a moment."
        : isRouteErrorResponse(error) && typeof error.data === "string"
          ? error.data
          : "Please go back and try again.";
  return (
    <>
      <title>{`${heading} | ${siteName}`}</title>
      <ErrorScreen title={heading} text={text} showHelp={status === 404 || status >= 500} />
    </>
  );
}
