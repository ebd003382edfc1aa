import { mkdtemp, rm } from "node:fs/promises";
import { createServer, type Socket } from "node:net";
import os from "node:os";
import path from "node:path";
import S3rver from "@20minutes/s3rver";
import { freePort } from "#server/db/embedded.ts";

// A real S3-compatible server for tests (s3rver checks AWS Signature Version 4 like S3 does):
// one bucket, the fixed S3RVER/S3RVER credentials it knows, objects readable anonymously.

export type TestS3 = {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** The S3_* settings for the app. */
  env: Record<string, string>;
  close: () => Promise<void>;
};

export async function startS3Server(bucket = "devconsult-photos"): Promise<TestS3> {
  const directory = await mkdtemp(path.join(os.tmpdir(), "devconsult-s3-"));
  const port = await freePort();
  const server = new S3rver({
    address: "127.0.0.1",
    port,
    directory,
    silent: true,
    vhostBuckets: false,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    accessKeyId: "S3RVER",
    secretAccessKey: "S3RVER",
    env: {
      S3_BUCKET: bucket,
      S3_REGION: "us-east-1",
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
    },
    close: async () => {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

/**
 * An S3 endpoint that accepts connections, reads what is sent and never answers (the operations
 * review's failure 2): `requests` holds each connection's request line ("PUT /bucket/key HTTP/1.1")
 * as it arrives, `env` the S3_* settings that point the app at it. `close` drops every connection
 * (a call still waiting fails at once) and stops listening.
 */
export async function startHangingS3(bucket = "photos") {
  const sockets: Socket[] = [];
  const requests: string[] = [];
  const server = createServer((socket) => {
    sockets.push(socket);
    socket.once("data", (chunk) => requests.push(chunk.toString("latin1").split("\r\n")[0] ?? ""));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const endpoint = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  return {
    endpoint,
    requests,
    /** The methods of the requests seen so far, in order. */
    methods: () => requests.map((line) => line.split(" ")[0] ?? ""),
    env: { S3_BUCKET: bucket, S3_ENDPOINT: endpoint, S3_ACCESS_KEY_ID: "key", S3_SECRET_ACCESS_KEY: "secret" },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      if (server.listening) await new Promise((resolve) => server.close(resolve));
    },
  };
}
