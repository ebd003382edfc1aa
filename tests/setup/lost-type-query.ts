import net from "node:net";
import { createDatabase, surviveLostDriverRejections } from "#server/db/client.ts";

// PgBouncer while the database's logins fail: it lets the client in (its own user list), then
// answers the first query — postgres.js's array-types query on a new connection — with FATAL 08P01
// and closes. Run as `node lost-type-query.ts guarded|unguarded`: a query through a pool on it
// fails (as a request's would), then the process prints what happened and exits 0 — unless the
// dropped rejection of the type query ended it first. For server/db/client.test.ts.

const message = (type: string, body: Buffer) => {
  const length = Buffer.alloc(4);
  length.writeInt32BE(body.length + 4);
  return Buffer.concat([Buffer.from(type), length, body]);
};
const int32 = (value: number) => {
  const buffer = Buffer.alloc(4);
  buffer.writeInt32BE(value);
  return buffer;
};
const fields = (entries: [string, string][]) =>
  Buffer.concat([...entries.map(([code, text]) => Buffer.from(`${code}${text}\0`)), Buffer.from("\0")]);

const server = net.createServer((socket) => {
  let started = false;
  socket.on("error", () => {});
  socket.on("data", () => {
    if (!started) {
      started = true;
      socket.write(Buffer.concat([message("R", int32(0)), message("Z", Buffer.from("I"))]));
      return;
    }
    const error = fields([
      ["S", "FATAL"],
      ["V", "FATAL"],
      ["C", "08P01"],
      ["M", "server login has been failing, try again later (server_login_retry)"],
    ]);
    socket.end(message("E", error));
  });
});
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
const { port } = server.address() as net.AddressInfo;

const warnings: string[] = [];
if (process.argv[2] === "guarded") surviveLostDriverRejections({ warn: (_obj, msg) => warnings.push(msg ?? "") });
const database = createDatabase(`postgres://app:app@127.0.0.1:${port}/app`, { max: 1, pooler: true, connectTimeoutMs: 2_000 });
const answer = await database.sql`select 1`.then(
  () => "answered",
  (error: { code?: string }) => `failed: ${error.code}`,
);
await new Promise((resolve) => setTimeout(resolve, 200));
console.log(JSON.stringify({ answer, warnings }));
await database.close();
server.close();
process.exit(0);
