import { asciiName } from "#common/file-names.ts";
import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from "#common/locales.ts";
import { getConsultantForEdit, viewConsultant } from "../consultants/profile.ts";
import { viewTrackRecord } from "../consultants/track-record.ts";
import type { Actor, ServiceDeps, ServiceRuntime } from "../context.ts";
import { ServiceUnavailable, ValidationFailed } from "../errors.ts";
import { consumeRateLimit } from "../rate-limit.ts";
import { cvDigest, readCachedCv, storeCv } from "./cache.ts";
import { CV_FORMAT_KEYS, CV_FORMATS, type CvFormatKey, cvFormatFor, DEFAULT_CV_FORMAT } from "./formats.ts";
import type { CvData } from "./render.ts";
import type { CvRenderer } from "./renderer.ts";

// GET /api/consultants/{id}/cv.pdf. Visitors get what the public profile shows (contact details
// only when shown, the rate only when the consultant shows it to them); the owner and admins
// get the full CV. Unlisted profiles are NotFound for everyone else, as on the profile page.
//
// A CV is laid out once per version of what it shows (./cache.ts), in the CV thread
// (./renderer.ts); a client may have a bounded number laid out for it, and download a bounded
// number.

/** The process's one CV thread comes from its runtime: both doors and every service share it (and its fonts). */
export type CvDeps = Pick<ServiceDeps, "db" | "clientIp"> & { runtime: Pick<ServiceRuntime, "cvRenderer"> };

export const CV_LIMITS = {
  /** Downloads per client: a recruiter's shortlist is a few dozen. */
  downloads: { limit: 200, windowSeconds: 10 * 60 },
  /** CVs laid out for a client (not found among those already made): each costs 100–700 ms of CPU. */
  renders: { limit: 30, windowSeconds: 10 * 60 },
} as const;

const RATE_LIMIT_MESSAGE = "Too many CV downloads from your network. Please wait a few minutes and try again.";

export type ConsultantCv = {
  body: Uint8Array;
  contentType: string;
  filename: string;
  utf8Filename: string;
  /** Names this exact file (an ETag). */
  digest: string;
  personal: boolean;
  /** A listed profile's CV taken by someone other than its owner or an admin: a download for insights. */
  countable: boolean;
};

/**
 * The language of the CV's own words a request names (`?lang=`, the page's language), English
 * when it names none. Only the standard layout has words of its own to translate.
 */
function parseCvLocale(value: string | null | undefined): Locale {
  if (value === undefined || value === null || value === "") return DEFAULT_LOCALE;
  if (isLocale(value)) return value;
  const message = `Language (lang) must be one of ${LOCALES.join(", ")}`;
  throw new ValidationFailed(message, [{ path: "lang", message }]);
}

/** The layout a request names (`?format=`), the standard one when it names none. */
function parseCvFormat(value: string | null | undefined, extension: string): CvFormatKey {
  const format = cvFormatFor(value ?? (extension === "pdf" ? DEFAULT_CV_FORMAT : "europass"), extension);
  if (!format) {
    const known = CV_FORMAT_KEYS.filter((key) => CV_FORMATS[key].extension === extension).map((key) =>
      key.endsWith(`-${extension}`) ? key.slice(0, -extension.length - 1) : key,
    );
    const message = `Format must be one of ${known.join(", ")}`;
    throw new ValidationFailed(message, [{ path: "format", message }]);
  }
  return format;
}

/** The process's CV thread (server/runtime.ts); a runtime without one answers 503. */
function rendererOf(deps: CvDeps): CvRenderer {
  const renderer = deps.runtime.cvRenderer?.();
  if (!renderer) throw new ServiceUnavailable("CVs cannot be made right now. Please try again in a moment.", 5);
  return renderer;
}

/**
 * A profile's CV: `format` and `lang` as the request names them (`?format=`, `?lang=`), checked
 * here so that every door refuses the same values with the same 400.
 */
export async function consultantCv(
  deps: CvDeps,
  actor: Actor,
  input: { id: number; extension?: string; format?: string | null; lang?: string | null },
): Promise<ConsultantCv> {
  const format = parseCvFormat(input.format, input.extension ?? "pdf");
  const requested = parseCvLocale(input.lang);
  const renderer = rendererOf(deps);
  const { db, clientIp } = deps;
  await consumeRateLimit(db, { key: `cv:ip:${clientIp}`, ...CV_LIMITS.downloads, message: RATE_LIMIT_MESSAGE });
  // Only the standard layout has words of its own to translate: the others are one file whatever the language.
  const locale = format === DEFAULT_CV_FORMAT ? requested : DEFAULT_LOCALE;
  const request = { id: input.id, format, locale };
  // Every visitor gets the same CV: visitors asking at once share one reading of the profile.
  if (actor === null) {
    return renderer.once(`visitor:${format}:${locale}:${input.id}`, () => findOrMakeCv(deps, renderer, null, request));
  }
  return findOrMakeCv(deps, renderer, actor, request);
}

async function findOrMakeCv(
  deps: CvDeps,
  renderer: CvRenderer,
  actor: Actor,
  { id, format, locale }: { id: number; format: CvFormatKey; locale: Locale },
) {
  const { db, clientIp } = deps;
  const view = await viewConsultant(deps, actor, id);
  const [track, full] = await Promise.all([
    viewTrackRecord(db, actor, id, view.canEdit),
    view.canEdit ? getConsultantForEdit(deps, actor, id) : Promise.resolve(null),
  ]);
  const consultant = view.consultant;
  const data: CvData = {
    ...consultant,
    ...track,
    // The owner and admins see their own contact details whatever the profile shows.
    email: full ? full.email : consultant.email,
    phone: full ? full.phone : consultant.phone,
    // Part of what the digest covers: each language's CV is made and kept apart.
    ...(locale === DEFAULT_LOCALE ? {} : { locale }),
  };
  const digest = cvDigest(renderer.layout, format, data);
  const body =
    (await readCachedCv(db, id, format, digest)) ??
    // Requests for the same CV while it is being made wait for that one.
    (await renderer.once(`${format}:${digest}`, async () => {
      await consumeRateLimit(db, { key: `cv-render:ip:${clientIp}`, ...CV_LIMITS.renders, message: RATE_LIMIT_MESSAGE });
      const made = await renderer.render(format, data);
      await storeCv(db, id, format, digest, made);
      return made;
    }));
  const { contentType, extension, fileSuffix } = CV_FORMATS[format];
  return {
    body,
    contentType,
    digest,
    filename: `CV-${asciiName(consultant.name)}${fileSuffix}.${extension}`,
    utf8Filename: `CV-${consultant.name.replace(/[\s/\\"]+/g, "-")}${fileSuffix}.${extension}`,
    // A CV with fields only some viewers get must not be kept by a shared cache.
    personal: view.canEdit || actor !== null || view.status !== "approved",
    countable: view.countable,
  };
}
