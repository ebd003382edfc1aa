import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";

// `npm start` on a fresh clone: build once if there is no production build yet.
if (!existsSync(path.resolve("build", "server", "index.js"))) {
  console.log("No production build found: building the app once (npm run build)…");
  const result = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  process.exit(result.status ?? 1);
}
