import { randomBytes } from "node:crypto";
import { asc, eq, inArray } from "drizzle-orm";
import { type CvImportFormat, KEPT_CV_MESSAGES, type KeptCvFile } from "#common/cv-import.ts";
import { asciiName } from "#common/file-names.ts";
import type { Database, Executor } from "#server/db/client.ts";
import { consultants, keptCvFiles, storedFileRemovals } from "#server/db/schema.ts";
import { JOBS, type JobQueue } from "#server/jobs/queue.ts";
import { type Actor, isAdmin, requireUser, type ServiceDeps } from "../context.ts";
import { firstOrNotFound, NotFound, ServiceUnavailable } from "../errors.ts";
import { type PhotoStorage, StorageUnavailable } from "../storage.ts";

// A CV kept attached to its profile (issue 34): an imported file is read in memory and forgotten,
// unless its owner ticks "Keep this file attached to my profile". Then it is stored like photos
// (the same storage, local or S3-compatible, with the same deadline) under a random private key no
// URL leads to, one per account (an account owns at most one profile; a CV kept while creating the
// profile is its CV once saved). Its owner downloads it from /my-consultant-profile, an admin from
// the admin table; anyone else is answered 404, as if there were none. The object goes when its
// row goes (replaced, removed, the profile or the account deleted): a trigger (migration 0042)
// writes its key into stored_file_removals, and a job removes it from storage.

/** The stored file's type and extension by what the import read it as (never by its name). */
const KINDS: Record<CvImportFormat, { contentType: string; extension: "pdf" | "docx" | "xml" }> = {
  "europass-xml": { contentType: "application/xml", extension: "xml" },
  "europass-pdf": { contentType: "application/pdf", extension: "pdf" },
  pdf: { contentType: "application/pdf", extension: "pdf" },
  "p11-docx": { contentType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document", extension: "docx" },
  docx: { contentType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document", extension: "docx" },
};

/** Storing the file and reading it back, retries included, within this long (as a photo's upload). */
export const KEPT_CV_DEADLINE_MS = 10_000;

/** Longest name kept, in characters, its extension included. */
const NAME_LENGTH = 100;

/**
 * The uploaded file's name as it is kept and offered for download: its last path part, letters
 * of any script (Thai, Vietnamese), digits, spaces, dots, dashes and underscores only, at most
 * NAME_LENGTH characters, with the extension of what the file is.
 */
export function keptCvFileName(original: string | undefined, extension: string): string {
  const base = (original ?? "")
    .normalize("NFC")
    .replace(/^[\s\S]*[/\\]/, "")
    .replace(/\.[A-Za-z0-9]{1,5}$/, "")
    .replace(/[^\p{L}\p{M}\p{N} ._-]+/gu, "-")
    .replace(/\s+/g, " ")
    .replace(/-{2,}/g, "-")
    .replace(/^[\s.-]+|[\s.-]+$/g, "");
  const room = NAME_LENGTH - extension.length - 1;
  const cut = Array.from(base).slice(0, room).join("").trim();
  return `${cut || "CV"}.${extension}`;
}

type KeepDeps = Pick<ServiceDeps, "db" | "storage" | "jobs" | "log">;

/**
 * Removes, on the queue, the stored objects whose rows are gone (stored_file_removals); in `db`'s
 * transaction when given. Without a queue (a script), the hourly purge removes them.
 */
export async function queueStoredFileRemovals(deps: { jobs?: Pick<JobQueue, "enqueue"> }, db?: Executor) {
  await deps.jobs?.enqueue(JOBS.storedFileRemovals, {}, db ? { db } : {});
}

/**
 * Stores an imported CV as `userId`'s kept file, replacing the one kept before (whose object the
 * trigger queues for removal). The object is written first: a row never names a missing file.
 */
export async function keepCvFile(
  deps: KeepDeps,
  userId: number,
  file: { bytes: Uint8Array; format: CvImportFormat; name?: string },
): Promise<{ id: number; filename: string; size: number }> {
  const { contentType, extension } = KINDS[file.format];
  const storageKey = `private/cv/${randomBytes(18).toString("base64url")}.${extension}`;
  const filename = keptCvFileName(file.name, extension);
  const size = file.bytes.byteLength;
  try {
    await deps.storage.put(storageKey, file.bytes, contentType, { signal: AbortSignal.timeout(KEPT_CV_DEADLINE_MS) });
  } catch (error) {
    // Whatever was written goes with the next removals job.
    await forgetObject(deps, storageKey);
    throw unavailableOr(error);
  }
  try {
    return await deps.db.transaction(async (tx) => {
      const kept = await firstOrNotFound(
        tx
          .insert(keptCvFiles)
          .values({ userId, storageKey, filename, contentType, size })
          .onConflictDoUpdate({
            target: keptCvFiles.userId,
            set: { storageKey, filename, contentType, size, createdAt: new Date() },
          })
          .returning({ id: keptCvFiles.id, filename: keptCvFiles.filename, size: keptCvFiles.size }),
        KEPT_CV_MESSAGES.notFound,
      );
      await queueStoredFileRemovals(deps, tx);
      return kept;
    });
  } catch (error) {
    await forgetObject(deps, storageKey);
    throw error;
  }
}

/** An object no row names (its write failed, or its row did not come): removed by the removals job. */
async function forgetObject(deps: KeepDeps, storageKey: string) {
  await deps.db.insert(storedFileRemovals).values({ storageKey }).onConflictDoNothing();
  await queueStoredFileRemovals(deps);
}

/** Storage that did not answer in time is the 503 with its sentence; anything else stays what it is. */
function unavailableOr(error: unknown) {
  return error instanceof StorageUnavailable ? new ServiceUnavailable(KEPT_CV_MESSAGES.storageUnavailable, 30) : error;
}

const keptColumns = {
  userId: keptCvFiles.userId,
  filename: keptCvFiles.filename,
  size: keptCvFiles.size,
  createdAt: keptCvFiles.createdAt,
};

function shown(row: { filename: string; size: number; createdAt: Date }): KeptCvFile {
  return { filename: row.filename, size: row.size, createdAt: row.createdAt.toISOString() };
}

/** The signed-in person's kept CV, or null (their own profile page shows it). */
export async function ownKeptCv(deps: Pick<ServiceDeps, "db">, actor: Actor): Promise<KeptCvFile | null> {
  const signedIn = requireUser(actor);
  const [row] = await deps.db.select(keptColumns).from(keptCvFiles).where(eq(keptCvFiles.userId, signedIn.id)).limit(1);
  return row ? shown(row) : null;
}

/** The kept CVs of these profiles, by profile id: for the admins' table (admins only; nothing for anyone else). */
export async function keptCvsOfConsultants(
  deps: Pick<ServiceDeps, "db">,
  actor: Actor,
  consultantIds: number[],
): Promise<Record<number, KeptCvFile>> {
  if (!isAdmin(actor) || consultantIds.length === 0) return {};
  const rows = await deps.db
    .select({ consultantId: consultants.id, ...keptColumns })
    .from(keptCvFiles)
    .innerJoin(consultants, eq(consultants.userId, keptCvFiles.userId))
    .where(inArray(consultants.id, consultantIds));
  return Object.fromEntries(rows.map((row) => [row.consultantId, shown(row)]));
}

/** A kept CV to hand over: its kept name in ASCII (Content-Disposition's plain parameter) and as kept, its type and bytes. */
export type KeptCvDownload = { filename: string; utf8Filename: string; contentType: string; body: Uint8Array };

async function download(deps: Pick<ServiceDeps, "db" | "storage">, userId: number | null): Promise<KeptCvDownload> {
  const [row] =
    userId === null
      ? []
      : await deps.db
          .select({ storageKey: keptCvFiles.storageKey, filename: keptCvFiles.filename, contentType: keptCvFiles.contentType })
          .from(keptCvFiles)
          .where(eq(keptCvFiles.userId, userId))
          .limit(1);
  if (!row) throw new NotFound(KEPT_CV_MESSAGES.notFound);
  let body: Uint8Array | null;
  try {
    body = await deps.storage.get(row.storageKey, { signal: AbortSignal.timeout(KEPT_CV_DEADLINE_MS) });
  } catch (error) {
    throw unavailableOr(error);
  }
  if (!body) throw new NotFound(KEPT_CV_MESSAGES.notFound);
  const extension = row.filename.slice(row.filename.lastIndexOf("."));
  const filename = `${asciiName(row.filename.slice(0, -extension.length), "CV")}${extension}`;
  return { filename, utf8Filename: row.filename, contentType: row.contentType, body };
}

/** GET /api/my-consultant-profile/cv-file: the signed-in person's kept CV. */
export async function downloadOwnKeptCv(deps: Pick<ServiceDeps, "db" | "storage">, actor: Actor): Promise<KeptCvDownload> {
  return download(deps, requireUser(actor, "Please sign in").id);
}

/**
 * GET /api/consultants/{id}/cv-file: a profile's kept CV, for its owner and admins. Anyone else is
 * answered 404, as when no file is kept: whether a profile keeps one is theirs to know.
 */
export async function downloadKeptCvOf(
  deps: Pick<ServiceDeps, "db" | "storage">,
  actor: Actor,
  consultantId: number,
): Promise<KeptCvDownload> {
  if (!actor) throw new NotFound(KEPT_CV_MESSAGES.notFound);
  const [profile] = await deps.db
    .select({ ownerId: consultants.userId })
    .from(consultants)
    .where(eq(consultants.id, consultantId))
    .limit(1);
  const allowed = profile && (profile.ownerId === actor.id || isAdmin(actor));
  return download(deps, allowed ? profile.ownerId : null);
}

/** DELETE /api/my-consultant-profile/cv-file: the owner removes the kept CV (its object goes by the removals job). */
export async function removeOwnKeptCv(deps: Pick<ServiceDeps, "db" | "jobs">, actor: Actor): Promise<void> {
  const signedIn = requireUser(actor, "Please sign in");
  await deps.db.transaction(async (tx) => {
    const removed = await tx.delete(keptCvFiles).where(eq(keptCvFiles.userId, signedIn.id)).returning({ id: keptCvFiles.id });
    if (removed.length === 0) throw new NotFound(KEPT_CV_MESSAGES.notFound);
    await queueStoredFileRemovals(deps, tx);
  });
}

/** How many removals one pass takes: the rest wait for the next job or the hourly purge. */
const REMOVALS_PER_PASS = 100;

/**
 * Removes from storage the objects whose kept-CV rows are gone, then their lines; answers how
 * many. A storage that fails throws (the job is retried; the lines stay for the next pass).
 */
export async function removeStoredFiles(db: Database, storage: PhotoStorage): Promise<number> {
  const due = await db
    .select({ storageKey: storedFileRemovals.storageKey })
    .from(storedFileRemovals)
    .orderBy(asc(storedFileRemovals.createdAt))
    .limit(REMOVALS_PER_PASS);
  for (const { storageKey } of due) {
    await storage.remove(storageKey, { signal: AbortSignal.timeout(KEPT_CV_DEADLINE_MS) });
    await db.delete(storedFileRemovals).where(eq(storedFileRemovals.storageKey, storageKey));
  }
  return due.length;
}
