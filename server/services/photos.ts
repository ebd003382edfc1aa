import { randomBytes } from "node:crypto";
import { and, eq, inArray, ne, notExists, type SQL, sql } from "drizzle-orm";
import sharp, { type ResizeOptions } from "sharp";
import { PHOTO_MAX_BYTES, PHOTO_TOO_LARGE } from "#common/constants.ts";
import { type ImageType, MAX_INPUT_PIXELS, photoSizeProblem, sniffImageType, TOO_MANY_PIXELS } from "#common/photo-size.ts";
import { PHOTO_SIZES, thumbnailUrlOf } from "#common/photos.ts";
import type { Database, Executor } from "../db/client.ts";
import { consultantChanges, consultants, organizations, photoUploads } from "../db/schema.ts";
import { JOBS, type JobQueue } from "../jobs/queue.ts";
import { type Actor, requireUser } from "./context.ts";
import { AppError, PayloadTooLarge, ServiceUnavailable, UnsupportedMediaType, ValidationFailed } from "./errors.ts";
import { once } from "./once.ts";
import { consumeRateLimit } from "./rate-limit.ts";
import { type PhotoStorage, StorageUnavailable } from "./storage.ts";

// Profile photos: accepted by content (JPEG, PNG or GIF), decoded only by those three libvips
// loaders with a pixel budget, re-encoded to WebP in two square sizes with orientation applied
// and every byte of metadata left behind, stored under random names.

export type PhotoDeps = {
  storage: PhotoStorage;
  log?: { warn: (obj: object, msg?: string) => void };
  /**
   * With the job queue, files of photos no longer used are removed by a job (JOBS.photoCleanup),
   * retried while the storage fails, never inside the request; without it (the hourly purge, a
   * job itself) they are removed at once.
   */
  jobs?: Pick<JobQueue, "enqueue">;
};

/** The files of photos no longer used, for the clean-up job. */
export type PhotoCleanupJob = { photoUrls: string[] };

/** An upload's two files are stored within this long, retries included, or the upload fails (503). */
export const UPLOAD_DEADLINE_MS = 10_000;

export const PHOTO_STORAGE_UNAVAILABLE = "The photo could not be stored just now. Please try again in a moment.";

// The pixel rules (size, side, shape) are common/photo-size.ts's: the profile form checks them when a file is picked.

export const UPLOAD_RATE_LIMIT = { limit: 20, windowSeconds: 3600 } as const;

/** The sentences a person may see (pages show them through app/i18n/texts.ts, in their language). */
export const PHOTO_TEXTS = {
  invalidType: "Invalid file type",
  tooLarge: PHOTO_TOO_LARGE,
  unreadable: "The image could not be read. Please upload a valid JPEG, PNG or GIF file.",
  tooMany: "Too many photo uploads. Please wait a little and try again.",
  storageUnavailable: PHOTO_STORAGE_UNAVAILABLE,
} as const;

/**
 * sharp can read SVG (librsvg), TIFF, HEIF, PDF and more. Photos come only through the JPEG, PNG
 * and GIF loaders: every other libvips loader is blocked for this process.
 */
export const restrictImageDecoders = once(() => {
  sharp.block({ operation: ["VipsForeignLoad"] });
  sharp.unblock({ operation: ["VipsForeignLoadJpeg", "VipsForeignLoadPng", "VipsForeignLoadNsgif"] });
});

export type RenderedPhoto = { profile: Buffer; thumbnail: Buffer };

/**
 * How the picture fills its square: a profile photo is cropped to it around what draws the eye;
 * an organization's logo (issue 31) is fitted whole inside it on a transparent ground, since a
 * cropped wordmark loses letters.
 */
export type PhotoFit = "cover" | "contain";

const FITS = {
  cover: { fit: "cover", position: sharp.strategy.attention },
  contain: { fit: "contain", background: { r: 255, g: 255, b: 255, alpha: 0 } },
} as const satisfies Record<PhotoFit, ResizeOptions>;

/** Decodes into a square of raw pixels, orientation applied; nothing else of the file survives. */
async function decodeSquare(bytes: Uint8Array, type: ImageType, fit: PhotoFit) {
  restrictImageDecoders();
  const metadata = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  if (metadata.format !== type) throw new UnsupportedMediaType(PHOTO_TEXTS.invalidType);
  const { width = 0, height = 0 } = metadata;
  const problem = photoSizeProblem(width, height, type);
  if (problem) throw problem.status === 413 ? new PayloadTooLarge(problem.message) : new ValidationFailed(problem.message);
  return sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error", pages: 1, sequentialRead: true })
    .timeout({ seconds: 10 })
    .rotate()
    .resize(PHOTO_SIZES.profile, PHOTO_SIZES.profile, FITS[fit])
    .raw()
    .toBuffer({ resolveWithObject: true });
}

/** Decodes once, then encodes both sizes from the same pixels. */
export async function renderPhoto(bytes: Uint8Array, fit: PhotoFit = "cover"): Promise<RenderedPhoto> {
  const type = sniffImageType(bytes);
  if (!type) throw new UnsupportedMediaType(PHOTO_TEXTS.invalidType);
  const pixels = await decodeSquare(bytes, type, fit).catch((error: unknown) => {
    if (error instanceof AppError) throw error;
    const message = error instanceof Error ? error.message : String(error);
    if (/pixel limit/i.test(message)) throw new PayloadTooLarge(TOO_MANY_PIXELS);
    if (/unsupported image format/i.test(message)) throw new UnsupportedMediaType(PHOTO_TEXTS.invalidType);
    throw new ValidationFailed(PHOTO_TEXTS.unreadable);
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

/** Removes both sizes of a stored photo; any other URL (a seeded or external one) is left alone. Throws when the storage fails. */
export async function removePhotoFilesNow(storage: PhotoStorage, photoUrl: string): Promise<void> {
  const profileKey = storage.keyOf(photoUrl);
  const thumbnailKey = storage.keyOf(thumbnailUrlOf(photoUrl));
  if (!profileKey) return;
  await Promise.all([storage.remove(profileKey), thumbnailKey ? storage.remove(thumbnailKey) : undefined]);
}

/** Removes the files of photos no longer used: by a job when there is a queue, else at once (a failure is logged). */
export async function removePhotoFiles(deps: PhotoDeps, photoUrls: (string | null | undefined)[], db?: Executor): Promise<void> {
  const stored = photoUrls.filter((url): url is string => typeof url === "string" && deps.storage.keyOf(url) !== null);
  if (stored.length === 0) return;
  if (deps.jobs) {
    await deps.jobs.enqueue(JOBS.photoCleanup, { photoUrls: stored } satisfies PhotoCleanupJob, db ? { db } : {});
    return;
  }
  for (const photoUrl of stored) {
    try {
      await removePhotoFilesNow(deps.storage, photoUrl);
    } catch (error) {
      // The profile change is already saved; a file left behind costs only space.
      deps.log?.warn({ err: error, photoUrl }, "could not remove a replaced photo");
    }
  }
}

/**
 * Forgets an upload that nothing shows any more (a replaced photo or logo) and has its files
 * removed: the one way a replaced picture goes. Called inside the transaction that replaced it
 * (`inTransaction`), the clean-up job is queued in that transaction, so the files go only if the
 * change is kept; called after the commit, on the queue's own connection.
 */
export async function discardPhoto(
  db: Executor,
  deps: PhotoDeps,
  photoUrl: string | null | undefined,
  { inTransaction = false }: { inTransaction?: boolean } = {},
) {
  if (!photoUrl) return;
  await db.delete(photoUploads).where(eq(photoUploads.photoUrl, photoUrl));
  await removePhotoFiles(deps, [photoUrl], inTransaction ? db : undefined);
}

/**
 * POST /api/upload-photo: checks, re-encodes and stores a photo for the signed-in person and
 * returns its URL. The person's earlier uploads that no profile shows are removed.
 */
export async function uploadPhoto(
  deps: PhotoDeps & { db: Database },
  actor: Actor,
  file: { bytes: Uint8Array },
): Promise<{ photoUrl: string }> {
  const signedIn = requireUser(actor, "Please sign in to upload a photo");
  const photoUrl = await storePhoto(deps, signedIn.id, file.bytes, "cover");
  await discardAbandonedUploads(deps.db, deps, signedIn.id, photoUrl);
  return { photoUrl };
}

/**
 * The pipeline every picture goes through (a profile photo, an organization's logo): size and
 * content checked, the person's upload rate limited, re-encoded, recorded as `userId`'s upload,
 * stored in both sizes within UPLOAD_DEADLINE_MS. Returns the stored picture's URL.
 */
export async function storePhoto(
  deps: PhotoDeps & { db: Database },
  userId: number,
  bytes: Uint8Array,
  fit: PhotoFit,
): Promise<string> {
  const { db } = deps;
  if (bytes.byteLength > PHOTO_MAX_BYTES) throw new PayloadTooLarge(PHOTO_TEXTS.tooLarge);
  if (bytes.byteLength === 0 || !sniffImageType(bytes)) throw new UnsupportedMediaType(PHOTO_TEXTS.invalidType);
  await consumeRateLimit(db, {
    key: `upload-photo:user:${userId}`,
    ...UPLOAD_RATE_LIMIT,
    message: PHOTO_TEXTS.tooMany,
  });
  const rendered = await renderPhoto(bytes, fit);
  const keys = keysFor(randomBytes(18).toString("base64url"));
  const photoUrl = deps.storage.urlOf(keys.profile);
  // Recorded first, files second: a failed write leaves no file behind, and a failed file write
  // takes its record back.
  await db.insert(photoUploads).values({ photoUrl, userId });
  // Both files within UPLOAD_DEADLINE_MS, retries included: a storage service that does not
  // answer costs the person ten seconds and a clear message, not a minute and a half.
  const signal = AbortSignal.timeout(UPLOAD_DEADLINE_MS);
  try {
    await Promise.all([
      deps.storage.put(keys.profile, rendered.profile, "image/webp", { signal }),
      deps.storage.put(keys.thumbnail, rendered.thumbnail, "image/webp", { signal }),
    ]);
  } catch (error) {
    // Whatever was written is removed by the clean-up job, never here (the storage is failing).
    await discardPhoto(db, deps, photoUrl);
    if (error instanceof StorageUnavailable) throw new ServiceUnavailable(PHOTO_STORAGE_UNAVAILABLE, 30);
    throw error;
  }
  return photoUrl;
}

/** No change waiting for review proposes the upload (issue 14): it may still become a profile's photo. */
function notProposed(db: Executor) {
  return notExists(
    db
      .select({ one: sql`1` })
      .from(consultantChanges)
      .where(
        and(
          eq(consultantChanges.status, "pending"),
          sql`${consultantChanges.changes} ->> 'profilePhotoUrl' = ${photoUploads.photoUrl}`,
        ),
      ),
  );
}

/** No organization shows the upload as its logo (issue 31: logos come through the same pipeline). */
function notALogo(db: Executor) {
  return notExists(db.select({ one: sql`1` }).from(organizations).where(eq(organizations.logoUrl, photoUploads.photoUrl)));
}

/**
 * The upload is in use nowhere: no profile shows it, no change waiting for review proposes it, no
 * organization shows it as its logo. The one rule both clean-ups (at the next upload, by age) keep.
 */
function unused(db: Executor) {
  return and(
    notExists(db.select({ one: sql`1` }).from(consultants).where(eq(consultants.profilePhotoUrl, photoUploads.photoUrl))),
    notProposed(db),
    notALogo(db),
  );
}

/**
 * Claims an upload for the caller's transaction: its record is locked (shared) until the
 * transaction ends, so no clean-up removes it in between (deleteUnused skips it); a clean-up that
 * came first has removed the record, and the answer is false. Every request that makes an upload
 * a profile's photo, a proposed photo or an organization's logo claims it in the transaction that
 * saves the reference.
 */
export async function claimUpload(tx: Executor, photoUrl: string): Promise<{ userId: number } | null> {
  const [upload] = await tx
    .select({ userId: photoUploads.userId })
    .from(photoUploads)
    .where(eq(photoUploads.photoUrl, photoUrl))
    .limit(1)
    .for("share");
  return upload ?? null;
}

/**
 * Deletes the uploads `where` picks that are in use nowhere, and answers their URLs (their files
 * are the caller's to remove, after the commit). An upload a request is claiming is skipped (its
 * record is locked: claimUpload), and the rest are checked again once locked, in a statement of
 * their own: a claim committed since the first statement began is seen there and keeps its upload.
 * Without both, a clean-up could delete an upload that a save was about to reference, and the
 * profile or the organization would show removed files.
 */
async function deleteUnused(db: Database, where: SQL | undefined): Promise<string[]> {
  return db.transaction(async (tx) => {
    const locked = await tx
      .select({ photoUrl: photoUploads.photoUrl })
      .from(photoUploads)
      .where(and(where, unused(tx)))
      .for("update", { skipLocked: true });
    if (locked.length === 0) return [];
    const deleted = await tx
      .delete(photoUploads)
      .where(
        and(
          inArray(
            photoUploads.photoUrl,
            locked.map((row) => row.photoUrl),
          ),
          unused(tx),
        ),
      )
      .returning({ photoUrl: photoUploads.photoUrl });
    return deleted.map((row) => row.photoUrl);
  });
}

/** Uploads by this person, other than `keep`, that no profile shows: a form that was never saved. */
async function discardAbandonedUploads(db: Database, deps: PhotoDeps, userId: number, keep: string) {
  await removePhotoFiles(deps, await deleteUnused(db, and(eq(photoUploads.userId, userId), ne(photoUploads.photoUrl, keep))));
}

/**
 * Uploads older than `olderThanHours` that no profile shows: forms that were never saved by
 * someone who did not upload again. Removed with their files; returns how many.
 */
export async function purgeAbandonedPhotos(db: Database, deps: PhotoDeps, olderThanHours = 24): Promise<number> {
  const abandoned = await deleteUnused(db, sql`${photoUploads.createdAt} < now() - make_interval(hours => ${olderThanHours})`);
  await removePhotoFiles(deps, abandoned);
  return abandoned.length;
}

/**
 * A profile may show a photo only if its editor uploaded it and no other profile shows it:
 * otherwise replacing one profile's photo could delete another's. Claims the upload for the
 * caller's transaction (claimUpload), which is the one that saves the reference.
 */
export async function assertPhotoClaimable(db: Executor, actor: { id: number }, photoUrl: string, consultantId: number | null) {
  const invalid = (message: string) =>
    new ValidationFailed(message, [{ path: "profilePhotoUrl", message: "Please upload the photo again" }]);
  const upload = await claimUpload(db, photoUrl);
  if (!upload || upload.userId !== actor.id) {
    throw invalid("The profile photo must be a photo you uploaded with POST /api/upload-photo");
  }
  const [other] = await db
    .select({ id: consultants.id })
    .from(consultants)
    .where(and(eq(consultants.profilePhotoUrl, photoUrl), consultantId === null ? undefined : ne(consultants.id, consultantId)))
    .limit(1);
  const [proposed] = await db
    .select({ id: consultantChanges.consultantId })
    .from(consultantChanges)
    .where(
      and(
        eq(consultantChanges.status, "pending"),
        sql`${consultantChanges.changes} ->> 'profilePhotoUrl' = ${photoUrl}`,
        consultantId === null ? undefined : ne(consultantChanges.consultantId, consultantId),
      ),
    )
    .limit(1);
  const [logo] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.logoUrl, photoUrl))
    .limit(1);
  if (other || proposed || logo) throw invalid("This photo is already used by another profile");
}
