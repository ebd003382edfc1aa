import { type ComponentType, type LazyExoticComponent, lazy, useEffect } from "react";

// Code that arrives in chunks fails when the network does (issue 36 item 4): a route's module, a
// dialog loaded on first use, an error screen. These helpers retry once, say what failed in words
// a person can act on, and fetch ahead what a form will need to send.

/** Whether `error` is a code chunk that could not be loaded (a failed dynamic import). */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (
    error.name === "ChunkLoadError" ||
    /dynamically imported module|Importing a module script failed|error loading dynamically imported module/i.test(error.message)
  );
}

/** A dynamic import tried once more, a moment later, before it fails. */
export async function importWithRetry<Module>(load: () => Promise<Module>, waitMs = 1000): Promise<Module> {
  try {
    return await load();
  } catch {
    await new Promise((resolve) => setTimeout(resolve, waitMs));
    return load();
  }
}

/**
 * React.lazy for the parts of every page's frame (header, footer, dialogs, toasts, the offline
 * notice), which no error boundary of ours wraps: a chunk that fails would throw into the frame,
 * and React Router's bare "Application Error" would replace the whole page (CI of c37917f: the
 * footer's chunk cut off by a dropped connection on a phone). Tried once more a moment later, then
 * again each time the browser comes back online; meanwhile the part keeps what the server sent, or nothing.
 */
// biome-ignore lint/suspicious/noExplicitAny: React.lazy's own bound on the component type
export function lazyWhenOnline<Component extends ComponentType<any>>(
  load: () => Promise<{ default: Component }>,
): LazyExoticComponent<Component> {
  const attempt = (): Promise<{ default: Component }> =>
    importWithRetry(load).catch(
      () => new Promise((resolve) => addEventListener("online", () => resolve(attempt()), { once: true })),
    );
  return lazy(attempt);
}

type ManifestRoute = { module?: string; clientActionModule?: string };

/**
 * Loads, now, the code a route's action runs in the browser (its `clientAction`), so a form that
 * posts there later (a dialog's fetcher) can still answer "Not sent" when the network is gone by
 * then, instead of failing on the missing chunk. React Router's manifest names the chunk.
 */
export function usePreloadedAction(routeId: string) {
  useEffect(() => {
    const manifest = (window as { __reactRouterManifest?: { routes?: Record<string, ManifestRoute> } }).__reactRouterManifest;
    const route = manifest?.routes?.[routeId];
    const href = route?.clientActionModule ?? route?.module;
    if (href) void import(/* @vite-ignore */ href).catch(() => {});
  }, [routeId]);
}
