import type { UNSAFE_DataWithResponseInit as DataWithInit } from "react-router";
import type { FormAnswer } from "../lib/form-answer.ts";
import type * as admin from "./admin.tsx";
import type * as adminOpportunities from "./admin-opportunities.tsx";
import type * as adminOrganizations from "./admin-organizations.tsx";
import type * as adminReviews from "./admin-reviews.tsx";
import type * as adminSearches from "./admin-searches.tsx";
import type * as authLogout from "./auth-logout.ts";
import type * as consultant from "./consultant.tsx";
import type * as consultantMessage from "./consultant-message.tsx";
import type * as contact from "./contact.tsx";
import type * as invitation from "./invitation.tsx";
import type * as messagesConversation from "./messages-conversation.tsx";
import type * as myConsultantProfile from "./my-consultant-profile.tsx";
import type * as myOrganization from "./my-organization.tsx";
import type * as myOrganizations from "./my-organizations.tsx";
import type * as opportunity from "./opportunity.tsx";
import type * as opportunityDigestUnsubscribe from "./opportunity-digest-unsubscribe.tsx";
import type * as opportunityForm from "./opportunity-form.tsx";
import type * as profileForm from "./profile-form.tsx";
import type * as profileManage from "./profile-manage.tsx";
import type * as reference from "./reference.tsx";
import type * as resetPassword from "./reset-password.tsx";
import type * as savedSearchUnsubscribe from "./saved-search-unsubscribe.tsx";
import type * as savedSearches from "./saved-searches.tsx";
import type * as shortlist from "./shortlist.tsx";
import type * as shortlists from "./shortlists.tsx";
import type * as signIn from "./sign-in.tsx";

// Every page action answers in one shape (issue 30 item 4, app/lib/form-answer.ts): a FormAnswer,
// with its HTTP status through data(), or a Response (a redirect, a file). Checked by the compiler
// (npm run check): an action that answers anything else makes its line below an error naming
// what else it answers. app/routes/page-door.test.ts checks that every route with an action is here.

type OneShape = Response | FormAnswer<string, unknown> | DataWithInit<FormAnswer<string, unknown>> | undefined;
type Other<Action extends (...args: never[]) => unknown> = Exclude<Awaited<ReturnType<Action>>, OneShape>;

function answersOneShape<Action extends (...args: never[]) => unknown>(
  _answers: [Other<Action>] extends [never] ? true : { alsoAnswers: Other<Action> },
) {}

answersOneShape<typeof adminOpportunities.action>(true);
answersOneShape<typeof adminOrganizations.action>(true);
answersOneShape<typeof adminReviews.action>(true);
answersOneShape<typeof adminSearches.action>(true);
answersOneShape<typeof admin.action>(true);
answersOneShape<typeof authLogout.action>(true);
answersOneShape<typeof consultantMessage.action>(true);
answersOneShape<typeof consultant.action>(true);
answersOneShape<typeof contact.action>(true);
answersOneShape<typeof invitation.action>(true);
answersOneShape<typeof messagesConversation.action>(true);
answersOneShape<typeof myConsultantProfile.action>(true);
answersOneShape<typeof myOrganization.action>(true);
answersOneShape<typeof myOrganizations.action>(true);
answersOneShape<typeof opportunityDigestUnsubscribe.action>(true);
answersOneShape<typeof opportunityForm.action>(true);
answersOneShape<typeof opportunity.action>(true);
answersOneShape<typeof profileForm.action>(true);
answersOneShape<typeof profileManage.action>(true);
answersOneShape<typeof reference.action>(true);
answersOneShape<typeof resetPassword.action>(true);
answersOneShape<typeof savedSearchUnsubscribe.action>(true);
answersOneShape<typeof savedSearches.action>(true);
answersOneShape<typeof shortlist.action>(true);
answersOneShape<typeof shortlists.action>(true);
answersOneShape<typeof signIn.action>(true);
