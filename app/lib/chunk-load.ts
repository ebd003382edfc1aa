import { useEffect } from "react";

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
