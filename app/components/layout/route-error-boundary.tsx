import { lazy, Suspense } from "react";

// Every page's error boundary (and the root's). What it shows is a chunk of its own, loaded when a
// page fails: no page downloads its error screens before it needs one. The server renders the
// screen whole (the document is sent complete), and the browser hydrates it once the chunk is there.

const RouteErrorScreen = lazy(() => import("./route-error-screen.tsx"));

export function RouteErrorBoundary() {
  return (
    <Suspense fallback={null}>
      <RouteErrorScreen />
    </Suspense>
  );
}
