import { Hono } from "hono";
import { INTEREST_TEXTS, OPPORTUNITY_TEXTS } from "#common/opportunities.ts";
import { MATCH_TEXTS } from "#common/opportunity-match.ts";
import { REPORT_TEXTS } from "#common/opportunity-reports.ts";
import { ValidationFailed } from "#server/services/errors.ts";
import { getDigestFrequency, setDigestFrequency } from "#server/services/opportunities/digest.ts";
import { deleteDocument, getDocument, putDocument } from "#server/services/opportunities/document.ts";
import {
  applicantCv,
  exportApplicants,
  expressInterest,
  listApplicants,
  listMyInterests,
  moveApplicant,
  updateMyInterest,
  withdrawMyInterest,
} from "#server/services/opportunities/interests.ts";
import { opportunitiesForMe, suggestConsultants } from "#server/services/opportunities/matching.ts";
import {
  approveOpportunity,
  listOpportunitiesForAdmin,
  rejectOpportunity,
  unpublishOpportunity,
} from "#server/services/opportunities/moderation.ts";
import {
  closeOpportunity,
  createOpportunity,
  deleteOpportunity,
  getOpportunity,
  publishOpportunity,
  updateOpportunity,
} from "#server/services/opportunities/opportunities.ts";
import { dismissOpportunityReports, reportOpportunity } from "#server/services/opportunities/reports.ts";
import { searchOpportunities } from "#server/services/opportunities/search.ts";
import { apiServiceDeps, type HttpContext, type HttpDeps, type HttpEnv } from "../context.ts";
import { CSV_TYPE, downloadAnswer, PDF_TYPE } from "../download.ts";
import { actorFrom, bodyOrEmpty, pathId, readMultipart, signedInActor } from "../request.ts";
import { created, idAndBody, noInput, notStored, pathAndBody, queryParams, saying, serviceCalls } from "./service-call.ts";

// Opportunities (issue 32): GET /api/opportunities (the public search), an opportunity (public
// once published; its organization and admins see drafts), the posters' writes, the ToR's PDF, and
// /api/admin/opportunities (the approval queue). Bodies are bounded by middleware/body-limit.ts:
// 256 KB of JSON (a ToR of 20 000 characters in any script), the PDF's 5 MB.

const opportunityId = (c: HttpContext) => pathId(c, "id", OPPORTUNITY_TEXTS.notFound);
const interestOf = (c: HttpContext) => ({
  id: opportunityId(c),
  interestId: pathId(c, "interestId", INTEREST_TEXTS.notFound),
});

/** The PDF from the body: raw (Content-Type: application/pdf) or the `file` field of a multipart form. */
async function readPdf(c: HttpContext): Promise<{ bytes: Uint8Array; name?: string }> {
  const type = c.req.header("content-type") ?? "";
  if (type.startsWith("multipart/form-data")) {
    const file = (await readMultipart(c, OPPORTUNITY_TEXTS.documentEmpty)).file;
    if (!(file instanceof File)) throw new ValidationFailed(OPPORTUNITY_TEXTS.documentEmpty);
    return { bytes: new Uint8Array(await file.arrayBuffer()), name: file.name };
  }
  const name = c.req.header("x-file-name");
  return { bytes: new Uint8Array(await c.req.arrayBuffer()), ...(name ? { name: decodeURIComponent(name) } : {}) };
}

export function createOpportunitiesApi(deps: HttpDeps) {
  const api = new Hono<HttpEnv>();
  const call = serviceCalls(deps, signedInActor(OPPORTUNITY_TEXTS.signIn));
  const open = serviceCalls(deps, actorFrom);

  api.get("/", open(searchOpportunities, queryParams));
  api.post("/", call(createOpportunity, bodyOrEmpty, created));
  api.get("/:id", open(getOpportunity, opportunityId, notStored));
  api.patch("/:id", call(updateOpportunity, idAndBody(opportunityId, bodyOrEmpty), notStored));
  api.delete("/:id", call(deleteOpportunity, opportunityId, saying(OPPORTUNITY_TEXTS.deleted)));
  api.post("/:id/publish", call(publishOpportunity, opportunityId, notStored));
  api.post("/:id/close", call(closeOpportunity, idAndBody(opportunityId, bodyOrEmpty), notStored));

  // Expressions of interest: the consultant's own, then the organization's view of its applicants.
  const apply = serviceCalls(deps, signedInActor(INTEREST_TEXTS.signIn));
  api.post("/:id/interests", apply(expressInterest, idAndBody(opportunityId, bodyOrEmpty), created));
  api.patch("/:id/interests/mine", apply(updateMyInterest, idAndBody(opportunityId, bodyOrEmpty), notStored));
  api.delete("/:id/interests/mine", apply(withdrawMyInterest, opportunityId, saying(INTEREST_TEXTS.withdrawn)));
  api.get("/:id/interests", call(listApplicants, opportunityId, notStored));
  api.get("/:id/suggestions", call(suggestConsultants, opportunityId, notStored));
  const report = serviceCalls(deps, signedInActor(REPORT_TEXTS.signIn));
  api.post("/:id/report", report(reportOpportunity, idAndBody(opportunityId, bodyOrEmpty), created));
  api.get("/:id/interests/export.csv", async (c) => {
    const id = opportunityId(c);
    const { csv, filename } = await exportApplicants(
      apiServiceDeps(deps, c),
      await signedInActor(OPPORTUNITY_TEXTS.signIn)(c),
      id,
    );
    return downloadAnswer(c, { contentType: CSV_TYPE, filename, body: csv });
  });
  api.get("/:id/interests/:interestId/cv.pdf", async (c) => {
    const actor = await signedInActor(OPPORTUNITY_TEXTS.signIn)(c);
    const { body, filename } = await applicantCv(apiServiceDeps(deps, c), actor, interestOf(c));
    return downloadAnswer(c, { contentType: PDF_TYPE, filename, body: new Uint8Array(body) });
  });
  api.patch("/:id/interests/:interestId", call(moveApplicant, pathAndBody(interestOf, bodyOrEmpty), notStored));

  api.put(
    "/:id/tor.pdf",
    call(putDocument, async (c) => ({ id: opportunityId(c), ...(await readPdf(c)) }), notStored),
  );
  api.delete("/:id/tor.pdf", call(deleteDocument, opportunityId, saying("PDF removed")));
  api.get("/:id/tor.pdf", async (c) => {
    const id = opportunityId(c);
    const document = await getDocument(apiServiceDeps(deps, c), await actorFrom(c), id);
    // Never rendered inline, never sniffed into HTML (and the site-wide CSP applies should a browser open it).
    const file = { contentType: PDF_TYPE, filename: document.name, body: new Uint8Array(document.body) };
    return downloadAnswer(c, file, "private, no-cache");
  });
  return api;
}

/**
 * The consultant's side, under /api/my-consultant-profile: GET /interests (My applications), GET
 * /opportunities (Opportunities for you, with their match scores), GET/PUT /opportunity-digest (how
 * often the opportunities digest comes).
 */
export function createMyOpportunitiesApi(deps: HttpDeps) {
  const api = new Hono<HttpEnv>();
  const applied = serviceCalls(deps, signedInActor(INTEREST_TEXTS.signIn));
  const matched = serviceCalls(deps, signedInActor(MATCH_TEXTS.signIn));
  api.get("/interests", applied(listMyInterests, noInput, notStored));
  api.get("/opportunities", matched(opportunitiesForMe, noInput, notStored));
  api.get("/opportunity-digest", matched(getDigestFrequency, noInput, notStored));
  api.put("/opportunity-digest", matched(setDigestFrequency, bodyOrEmpty, notStored));
  return api;
}

/** /api/admin/opportunities: the Opportunities table, approve / reject / unpublish (admins). */
export function createAdminOpportunitiesApi(deps: HttpDeps) {
  const api = new Hono<HttpEnv>();
  const call = serviceCalls(deps, signedInActor(OPPORTUNITY_TEXTS.signIn));
  api.get("/", call(listOpportunitiesForAdmin, queryParams, notStored));
  api.post("/:id/approve", call(approveOpportunity, opportunityId));
  api.post("/:id/reject", call(rejectOpportunity, idAndBody(opportunityId, bodyOrEmpty)));
  api.post("/:id/unpublish", call(unpublishOpportunity, idAndBody(opportunityId, bodyOrEmpty)));
  api.post("/:id/dismiss-reports", call(dismissOpportunityReports, opportunityId));
  return api;
}
