import { describe, expect, it } from "vitest";
import { amzDate, encodeS3Path, sha256Hex, signRequest } from "./sigv4.ts";

describe("AWS Signature Version 4", () => {
  it("reproduces the signature AWS documents for its S3 GET example", () => {
    const headers = signRequest(
      {
        method: "GET",
        url: new URL("https://examplebucket.s3.amazonaws.com/test.txt"),
        headers: { Range: "bytes=0-9" },
        payloadHash: sha256Hex(""),
      },
      {
        accessKeyId: "AKIAIOSFODNN7EXAMPLE",
        secretAccessKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
        region: "us-east-1",
        service: "s3",
      },
      new Date("2013-05-24T00:00:00Z"),
    );
    expect(headers.authorization).toBe(
      "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,SignedHeaders=host;range;x-amz-content-sha256;x-amz-date,Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41",
    );
    expect(headers["x-amz-date"]).toBe("20130524T000000Z");
    expect(headers.host).toBe("examplebucket.s3.amazonaws.com");
  });

  it("encodes key segments the way S3 expects", () => {
    expect(encodeS3Path("/bucket/photos/a b(1)!.webp")).toBe("/bucket/photos/a%20b%281%29%21.webp");
    expect(amzDate(new Date("2025-01-02T03:04:05.678Z"))).toBe("20250102T030405Z");
  });
});
