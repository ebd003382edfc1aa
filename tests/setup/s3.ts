import { mkdtemp, rm } from "node:fs/promises";
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
