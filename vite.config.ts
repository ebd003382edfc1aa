import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { iconSprite } from "./build-tools/icon-sprite.ts";
import { precompress } from "./build-tools/precompress.ts";

export default defineConfig({
  plugins: [iconSprite({ appDir: path.resolve(import.meta.dirname, "app") }), tailwindcss(), reactRouter(), precompress()],
  build: { assetsInlineLimit: 0 },
});
