import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The layering of docs/decisions/009-service-contract.md, read from the import lines of every
// source file (tests excluded): common/ is the ground floor, server/db knows no services, the
// services know no HTTP, the server knows nothing of app/ but React Router's context key, the
// pages reach the database only through services, and nothing imports in a circle, not even
// through `import type` (a type-only cycle is still two modules that cannot be understood one
// without the other). And no module of server/services or server/http keeps state of its own:
// process state lives in the runtime (server/runtime.ts, docs/decisions/002), because React
// Router's build bundles a second copy of every module the pages import.

const ROOT = path.resolve(import.meta.dirname, "..");
const SOURCE_DIRS = ["app", "common", "server", "bench", "build-tools"];
const SOURCE = /\.(ts|tsx)$/;
const NOT_SOURCE = /(\.test\.tsx?$|\.d\.ts$|\/\+types\/)/;
/** The one module of app/ the server may import: the key it sets the router context with. */
const ROUTER_CONTEXT_KEY = "app/context.ts";

function sourceFiles(dir: string): string[] {
  const absolute = path.join(ROOT, dir);
  if (!existsSync(absolute)) return [];
  return readdirSync(absolute, { recursive: true, encoding: "utf8" })
    .map((file) => path.posix.join(dir, file.split(path.sep).join("/")))
    .filter((file) => SOURCE.test(file) && !NOT_SOURCE.test(file) && !file.includes("node_modules"));
}

/** The specifiers of a file's static imports and re-exports (type-only ones included) and dynamic imports. */
export function importSpecifiers(text: string): string[] {
  const specifiers: string[] = [];
  const patterns = [
    /^\s*import\s+(?:type\s+)?[^"';]*?\s+from\s+["']([^"']+)["']/gms,
    /^\s*import\s+["']([^"']+)["']/gm,
    /^\s*export\s+(?:type\s+)?[^"';]*?\s+from\s+["']([^"']+)["']/gms,
    /\bimport\(\s*["']([^"']+)["']\s*\)/g,
  ];
  for (const pattern of patterns) {
    for (const match of text.matchAll(pattern)) if (match[1]) specifiers.push(match[1]);
  }
  return specifiers;
}

/** A specifier of our own code as a repository path; a package as `package:<name>`; null for Node's own modules. */
function resolve(from: string, specifier: string): string | null {
  let target: string;
  if (specifier.startsWith(".")) target = path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
  else if (specifier.startsWith("#")) target = specifier.slice(1);
  else if (specifier.startsWith("node:")) return null;
  else return `package:${specifier.startsWith("@") ? specifier.split("/").slice(0, 2).join("/") : specifier.split("/")[0]}`;
  if (SOURCE.test(target) && existsSync(path.join(ROOT, target))) return target;
  for (const candidate of [`${target}.ts`, `${target}.tsx`, `${target}/index.ts`]) {
    if (existsSync(path.join(ROOT, candidate))) return candidate;
  }
  return target;
}

function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of SOURCE_DIRS.flatMap(sourceFiles)) {
    const text = readFileSync(path.join(ROOT, file), "utf8");
    const targets = importSpecifiers(text)
      .map((specifier) => resolve(file, specifier))
      .filter((target): target is string => target !== null && !NOT_SOURCE.test(target));
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** The elementary cycles' strongly connected components (Tarjan), each as a sorted list of files. */
export function cycles(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const indices = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    indices.set(node, index);
    low.set(node, index);
    index += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!graph.has(next)) continue;
      if (!indices.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, indices.get(next)!));
      }
    }
    if (low.get(node) === indices.get(node)) {
      const component: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      const selfImport = component.length === 1 && (graph.get(node) ?? []).includes(node);
      if (component.length > 1 || selfImport) found.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!indices.has(node)) visit(node);
  return found;
}

type Rule = { name: string; from: (file: string) => boolean; to: (target: string) => boolean };

const RULES: Rule[] = [
  {
    name: "common/ imports nothing of server/ or app/",
    from: (file) => file.startsWith("common/"),
    to: (target) => target.startsWith("server/") || target.startsWith("app/"),
  },
  {
    name: "server/db imports nothing of server/services",
    from: (file) => file.startsWith("server/db/"),
    to: (target) => target.startsWith("server/services/"),
  },
  {
    name: "server/ imports nothing of app/ but the router context key",
    from: (file) => file.startsWith("server/"),
    to: (target) => target.startsWith("app/") && target !== ROUTER_CONTEXT_KEY,
  },
  {
    name: "app/ does not import the field glossary (server-side data, too large for a browser bundle)",
    from: (file) => file.startsWith("app/"),
    to: (target) => target.startsWith("common/glossary/"),
  },
  {
    name: "app/components import no server module (the types they render are in common/views.ts)",
    from: (file) => file.startsWith("app/components/"),
    to: (target) => target.startsWith("server/"),
  },
  {
    name: "server/services imports nothing of server/http (services know no HTTP)",
    from: (file) => file.startsWith("server/services/"),
    to: (target) => target.startsWith("server/http/"),
  },
  {
    name: "app/ imports neither server/db nor drizzle-orm (pages read through services)",
    from: (file) => file.startsWith("app/"),
    to: (target) => target.startsWith("server/db/") || target === "package:drizzle-orm",
  },
  {
    name: "app/ imports nothing of server/http/middleware (a page's effects go on its context)",
    from: (file) => file.startsWith("app/"),
    to: (target) => target.startsWith("server/http/middleware/"),
  },
];

/**
 * Top-level lines that keep state in a module: a `let` or `var`; a Map, Set, WeakMap, WeakSet,
 * AsyncLocalStorage, cache or empty array or object made at load (a constant Set or Map is typed ReadonlySet or
 * ReadonlyMap, which the compiler keeps unchanged); a listener registered at load; an assignment at load;
 * anything on globalThis. A value computed once and never changed uses once() (server/services/once.ts).
 */
const MODULE_STATE = [
  /^(?:export\s+)?(?:let|var)\s/,
  /^(?:export\s+)?const\s+\w+\b(?!\s*:\s*Readonly(?:Set|Map)<)[^=]*=\s*new\s+(?:Map|Set|WeakMap|WeakSet|AsyncLocalStorage)\b/,
  /^(?:export\s+)?const\s+\w+[^=]*=\s*cachedPerKey\(/,
  /^(?:export\s+)?const\s+\w+[^=]*=\s*(?:\[\s*\]|\{\s*\})\s*(?:as\s+[^;]+)?;/,
  /^[\w$.]+\.(?:subscribe|on|once|addListener)\(/,
  /^onDirectoryChange\(/,
  /^[\w$]+(?:\[[^\]]*\]|\.[\w$]+)*\s*(?:\?\?=|\|\|=|&&=|\+=|-=|\+\+|--|=(?!=))/,
  /\bglobalThis\b/,
];

/** The lines of a module's text that keep state at module level (see MODULE_STATE). */
export function moduleState(text: string): string[] {
  return text.split("\n").filter((line) => /^\S/.test(line) && MODULE_STATE.some((pattern) => pattern.test(line)));
}

/** Where state may not live: every module that the pages' build may bundle a second copy of. */
const STATELESS = (file: string) => file.startsWith("server/services/") || file.startsWith("server/http/");

/**
 * The top-level functions of a module (declarations and arrow constants): name, first line (from
 * 1) and length in lines, from the braces' depth (a biome-formatted file: a line comment skipped),
 * and whether the body calls the function itself.
 */
export function topLevelFunctions(text: string) {
  const lines = text.split("\n");
  const START =
    /^(?:export\s+)?(?:default\s+)?(?:async\s+)?function\*?\s+(\w+)|^(?:export\s+)?const\s+(\w+)\s*(?::[^=]+)?=\s*(?:async\s+)?(?:\([^)]*\)?|\w+)\s*(?:\)|=>|$)/;
  const found: { name: string; line: number; lines: number; recursive: boolean }[] = [];
  for (const [index, line] of lines.entries()) {
    const match = START.exec(line);
    const name = match?.[1] ?? match?.[2];
    if (!name) continue;
    let depth = 0;
    let opened = false;
    let end = index;
    for (; end < lines.length; end++) {
      const code = (lines[end] ?? "").replace(/^\s*\/\/.*$/, "");
      for (const char of code) {
        if (char === "{" || char === "(") {
          depth++;
          opened = true;
        } else if (char === "}" || char === ")") depth--;
      }
      if (opened && depth <= 0 && /[};]\s*$/.test(code)) break;
    }
    const body = lines.slice(index + 1, end + 1).join("\n");
    found.push({ name, line: index + 1, lines: end - index + 1, recursive: new RegExp(`\\b${name}\\(`).test(body) });
  }
  return found;
}

/** The search engine a newcomer can read (issue 30): short functions, and no function calling itself. */
const READABLE = (file: string) => file.startsWith("server/services/search/");
const LONGEST_FUNCTION = 60;

const graph = importGraph();

describe("the import graph", () => {
  it("reads the source files", () => {
    expect(graph.size).toBeGreaterThan(100);
    expect(graph.get("server/http/app.ts")).toContain("server/http/middleware/session.ts");
  });

  for (const rule of RULES) {
    it(rule.name, () => {
      const broken = [...graph].flatMap(([file, targets]) =>
        rule.from(file) ? targets.filter(rule.to).map((target) => `${file} -> ${target}`) : [],
      );
      expect(broken).toEqual([]);
    });
  }

  it("has no cycles, type-only imports included", () => {
    expect(cycles(graph)).toEqual([]);
  });

  it("server/services and server/http keep no state at module level (it lives in server/runtime.ts)", () => {
    const files = [...graph.keys()].filter(STATELESS);
    expect(files.length).toBeGreaterThan(80);
    const found = files.flatMap((file) =>
      moduleState(readFileSync(path.join(ROOT, file), "utf8")).map((line) => `${file}: ${line}`),
    );
    expect(found).toEqual([]);
  });
});

describe("the search engine", () => {
  const files = [...graph.keys()].filter(READABLE);
  const functions = files.flatMap((file) =>
    topLevelFunctions(readFileSync(path.join(ROOT, file), "utf8")).map((found) => ({ ...found, file })),
  );

  it(`has no function over ${LONGEST_FUNCTION} lines in server/services/search`, () => {
    expect(functions.length).toBeGreaterThan(100);
    const long = functions.filter((found) => found.lines > LONGEST_FUNCTION);
    expect(long.map(({ file, line, name, lines }) => `${file}:${line} ${name} (${lines} lines)`)).toEqual([]);
  });

  it("has no function in server/services/search that calls itself", () => {
    const recursive = functions.filter((found) => found.recursive);
    expect(recursive.map(({ file, line, name }) => `${file}:${line} ${name}`)).toEqual([]);
  });
});

describe("the checks themselves", () => {
  it("read every kind of import line", () => {
    const text = [
      'import { a } from "./a.ts";',
      'import type { B } from "../b.ts";',
      "import {\n  c,\n  type D,\n} from './c.ts';",
      'export { e } from "./e.ts";',
      'export type { F } from "./f.ts";',
      'import "./g.css";',
      'const h = await import("./h.ts");',
      'import { z } from "zod";',
    ].join("\n");
    expect(importSpecifiers(text)).toEqual(
      expect.arrayContaining(["./a.ts", "../b.ts", "./c.ts", "./e.ts", "./f.ts", "./g.css", "./h.ts", "zod"]),
    );
  });

  it("find module state, and only module state", () => {
    const stateful = [
      "let counting = true;",
      "export let lastSeen: Date | undefined;",
      "var hits = 0;",
      "const buffers = new Map<Database, InsightsBuffer>();",
      "const listeners = new Set<Listener>();",
      "export const analyses: WeakMap<object, string> = new WeakMap();",
      "const renderEffects = new AsyncLocalStorage<Effect[]>();",
      "export const cachedDirectoryStats = cachedPerKey(getDirectoryStats, STATS_TTL_MS);",
      "onDirectoryChange(() => {",
      "directory.subscribe(() => stats.drop());",
      "globals[EFFECTS_KEY] ??= new AsyncLocalStorage();",
      "generation++;",
      "cached = undefined;",
      "const globals = globalThis as typeof globalThis & { cache?: Map<string, string> };",
      "const unreported: { locale: Locale; id: string }[] = [];",
      "export const seen = {} as Record<string, number>;",
    ];
    const stateless = [
      'const SAFE_METHODS: ReadonlySet<string> = new Set(["GET", "HEAD", "OPTIONS"]);',
      "const LIMITS: ReadonlyMap<string, number> = new Map([['a', 1]]);",
      "const estimator = once(() => new ZxcvbnFactory(options));",
      "export const STATS_TTL_MS = 60_000;",
      "  let kept = this.kept.get(db);",
      "  const running = new Map<string, Promise<unknown>>();",
      "export class StatsCache {",
      "export function createRuntime() {",
    ];
    for (const line of stateful) expect(moduleState(line), line).toEqual([line]);
    for (const line of stateless) expect(moduleState(line), line).toEqual([]);
    // A file with one stateful line among constants and functions: that line, and only it.
    expect(moduleState(`${stateless.join("\n")}\nlet counting = true;\n`)).toEqual(["let counting = true;"]);
  });

  it("measure top-level functions, and see one call itself", () => {
    const text = [
      "import { a } from './a.ts';",
      "/** Says { hello }. */",
      "export async function first(x: number): Promise<number> {",
      "  // a brace in a comment: {",
      "  const y = { x };",
      "  return x > 0 ? first(x - 1) : y.x;",
      "}",
      "const second = (value: string) => value.trim();",
      "export const third = async ({ a, b }: { a: number; b: number }) => {",
      "  const sum = String(a + b);",
      "  return sum;",
      "};",
      "const LIMIT = 60;",
      "function fourth(",
      "  a: number,",
      "): number {",
      "  return a;",
      "}",
    ].join("\n");
    expect(topLevelFunctions(text)).toEqual([
      { name: "first", line: 3, lines: 5, recursive: true },
      { name: "second", line: 8, lines: 1, recursive: false },
      { name: "third", line: 9, lines: 4, recursive: false },
      { name: "fourth", line: 14, lines: 5, recursive: false },
    ]);
  });

  it("find a cycle, and only a cycle", () => {
    const looped = new Map([
      ["a", ["b"]],
      ["b", ["c"]],
      ["c", ["a"]],
      ["d", ["a"]],
    ]);
    expect(cycles(looped)).toEqual([["a", "b", "c"]]);
    expect(
      cycles(
        new Map([
          ["a", ["b"]],
          ["b", []],
        ]),
      ),
    ).toEqual([]);
  });
});
