import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { cameraJpeg, decompressionBombPng, solidGif, solidPng, solidTiff } from "../tests/setup/images.ts";
import { declaredImageSize, MAX_INPUT_PIXELS, photoSizeProblem } from "./photo-size.ts";

// The size a file declares, read from its header as the profile form does when a photo is picked
// (issue 36), agrees with what libvips reads on the server; and the rules answer the server's words.

describe("declaredImageSize", () => {
  it("reads JPEG (after its EXIF), PNG and GIF headers as sharp does", async () => {
    const files = [
      await cameraJpeg({ orientation: 6 }),
      await sharp({ create: { width: 1234, height: 567, channels: 3, background: "#336699" } })
        .jpeg({ progressive: true })
        .toBuffer(),
      await solidPng(321, 123),
      await solidGif(77, 55),
    ];
    for (const file of files) {
      const metadata = await sharp(file).metadata();
      expect(declaredImageSize(new Uint8Array(file))).toEqual({
        type: metadata.format,
        width: metadata.width,
        height: metadata.height,
      });
    }
  });

  it("reads what a decompression bomb declares without decoding it", () => {
    expect(declaredImageSize(decompressionBombPng(20_000, 20_000))).toEqual({ type: "png", width: 20_000, height: 20_000 });
  });

  it("answers null for another type or a header cut short", async () => {
    expect(declaredImageSize(await solidTiff())).toBeNull();
    expect(declaredImageSize(new Uint8Array([0xff, 0xd8, 0xff, 0xe1, 0x40, 0x00]))).toBeNull();
    const jpeg = await cameraJpeg();
    expect(declaredImageSize(jpeg.subarray(0, 40))).toBeNull();
  });
});

describe("photoSizeProblem", () => {
  it("answers the server's status and words for each rule", () => {
    expect(photoSizeProblem(4000, 3000, "jpeg")).toBeNull();
    expect(photoSizeProblem(6000, 5000, "png")).toEqual({
      status: 413,
      kind: "pixels",
      maxPixels: MAX_INPUT_PIXELS,
      message: `Image too large: at most ${MAX_INPUT_PIXELS / 1_000_000} megapixels`,
    });
    expect(photoSizeProblem(10_001, 500, "jpeg")?.kind).toBe("side");
    expect(photoSizeProblem(4000, 3000, "gif")?.message).toBe("Image too large: a GIF may have at most 10 megapixels");
    // A GIF's budget is its own: a GIF made smaller in the browser fits 10 megapixels, not 24.
    expect(photoSizeProblem(4000, 3000, "gif")).toMatchObject({ kind: "pixels", maxPixels: 10_000_000 });
    expect(photoSizeProblem(2000, 150, "png")).toMatchObject({ status: 400, kind: "narrow" });
  });
});
