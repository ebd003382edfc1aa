import { randomBytes } from "node:crypto";
import { and, eq, ne, notExists, sql } from "drizzle-orm";
import sharp from "sharp";
import { PHOTO_MAX_BYTES } from "../../common/constants.ts";
import { PHOTO_SIZES, thumbnailUrlOf } from "../../common/photos.ts";
import type { Database, Executor } from "../db/client.ts";
import { consultants, photoUploads } from "../db/schema.ts";
import type { Actor } from "./context.ts";
import { AppError, PayloadTooLarge, Unauthorized, UnsupportedMediaType, ValidationFailed } from "./errors.ts";
import { consumeRateLimit } from "./rate-limit.ts";
import type { PhotoStorage } from "./storage.ts";

// Profile photos: accepted by content (JPEG, PNG or GIF), decoded only by those three libvips
// loaders with a pixel budget, re-encoded to WebP in two square sizes with orientation applied
// and every byte of metadata left behind, stored under random names.

export type PhotoDeps = {
  storage: PhotoStorage;
  log?: { warn: (obj: object, msg?: string) => void };
};

/**
 * A 757 KB PNG can declare 16000×16000 pixels (5 s and 840 MB to decode). 24 megapixels covers
 * any phone camera; a file declaring more is refused from its header, before decoding.
 */
export const MAX_INPUT_PIXELS = 24_000_000;

export const UPLOAD_RATE_LIMIT = { limit: 20, windowSeconds: 3600 } as const;

const INVALID_TYPE = "Invalid file type";
const TOO_LARGE = "File too large";

export type ImageType = "jpeg" | "png" | "gif";

/** The type a file really is, from its first bytes; its name and declared type are ignored. */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  const starts = (...signature: number[]) => signature.every((byte, index) => bytes[index] === byte);
  if (starts(0xff, 0xd8, 0xff)) return "jpeg";
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return "png";
  if (starts(0x47, 0x49, 0x46, 0x38) && (bytes[4] === 0x37 || bytes[4] === 0x39) && bytes[5] === 0x61) return "gif";
  return null;
}

let decodersRestricted = false;

/**
 * sharp can read SVG (librsvg), TIFF, HEIF, PDF and more. Photos come only through the JPEG, PNG
 * and GIF loaders: every other libvips loader is blocked for this process.
 */
export function restrictImageDecoders() {
  if (decodersRestricted) return;
  sharp.block({ operation: ["VipsForeignLoad"] });
  sharp.unblock({ operation: ["VipsForeignLoadJpeg", "VipsForeignLoadPng", "VipsForeignLoadNsgif"] });
  decodersRestricted = true;
}

export type RenderedPhoto = { profile: Buffer; thumbnail: Buffer };

/** Decodes into a square of raw pixels, orientation applied; nothing else of the file survives. */
async function decodeSquare(bytes: Uint8Array, type: ImageType) {
  restrictImageDecoders();
  const metadata = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  if (metadata.format !== type) throw new UnsupportedMediaType(INVALID_TYPE);
  return sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error", pages: 1, sequentialRead: true })
    .timeout({ seconds: 10 })
    .rotate()
    .resize(PHOTO_SIZES.profile, PHOTO_SIZES.profile, { fit: "cover", position: sharp.strategy.attention })
    .raw()
    .toBuffer({ resolveWithObject: true });
}

/** Decodes once, then encodes both sizes from the same pixels. */
export async function renderPhoto(bytes: Uint8Array): Promise<RenderedPhoto> {
  const type = sniffImageType(bytes);
  if (!type) throw new UnsupportedMediaType(INVALID_TYPE);
  const pixels = await decodeSquare(bytes, type).catch((error: unknown) => {
    if (error instanceof AppError) throw error;
    const message = error instanceof Error ? error.message : String(error);
    if (/pixel limit/i.test(message)) {
      throw new PayloadTooLarge(`Image too large: at most ${MAX_INPUT_PIXELS / 1_000_000} megapixels`);
    }
    if (/unsupported image format/i.test(message)) throw new UnsupportedMediaType(INVALID_TYPE);
    throw new ValidationFailed("The image could not be read. Please upload a valid JPEG, PNG or GIF file.");
  });
  const raw = { raw: { width: pixels.info.width, height: pixels.info.height, channels: pixels.info.channels } };
  const [profile, thumbnail] = await Promise.all([
    sharp(pixels.data, raw).webp({ quality: 82, effort: 4 }).toBuffer(),
    sharp(pixels.data, raw)
      .resize(PHOTO_SIZES.thumbnail, PHOTO_SIZES.thumbnail, { kernel: "lanczos3" })
      .webp({ quality: 80, effort: 4 })
      .toBuffer(),
  ]);
  return { profile, thumbnail };
}

function keysFor(name: string) {
  return {
    profile: `photos/${name}-${PHOTO_SIZES.profile}.webp`,
    thumbnail: `photos/${name}-${PHOTO_SIZES.thumbnail}.webp`,
  };
}

/** Removes both sizes of a stored photo; any other URL (a seeded or external one) is left alone. */
export async function removePhotoFiles(deps: PhotoDeps, photoUrl: string | null | undefined): Promise<void> {
  if (!photoUrl) return;
  const profileKey = deps.storage.keyOf(photoUrl);
  const thumbnailKey = deps.storage.keyOf(thumbnailUrlOf(photoUrl));
  if (!profileKey) return;
  try {
    await Promise.all([deps.storage.remove(profileKey), thumbnailKey ? deps.storage.remove(thumbnailKey) : undefined]);
  } catch (error) {
    // The profile change is already saved; a file left behind costs only space.
    deps.log?.warn({ err: error, photoUrl }, "could not remove a replaced photo");
  }
}

/** Forgets an upload and removes its files. */
export async function discardPhoto(db: Database, deps: PhotoDeps, photoUrl: string | null | undefined) {
  if (!photoUrl) return;
  await db.delete(photoUploads).where(eq(photoUploads.photoUrl, photoUrl));
  await removePhotoFiles(deps, photoUrl);
}

/**
 * POST /api/upload-photo: checks, re-encodes and stores a photo for the signed-in person and
 * returns its URL. The person's earlier uploads that no profile shows are removed.
 */
export async function uploadPhoto(
  db: Database,
  actor: Actor,
  file: { bytes: Uint8Array },
  deps: PhotoDeps,
): Promise<{ photoUrl: string }> {
  if (!actor) throw new Unauthorized("Please sign in to upload a photo");
  if (file.bytes.byteLength > PHOTO_MAX_BYTES) throw new PayloadTooLarge(TOO_LARGE);
  if (file.bytes.byteLength === 0 || !sniffImageType(file.bytes)) throw new UnsupportedMediaType(INVALID_TYPE);
  await consumeRateLimit(db, {
    key: `upload-photo:user:${actor.id}`,
    ...UPLOAD_RATE_LIMIT,
    message: "Too many photo uploads. Please wait a little and try again.",
  });
  const rendered = await renderPhoto(file.bytes);
  const keys = keysFor(randomBytes(18).toString("base64url"));
  await Promise.all([
    deps.storage.put(keys.profile, rendered.profile, "image/webp"),
    deps.storage.put(keys.thumbnail, rendered.thumbnail, "image/webp"),
  ]);
  const photoUrl = deps.storage.urlOf(keys.profile);
  await db.insert(photoUploads).values({ photoUrl, userId: actor.id });
  await discardAbandonedUploads(db, deps, actor.id, photoUrl);
  return { photoUrl };
}

/** Uploads by this person, other than `keep`, that no profile shows: a form that was never saved. */
async function discardAbandonedUploads(db: Database, deps: PhotoDeps, userId: number, keep: string) {
  const abandoned = await db
    .delete(photoUploads)
    .where(
      and(
        eq(photoUploads.userId, userId),
        ne(photoUploads.photoUrl, keep),
        notExists(db.select({ one: sql`1` }).from(consultants).where(eq(consultants.profilePhotoUrl, photoUploads.photoUrl))),
      ),
    )
    .returning({ photoUrl: photoUploads.photoUrl });
  for (const { photoUrl } of abandoned) await removePhotoFiles(deps, photoUrl);
}

/**
 * Uploads older than `olderThanHours` that no profile shows: forms that were never saved by
 * someone who did not upload again. Removed with their files; returns how many.
 */
export async function purgeAbandonedPhotos(db: Database, deps: PhotoDeps, olderThanHours = 24): Promise<number> {
  const abandoned = await db
    .delete(photoUploads)
    .where(
      and(
        sql`${photoUploads.createdAt} < now() - make_interval(hours => ${olderThanHours})`,
        notExists(db.select({ one: sql`1` }).from(consultants).where(eq(consultants.profilePhotoUrl, photoUploads.photoUrl))),
      ),
    )
    .returning({ photoUrl: photoUploads.photoUrl });
  for (const { photoUrl } of abandoned) await removePhotoFiles(deps, photoUrl);
  return abandoned.length;
}

/**
 * A profile may show a photo only if its editor uploaded it and no other profile shows it:
 * otherwise replacing one profile's photo could delete another's.
 */
export async function assertPhotoClaimable(db: Executor, actor: { id: number }, photoUrl: string, consultantId: number | null) {
  const invalid = (message: string) =>
    new ValidationFailed(message, [{ path: "profilePhotoUrl", message: "Please upload the photo again" }]);
  const [upload] = await db.select().from(photoUploads).where(eq(photoUploads.photoUrl, photoUrl)).limit(1);
  if (!upload || upload.userId !== actor.id) {
    throw invalid("profilePhotoUrl must be a photo you uploaded with POST /api/upload-photo");
  }
  const [other] = await db
    .select({ id: consultants.id })
    .from(consultants)
    .where(and(eq(consultants.profilePhotoUrl, photoUrl), consultantId === null ? undefined : ne(consultants.id, consultantId)))
    .limit(1);
  if (other) throw invalid("This photo is already used by another profile");
}
