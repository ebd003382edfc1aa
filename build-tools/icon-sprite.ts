import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { Plugin } from "vite";

// One SVG sprite for the app's icons instead of an inline lucide SVG per use.
//
// In the production build, `import { MapPin } from "lucide-react"` in app code becomes a
// small component defined in that module (inlineIconImports) that renders `<svg …><use href="/assets/icons-<hash>.svg#MapPin"/></svg>`
// with lucide's size, class and aria-hidden; the stroke style is on the symbols (so lucide's
// strokeWidth and color props are not supported: the app uses className and aria props only). The sprite holds, as
// <symbol>s, exactly the icons app code imports (found by reading app/), drawn from lucide's
// icon data, and is a hashed, immutable asset: downloaded once, cached for a year. The home page
// had 52 inline icons (21 KB of its 97 KB) that React built on every render; lucide's runtime
// leaves the client bundle too. Development keeps the real lucide-react. App code needs nothing
// special: a new icon imported anywhere under app/ is in the next build's sprite.

const FACTORY_ID = "\0devconsult:icon-factory";

type IconNode = [string, Record<string, string>][];

const require = createRequire(import.meta.url);

function lucideDir() {
  // The package's exports map hides dist/esm/icons; its folder is found from its package.json.
  return path.dirname(require.resolve("lucide-react/package.json"));
}

/** Every name imported from "lucide-react" by files under `appDir` (types excluded). */
export function importedIconNames(appDir: string): string[] {
  const names = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.(?:ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
        const text = readFileSync(full, "utf8");
        for (const match of text.matchAll(/import\s*(type\s+)?\{([^}]*)\}\s*from\s*["']lucide-react["']/g)) {
          if (match[1]) continue;
          for (const item of (match[2] ?? "").split(",")) {
            const name = item
              .trim()
              .split(/\s+as\s+/)[0]
              ?.trim();
            if (name && !name.startsWith("type ")) names.add(name);
          }
        }
      }
    }
  };
  walk(appDir);
  return [...names].sort();
}

/** lucide's drawing of each exported icon name, read from the package's own modules. */
async function iconNodes(names: string[]): Promise<Map<string, IconNode>> {
  const dir = path.join(lucideDir(), "dist", "esm");
  const index = readFileSync(path.join(dir, "lucide-react.mjs"), "utf8");
  const fileOf = new Map<string, string>();
  for (const match of index.matchAll(/export \{([^}]*)\} from '\.\/icons\/([\w-]+)\.mjs';/g)) {
    for (const item of (match[1] ?? "").split(",")) {
      const exported = item
        .trim()
        .split(/\s+as\s+/)[1]
        ?.trim();
      if (exported) fileOf.set(exported, match[2] as string);
    }
  }
  const nodes = new Map<string, IconNode>();
  for (const name of names) {
    const file = fileOf.get(name);
    if (!file) throw new Error(`lucide-react has no icon named ${name}`);
    const module = (await import(pathToFileURL(path.join(dir, "icons", `${file}.mjs`)).href)) as {
      __iconData: { node: IconNode };
    };
    nodes.set(name, module.__iconData.node);
  }
  return nodes;
}

const escapeAttribute = (value: string) => value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

export async function buildSprite(names: string[]) {
  const nodes = await iconNodes(names);
  const symbols = names.map((name) => {
    const shapes = (nodes.get(name) ?? [])
      .map(([tag, attributes]) => {
        const attrs = Object.entries(attributes)
          .filter(([key]) => key !== "key")
          .map(([key, value]) => `${key}="${escapeAttribute(String(value))}"`)
          .join(" ");
        return `<${tag} ${attrs}/>`;
      })
      .join("");
    // lucide's stroke style lives on the symbol: the page's <svg> carries only size and class.
    return `<symbol id="${name}" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">${shapes}</symbol>`;
  });
  const svg = `<svg xmlns="http://www.w3.org/2000/svg">${symbols.join("")}</svg>\n`;
  const hash = createHash("sha256").update(svg).digest("base64url").slice(0, 10);
  return { svg, fileName: `assets/icons-${hash}.svg` };
}

/** The icon component factory, shared by every icon module. */
function factoryModule(href: string) {
  return `import { createElement } from "react";
const href = ${JSON.stringify(href)};
const a11y = (props) => Object.keys(props).some((key) => key.startsWith("aria-") || key === "role" || key === "title");
export function icon(name) {
  function SpriteIcon({ className, size = 24, children, ...rest }) {
    return createElement(
      "svg",
      {
        width: size,
        height: size,
        viewBox: "0 0 24 24",
        className: className ? "lucide " + className : "lucide",
        ...(children || a11y(rest) ? {} : { "aria-hidden": "true" }),
        ...rest,
      },
      children,
      createElement("use", { href: href + "#" + name }),
    );
  }
  SpriteIcon.displayName = name;
  return SpriteIcon;
}
`;
}

const LUCIDE_IMPORT = /import\s*(type\s+)?\{([^}]*)\}\s*from\s*["']lucide-react["'];?/g;

/**
 * App code's `import { MapPin, X as Close } from "lucide-react"` becomes one small component per
 * icon defined in that module itself (`const MapPin = icon("MapPin")`), so each icon's few bytes go
 * to the chunk of the code that draws it: an icon only the admin uses is not in the shell every
 * page downloads, and no chunk is cut out for icons alone.
 */
export function inlineIconImports(code: string): string | null {
  let changed = false;
  const result = code.replace(LUCIDE_IMPORT, (statement, typeOnly: string | undefined, list: string) => {
    if (typeOnly) return statement;
    changed = true;
    const bindings = list
      .split(",")
      .map((item) => item.trim())
      .filter((item) => item && !item.startsWith("type "))
      .map((item) => {
        const [imported = "", local = imported] = item.split(/\s+as\s+/).map((part) => part.trim());
        return `${local} = /* @__PURE__ */ __spriteIcon(${JSON.stringify(imported)})`;
      });
    return `import { icon as __spriteIcon } from ${JSON.stringify(FACTORY_ID)};${bindings.length ? ` const ${bindings.join(", ")};` : ""}`;
  });
  return changed ? result : null;
}

/** Vite plugin (build only): "lucide-react" in app code becomes sprite icons, and the sprite an asset. */
export function iconSprite({ appDir }: { appDir: string }): Plugin {
  let sprite: { svg: string; fileName: string; names: string[] } | undefined;
  const load = async () => {
    if (!sprite) {
      const names = importedIconNames(appDir);
      sprite = { ...(await buildSprite(names)), names };
    }
    return sprite;
  };
  return {
    name: "devconsult:icon-sprite",
    apply: "build",
    enforce: "pre",
    resolveId(source) {
      return source === FACTORY_ID ? source : null;
    },
    async load(id) {
      if (id !== FACTORY_ID) return null;
      return { code: factoryModule(`/${(await load()).fileName}`), moduleSideEffects: false };
    },
    transform: {
      filter: { code: "lucide-react" },
      handler(code, id) {
        const file = id.split("?")[0] as string;
        if (!path.resolve(file).startsWith(`${path.resolve(appDir)}${path.sep}`) || !/\.[jt]sx?$/.test(file)) return null;
        const rewritten = inlineIconImports(code);
        return rewritten === null ? null : { code: rewritten, map: null };
      },
    },
    async generateBundle() {
      if (this.environment?.config.consumer !== "client") return;
      const { svg, fileName } = await load();
      this.emitFile({ type: "asset", fileName, source: svg });
    },
  };
}
