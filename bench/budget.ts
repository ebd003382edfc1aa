import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { PUBLIC_ROUTES } from "../build-tools/public-routes.ts";

// First-load JS per route, from React Router's build manifest: what a first visit downloads
// before the page is interactive. The route manifest script, the client entry, the root route
// and the page's route module, and every chunk each of them imports statically (the
// `modulepreload` links of the page); each counted once, at its gzip size (level 9, as the
// build's .gz files) and its brotli size. Chunks loaded on first use (dynamic imports) are not
// counted.
//
// A translated page (issue 37) runs the same JS and brings, inline, the strings of those chunks
// in its language (each chunk's `<chunk>.<locale>.json`, build-tools/i18n.ts; the page joins
// them into one object): that object's gzip size is what the language adds. English adds nothing
// (its text is in the code). Budget: 130 KB in English, 138 KB translated.

type ManifestEntry = { module: string; imports?: string[] };
type RouteManifest = {
  entry: ManifestEntry;
  url?: string;
  routes: Record<string, ManifestEntry & { path?: string; parentId?: string }>;
};

export { PUBLIC_ROUTES };

export const FIRST_LOAD_BUDGET_KB = 130;
/** What a translated page may add for its language's strings (issue 37). */
export const TRANSLATION_BUDGET_KB = 8;
const TRANSLATED = ["id", "vi", "th"] as const;

export type RouteBudget = {
  route: string;
  public: boolean;
  files: number;
  gzipKB: number;
  brotliKB: number;
  /** The strings of the first-load chunks, per translated language (gzip -9 of the inline object, KB). */
  catalogKB: Record<(typeof TRANSLATED)[number], number>;
  overBudget: boolean;
};

/** The first-load chunks' strings in a language, joined as the page inlines them (app/i18n/catalogs.server.ts). */
function catalogBytes(clientDir: string, files: Set<string>, locale: string): number {
  const parts: string[] = [];
  for (const url of files) {
    let json: string;
    try {
      json = readFileSync(path.join(clientDir, url.replace(/\.js$/, `.${locale}.json`)), "utf8");
    } catch {
      continue;
    }
    if (json.length > 2) parts.push(json.slice(1, -1));
  }
  return parts.length === 0 ? 0 : gzipSync(`{${parts.join(",")}}`, { level: 9 }).length;
}

function readManifest(clientDir: string): { manifest: RouteManifest; manifestFile: string } {
  const assets = path.join(clientDir, "assets");
  const file = readdirSync(assets).find((name) => /^manifest-[\w-]+\.js$/.test(name));
  if (!file) throw new Error(`no React Router manifest in ${assets}: build the app first`);
  const text = readFileSync(path.join(assets, file), "utf8");
  const json = text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1);
  return { manifest: JSON.parse(json) as RouteManifest, manifestFile: `/assets/${file}` };
}

export function firstLoadBudget(clientDir: string): RouteBudget[] {
  const { manifest, manifestFile } = readManifest(clientDir);
  const sizes = new Map<string, { gzip: number; brotli: number }>();
  const sizeOf = (url: string) => {
    let size = sizes.get(url);
    if (!size) {
      const bytes = readFileSync(path.join(clientDir, url));
      size = {
        gzip: gzipSync(bytes, { level: 9 }).length,
        brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
      };
      sizes.set(url, size);
    }
    return size;
  };
  const chain = (id: string): string[] => {
    const route = manifest.routes[id];
    if (!route) return [];
    return [...(route.parentId ? chain(route.parentId) : []), id];
  };
  return Object.keys(manifest.routes)
    .filter((id) => id !== "root")
    .map((id) => {
      const files = new Set<string>([manifestFile, manifest.entry.module, ...(manifest.entry.imports ?? [])]);
      for (const routeId of chain(id)) {
        const route = manifest.routes[routeId] as ManifestEntry;
        files.add(route.module);
        for (const url of route.imports ?? []) files.add(url);
      }
      let gzip = 0;
      let brotli = 0;
      for (const url of files) {
        const size = sizeOf(url);
        gzip += size.gzip;
        brotli += size.brotli;
      }
      const gzipKB = Math.round(gzip / 102.4) / 10;
      const catalogKB = Object.fromEntries(
        TRANSLATED.map((locale) => [locale, Math.round(catalogBytes(clientDir, files, locale) / 102.4) / 10]),
      ) as RouteBudget["catalogKB"];
      const worstTranslation = Math.max(...Object.values(catalogKB));
      return {
        route: id,
        public: PUBLIC_ROUTES.includes(id),
        files: files.size,
        gzipKB,
        brotliKB: Math.round(brotli / 102.4) / 10,
        catalogKB,
        overBudget:
          PUBLIC_ROUTES.includes(id) &&
          (gzipKB > FIRST_LOAD_BUDGET_KB ||
            worstTranslation > TRANSLATION_BUDGET_KB ||
            gzipKB + worstTranslation > FIRST_LOAD_BUDGET_KB + TRANSLATION_BUDGET_KB),
      };
    })
    .sort((a, b) => Number(b.public) - Number(a.public) || a.route.localeCompare(b.route));
}

export function printBudget(label: string, budget: RouteBudget[]) {
  console.log(
    `\nfirst-load JS per route (${label}; gzip -9 / brotli, KB; budget ${FIRST_LOAD_BUDGET_KB} KB gzip on public routes,` +
      ` +${TRANSLATION_BUDGET_KB} KB for a translated page's strings, shown as + id / vi / th):`,
  );
  for (const row of budget) {
    const strings = TRANSLATED.map((locale) => String(row.catalogKB[locale])).join(" / ");
    console.log(
      `  ${row.route.padEnd(28)} ${String(row.gzipKB).padStart(6)} gzip  ${String(row.brotliKB).padStart(6)} br  ${String(row.files).padStart(3)} files  + ${strings.padEnd(15)}${
        row.public ? (row.overBudget ? "  OVER" : "  ok") : "  (signed-in)"
      }`,
    );
  }
}

// `node bench/budget.ts [build/client]`: the budget step alone, on the build that is there (`npm
// run build` first); exits 1 when a public page is over its budget.
if (import.meta.main) {
  const clientDir = path.resolve(process.argv[2] ?? "build/client");
  const budget = firstLoadBudget(clientDir);
  printBudget(clientDir, budget);
  if (budget.some((row) => row.overBudget)) process.exitCode = 1;
}
