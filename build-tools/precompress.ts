import { readdir, readFile, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { Plugin } from "vite";

// Compresses the client build once, at build time: next to every compressible file of at least
// 1 KB it writes `<file>.gz` (gzip -9) and `<file>.br` (brotli 11), which the server sends as they
// are (serveStatic's `precompressed`). Compressing per request cost 8 ms of CPU for the client
// entry alone, and brotli at its best level is far too slow to do per request at all.

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|html|txt|xml|map|webmanifest)$/i;
const MIN_BYTES = 1024;

async function* walk(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (entry.isFile()) yield full;
  }
}

const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  );

/** Compresses every compressible file of `dir` that has no .gz yet. */
export async function precompressDirectory(dir: string) {
  const jobs: Promise<void>[] = [];
  for await (const file of walk(dir)) {
    if (!COMPRESSIBLE.test(file) || (await stat(file)).size < MIN_BYTES || (await exists(`${file}.gz`))) continue;
    jobs.push(
      (async () => {
        const bytes = await readFile(file);
        const [gz, br] = await Promise.all([
          gzipAsync(bytes, { level: 9 }),
          brotliAsync(bytes, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
              [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
            },
          }),
        ]);
        await Promise.all([writeFile(`${file}.gz`, gz), writeFile(`${file}.br`, br)]);
      })(),
    );
  }
  await Promise.all(jobs);
  return jobs.length;
}

/**
 * Vite plugin: precompress the client build once it is written, and again after the server
 * build, which is when React Router writes the client's route manifest (build/client/assets).
 */
export function precompress(): Plugin {
  return {
    name: "devconsult:precompress",
    apply: "build",
    async writeBundle(options) {
      if (!options.dir) return;
      const clientDir =
        this.environment?.config.consumer === "client" ? options.dir : path.join(path.dirname(options.dir), "client");
      if (await exists(clientDir)) await precompressDirectory(clientDir);
    },
  };
}
