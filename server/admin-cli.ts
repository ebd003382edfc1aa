import { parseArgs } from "node:util";
import { openAppDatabase } from "./app-database.ts";
import { ConfigError, loadConfig } from "./config.ts";
import { createLogger } from "./logger.ts";
import { promoteUserByEmail } from "./services/accounts/bootstrap.ts";
import { resetSecondFactorByEmail } from "./services/accounts/second-factor.ts";
import { NotFound } from "./services/errors.ts";

// npm run admin -- promote EMAIL
// Gives an existing account the admin role, on the configured database (DATABASE_URL, or the
// embedded one under DATA_DIR; a running app's embedded server is left running).
// npm run admin -- reset-second-factor EMAIL
// The recovery path (issue 38) for someone who lost both their authenticator app and their
// recovery codes: removes the account's second factor and ends its sessions; audited.

const USAGE = "Usage: npm run admin -- promote EMAIL | reset-second-factor EMAIL";

const { positionals } = parseArgs({ allowPositionals: true, options: {} });
const [command, email, ...rest] = positionals;
if ((command !== "promote" && command !== "reset-second-factor") || !email || rest.length > 0) {
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
const database = await openAppDatabase(config, log, { stopReusedServer: false });
let exitCode = 0;
try {
  if (command === "promote") {
    const result = await promoteUserByEmail(database.db, email);
    console.log(result.alreadyAdmin ? `${result.email} is already an admin.` : `${result.email} is now an admin.`);
  } else {
    const result = await resetSecondFactorByEmail(database.db, email);
    console.log(
      result.hadFactor
        ? `${result.email}: second factor removed and every session ended; they sign in with their password and can set it up again. Written to the audit log.`
        : `${result.email} had no second factor; their sessions were ended. Written to the audit log.`,
    );
  }
} catch (error) {
  if (!(error instanceof NotFound)) throw error;
  console.error(`${error.message}. The person must register first.`);
  exitCode = 1;
} finally {
  await database.close();
}
process.exit(exitCode);
