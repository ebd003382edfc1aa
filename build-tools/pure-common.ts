import path from "node:path";
import type { Plugin } from "vite";

// The shared modules under common/ (constants, labels, formatting and the zod schemas with their
// messages) do nothing when imported but define things. Said so to the client bundler, an import
// whose bindings the browser never uses leaves the bundle together with what it imports: a route
// module that imports a schema for its server action, or a constant from a module that also
// builds schemas, no longer drags zod into the page's first load. Only the client build: the
// server bundle keeps the default.

export function pureCommonModules({ commonDir }: { commonDir: string }): Plugin {
  const prefix = `${path.resolve(commonDir)}${path.sep}`;
  return {
    name: "devconsult:pure-common-modules",
    applyToEnvironment: (environment) => environment.name === "client",
    transform: {
      filter: { id: /[\\/]common[\\/][^\\/]+\.ts$/ },
      handler(_code, id) {
        if (!id.startsWith(prefix)) return null;
        return { code: _code, map: null, moduleSideEffects: false };
      },
    },
  };
}
