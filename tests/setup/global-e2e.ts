import { execFileSync, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

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

export default function setup() {
  ensureChromium();
  buildApp();
}
