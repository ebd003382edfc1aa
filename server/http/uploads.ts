import { readFile } from "node:fs/promises";
import path from "node:path";
import { Hono } from "hono";
import { PHOTO_CACHE_CONTROL, STORAGE_KEY_PATTERN } from "../services/storage.ts";
import type { HttpEnv } from "./context.ts";

// Photos in local storage (DATA_DIR/uploads), served at /uploads/photos/<name>.webp. Names are
// random and change with the content, so browsers and proxies may keep them for a year.

export function createUploadRoutes(dir: string) {
  const routes = new Hono<HttpEnv>();
  routes.get("/photos/:name", async (c) => {
    const key = `photos/${c.req.param("name")}`;
    if (!STORAGE_KEY_PATTERN.test(key)) return c.text("Not found", 404);
    const body = await readFile(path.join(dir, key)).catch(() => null);
    if (!body) return c.text("Not found", 404);
    return c.body(new Uint8Array(body), 200, {
      "Content-Type": "image/webp",
      "Content-Length": String(body.byteLength),
      "Cache-Control": PHOTO_CACHE_CONTROL,
    });
  });
  return routes;
}
