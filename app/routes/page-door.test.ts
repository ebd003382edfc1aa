import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

// The page door's rule for failed actions (app/lib/page-action.ts): every route with an action
// answers a failed request itself, so the page, its dialog and the typed text stay. A route that
// adds an action without it fails here, before a person meets an error screen.

function routeModules(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return routeModules(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.includes(".test.") ? [path] : [];
  });
}

const withActions = routeModules("app/routes").filter((path) =>
  /export (async )?function action\b/.test(readFileSync(path, "utf8")),
);

describe("the page door", () => {
  it("finds the route modules that have actions", () => {
    expect(withActions.length).toBeGreaterThanOrEqual(9);
  });

  it("checks every action's answer against the one shape (app/routes/answer-shapes.ts, by the compiler)", () => {
    const checked = readFileSync("app/routes/answer-shapes.ts", "utf8");
    const missing = withActions.filter((path) => {
      const module = path.replace(/^app\/routes\//, "./");
      const name = checked.match(new RegExp(`import type \\* as (\\w+) from "${module.replace(".", "\\.")}"`))?.[1];
      return !name || !checked.includes(`answersOneShape<typeof ${name}.action>(true);`);
    });
    expect(missing).toEqual([]);
  });

  it.each(withActions)("%s keeps the page when its action's request fails", (path) => {
    const source = readFileSync(path, "utf8");
    const clientAction = source.match(/export async function clientAction\([^)]*\) \{[\s\S]*?\n\}/)?.[0];
    expect(clientAction, "exports a clientAction").toBeDefined();
    expect(clientAction).toMatch(/keepPageOnFailure\(\s*args/);
    expect(source).toMatch(/export default function \w+/);
  });
});
