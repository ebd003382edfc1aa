import { Hono } from "hono";
import type { HttpDeps, HttpEnv } from "../context.ts";
import { yearsExperienceAsText } from "../years-as-text.ts";
import { createAccountApi } from "./account.ts";
import { createAdminApi } from "./admin.ts";
import { createAuthApi } from "./auth.ts";
import { createConsultantsApi, createMyProfileApi } from "./consultants.ts";
import { createConversationsApi } from "./conversations.ts";
import { createCvImportApi, createKeptCvOfApi, createOwnKeptCvApi } from "./cv-import.ts";
import { createConsultantMessagesApi, createInboxApi } from "./messages.ts";
import { createAdminOpportunitiesApi, createMyOpportunitiesApi, createOpportunitiesApi } from "./opportunities.ts";
import {
  createActingOrganizationApi,
  createHiddenFromApi,
  createInvitationsApi,
  createOrganizationLogoApi,
  createOrganizationsApi,
} from "./organizations.ts";
import { createPhotoApi } from "./photos.ts";
import { createAdminReferencesApi, createOwnReferencesApi, createRefereeApi } from "./references.ts";
import { createAdminReviewsApi, createConsultantReviewsApi, createReviewsApi } from "./reviews.ts";
import { createSavedSearchesApi } from "./saved-searches.ts";
import { createAdminGlossaryApi, createSearchAdminApi } from "./search-admin.ts";
import { createSharedShortlistsApi, createShortlistsApi } from "./shortlists.ts";
import { createStatsApi } from "./stats.ts";

/** The JSON API: one resource a file, mounted here. */
export function createApi(deps: HttpDeps) {
  const api = new Hono<HttpEnv>();
  api.use(yearsExperienceAsText());
  api.route("/admin/reviews", createAdminReviewsApi(deps));
  api.route("/admin/references", createAdminReferencesApi(deps));
  api.route("/admin/opportunities", createAdminOpportunitiesApi(deps));
  api.route("/admin/glossary", createAdminGlossaryApi(deps));
  api.route("/search", createSearchAdminApi(deps));
  api.route("/admin", createAdminApi(deps));
  api.route("/auth", createAuthApi(deps));
  api.route("/account", createAccountApi(deps));
  api.route("/consultants/:id/messages", createConsultantMessagesApi(deps));
  api.route("/consultants/:id/reviews", createConsultantReviewsApi(deps));
  api.route("/consultants/:id/cv-file", createKeptCvOfApi(deps));
  api.route("/reviews", createReviewsApi(deps));
  api.route("/consultants", createConsultantsApi(deps));
  api.route("/conversations", createConversationsApi(deps));
  api.route("/my-consultant-profile/messages", createInboxApi(deps));
  api.route("/my-consultant-profile/import", createCvImportApi(deps));
  api.route("/my-consultant-profile/cv-file", createOwnKeptCvApi(deps));
  api.route("/my-consultant-profile/assignments", createOwnReferencesApi(deps));
  api.route("/references", createRefereeApi(deps));
  api.route("/my-consultant-profile/hidden-from", createHiddenFromApi(deps));
  api.route("/my-consultant-profile", createMyOpportunitiesApi(deps));
  api.route("/my-consultant-profile", createMyProfileApi(deps));
  api.route("/opportunities", createOpportunitiesApi(deps));
  api.route("/organizations/:id/logo", createOrganizationLogoApi(deps));
  api.route("/organizations", createOrganizationsApi(deps));
  api.route("/invitations", createInvitationsApi(deps));
  api.route("/acting-organization", createActingOrganizationApi(deps));
  api.route("/upload-photo", createPhotoApi(deps));
  api.route("/saved-searches", createSavedSearchesApi(deps));
  api.route("/shortlists", createShortlistsApi(deps));
  api.route("/shared-shortlists", createSharedShortlistsApi(deps));
  api.route("/stats", createStatsApi(deps));
  api.all("*", (c) => c.json({ message: `No API endpoint ${c.req.method} ${c.req.path}` }, 404));
  return api;
}
