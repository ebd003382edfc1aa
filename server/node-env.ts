import { existsSync } from "node:fs";

// Libraries (React above all) choose their production or development build from NODE_ENV when
// they are first imported. server/config.ts defaults NODE_ENV to production; this module, the
// first that server/main.ts imports, makes the environment say so before any library loads, or
// `npm start` would render every page with React's development build (several times slower).
process.env.NODE_ENV ??= "production";

// `npm run dev` reads .env here, not with --env-file-if-exists: under --watch a file that flag
// names and that does not exist makes Node abort on Ctrl-C ("Assertion failed: (wrap) != nullptr"
// in FSWatcher.close, nodejs/node#64819; the operations review's `npm run dev` finding). As with
// the flag, a variable already set wins.
if (process.env.NODE_ENV === "development" && existsSync(".env")) process.loadEnvFile(".env");
