import type { Plugin } from "vite";

// How the browser's code is cut into files (client build only). By default every module shared by
// two route modules becomes its own chunk, so a first visit fetched 20 to 40 files, many under
// 1 KB, each compressed alone (gzip cannot share a dictionary across files). Two groups instead:
//
// - `framework`: React, React DOM, the scheduler, React Router and Lingui's runtime. Every page
//   needs all of it before it hydrates; one file compresses ≈ 3.7 KB smaller than the five it was
//   cut into, and it changes only when a dependency does, so it stays cached across deployments.
// - `shell`: every app module the root route imports statically (header, footer, error screens,
//   the lazy loaders of the dialogs and menus, and what they import: formatting, the user hooks,
//   the button). The root is on every page, so each of them is downloaded on every first visit
//   anyway; together they are one file ≈ 4 KB smaller than apart. So is the page head's meta
//   helper, which every route imports. Modules only routes use, and
//   the chunks loaded on first use (dialogs, menus, validation), stay where they were.

const FRAMEWORK =
  /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler|@lingui[\\/](core|react))[\\/]|[\\/]build-tools[\\/]use-sync-external-store-shim\.ts$/;
/** App and shared modules (not node_modules, not a route's split chunk such as `?route-chunk=main`). */
const APP = /^(?!.*[\\/]node_modules[\\/])[^?]*[\\/](app|common)[\\/][^?]+$/;
const ROOT = /[\\/]app[\\/]root\.tsx$/;
/** Not imported by the root, but by every route (each page's `meta`): in the shell too, one file less to preload. */
const EVERY_ROUTE = /[\\/]app[\\/]lib[\\/]meta\.ts$/;

type ModuleInfo = { importers: readonly string[] } | null;

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
        if (ROOT.test(id) || EVERY_ROUTE.test(id)) return true;
        if (seen.has(id)) return false;
        seen.add(id);
        return (info(id)?.importers ?? []).some((importer) => reachedFromRoot(importer, info, seen));
      };
      return {
        build: {
          rolldownOptions: {
            output: {
              codeSplitting: {
                groups: [
                  { name: "framework", test: FRAMEWORK, priority: 20 },
                  {
                    name: (id, ctx) => {
                      if (!APP.test(id) || ROOT.test(id)) return null;
                      let shell = inShell.get(id);
                      if (shell === undefined) {
                        shell = reachedFromRoot(id, (module) => ctx.getModuleInfo(module), new Set());
                        inShell.set(id, shell);
                      }
                      return shell ? "shell" : null;
                    },
                    priority: 10,
                  },
                ],
              },
            },
          },
        },
      };
    },
  };
}
