import { type Context, Hono } from "hono";
import { z } from "zod";
import { AVAILABILITY_VALUES, EXPERIENCE_LEVELS, SORT_OPTIONS } from "#common/constants.ts";
import { consultantProfileSchema } from "#common/consultant-schema.ts";
import { LOCALES } from "#common/locales.ts";
import { parseSearchParams, searchParamsSchema } from "#common/search-params.ts";
import { describeRoutesIn } from "#server/http/openapi/describe-route.ts";
import { insightsAnswer, pdfCvFormats } from "#server/http/openapi/directory.ts";
import { ownProfileAnswer, pdf, responseSchemas, searchResultSchema } from "#server/http/openapi/schemas.ts";
import { editConsultant, OWNER_EDIT } from "#server/services/consultants/edit.ts";
import { createConsultant, getOwnConsultant, viewConsultantProfile } from "#server/services/consultants/profile.ts";
import { consultantCv } from "#server/services/cv/index.ts";
import { countCvDownload } from "#server/services/insights/counter.ts";
import { getMyInsights } from "#server/services/insights/report.ts";
import { searchDirectoryAs } from "#server/services/organizations/hidden-from.ts";
import { apiServiceDeps, type HttpDeps, type HttpEnv } from "../context.ts";
import { downloadAnswer } from "../download.ts";
import { PRIVATE_CACHE_CONTROL } from "../middleware/private-cache.ts";
import { actorFrom, limitBody, pathId, readJson } from "../request.ts";
import { noInput, notStored, serviceApi } from "./service-call.ts";

const describeRoute = describeRoutesIn("Directory");

/**
 * The search's query as the document states it: the fixed choices as enums (a generated client
 * must not offer sort: "cheapest"). The parser stays lenient where people type (any case, "all",
 * "1-3 years"); the document names the values to send.
 */
const oneOf = (values: readonly string[]) => z.enum(values as [string, ...string[]]).optional();
const searchQueryDocument = searchParamsSchema.extend({
  experience: oneOf(EXPERIENCE_LEVELS.map(({ value }) => value)),
  availability: oneOf(AVAILABILITY_VALUES),
  sort: oneOf(SORT_OPTIONS.map(({ value }) => value)),
});

/**
 * A profile with a long track record is a few hundred kilobytes at most (50 assignments of up to
 * 2000 characters each). The limit is well above that, so that an over-long field is answered
 * with a 400 naming it (issue 12: "a 1 MB description"), and only a body beyond any use is a 413.
 */
const profileBodyLimit = limitBody(2 * 1024 * 1024);

/** /api/consultants: the public search and profile, and the owner's create and update. */
export function createConsultantsApi(deps: HttpDeps) {
  const api = new Hono<HttpEnv>();
  const serviceDeps = (c: Context<HttpEnv>) => apiServiceDeps(deps, c);

  // GET /api/consultants?keywords&location&expertise&experience&languages&availability&page&limit&sort
  api.get(
    "/",
    describeRoute({
      summary: "Search the listed consultants",
      query: searchQueryDocument,
      response: searchResultSchema,
    }),
    async (c) => {
      const parsed = parseSearchParams(new URL(c.req.url).searchParams);
      if (!parsed.success) throw parsed.error;
      return c.json(await searchDirectoryAs(serviceDeps(c), await actorFrom(c), parsed.data));
    },
  );

  api.get(
    "/:id",
    describeRoute({
      summary: "One consultant's profile and track record",
      response: responseSchemas.profile,
    }),
    async (c) => {
      const id = pathId(c, "id", "Consultant not found");
      const actor = await actorFrom(c);
      const { consultant, status, track } = await viewConsultantProfile(serviceDeps(c), actor, id);
      // An unlisted profile is shown to its owner or an admin only: never kept by a shared cache;
      // nor is a profile whose rate depends on who asks.
      if (status !== "approved" || actor !== null) c.header("Cache-Control", "private, no-store");
      return c.json({ ...consultant, ...track });
    },
  );

  // The CV as a PDF (issue 12), or as Europass XML (issue 34): public fields for visitors, the full
  // CV for the owner and admins. Laid out in the CV thread once per version and kept
  // (server/services/cv); ?format= names the layout, ?lang= the standard layout's language.
  const cvFile = (extension: "pdf" | "xml") => async (c: Context<HttpEnv>) => {
    const id = pathId(c, "id", "Consultant not found");
    const actor = await actorFrom(c);
    const query = { format: c.req.query("format"), lang: c.req.query("lang") };
    const cv = await consultantCv(serviceDeps(c), actor, { id, extension, ...query });
    if (cv.countable) {
      const viewer = { userAgent: c.req.header("user-agent"), userId: actor?.id ?? null, clientIp: c.get("clientIp") };
      countCvDownload(deps, id, viewer);
    }
    const cacheControl = cv.personal ? PRIVATE_CACHE_CONTROL : "public, max-age=300";
    c.header("ETag", `"${cv.digest}"`);
    if (c.req.header("if-none-match") === `"${cv.digest}"`) return c.body(null, 304, { "Cache-Control": cacheControl });
    return downloadAnswer(c, cv, cacheControl);
  };
  api.get(
    "/:id/cv.pdf",
    describeRoute({
      summary:
        "A consultant's CV as PDF, in the layout `format` names (made once per version of the profile); the standard layout's headings in the language `lang` names",
      query: z.object({ format: z.enum(pdfCvFormats).optional(), lang: z.enum(LOCALES).optional() }),
      response: pdf,
    }),
    cvFile("pdf"),
  );
  api.get(
    "/:id/cv.xml",
    describeRoute({
      summary: "A consultant's CV as Europass XML (the 2012-2020 schema), which the CV import reads back unchanged",
      query: z.object({ format: z.enum(["europass"]).optional() }),
      response: { mediaType: "application/xml" },
    }),
    cvFile("xml"),
  );

  api.post(
    "/",
    describeRoute({
      summary: "Create the caller's profile",
      auth: "session",
      body: consultantProfileSchema,
      response: responseSchemas.createdProfile,
      status: 201,
    }),
    profileBodyLimit,
    async (c) => {
      const actor = await actorFrom(c);
      return notStored(c, await createConsultant(serviceDeps(c), actor, await readJson(c)), 201);
    },
  );

  api.put(
    "/:id",
    describeRoute({
      summary: "Edit one's profile",
      auth: "session",
      body: consultantProfileSchema,
      response: ownProfileAnswer,
    }),
    profileBodyLimit,
    async (c) => {
      const id = pathId(c, "id", "Consultant not found");
      const actor = await actorFrom(c);
      return notStored(c, await editConsultant(serviceDeps(c), actor, { id, body: await readJson(c) }, OWNER_EDIT));
    },
  );

  return api;
}

/** GET /api/my-consultant-profile: the caller's own profile with everything, 404 when none. */
export function createMyProfileApi(deps: HttpDeps) {
  const { api, call } = serviceApi(deps, actorFrom);
  api.get(
    "/",
    describeRoute({
      summary: "The caller's own profile",
      auth: "session",
      response: ownProfileAnswer,
    }),
    call(getOwnConsultant, noInput, notStored),
  );
  api.get(
    "/insights",
    describeRoute({
      summary: "Views and contacts of the caller's profile",
      auth: "session",
      response: insightsAnswer,
    }),
    call(getMyInsights, noInput, notStored),
  );
  return api;
}
