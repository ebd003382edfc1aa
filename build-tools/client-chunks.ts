import type { Plugin } from "vite";
import { familyOfAll, PUBLIC_PAGE_FAMILIES, PUBLIC_ROUTES } from "./public-routes.ts";

// How the browser's code is cut into files (client build only). By default every module shared by
// two route modules becomes its own chunk, so a first visit fetched 20 to 40 files, many under
// 1 KB, each compressed alone (gzip cannot share a dictionary across files). Instead:
//
// - `framework`: React, React DOM, the scheduler, React Router and Lingui's runtime. Every page
//   needs all of it before it hydrates; one file compresses ≈ 3.7 KB smaller than the five it was
//   cut into, and it changes only when a dependency does, so it stays cached across deployments.
// - `shell`: every app module the root route or the client entry imports statically (header,
//   footer, error screens, the lazy loaders of the dialogs and menus, and what they import), the
//   page head's meta helper (every route imports it), and what public pages of different families
//   share (build-tools/public-routes.ts: the labels and constants the directory and About show,
//   the form answer). Each is downloaded on (nearly) every first visit anyway.
// - `<family>-pages`: what several public pages of one family share and no other family's do
//   (the directory's avatar and formats, the content pages' hero and banners, the forms' fields).
// - `<page>-page`: a public page's route module with every module only it (of the public pages)
//   imports, though signed-in pages or lazy parts may import them too.
//
// So a public page's first load is the framework, the shell, its family's chunk and its own: 8 to
// 10 files, where the bundler's own cut by importers made 16 to 25 (each under 1 KB compressed
// alone costs ≈ 0.2 KB more than inside a larger file: the consultant page 136.7 → 132.3 KB with
// nothing else changed). Signed-in pages and chunks loaded on first use (dialogs, menus,
// validation) keep the bundler's cut.
//
// A group takes the modules it captures together with what they import, so the groups run from
// the widest to the narrowest: the shell, then the families (larger first: "site" holds the
// content pages and the contact page, "content" the content pages alone), then the pages.

const FRAMEWORK =
  /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler|@lingui[\\/](core|react))[\\/]|[\\/]build-tools[\\/]use-sync-external-store-shim\.ts$/;
/** App and shared modules (not node_modules, not a route's split chunk such as `?route-chunk=main`). */
const APP = /^(?!.*[\\/]node_modules[\\/])[^?]*[\\/](app|common)[\\/][^?]+$/;
const ROOT = /[\\/]app[\\/]root\.tsx$/;
/** Not imported by the root, but by every route (each page's `meta`): in the shell too, one file less to preload. */
const EVERY_ROUTE = /[\\/]app[\\/]lib[\\/]meta\.ts$/;

const ENTRY = /[\\/]app[\\/]entry\.client\.tsx?$/;
/** A route module or one of its split chunks ("consultant.tsx?route-chunk=main"): group 1 is the route id. */
const ROUTE_MODULE = /[\\/]app[\\/](routes[\\/][^?]+?)\.tsx?(?:\?.*)?$/;

type ModuleInfo = { importers: readonly string[] } | null;

/** The public routes whose modules reach `id` through static imports (walking up its importers). */
function publicRoutesReaching(id: string, info: (id: string) => ModuleInfo): string[] | "all" {
  const routes = new Set<string>();
  const seen = new Set<string>();
  let everyPage = false;
  const walk = (module: string) => {
    if (seen.has(module) || everyPage) return;
    seen.add(module);
    if (ROOT.test(module) || ENTRY.test(module)) {
      everyPage = true;
      return;
    }
    const route = ROUTE_MODULE.exec(module)?.[1]?.replaceAll("\\", "/");
    if (route !== undefined) {
      if (PUBLIC_ROUTES.includes(route)) routes.add(route);
      return;
    }
    for (const importer of info(module)?.importers ?? []) walk(importer);
  };
  walk(id);
  return everyPage ? "all" : [...routes].sort();
}

export function clientChunks(): Plugin {
  return {
    name: "devconsult:client-chunks",
    configEnvironment(name) {
      if (name !== "client") return;
      const inShell = new Map<string, boolean>();
      /** Whether the root route reaches `id` through static imports only (walking up its importers). */
      const reachedFromRoot = (id: string, info: (id: string) => ModuleInfo, seen: Set<string>): boolean => {
        const known = inShell.get(id);
        if (known !== undefined) return known;
        if (ROOT.test(id) || ENTRY.test(id) || EVERY_ROUTE.test(id)) return true;
        if (seen.has(id)) return false;
        seen.add(id);
        return (info(id)?.importers ?? []).some((importer) => reachedFromRoot(importer, info, seen));
      };
      const reachingOf = new Map<string, string[] | "all">();
      const reaching = (id: string, ctx: { getModuleInfo: (id: string) => ModuleInfo }) => {
        let routes = reachingOf.get(id);
        if (routes === undefined) {
          routes = publicRoutesReaching(id, (module) => ctx.getModuleInfo(module));
          reachingOf.set(id, routes);
        }
        return routes;
      };
      /** The chunk of a module only public pages of one family use: the family's, or the one page's. */
      const publicChunk = (id: string, ctx: { getModuleInfo: (id: string) => ModuleInfo }, kind: "family" | "page") => {
        if (!APP.test(id)) return null;
        const route = ROUTE_MODULE.exec(id);
        if (route) {
          // A public page's own route module (its main chunk) goes with its modules: one file.
          const routeId = route[1]?.replaceAll("\\", "/") ?? "";
          return kind === "page" && /[?&]route-chunk=main\b|^[^?]*$/.test(id) && PUBLIC_ROUTES.includes(routeId)
            ? `${routeId.split("/").at(-1)}-page`
            : null;
        }
        const routes = reaching(id, ctx);
        if (routes === "all" || routes.length === 0) return null;
        if (kind === "page") return routes.length === 1 ? `${routes[0]?.split("/").at(-1)}-page` : null;
        const family = familyOfAll(routes);
        return routes.length > 1 && family ? `${family}-pages` : null;
      };
      return {
        build: {
          rolldownOptions: {
            output: {
              codeSplitting: {
                groups: [
                  { name: "framework", test: FRAMEWORK, priority: 30 },
                  {
                    name: (id, ctx) => {
                      if (!APP.test(id) || ROOT.test(id)) return null;
                      let shell = inShell.get(id);
                      if (shell === undefined) {
                        shell = reachedFromRoot(id, (module) => ctx.getModuleInfo(module), new Set());
                        inShell.set(id, shell);
                      }
                      if (shell) return "shell";
                      // Used by public pages of more than one family: as good as every page's.
                      const routes = reaching(id, ctx);
                      return routes !== "all" && routes.length > 1 && familyOfAll(routes) === undefined ? "shell" : null;
                    },
                    priority: 20,
                  },
                  // Used by several public pages of one family: the family's chunk. Before the
                  // pages' own chunks, as a group takes what the modules it captures import.
                  // The larger families first: a smaller family's modules import theirs.
                  // (Priorities are whole numbers.)
                  ...Object.entries(PUBLIC_PAGE_FAMILIES).map(([family, routes]) => ({
                    name: (id: string, ctx: { getModuleInfo: (id: string) => ModuleInfo }) => {
                      const chunk = publicChunk(id, ctx, "family");
                      return chunk === `${family}-pages` ? chunk : null;
                    },
                    priority: 10 + routes.length,
                  })),
                  // Used by one public page (and perhaps signed-in pages or lazy parts): that page's.
                  { name: (id, ctx) => publicChunk(id, ctx, "page"), priority: 5 },
                ],
              },
            },
          },
        },
      };
    },
  };
}
