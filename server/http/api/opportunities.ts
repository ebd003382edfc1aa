import { Hono } from "hono";
import { z } from "zod";
import {
  closeSchema,
  INTEREST_TEXTS,
  interestSchema,
  interestStageSchema,
  interestUpdateSchema,
  moderationSchema,
  OPPORTUNITY_LIMITS,
  OPPORTUNITY_TEXTS,
  opportunityCreateSchema,
  opportunitySearchSchema,
  opportunityUpdateSchema,
} from "#common/opportunities.ts";
import { digestFrequencySchema, MATCH_TEXTS } from "#common/opportunity-match.ts";
import { opportunityReportSchema, REPORT_TEXTS } from "#common/opportunity-reports.ts";
import { describeRoutesIn } from "#server/http/openapi/describe-route.ts";
import {
  adminOpportunityPageSchema,
  applicantSchema,
  documentSchema,
  moderationAnswerSchema,
  myInterestSchema,
  opportunitiesForYouSchema,
  opportunityPageSchema,
  opportunitySchema,
  suggestionsSchema,
} from "#server/http/openapi/opportunities.ts";
import { csv, messageOnly, pdf } from "#server/http/openapi/schemas.ts";
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

const describeRoute = describeRoutesIn("Opportunities");

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

  api.get(
    "/",
    describeRoute({
      summary: "Search published opportunities (12 a page, newest or deadline first; when none match, what would find some)",
      query: opportunitySearchSchema,
      response: opportunityPageSchema,
    }),
    open(searchOpportunities, queryParams),
  );
  api.post(
    "/",
    describeRoute({
      summary: "Write a draft opportunity for one of your organizations (owners, admins, allowed members)",
      auth: "session",
      body: opportunityCreateSchema,
      response: opportunitySchema,
      status: 201,
    }),
    call(createOpportunity, bodyOrEmpty, created),
  );
  api.get(
    "/:id",
    describeRoute({
      summary: "An opportunity: public once published; its organization's members and admins see drafts",
      response: opportunitySchema,
    }),
    open(getOpportunity, opportunityId, notStored),
  );
  api.patch(
    "/:id",
    describeRoute({
      summary: "Change an opportunity (posters; not once closed or filled)",
      auth: "session",
      body: opportunityUpdateSchema,
      response: opportunitySchema,
    }),
    call(updateOpportunity, idAndBody(opportunityId, bodyOrEmpty), notStored),
  );
  api.delete(
    "/:id",
    describeRoute({
      summary: "Delete a draft (posters)",
      auth: "session",
      response: messageOnly,
    }),
    call(deleteOpportunity, opportunityId, saying(OPPORTUNITY_TEXTS.deleted)),
  );
  api.post(
    "/:id/publish",
    describeRoute({
      summary: "Publish a draft: at once for a verified organization, else after an admin's approval",
      auth: "session",
      response: opportunitySchema,
    }),
    call(publishOpportunity, opportunityId, notStored),
  );
  api.post(
    "/:id/close",
    describeRoute({
      summary: 'Close an open opportunity by hand, or mark it filled ({ "as": "filled" })',
      auth: "session",
      body: closeSchema,
      response: opportunitySchema,
    }),
    call(closeOpportunity, idAndBody(opportunityId, bodyOrEmpty), notStored),
  );

  // Expressions of interest: the consultant's own, then the organization's view of its applicants.
  const apply = serviceCalls(deps, signedInActor(INTEREST_TEXTS.signIn));
  api.post(
    "/:id/interests",
    describeRoute({
      summary:
        "Express interest (a listed consultant; 409 for a second one, 403 without a listed profile, 410 after the deadline)",
      auth: "session",
      body: interestSchema,
      response: myInterestSchema,
      status: 201,
    }),
    apply(expressInterest, idAndBody(opportunityId, bodyOrEmpty), created),
  );
  api.patch(
    "/:id/interests/mine",
    describeRoute({
      summary: "Change your expression of interest (until the deadline)",
      auth: "session",
      body: interestUpdateSchema,
      response: myInterestSchema,
    }),
    apply(updateMyInterest, idAndBody(opportunityId, bodyOrEmpty), notStored),
  );
  api.delete(
    "/:id/interests/mine",
    describeRoute({
      summary: "Withdraw your expression of interest (until the deadline)",
      auth: "session",
      response: messageOnly,
    }),
    apply(withdrawMyInterest, opportunityId, saying(INTEREST_TEXTS.withdrawn)),
  );
  api.get(
    "/:id/interests",
    describeRoute({
      summary: "The applicants (members of the organization)",
      auth: "session",
      response: z.strictObject({ interests: z.array(applicantSchema) }),
    }),
    call(listApplicants, opportunityId, notStored),
  );
  api.get(
    "/:id/suggestions",
    describeRoute({
      summary:
        "Suggested consultants: the best 20 listed profiles for the ToR, found by the search engine, with their match scores (members of the organization)",
      auth: "session",
      response: suggestionsSchema,
    }),
    call(suggestConsultants, opportunityId, notStored),
  );
  const report = serviceCalls(deps, signedInActor(REPORT_TEXTS.signIn));
  api.post(
    "/:id/report",
    describeRoute({
      summary: "Report a published opportunity (spam, scam, discriminatory): it joins the admins' reported queue",
      auth: "session",
      body: opportunityReportSchema,
      response: z.strictObject({ id: z.number().int(), message: z.string() }),
      status: 201,
    }),
    report(reportOpportunity, idAndBody(opportunityId, bodyOrEmpty), created),
  );
  api.get(
    "/:id/interests/export.csv",
    describeRoute({
      summary: "The applicants as CSV (members of the organization)",
      auth: "session",
      response: csv,
    }),
    async (c) => {
      const id = opportunityId(c);
      const { csv, filename } = await exportApplicants(
        apiServiceDeps(deps, c),
        await signedInActor(OPPORTUNITY_TEXTS.signIn)(c),
        id,
      );
      return downloadAnswer(c, { contentType: CSV_TYPE, filename, body: csv });
    },
  );
  api.get(
    "/:id/interests/:interestId/cv.pdf",
    describeRoute({
      summary: "An applicant's CV as it was sent (members of the organization)",
      auth: "session",
      response: pdf,
    }),
    async (c) => {
      const actor = await signedInActor(OPPORTUNITY_TEXTS.signIn)(c);
      const { body, filename } = await applicantCv(apiServiceDeps(deps, c), actor, interestOf(c));
      return downloadAnswer(c, { contentType: PDF_TYPE, filename, body: new Uint8Array(body) });
    },
  );
  api.patch(
    "/:id/interests/:interestId",
    describeRoute({
      summary: "Move an applicant (selected and declined e-mail the consultant; `message` replaces the text)",
      auth: "session",
      body: interestStageSchema,
      response: applicantSchema,
    }),
    call(moveApplicant, pathAndBody(interestOf, bodyOrEmpty), notStored),
  );

  api.put(
    "/:id/tor.pdf",
    describeRoute({
      summary: "Attach the ToR as a PDF (at most 5 MB; the body, Content-Type application/pdf, or multipart `file`)",
      auth: "session",
      upload: { field: "file", mediaTypes: ["application/pdf"], maxBytes: OPPORTUNITY_LIMITS.documentBytes, raw: true },
      response: documentSchema,
    }),
    call(putDocument, async (c) => ({ id: opportunityId(c), ...(await readPdf(c)) }), notStored),
  );
  api.delete(
    "/:id/tor.pdf",
    describeRoute({
      summary: "Remove the ToR's PDF (posters)",
      auth: "session",
      response: messageOnly,
    }),
    call(deleteDocument, opportunityId, saying("PDF removed")),
  );
  api.get(
    "/:id/tor.pdf",
    describeRoute({
      summary: "Download the ToR's PDF (whoever may read the opportunity)",
      response: pdf,
    }),
    async (c) => {
      const id = opportunityId(c);
      const document = await getDocument(apiServiceDeps(deps, c), await actorFrom(c), id);
      // Never rendered inline, never sniffed into HTML (and the site-wide CSP applies should a browser open it).
      const file = { contentType: PDF_TYPE, filename: document.name, body: new Uint8Array(document.body) };
      return downloadAnswer(c, file, "private, no-cache");
    },
  );
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
  api.get(
    "/interests",
    describeRoute({
      summary: "My applications: your expressions of interest with their stage",
      auth: "session",
      response: z.strictObject({ interests: z.array(myInterestSchema) }),
    }),
    applied(listMyInterests, noInput, notStored),
  );
  api.get(
    "/opportunities",
    describeRoute({
      summary: "Opportunities for you: open opportunities asking for one of your specializations, best match first",
      auth: "session",
      response: opportunitiesForYouSchema,
    }),
    matched(opportunitiesForMe, noInput, notStored),
  );
  api.get(
    "/opportunity-digest",
    describeRoute({
      summary: "How often the opportunities digest e-mails you (weekly unless you chose)",
      auth: "session",
      response: digestFrequencySchema,
    }),
    matched(getDigestFrequency, noInput, notStored),
  );
  api.put(
    "/opportunity-digest",
    describeRoute({
      summary: "Choose the opportunities digest: weekly, daily or off",
      auth: "session",
      body: digestFrequencySchema,
      response: digestFrequencySchema,
    }),
    matched(setDigestFrequency, bodyOrEmpty, notStored),
  );
  return api;
}

/** /api/admin/opportunities: the Opportunities table, approve / reject / unpublish (admins). */
export function createAdminOpportunitiesApi(deps: HttpDeps) {
  const api = new Hono<HttpEnv>();
  const call = serviceCalls(deps, signedInActor(OPPORTUNITY_TEXTS.signIn));
  api.get(
    "/",
    describeRoute({
      summary: "The admins' Opportunities table (?filter=pending|published|reported|all)",
      auth: "admin",
      response: adminOpportunityPageSchema,
    }),
    call(listOpportunitiesForAdmin, queryParams, notStored),
  );
  api.post(
    "/:id/approve",
    describeRoute({
      summary: "Approve an opportunity waiting for approval (it goes public)",
      auth: "admin",
      response: moderationAnswerSchema,
    }),
    call(approveOpportunity, opportunityId),
  );
  api.post(
    "/:id/reject",
    describeRoute({
      summary: "Reject an opportunity waiting for approval, with a reason e-mailed to the organization",
      auth: "admin",
      body: moderationSchema,
      response: moderationAnswerSchema,
    }),
    call(rejectOpportunity, idAndBody(opportunityId, bodyOrEmpty)),
  );
  api.post(
    "/:id/unpublish",
    describeRoute({
      summary: "Unpublish a published opportunity, with a reason e-mailed to the organization",
      auth: "admin",
      body: moderationSchema,
      response: moderationAnswerSchema,
    }),
    call(unpublishOpportunity, idAndBody(opportunityId, bodyOrEmpty)),
  );
  api.post(
    "/:id/dismiss-reports",
    describeRoute({
      summary: "Dismiss an opportunity's open reports without changing it",
      auth: "admin",
      response: z.strictObject({ id: z.number().int(), message: z.string() }),
    }),
    call(dismissOpportunityReports, opportunityId),
  );
  return api;
}
