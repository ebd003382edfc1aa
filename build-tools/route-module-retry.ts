import type { Plugin } from "vite";

// A route's code that fails to load is tried once more, then reported, never answered by a reload
// (issue 36 item 4). React Router's loadRouteModule (lib/dom/ssr/routeModules.js) reloads the
// document when a route module's import fails: offline that trades the page, an open dialog and
// what was typed for the browser's own "No internet" page. In the client build this plugin
// rewrites that catch: one more import a second later, then the module app/entry.client.tsx
// gives as `window.__routeModuleNotLoaded` (a page that says "This page could not be loaded" with
// Try again: the navigation completes, and nothing is cached, so the next visit loads the real
// one), or without it an error named ChunkLoadError for the error boundary. The second import asks
// for the module at a new address ("?retry=<time>"): Chromium keeps a failed module import for
// the document's life, so importing the same address again answered the same failure without
// asking the network, and the retry never retried (tests/e2e/not-loaded.test.ts counts the
// requests). If React Router changes that code the build fails here, so an upgrade cannot silently
// bring the reload back (tests/e2e/offline-send.test.ts).

const RELOAD = /window\.location\.reload\(\);\s*return new Promise\(\(\) => \{\}\);/;
const RELOAD_LOG = ", reloading page...`";

const RETRY_THEN_REPORT = `try {
			await new Promise((resolve) => setTimeout(resolve, 1e3));
			let retried = await import(
				/* @vite-ignore */
				route.module + "?retry=" + Date.now()
			);
			routeModulesCache[route.id] = retried;
			return retried;
		} catch (retryError) {
			let failure = new Error("This page's code could not be loaded: " + route.module, { cause: retryError });
			failure.name = "ChunkLoadError";
			let notLoaded = window.__routeModuleNotLoaded;
			if (notLoaded) return notLoaded(failure);
			throw failure;
		}`;

export function routeModuleRetry(): Plugin {
  return {
    name: "devconsult:route-module-retry",
    applyToEnvironment: (environment) => environment.name === "client",
    transform: {
      filter: { id: /react-router[\\/]dist[\\/].*[\\/]routeModules\.js$/ },
      handler(code, id) {
        if (!RELOAD.test(code))
          this.error(`route-module-retry: React Router's reload on a failed route module is not in ${id} any more`);
        return { code: code.replace(RELOAD, RETRY_THEN_REPORT).replace(RELOAD_LOG, ", trying once more...`"), map: null };
      },
    },
  };
}
