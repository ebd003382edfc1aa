import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { and, desc, eq, gt, lt, notInArray, sql } from "drizzle-orm";
import { LOCALES } from "#common/locales.ts";
import type { Database } from "#server/db/client.ts";
import { cvDocuments } from "#server/db/schema.ts";
import type { CvFormatKey } from "./formats.ts";
import type { CvData } from "./render.ts";

// CVs as made, in the database (table cv_documents): every instance serves a CV another made.
// A CV is named by a digest of the layout's code and of everything it shows, so an edit of the
// profile, a viewer who may see more (the owner's contact details, the rate for signed-in
// members), or a new layout after a deploy each make a new CV; nothing has to be invalidated.

/** A CV is made again after this long, so its generation date and ongoing assignments stay current. */
export const CV_MAX_AGE_DAYS = 30;
/**
 * Versions kept per profile and layout: the visitor's, a member's, the owner's and one more, in
 * each interface language (the language is in the digest: with 4 in all, a profile read in Thai,
 * Vietnamese and Indonesian pushed the English visitor's CV out, and the next download made it again).
 */
const VERSIONS_KEPT = 4 * LOCALES.length;

/** The layout's code: every module of this folder, read once by whoever makes digests. */
export function layoutFingerprint(dir = new URL(".", import.meta.url)): string {
  const hash = createHash("sha256");
  for (const name of readdirSync(dir).sort()) {
    if (!name.endsWith(".ts") || name.endsWith(".test.ts")) continue;
    hash
      .update(name)
      .update("\0")
      .update(readFileSync(new URL(name, dir)))
      .update("\0");
  }
  return hash.digest("hex").slice(0, 16);
}

export function cvDigest(layout: string, format: CvFormatKey, cv: CvData): string {
  return createHash("sha256")
    .update(layout)
    .update("\0")
    .update(format)
    .update("\0")
    .update(JSON.stringify(cv))
    .digest("base64url");
}

export async function readCachedCv(db: Database, consultantId: number, format: CvFormatKey, digest: string) {
  const [row] = await db
    .select({ body: cvDocuments.body })
    .from(cvDocuments)
    .where(
      and(
        eq(cvDocuments.consultantId, consultantId),
        eq(cvDocuments.format, format),
        eq(cvDocuments.digest, digest),
        gt(cvDocuments.createdAt, sql`now() - make_interval(days => ${CV_MAX_AGE_DAYS})`),
      ),
    )
    .limit(1);
  return row ? new Uint8Array(row.body.buffer, row.body.byteOffset, row.body.byteLength) : null;
}

/** Keeps a CV just made, and forgets this profile's older versions of the layout. */
export async function storeCv(db: Database, consultantId: number, format: CvFormatKey, digest: string, body: Uint8Array) {
  const bytes = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  await db
    .insert(cvDocuments)
    .values({ consultantId, format, digest, body: bytes, bytes: bytes.byteLength })
    .onConflictDoUpdate({
      target: [cvDocuments.consultantId, cvDocuments.format, cvDocuments.digest],
      set: { body: bytes, bytes: bytes.byteLength, createdAt: sql`now()` },
    });
  const sameLayout = and(eq(cvDocuments.consultantId, consultantId), eq(cvDocuments.format, format));
  const newest = db
    .select({ digest: cvDocuments.digest })
    .from(cvDocuments)
    .where(sameLayout)
    .orderBy(desc(cvDocuments.createdAt))
    .limit(VERSIONS_KEPT);
  await db.delete(cvDocuments).where(and(sameLayout, notInArray(cvDocuments.digest, newest)));
}

/** Drops CVs older than CV_MAX_AGE_DAYS (the hourly purge). */
export async function purgeCachedCvs(db: Database): Promise<number> {
  const deleted = await db
    .delete(cvDocuments)
    .where(lt(cvDocuments.createdAt, sql`now() - make_interval(days => ${CV_MAX_AGE_DAYS})`))
    .returning({ consultantId: cvDocuments.consultantId });
  return deleted.length;
}
