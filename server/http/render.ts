import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import type { AppContext } from "./context.ts";

// React Router renders the pages. The context key lives in the app bundle (entry.server exports
// it), so the server takes it from the same build it renders with.

type AppBuild = ServerBuild & { entry: { module: { appContext: import("react-router").RouterContext<AppContext> } } };

function renderWith(build: AppBuild, mode: string) {
  const handler = createRequestHandler(build, mode);
  return (request: Request, values: AppContext) => {
    const context = new RouterContextProvider();
    context.set(build.entry.module.appContext, values);
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
