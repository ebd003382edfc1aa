import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import { LOCALES, type Locale, localePrefix, splitLocalePath } from "#common/locales.ts";
import type { AppContext } from "./context.ts";

// React Router renders the pages. The context key lives in the app bundle (entry.server exports
// it), so the server takes it from the same build it renders with.
//
// One handler per language, the same routes under the language's prefix as React Router's
// basename (docs/decisions/015-interface-languages.md): "/th/about" is the about page in Thai.
// The router then prefixes every link, form, navigation and redirect of the page itself, and the
// browser's router gets the same basename, so no route or link names a language. A path under no
// prefix (an unknown one such as "/fr/about" included) belongs to the English tree.

type AppBuild = ServerBuild & { entry: { module: { appContext: import("react-router").RouterContext<AppContext> } } };

/** The language of a page or data request's path ("/th.data" is the Thai home page's data). */
function localeOfRequest(pathname: string): Locale {
  return splitLocalePath(pathname.replace(/\.data$/, "")).locale;
}

function renderWith(build: AppBuild, mode: string) {
  const handlers = new Map(
    LOCALES.map((locale) => {
      const basename = localePrefix(locale) || build.basename;
      return [locale, createRequestHandler({ ...build, basename }, mode)] as const;
    }),
  );
  return (request: Request, values: AppContext) => {
    const context = new RouterContextProvider();
    context.set(build.entry.module.appContext, values);
    const handler = handlers.get(localeOfRequest(new URL(request.url).pathname)) as ReturnType<typeof createRequestHandler>;
    return handler(request, context);
  };
}

export const buildDir = path.resolve("build");

export async function productionRenderer() {
  const build = (await import(pathToFileURL(path.join(buildDir, "server", "index.js")).href)) as AppBuild;
  return renderWith(build, "production");
}

export type DevServer = import("vite").ViteDevServer;

export async function developmentRenderer(vite: DevServer) {
  return async (request: Request, values: AppContext) => {
    const build = (await vite.ssrLoadModule("virtual:react-router/server-build")) as AppBuild;
    return renderWith(build, "development")(request, values);
  };
}
