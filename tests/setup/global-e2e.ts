import { execFileSync, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { chromium } from "playwright-core";
import type { TestProject } from "vitest/node";
import { CHROMIUM, CHROMIUM_OPTIONS } from "./chromium.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** Where the run's Chromium listens: browser files connect to it (tests/setup/browser.ts). */
    chromiumEndpoint: string;
  }
}

/** Browser tests need Chromium: install Debian's when we can, else say exactly what to run. */
function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  if (process.getuid?.() === 0 && existsSync("/usr/bin/apt-get")) {
    console.log("Chromium not found: installing Debian's chromium with apt-get (once)…");
    execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit" });
    execFileSync("apt-get", ["install", "-y", "-qq", "chromium"], {
      stdio: "inherit",
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    });
    if (existsSync(CHROMIUM)) return;
  }
  throw new Error(
    `The browser tests need Chromium at ${CHROMIUM}. Install it with "sudo apt-get install -y chromium" (Debian/Ubuntu), or set CHROMIUM_PATH to a Chromium or Chrome binary.`,
  );
}

/** The browser tests run the production build, built fresh for this run. */
function buildApp() {
  // Vitest sets NODE_ENV=test, which Vite would honour with React's development build.
  const result = spawnSync("npm", ["run", "build", "--silent"], {
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (result.status !== 0) throw new Error("npm run build failed: the browser tests need a production build");
}

/** Builds the app, and starts one Chromium that every browser file connects to instead of launching its own. */
export default async function setup(project: TestProject) {
  ensureChromium();
  // Two projects (e2e, e2e-timed) use this setup in one run: build once.
  if (!process.env.DEVCONSULT_E2E_BUILT) buildApp();
  process.env.DEVCONSULT_E2E_BUILT = "1";
  const server = await chromium.launchServer(CHROMIUM_OPTIONS);
  project.provide("chromiumEndpoint", server.wsEndpoint());
  return () => server.close();
}
