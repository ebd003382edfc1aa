import type { Environment } from "vitest/runtime";
import { builtinEnvironments } from "vitest/runtime";

// The route-module tests (tests/setup/route-stub.tsx, the "routes" project of vitest.config.ts)
// render pages in happy-dom but run their loaders and actions too, with the real services,
// PostgreSQL and node: modules. Vitest's own happy-dom environment transforms a test's imports
// for a browser, which the server code is not; this one is happy-dom's globals with the server's
// (SSR) transforms.
const happyDom = builtinEnvironments["happy-dom"];

export default {
  ...happyDom,
  name: "happy-dom-server",
  viteEnvironment: "ssr",
} satisfies Environment;
