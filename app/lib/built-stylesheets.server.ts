import { readFileSync } from "node:fs";
import path from "node:path";

// The built stylesheets the server inlines into its HTML (components/layout/stylesheet.tsx).

const texts = new Map<string, string | undefined>();

/**
 * The text of a stylesheet the client build wrote (`/assets/app-….css` under `clientDir`), read
 * once. Undefined where there is none, or where it could end its <style> element early.
 */
export function builtStylesheet(clientDir: string, href: string): string | undefined {
  if (!/^\/assets\/[\w.-]+\.css$/.test(href)) return undefined;
  const file = path.join(clientDir, href);
  if (!texts.has(file)) {
    let text: string | undefined;
    try {
      text = readFileSync(file, "utf8");
    } catch {
      text = undefined;
    }
    texts.set(file, text?.toLowerCase().includes("</style") ? undefined : text);
  }
  return texts.get(file);
}
