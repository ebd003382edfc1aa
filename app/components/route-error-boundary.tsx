import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { buttonClasses } from "./ui/button.tsx";

// A page's error boundary: says what happened per status, keeps the header and footer around it.

const HEADINGS: Record<number, string> = {
  400: "This request could not be completed",
  401: "Please sign in",
  403: "You do not have access to this page",
  404: "404 Page Not Found",
  429: "Too many requests",
};

export function RouteErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const heading = HEADINGS[status] ?? "Something went wrong";
  const text =
    status >= 500
      ? "An unexpected error occurred on our side. Please try again in a moment."
      : isRouteErrorResponse(error) && typeof error.data === "string"
        ? error.data
        : "Please go back and try again.";
  return (
    <section className="mx-auto max-w-2xl px-4 py-24 text-center">
      <title>{heading}</title>
      <h1 className="text-3xl font-bold text-ink">{heading}</h1>
      <p className="mt-4 text-muted">{text}</p>
      <Link to="/" className={buttonClasses({ className: "mt-8" })}>
        Go to Home
      </Link>
    </section>
  );
}
