import { CV_IMPORT_LIMITS, CV_IMPORT_MESSAGES, type CvImportResult } from "#common/cv-import.ts";
import { type Actor, requireUser, type ServiceDeps } from "../context.ts";
import { PayloadTooLarge, UnsupportedMediaType, ValidationFailed } from "../errors.ts";
import { consumeRateLimit } from "../rate-limit.ts";
import { keepCvFile } from "./kept-file.ts";
import { sniff } from "./parse-file.ts";
import { readInWorker } from "./read-in-worker.ts";
import { ImportRefused } from "./refusal.ts";

// POST /api/my-consultant-profile/import (issue 34): a CV in, drafts out. Nothing is saved: the
// profile form fills with the drafts and the consultant saves (under the normal review rules).
// The file is read in memory by a bounded worker thread and forgotten once read, unless the
// consultant asked to keep it attached to the profile (`keep`): then, once it reads as a CV, it is
// stored privately as their kept CV (kept-file.ts).

export type CvImportInput = { bytes: Uint8Array; keep?: boolean; name?: string };

const REFUSALS = {
  "too-large": PayloadTooLarge,
  "too-many-pages": PayloadTooLarge,
  "too-big": PayloadTooLarge,
  unsupported: UnsupportedMediaType,
  unreadable: ValidationFailed,
  "too-slow": ValidationFailed,
} as const;

export async function importCv(
  deps: Pick<ServiceDeps, "db" | "log" | "storage" | "jobs">,
  actor: Actor,
  input: CvImportInput,
): Promise<CvImportResult> {
  const signedIn = requireUser(actor, "Please sign in to import a CV");
  if (input.bytes.byteLength === 0) {
    throw new ValidationFailed(CV_IMPORT_MESSAGES.noFile, [{ path: "file", message: CV_IMPORT_MESSAGES.noFile }]);
  }
  if (input.bytes.byteLength > CV_IMPORT_LIMITS.bytes) throw new PayloadTooLarge(CV_IMPORT_MESSAGES.tooLarge);
  await consumeRateLimit(deps.db, {
    key: `cv-import:user:${signedIn.id}`,
    limit: CV_IMPORT_LIMITS.perHour,
    windowSeconds: 3600,
    message: CV_IMPORT_MESSAGES.rateLimited,
  });
  // A file that is no kind of CV we read costs no worker thread.
  if (sniff(input.bytes) === "unknown") {
    throw new UnsupportedMediaType(CV_IMPORT_MESSAGES.wrongType, [{ path: "file", message: CV_IMPORT_MESSAGES.wrongType }]);
  }
  const parsed = await readInWorker(input.bytes, undefined, deps.log).catch((error: unknown) => {
    if (error instanceof ImportRefused) {
      const Refusal = REFUSALS[error.kind];
      throw new Refusal(error.message, [{ path: "file", message: error.message }]);
    }
    throw error;
  });
  // A refused file is never kept: only one read as a CV.
  const attachment = input.keep
    ? await keepCvFile(deps, signedIn.id, { bytes: input.bytes, format: parsed.format, name: input.name })
    : null;
  return { ...parsed, attachment };
}
