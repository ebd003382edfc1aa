import { msg } from "@lingui/core/macro";
import { Trans } from "@lingui/react/macro";
import { ExternalLink, Pencil, UserPlus } from "lucide-react";
import { Link } from "react-router";
import { inSentence } from "#common/bidi.ts";
import { parseId } from "#common/ids.ts";
import { reviewedFieldNames } from "#server/services/consultants/change-review.ts";
import { getOwnConsultant } from "#server/services/consultants/profile.ts";
import { actorOf } from "#server/services/context.ts";
import { ownKeptCv, removeOwnKeptCv } from "#server/services/cv-import/kept-file.ts";
import { NotFound } from "#server/services/errors.ts";
import { consultantInsights } from "#server/services/insights/report.ts";
import { getDigestFrequency, setDigestFrequency } from "#server/services/opportunities/digest.ts";
import { opportunitiesForMe } from "#server/services/opportunities/matching.ts";
import { getHiddenFrom, toggleHiddenFrom } from "#server/services/organizations/hidden-from.ts";
import { listOrganizations } from "#server/services/organizations/organizations.ts";
import { profileReferences, requestReference, withdrawReference } from "#server/services/references/index.ts";
import { reviewCounts } from "#server/services/reviews/reviews.ts";
import { ChangeBanner } from "../components/consultants/change-banner.tsx";
import { ConsultantProfile } from "../components/consultants/consultant-profile.tsx";
import { StatusBanner } from "../components/consultants/consultant-status.tsx";
import { DownloadCvButton } from "../components/consultants/download-cv.tsx";
import { InsightsPanel } from "../components/consultants/insights-panel.tsx";
import { KeptCvPanel } from "../components/consultants/kept-cv-panel.tsx";
import { ProfileStrengthMeter } from "../components/consultants/profile-strength.tsx";
import { ReferencesPanel } from "../components/consultants/references-panel.tsx";
import { RouteErrorBoundary } from "../components/layout/route-error-boundary.tsx";
import { OpportunitiesForYou } from "../components/opportunities/match.tsx";
import { HiddenFromPanel } from "../components/organizations/hidden-from-panel.tsx";
import { ButtonLink, buttonClasses } from "../components/ui/button.tsx";
import { appContext } from "../context.ts";
import { i18nOfRequest, localeOfRequest } from "../i18n/i18n.ts";
import { answerOf, errorAnswer, errorOf, type FormAnswer } from "../lib/form-answer.ts";
import { privatePageMeta } from "../lib/meta.ts";
import { keepPageOnFailure, revalidateUnlessRequestFailed } from "../lib/page-action.ts";
import { answer, refusedAnswer } from "../lib/service-errors.server.ts";
import { requireSignedIn } from "../lib/signed-in.server.ts";
import { redirectWithToast } from "../lib/toast.server.ts";
import type { Route } from "./+types/my-consultant-profile";
import type { SignedInHandle } from "./signed-in-layout.tsx";

// /my-consultant-profile: the signed-in person's own profile, with what visitors do not see
// (hidden contact details, approval status) and Edit Profile, references, the organizations the
// profile is hidden from (issue 31), insights, the CV kept with the profile (issue 34); or Create
// Consultant Profile.

export const handle: SignedInHandle = {
  signedOut: {
    heading: msg`My Consultant Profile`,
    title: msg`Authentication Required`,
    text: msg`You need to be logged in to see your consultant profile.`,

    withCreateAccount: true,
  },
};

export async function loader({ context, request }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const actor = actorOf(requireSignedIn(app));
  const search = (new URL(request.url).searchParams.get("hideSearch") ?? "").trim().slice(0, 100);
  // A CV kept while creating the profile is there before the profile is.
  const keptCv = await ownKeptCv(app, actor);
  try {
    const consultant = await getOwnConsultant(app, actor);
    const [insights, counts, references, hidden, found, forYou, digest, fieldNames] = await Promise.all([
      consultantInsights(app.db, consultant.id),
      reviewCounts(app.db, [consultant.id]),
      profileReferences(app, actor, consultant.id),
      getHiddenFrom(app, actor),
      search.length >= 2 ? listOrganizations(app, actor, { search }) : { organizations: [] },
      opportunitiesForMe(app, actor),
      getDigestFrequency(app, actor),
      // The change banner names the changed fields in the services' words, in the page's language.
      consultant.change ? reviewedFieldNames(localeOfRequest(request)) : null,
    ]);
    return {
      state: "ready" as const,
      consultant,
      insights,
      reviewCount: counts.get(consultant.id) ?? 0,
      references,
      hidden: hidden.organizations,
      hideSearch: search,
      found: found.organizations.map(({ id, name, verified }) => ({ id, name, verified })),
      forYou: forYou.opportunities,
      digestFrequency: digest.frequency,
      keptCv,
      fieldNames,
    };
  } catch (error) {
    if (error instanceof NotFound) return { state: "none" as const, keptCv };
    throw error;
  }
}

/** Asking for a reference on an assignment, and withdrawing one (issue 34). */
export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const actor = actorOf(requireSignedIn(app));
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const i18n = i18nOfRequest(request);
  if (intent === "remove-cv-file") {
    // The CV kept with the profile (issue 34).
    try {
      await removeOwnKeptCv(app, actor);
    } catch (error) {
      // Already removed (another tab): the page shows what is left, which is nothing.
      if (!(error instanceof NotFound)) throw error;
    }
    return redirectWithToast(app, "/my-consultant-profile", { title: i18n._(msg`CV file removed`) });
  }
  if (intent === "digest") {
    // How often the opportunities digest comes (issue 32).
    try {
      const { frequency } = await setDigestFrequency(app, actor, { frequency: form.get("frequency") });
      const title =
        frequency === "off"
          ? i18n._(msg`You will not be e-mailed new opportunities`)
          : frequency === "daily"
            ? i18n._(msg`New opportunities will be e-mailed daily`)
            : i18n._(msg`New opportunities will be e-mailed weekly`);
      return redirectWithToast(app, "/my-consultant-profile#for-you", { title });
    } catch (error) {
      return refusedAnswer(error, { intent });
    }
  }
  if (intent === "hide" || intent === "unhide") {
    // "Hide my profile from these organizations" (issue 31).
    const organizationId = parseId(String(form.get("organizationId") ?? ""));
    try {
      if (organizationId === null) throw new NotFound("Organization not found");
      const { organizations } = await toggleHiddenFrom(app, actor, { organizationId, hidden: intent === "hide" });
      const hiddenFrom = organizations.find((item) => item.id === organizationId)?.name;
      const name = hiddenFrom === undefined ? undefined : inSentence(hiddenFrom);
      return redirectWithToast(app, "/my-consultant-profile#hidden-from", {
        title:
          intent === "unhide"
            ? i18n._(msg`No longer hidden`)
            : name
              ? i18n._(msg`Hidden from ${name}`)
              : i18n._(msg`Hidden from the organization`),
      });
    } catch (error) {
      // The panel shows why (a refusal); anything else is a bug (500).
      return refusedAnswer(error, { intent });
    }
  }
  const assignmentId = parseId(String(form.get("assignmentId") ?? ""));
  const done = (title: string) => answer({ intent, result: { status: "success" }, toast: { title } });
  const refused = (message: string, status: number) => answer(errorAnswer(message, { intent }), status);
  if (assignmentId === null) return refused("Assignment not found", 404);
  try {
    if (intent === "ask-reference") {
      const asked = await requestReference(app, actor, {
        assignmentId,
        body: { name: form.get("name"), email: form.get("email") },
      });
      const referee = inSentence(asked.refereeName);
      return done(i18n._(msg`Request sent to ${referee}. You will see their answer here.`));
    }
    if (intent === "withdraw-reference") {
      const referenceId = parseId(String(form.get("referenceId") ?? ""));
      if (referenceId === null) return refused("Reference not found", 404);
      await withdrawReference(app, actor, { assignmentId, referenceId });
      return done(i18n._(msg`Reference withdrawn.`));
    }
    return refused("Unknown action", 400);
  } catch (error) {
    return refusedAnswer(error, { intent });
  }
}

/** A request that fails on its way keeps the page; the panel shows why. */
export async function clientAction(args: Route.ClientActionArgs) {
  return keepPageOnFailure(args, (message, formData) => errorAnswer(message, { intent: String(formData.get("intent") ?? "") }));
}

export const shouldRevalidate = revalidateUnlessRequestFailed;

export default function MyConsultantProfile({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.state === "none") {
    return (
      <div className="mx-auto max-w-2xl px-4 py-12 text-center">
        <h1 className="text-3xl font-bold text-ink">
          <Trans>My Consultant Profile</Trans>
        </h1>
        <p className="mt-4 text-muted">
          <Trans>You do not have a consultant profile yet. Create one so organizations across Southeast Asia can find you.</Trans>
        </p>
        <ButtonLink to="/profile/new" size="lg" className="mt-8" iconClassName="size-4" icon={UserPlus}>
          <Trans>Create Consultant Profile</Trans>
        </ButtonLink>
        {loaderData.keptCv && (
          <div className="mt-10 text-left">
            <KeptCvPanel file={loaderData.keptCv} />
          </div>
        )}
      </div>
    );
  }
  const { consultant, insights, reviewCount } = loaderData;
  const posted: FormAnswer | undefined = actionData ?? undefined;
  const hiddenFromError = errorOf(answerOf(posted, "hide") ?? answerOf(posted, "unhide"));
  // The references panel shows its own forms' answers (the hidden-from panel and the digest have theirs).
  const referenceAnswer = posted && !["hide", "unhide", "digest", "remove-cv-file"].includes(posted.intent ?? "") ? posted : null;
  return (
    <>
      <div className="mx-auto max-w-6xl px-4 pt-8">
        <p className="text-sm font-semibold uppercase tracking-wide text-brand-800">
          <Trans>My Consultant Profile</Trans>
        </p>
      </div>
      <ProfileStrengthMeter consultantId={consultant.id} facts={consultant} />
      <ConsultantProfile
        consultant={consultant}
        track={consultant}
        isOwnerView
        reviewCount={reviewCount}
        banner={
          <>
            <StatusBanner status={consultant.status} statusReason={consultant.statusReason} />
            <ChangeBanner change={consultant.change} fieldNames={loaderData.fieldNames} />
          </>
        }
        actions={
          <>
            <ButtonLink to={`/profile/edit/${consultant.id}`} size="lg" className="w-full" iconClassName="size-4" icon={Pencil}>
              <Trans>Edit Profile</Trans>
            </ButtonLink>
            <Link
              to={`/consultant/${consultant.id}`}
              className={buttonClasses({ variant: "outline", size: "lg", className: "w-full" })}
            >
              <ExternalLink aria-hidden="true" className="size-4" />
              <Trans>View public page</Trans>
            </Link>
            <DownloadCvButton consultantId={consultant.id} />
          </>
        }
      />
      <div className="mx-auto max-w-6xl px-4 py-4">
        <OpportunitiesForYou opportunities={loaderData.forYou} frequency={loaderData.digestFrequency} />
      </div>
      {loaderData.keptCv && <KeptCvPanel file={loaderData.keptCv} />}
      <ReferencesPanel
        assignments={consultant.assignments}
        references={loaderData.references}
        answer={referenceAnswer}
        lang={consultant.profileLanguage ?? undefined}
      />
      <HiddenFromPanel
        hidden={loaderData.hidden}
        search={loaderData.hideSearch}
        found={loaderData.found}
        error={hiddenFromError}
      />
      <InsightsPanel insights={insights} />
    </>
  );
}

export const meta = privatePageMeta({ title: msg`My Consultant Profile`, description: msg`Your consultant profile.` });

export const ErrorBoundary = RouteErrorBoundary;
