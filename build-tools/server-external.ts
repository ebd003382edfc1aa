import path from "node:path";
import type { Plugin } from "vite";

// The pages' server build leaves the server's own modules (server/**) out: a route module's
// import of a service stays an import, which Node resolves at run time to the very module the
// process already loaded from source (server/main.ts runs the server as TypeScript). One copy of
// the services per process, instead of a second one bundled into the build (decision 002).
//
// The import is written as `#server/…`, resolved by Node through package.json `imports` from
// build/server/, so the build stays movable with the project. Only the build: under the dev
// server (`npm run dev`, vite.ssrLoadModule) Vite's module runner cannot hand such an import to
// Node (it tries to transform it itself and fails), so there the pages run Vite's own copy of the
// services, as before; harmless, since the services keep no state of their own (their state is
// in the runtime, server/runtime.ts, which the pages get through their context).

export function serverModulesExternal({ serverDir }: { serverDir: string }): Plugin {
  const root = `${path.resolve(serverDir)}${path.sep}`;
  return {
    name: "devconsult:server-modules-external",
    enforce: "pre",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "ssr",
    async resolveId(source, importer, options) {
      if (!importer || source.startsWith("\0")) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved || resolved.external || !resolved.id.startsWith(root)) return null;
      const file = resolved.id.split("?")[0] ?? resolved.id;
      return { id: `#server/${path.relative(root, file).split(path.sep).join("/")}`, external: true };
    },
  };
}
