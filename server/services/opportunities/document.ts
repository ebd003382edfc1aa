import { eq } from "drizzle-orm";
import { OPPORTUNITY_LIMITS, OPPORTUNITY_TEXTS } from "#common/opportunities.ts";
import { opportunityDocuments } from "#server/db/schema.ts";
import type { Actor, ServiceDeps } from "../context.ts";
import { Conflict, NotFound, PayloadTooLarge, UnsupportedMediaType, ValidationFailed } from "../errors.ts";
import { requireSignedIn } from "../organizations/membership.ts";
import { isVisibleTo, loadOpportunity, requirePoster, viewerOf } from "./access.ts";
import { auditOpportunity } from "./opportunities.ts";

// The ToR's optional PDF (issue 32): at most 5 MB, accepted only when its bytes are a PDF (the
// "%PDF-" header near the start and an end-of-file marker near the end; the file's name and the
// declared type are not trusted), stored in the database beside the opportunity, and served as
// application/pdf for download (the API door adds nosniff and `attachment`),
// never inline as HTML.

type Deps = Pick<ServiceDeps, "db">;

const latin1 = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("latin1");

/** Whether the bytes are a PDF document: the header within the first KB (as readers accept), %%EOF within the last KB. */
export function looksLikePdf(bytes: Uint8Array): boolean {
  if (bytes.byteLength < 64) return false;
  const head = latin1(bytes.subarray(0, 1024));
  const tail = latin1(bytes.subarray(Math.max(0, bytes.byteLength - 1024)));
  return /%PDF-\d\.\d/.test(head) && tail.includes("%%EOF");
}

/** A file name safe for a Content-Disposition header: letters, digits, dots, dashes; ".pdf" at the end. */
export function documentName(name: string | undefined, fallback: string): string {
  const base = (name ?? "")
    .normalize("NFKD")
    .replace(/\.pdf$/i, "")
    .replace(/[^A-Za-z0-9._-]+/g, "-")
    .slice(0, OPPORTUNITY_LIMITS.documentName - 4)
    .replace(/^[-.]+|[-.]+$/g, "");
  return `${base || fallback}.pdf`;
}

/**
 * Refuses bytes that cannot be the ToR's PDF (empty 400, over 5 MB 413, not a PDF 415). The
 * posting form calls it before it saves the opportunity, so a refused file changes nothing.
 */
export function checkDocument(bytes: Uint8Array): void {
  if (bytes.byteLength === 0) throw new ValidationFailed(OPPORTUNITY_TEXTS.documentEmpty);
  if (bytes.byteLength > OPPORTUNITY_LIMITS.documentBytes) throw new PayloadTooLarge(OPPORTUNITY_TEXTS.documentTooLarge);
  if (!looksLikePdf(bytes)) throw new UnsupportedMediaType(OPPORTUNITY_TEXTS.document);
}

/** PUT /api/opportunities/{id}/tor.pdf: a poster attaches (or replaces) the ToR's PDF. */
export async function putDocument(
  deps: Deps,
  actor: Actor,
  input: { id: number; bytes: Uint8Array; name?: string },
): Promise<{ name: string; bytes: number; url: string }> {
  requireSignedIn(actor);
  const { bytes } = input;
  return deps.db.transaction(async (tx) => {
    const { opportunity, organization } = await loadOpportunity(tx, input.id, { lock: true });
    const member = await requirePoster(tx, actor, organization.id);
    if (opportunity.status === "closed" || opportunity.status === "filled") throw new Conflict(OPPORTUNITY_TEXTS.notEditable);
    checkDocument(bytes);
    const name = documentName(input.name, opportunity.slug);
    const body = Buffer.from(bytes);
    await tx
      .insert(opportunityDocuments)
      .values({ opportunityId: opportunity.id, name, body, bytes: body.byteLength })
      .onConflictDoUpdate({
        target: opportunityDocuments.opportunityId,
        set: { name, body, bytes: body.byteLength, createdAt: new Date() },
      });
    await auditOpportunity(tx, member.user.id, { ...opportunity, organization: organization.name }, "edit", {
      document: { from: null, to: { name, bytes: body.byteLength } },
    });
    return { name, bytes: body.byteLength, url: `/api/opportunities/${opportunity.id}/tor.pdf` };
  });
}

/** GET /api/opportunities/{id}/tor.pdf: whoever may read the opportunity may download its PDF. */
export async function getDocument(deps: Deps, actor: Actor, id: number): Promise<{ name: string; body: Buffer }> {
  const { opportunity, organization } = await loadOpportunity(deps.db, id);
  if (!isVisibleTo(await viewerOf(deps.db, actor, organization.id), opportunity.status)) {
    throw new NotFound(OPPORTUNITY_TEXTS.notFound);
  }
  const [row] = await deps.db
    .select({ name: opportunityDocuments.name, body: opportunityDocuments.body })
    .from(opportunityDocuments)
    .where(eq(opportunityDocuments.opportunityId, id));
  if (!row) throw new NotFound(OPPORTUNITY_TEXTS.documentNotFound);
  return row;
}

/** DELETE /api/opportunities/{id}/tor.pdf: a poster removes the PDF. */
export async function deleteDocument(deps: Deps, actor: Actor, id: number): Promise<void> {
  requireSignedIn(actor);
  await deps.db.transaction(async (tx) => {
    const { opportunity, organization } = await loadOpportunity(tx, id, { lock: true });
    const member = await requirePoster(tx, actor, organization.id);
    const removed = await tx
      .delete(opportunityDocuments)
      .where(eq(opportunityDocuments.opportunityId, id))
      .returning({ name: opportunityDocuments.name });
    if (removed.length === 0) throw new NotFound(OPPORTUNITY_TEXTS.documentNotFound);
    await auditOpportunity(tx, member.user.id, { ...opportunity, organization: organization.name }, "edit", {
      document: { from: removed[0]?.name ?? null, to: null },
    });
  });
}
