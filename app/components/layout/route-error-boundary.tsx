import { Trans, useLingui } from "@lingui/react/macro";
import { lazy, Suspense } from "react";
import { importWithRetry } from "#app/lib/chunk-load.ts";

// Every page's error boundary (and the root's). What it shows is a chunk of its own, loaded when a
// page fails: no page downloads its error screens before it needs one. The server renders the
// screen whole (the document is sent complete), and the browser hydrates it once the chunk is there.
// Offline, that chunk may not come (tried twice): the page then says so in a few words of its own.

const RouteErrorScreen = lazy(() =>
  importWithRetry(() => import("./route-error-screen.tsx")).catch(() => ({ default: NotLoadedScreen })),
);

export function RouteErrorBoundary() {
  return (
    <Suspense fallback={null}>
      <RouteErrorScreen />
    </Suspense>
  );
}

/** The page (or its error screen) could not be loaded: the connection, most likely. */
export function NotLoadedScreen() {
  const { t } = useLingui();
  const heading = t`This page could not be loaded`;
  return (
    <section className="mx-auto max-w-2xl px-4 py-20 text-center" data-testid="not-loaded">
      {/* The page's code never came, nor its meta: without this the document had no title (axe). */}
      <title>{heading}</title>
      <h1 className="text-3xl font-bold tracking-tight text-ink">{heading}</h1>
      <p className="mt-4 text-lg text-muted">
        <Trans>
          You seem to be offline, or the connection dropped. Nothing you typed is lost. Try again once you are back online.
        </Trans>
      </p>
      <button
        type="button"
        onClick={() => window.location.reload()}
        className="mt-8 inline-flex h-12 items-center rounded-lg bg-brand-700 px-6 font-semibold text-white hover:bg-brand-800"
      >
        <Trans>Try again</Trans>
      </button>
    </section>
  );
}
