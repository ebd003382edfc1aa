import { randomBytes } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Config } from "./config.ts";
import type { Logger } from "./logger.ts";

// The key the app signs its own cookies with (the toast cookie: app/lib/toast.server.ts). Sessions
// need none: a session cookie is a random token the database knows by its hash. SESSION_SECRET
// sets it; without it the first start writes a random one to DATA_DIR/session-secret (readable by
// this user only) and every later start, and every node:cluster worker, uses that one. Instances
// on other machines have their own DATA_DIR: they need the same SESSION_SECRET, or a cookie one
// signed is ignored by the others (a toast is lost, nothing worse).

const FILE = "session-secret";

/** The session secret: SESSION_SECRET, else the one kept in DATA_DIR (made on first use). */
export async function resolveSessionSecret(
  config: Pick<Config, "sessionSecret" | "dataDir" | "databaseUrl">,
  log: Pick<Logger, "warn">,
) {
  if (config.sessionSecret) return config.sessionSecret;
  const file = path.join(config.dataDir, FILE);
  await mkdir(config.dataDir, { recursive: true });
  let secret: string;
  try {
    // "wx": of two processes starting at once on one DATA_DIR, one writes and the other reads.
    secret = randomBytes(32).toString("base64url");
    await writeFile(file, `${secret}\n`, { flag: "wx", mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    secret = (await readFile(file, "utf8")).trim();
  }
  if (secret.length < 32) throw new Error(`${file} holds no session secret: delete it, or set SESSION_SECRET`);
  if (config.databaseUrl) {
    log.warn(
      "cookies are signed with a key kept in DATA_DIR/session-secret while the database is external: set SESSION_SECRET, the same on every instance, to run more than one instance.",
    );
  }
  return secret;
}
