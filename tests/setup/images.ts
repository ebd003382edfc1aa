import zlib from "node:zlib";
import sharp from "sharp";

// Test images made on the spot: real encoders, so the photo pipeline sees what cameras produce.

/** A JPEG whose left half is red and right half blue, with camera and GPS EXIF and an orientation. */
export async function cameraJpeg({ orientation = 1 }: { orientation?: number } = {}) {
  const width = 600;
  const height = 400;
  const redPixels = await sharp({ create: { width: width / 2, height, channels: 3, background: "#ff0000" } })
    .raw()
    .toBuffer();
  return sharp({ create: { width, height, channels: 3, background: "#0000ff" } })
    .composite([{ input: redPixels, raw: { width: width / 2, height, channels: 3 }, left: 0, top: 0 }])
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: { Make: "TestCam", Model: "Secret Model 9000", Copyright: "Jane Doe" },
      IFD3: { GPSMapDatum: "WGS-84-SECRET-PLACE", GPSLatitudeRef: "N", GPSLongitudeRef: "E" },
    })
    .withMetadata({ orientation })
    .toBuffer();
}

export function solidPng(width = 300, height = 300) {
  return sharp({ create: { width, height, channels: 4, background: { r: 20, g: 120, b: 90, alpha: 1 } } })
    .png()
    .toBuffer();
}

export function solidGif(width = 120, height = 120) {
  return sharp({ create: { width, height, channels: 3, background: "#11665e" } })
    .gif()
    .toBuffer();
}

export function solidTiff() {
  return sharp({ create: { width: 50, height: 50, channels: 3, background: "#888888" } })
    .tiff()
    .toBuffer();
}

export const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><rect width="100" height="100" fill="red"/></svg>',
);

function pngChunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/**
 * A valid PNG of a few tens of kilobytes that declares `width`×`height` pixels (1-bit grey,
 * all zeros, which compresses about 1000:1): what a decompression bomb looks like.
 */
export function decompressionBombPng(width = 20_000, height = 20_000) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  const raw = Buffer.alloc((1 + Math.ceil(width / 8)) * height);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", header),
    pngChunk("IDAT", zlib.deflateSync(raw, { level: 9 })),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

/** The chunk names of a RIFF/WebP file (EXIF, XMP and ICCP chunks carry metadata). */
export function webpChunks(file: Uint8Array): string[] {
  const buffer = Buffer.from(file);
  if (buffer.toString("latin1", 0, 4) !== "RIFF" || buffer.toString("latin1", 8, 12) !== "WEBP") {
    throw new Error("not a WebP file");
  }
  const chunks: string[] = [];
  let offset = 12;
  while (offset + 8 <= buffer.length) {
    const name = buffer.toString("latin1", offset, offset + 4);
    const size = buffer.readUInt32LE(offset + 4);
    chunks.push(name);
    offset += 8 + size + (size % 2);
  }
  return chunks;
}

/** Reads a WebP back (the app blocks every loader but JPEG, PNG and GIF in its process). */
export async function readWebp(file: Uint8Array) {
  sharp.unblock({ operation: ["VipsForeignLoadWebp"] });
  try {
    const image = sharp(file);
    const [metadata, pixels] = await Promise.all([image.metadata(), image.clone().raw().toBuffer({ resolveWithObject: true })]);
    return { metadata, pixels };
  } finally {
    sharp.block({ operation: ["VipsForeignLoadWebp"] });
  }
}
