import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { clientChunks } from "./build-tools/client-chunks.ts";
import { i18nMessages } from "./build-tools/i18n.ts";
import { iconSprite } from "./build-tools/icon-sprite.ts";
import { precompress } from "./build-tools/precompress.ts";
import { pureCommonModules } from "./build-tools/pure-common.ts";
import { routeModuleRetry } from "./build-tools/route-module-retry.ts";
import { serverModulesExternal } from "./build-tools/server-external.ts";

export default defineConfig({
  plugins: [
    i18nMessages({ root: import.meta.dirname }),
    iconSprite({ appDir: path.resolve(import.meta.dirname, "app") }),
    pureCommonModules({ commonDir: path.resolve(import.meta.dirname, "common") }),
    routeModuleRetry(),
    serverModulesExternal({ serverDir: path.resolve(import.meta.dirname, "server") }),
    tailwindcss(),
    reactRouter(),
    precompress(),
    clientChunks(),
  ],
  resolve: {
    alias: [
      {
        find: /^use-sync-external-store\/shim(?:\/index\.js)?$/,
        replacement: path.resolve(import.meta.dirname, "build-tools/use-sync-external-store-shim.ts"),
      },
    ],
  },
  build: { assetsInlineLimit: 0 },
});
