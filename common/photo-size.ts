// The pixel rules of a photo or logo, read from the size its file declares (its header), before
// anything decodes it. The server refuses by them (server/services/photos.ts); the profile form
// checks them when a file is picked (issue 36: a 50-megapixel photo failed only at save), so the
// same sentences come from here. What type a file is comes from its first bytes (sniffImageType),
// one reading for both.

/**
 * A 757 KB PNG can declare 16000×16000 pixels (5 s and 840 MB to decode). 24 megapixels covers
 * any phone camera's everyday setting; a file declaring more is refused from its header.
 */
export const MAX_INPUT_PIXELS = 24_000_000;

/** The refusal of more than MAX_INPUT_PIXELS, from the header or from the decoder's own pixel limit. */
export const TOO_MANY_PIXELS = `Image too large: at most ${MAX_INPUT_PIXELS / 1_000_000} megapixels`;

/** No side longer than this. */
export const MAX_IMAGE_SIDE = 10_000;

/**
 * A 9 KB GIF of 200×60 000 px cost 2.5 s: the square crop first enlarges the narrow side to
 * 512 px, making a 512×153 600 intermediate. At most this many times longer than wide keeps the
 * intermediate small; GIF decoding is also slower per pixel than JPEG or PNG, so it gets a smaller
 * pixel budget. Together they keep any accepted file under about 200 ms of CPU.
 */
export const MAX_ASPECT_RATIO = 10;
export const MAX_GIF_PIXELS = 10_000_000;

/** A refusal; one over a pixel budget says which (a GIF's is smaller), so a photo made smaller can say what it fits. */
export type PhotoSizeProblem = { status: 400 | 413; message: string } & (
  | { kind: "pixels"; maxPixels: number }
  | { kind: "side" | "narrow" }
);

/** What is wrong with an image of this declared size, in the server's words and status; null when nothing. */
export function photoSizeProblem(width: number, height: number, type: ImageType): PhotoSizeProblem | null {
  if (width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE) {
    return { status: 413, kind: "side", message: `Image too large: at most ${MAX_IMAGE_SIDE} pixels wide and high` };
  }
  if (type === "gif" && width * height > MAX_GIF_PIXELS) {
    return {
      status: 413,
      kind: "pixels",
      maxPixels: MAX_GIF_PIXELS,
      message: `Image too large: a GIF may have at most ${MAX_GIF_PIXELS / 1_000_000} megapixels`,
    };
  }
  if (Math.max(width, height) > MAX_ASPECT_RATIO * Math.max(1, Math.min(width, height))) {
    return {
      status: 400,
      kind: "narrow",
      message: `The image is too narrow for a profile photo: at most ${MAX_ASPECT_RATIO} times longer than wide`,
    };
  }
  if (width * height > MAX_INPUT_PIXELS) {
    return { status: 413, kind: "pixels", maxPixels: MAX_INPUT_PIXELS, message: TOO_MANY_PIXELS };
  }
  return null;
}

export type ImageType = "jpeg" | "png" | "gif";

/** The type a file really is, from its first bytes; its name and declared type are ignored. */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  const starts = (...signature: number[]) => signature.every((byte, index) => bytes[index] === byte);
  if (starts(0xff, 0xd8, 0xff)) return "jpeg";
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return "png";
  if (starts(0x47, 0x49, 0x46, 0x38) && (bytes[4] === 0x37 || bytes[4] === 0x39) && bytes[5] === 0x61) return "gif";
  return null;
}

/** How many bytes from a file's start `declaredImageSize` needs at most (a JPEG's frame header follows its metadata). */
export const IMAGE_HEADER_BYTES = 512 * 1024;

/**
 * The type and pixel size a JPEG, PNG or GIF declares in its header, read without decoding it;
 * null for another type, or when the header is cut short or not found in these bytes.
 */
export function declaredImageSize(bytes: Uint8Array): { type: ImageType; width: number; height: number } | null {
  const at = (offset: number) => bytes[offset] ?? 0;
  const u16be = (offset: number) => (at(offset) << 8) | at(offset + 1);
  const u16le = (offset: number) => at(offset) | (at(offset + 1) << 8);
  const u32be = (offset: number) => u16be(offset) * 65_536 + u16be(offset + 2);
  const ascii = (offset: number, length: number) => String.fromCharCode(...bytes.subarray(offset, offset + length));
  const type = sniffImageType(bytes);
  // PNG: after the signature, the IHDR chunk with width and height.
  if (type === "png") return bytes.length >= 24 && ascii(12, 4) === "IHDR" ? { type, width: u32be(16), height: u32be(20) } : null;
  // GIF: the logical screen's width and height (what libvips reports for the file).
  if (type === "gif") return bytes.length >= 10 ? { type, width: u16le(6), height: u16le(8) } : null;
  if (type !== "jpeg") return null;
  // JPEG: the segments after SOI up to the frame header (SOF0–SOF15 but DHT, JPG and DAC).
  let offset = 2;
  while (offset + 9 < bytes.length) {
    if (at(offset) !== 0xff) return null;
    const marker = at(offset + 1);
    if (marker === 0xff) {
      offset += 1; // fill byte
    } else if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      offset += 2; // markers without a length
    } else if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { type, height: u16be(offset + 5), width: u16be(offset + 7) };
    } else if (marker === 0xda || marker === 0xd9) {
      return null; // scan data or the end before any frame header
    } else {
      offset += 2 + u16be(offset + 2);
    }
  }
  return null;
}
