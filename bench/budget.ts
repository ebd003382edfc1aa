import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

// First-load JS per route, from React Router's build manifest: what a first visit downloads
// before the page is interactive. The route manifest script, the client entry, the root route
// and the page's route module, and every chunk each of them imports statically (the
// `modulepreload` links of the page); each counted once, at its gzip size (level 9, as the
// build's .gz files) and its brotli size. Chunks loaded on first use (dynamic imports) are not
// counted.

type ManifestEntry = { module: string; imports?: string[] };
type RouteManifest = {
  entry: ManifestEntry;
  url?: string;
  routes: Record<string, ManifestEntry & { path?: string; parentId?: string }>;
};

/** The public routes the budget is about (130 KB gzip each); the others are listed too. */
export const PUBLIC_ROUTES = [
  "routes/home",
  "routes/consultant",
  "routes/pages/about",
  "routes/pages/success-stories",
  "routes/pages/resources",
  "routes/pages/help-center",
  "routes/contact",
  "routes/pages/privacy-policy",
  "routes/pages/not-found",
  "routes/sign-in",
  "routes/verify-email",
  "routes/reset-password",
  "routes/shortlist-shared",
  "routes/saved-search-unsubscribe",
];

export const FIRST_LOAD_BUDGET_KB = 130;

export type RouteBudget = {
  route: string;
  public: boolean;
  files: number;
  gzipKB: number;
  brotliKB: number;
  overBudget: boolean;
};

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
      return {
        route: id,
        public: PUBLIC_ROUTES.includes(id),
        files: files.size,
        gzipKB,
        brotliKB: Math.round(brotli / 102.4) / 10,
        overBudget: PUBLIC_ROUTES.includes(id) && gzipKB > FIRST_LOAD_BUDGET_KB,
      };
    })
    .sort((a, b) => Number(b.public) - Number(a.public) || a.route.localeCompare(b.route));
}

export function printBudget(label: string, budget: RouteBudget[]) {
  console.log(
    `\nfirst-load JS per route (${label}; gzip -9 / brotli, KB; budget ${FIRST_LOAD_BUDGET_KB} KB gzip on public routes):`,
  );
  for (const row of budget) {
    console.log(
      `  ${row.route.padEnd(28)} ${String(row.gzipKB).padStart(6)} gzip  ${String(row.brotliKB).padStart(6)} br  ${String(row.files).padStart(3)} files${
        row.public ? (row.overBudget ? "  OVER" : "  ok") : "  (signed-in)"
      }`,
    );
  }
}
