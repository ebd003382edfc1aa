import { readFileSync, writeFileSync } from "node:fs";
import http from "node:http";

// The stand-in worker of cluster-primary.ts. Start 1 serves, then dies (an unexpected crash);
// starts 2 and 3 fail before serving (the database is down); start 4 serves until stopped.

const counter = process.env.CLUSTER_TEST_COUNTER ?? "";
const start = Number(readFileSync(counter, "utf8")) + 1;
writeFileSync(counter, String(start));
if (start === 2 || start === 3) process.exit(1);
const server = http.createServer((_request, response) => response.end("ok"));
server.listen(0, "127.0.0.1", () => {
  if (start === 1) setTimeout(() => process.exit(1), 50);
});
process.on("SIGTERM", () => server.close(() => process.exit(0)));
