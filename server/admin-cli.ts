import { parseArgs } from "node:util";
import { ConfigError, loadConfig } from "./config.ts";
import { openDatabase } from "./db/setup.ts";
import { createLogger } from "./logger.ts";
import { promoteUserByEmail } from "./services/accounts/bootstrap.ts";
import { NotFound } from "./services/errors.ts";

// npm run admin -- promote EMAIL
// Gives an existing account the admin role, on the configured database (DATABASE_URL, or the
// embedded one under DATA_DIR; a running app's embedded server is left running).

const USAGE = "Usage: npm run admin -- promote EMAIL";

const { positionals } = parseArgs({ allowPositionals: true, options: {} });
const [command, email, ...rest] = positionals;
if (command !== "promote" || !email || rest.length > 0) {
  console.error(USAGE);
  process.exit(2);
}

let config: ReturnType<typeof loadConfig>;
try {
  config = { ...loadConfig(), seedDemo: false };
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(78);
  }
  throw error;
}
const log = createLogger({ logLevel: config.logLevel === "info" ? "warn" : config.logLevel });
const database = await openDatabase(config, log, { stopReusedServer: false });
let exitCode = 0;
try {
  const result = await promoteUserByEmail(database.db, email);
  console.log(result.alreadyAdmin ? `${result.email} is already an admin.` : `${result.email} is now an admin.`);
} catch (error) {
  if (!(error instanceof NotFound)) throw error;
  console.error(`${error.message}. The person must register first.`);
  exitCode = 1;
} finally {
  await database.close();
}
process.exit(exitCode);
