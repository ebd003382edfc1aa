import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

// A codemod: rewrites deep relative imports ("../../../server/services/context.ts") to the
// package's import aliases ("#server/services/context.ts"), declared in package.json `imports`
// and resolved by Node's type stripping, tsc, Vite and Vitest alike. An import that stays in its
// own neighbourhood ("./x.ts", "../x.ts") is left as it is: it says "next to me".
//
//   node build-tools/alias-imports.ts            rewrite the files, print what changed
//   node build-tools/alias-imports.ts --check    change nothing; exit 1 if anything would change
//
// Idempotent: a second run changes nothing.

const ROOT = path.resolve(import.meta.dirname, "..");
/** The folders whose files are rewritten. */
const SCAN = ["app", "server", "common", "tests", "bench", "build-tools"];
/** The folders an alias can point into (package.json `imports`). */
const ALIASED = ["app", "server", "common"];
const SOURCE = /\.(ts|tsx)$/;
const SKIP = /(^|\/)(node_modules|build|\.react-router|\+types)(\/|$)/;

/** `from "…"`, bare `import "…"` and `import("…")`: the specifier is group 2. */
const SPECIFIER = /(\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)(["'])(\.\.\/\.\.\/[^"']*)\2/gm;

function sourceFiles(dir: string): string[] {
  const absolute = path.join(ROOT, dir);
  let entries: string[];
  try {
    entries = readdirSync(absolute, { recursive: true, encoding: "utf8" });
  } catch {
    return [];
  }
  return entries
    .map((entry) => path.posix.join(dir, entry.split(path.sep).join("/")))
    .filter((file) => SOURCE.test(file) && !SKIP.test(file));
}

/** The alias for a relative specifier written in `file`, or null when it should stay relative. */
export function aliasFor(file: string, specifier: string): string | null {
  if (!specifier.startsWith("../../")) return null;
  const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
  const [top] = target.split("/");
  if (!top || !ALIASED.includes(top) || target.startsWith("..")) return null;
  return `#${target}`;
}

/** The file's text with its deep relative imports aliased. */
export function rewrite(file: string, text: string): string {
  return text.replace(SPECIFIER, (whole, lead: string, quote: string, specifier: string) => {
    const alias = aliasFor(file, specifier);
    return alias ? `${lead}${quote}${alias}${quote}` : whole;
  });
}

function main() {
  const check = process.argv.includes("--check");
  let changed = 0;
  for (const file of SCAN.flatMap(sourceFiles)) {
    const absolute = path.join(ROOT, file);
    const before = readFileSync(absolute, "utf8");
    const after = rewrite(file, before);
    if (after === before) continue;
    changed += 1;
    if (check) {
      console.log(`would rewrite ${file}`);
    } else {
      writeFileSync(absolute, after);
      console.log(`rewrote ${file}`);
    }
  }
  console.log(`${changed} file(s) ${check ? "would change" : "changed"}`);
  if (check && changed > 0) process.exitCode = 1;
}

if (import.meta.main) main();
