import { msg } from "@lingui/core/macro";
import { Trans } from "@lingui/react/macro";
import { ArrowLeft, Pencil } from "lucide-react";
import { lazy, Suspense } from "react";
import { data, Link } from "react-router";
import { parseId as parseConsultantId } from "#common/ids.ts";
import { serviceDeps } from "#server/http/context.ts";
import { actorOf } from "#server/services/context.ts";
import { countProfileView } from "#server/services/insights/counter.ts";
import { teamContactWith } from "#server/services/organizations/team-contact.ts";
import { viewProfilePage } from "#server/services/pages/profile-page.ts";
import { openAuthDialog } from "../components/account/auth-dialog.tsx";
import { ConsultantProfile } from "../components/consultants/consultant-profile.tsx";
import { DirectContact } from "../components/consultants/direct-contact.tsx";
import { DownloadCvButton } from "../components/consultants/download-cv.tsx";
import { SendMessage } from "../components/messages/send-message.tsx";
import { buttonClasses } from "../components/ui/button.tsx";
import { appContext } from "../context.ts";
import { consultantJsonLd, describeBio } from "../lib/consultant-seo.ts";
import { errorAnswer } from "../lib/form-answer.ts";
import { metaI18n, pageMeta } from "../lib/meta.ts";
import { keepPageOnFailure, revalidateUnlessRequestFailed } from "../lib/page-action.ts";
import { reviewAction } from "../lib/review-actions.server.ts";
import { orPageError } from "../lib/service-errors.server.ts";
import type { Route } from "./+types/consultant";

// The reviews (a list, its pages and forms that post without JavaScript) and the owner's status
// banner hydrate beside the page's first load: the server HTML has them whole (split hydration).
// The profile itself has buttons (contact, message): it hydrates with the page, so no click on
// them is lost.
const StatusBanner = lazy(() =>
  import("../components/consultants/consultant-status.tsx").then((module) => ({ default: module.StatusBanner })),
);
const ReviewsSection = lazy(() =>
  import("../components/consultants/reviews-section.tsx").then((module) => ({ default: module.ReviewsSection })),
);

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const { session } = app;
  const id = parseConsultantId(params.id);
  if (id === null) throw data("Consultant not found", { status: 404 });
  const deps = serviceDeps(app);
  const page = await orPageError(
    viewProfilePage(deps, actorOf(session), {
      id,
      reviewsPage: Number(new URL(request.url).searchParams.get("reviews")) || 1,
      viewer: { userAgent: request.headers.get("user-agent"), clientIp: app.clientIp },
    }),
  );
  // A signed-out visitor may be served this page from the page cache later: count them too.
  if (page.countable) app.cachedPageEffects.push((visitor) => countProfileView(deps, id, { ...visitor, userId: null }));
  // The message form starts with the signed-in person's name and e-mail, and says when their team
  // already writes to this consultant (issue 31: "already contacted by a colleague"); the owner
  // writes to nobody here, so their page reads nothing more.
  const teamContact = session && !page.isOwner ? await teamContactWith(deps, actorOf(session), id) : null;
  const sender = session ? { name: session.user.name, email: session.user.email, teamContact } : null;
  // The page head's description and JSON-LD, built here: their code stays out of the browser's bundle.
  const { publicUrl } = app.config;
  const seo = {
    description: describeBio(page.consultant.bio),
    jsonLd: consultantJsonLd(page.consultant, { url: `${publicUrl}/consultant/${page.consultant.id}`, publicUrl }, page.track),
  };
  return { ...page, sender, seo };
}

export async function action({ params, context, request }: Route.ActionArgs) {
  const id = parseConsultantId(params.id);
  if (id === null) throw data("Consultant not found", { status: 404 });
  return reviewAction(context.get(appContext), request, id);
}

/** A failed request keeps the page and what was typed (app/lib/page-action.ts). */
export async function clientAction(args: Route.ClientActionArgs) {
  return keepPageOnFailure(args, (message) => errorAnswer(message));
}

export const shouldRevalidate = revalidateUnlessRequestFailed;

export default function ConsultantPage({ loaderData, actionData }: Route.ComponentProps) {
  const { consultant, track, status, statusReason, canEdit, sender, reviews, reviewer, isSaved } = loaderData;
  return (
    <>
      <div className="mx-auto max-w-6xl px-4 pt-6">
        <Link to="/#consultants" className="inline-flex items-center gap-1 text-sm font-medium text-brand-800 hover:underline">
          <ArrowLeft aria-hidden="true" className="size-4" /> <Trans>Back to consultants</Trans>
        </Link>
      </div>
      <ConsultantProfile
        consultant={consultant}
        track={track}
        isSaved={isSaved}
        banner={
          canEdit ? (
            <Suspense fallback={null}>
              <StatusBanner status={status} statusReason={statusReason} />
            </Suspense>
          ) : null
        }
        actions={
          <>
            <SendMessage
              consultant={consultant}
              sender={sender}
              signIn={(view, redirectTo) => openAuthDialog(view, { redirectTo })}
            />
            <DirectContact email={consultant.email} phone={consultant.phone} />
            <DownloadCvButton consultantId={consultant.id} />
            {canEdit && (
              <Link
                to={`/profile/edit/${consultant.id}`}
                className={buttonClasses({ variant: "secondary", size: "lg", className: "w-full" })}
              >
                <Pencil aria-hidden="true" className="size-4" />
                <Trans>Edit Profile</Trans>
              </Link>
            )}
          </>
        }
        reviewCount={reviews.ratedReviewCount}
      />
      <Suspense fallback={null}>
        <ReviewsSection consultantId={consultant.id} page={reviews} viewer={reviewer} error={actionData ?? undefined} />
      </Suspense>
    </>
  );
}

export function meta(args: Route.MetaArgs) {
  const view = args.loaderData;
  if (!view) {
    const i18n = metaI18n(args);
    return pageMeta(args, {
      title: i18n._(msg`Consultant Not Found`),
      description: i18n._(msg`This consultant profile does not exist or is not listed.`),
      noindex: true,
    });
  }
  const { consultant, seo } = view;
  const path = `/consultant/${consultant.id}`;
  return [
    ...pageMeta(args, {
      title: `${consultant.name} — ${consultant.title}`,
      description: seo.description,
      path,
      image: consultant.profilePhotoUrl,
      type: "profile",
      card: "summary",
      noindex: view.status !== "approved",
      // The profile is what the consultant wrote: every language's page points at the English one.
      canonicalInEnglish: true,
    }),
    { "script:ld+json": seo.jsonLd },
  ];
}

// The error screen is off the page's first load (the server HTML has it whole when it is shown).
const ConsultantNotFound = lazy(() => import("../components/consultants/consultant-not-found.tsx"));

export function ErrorBoundary() {
  return (
    <Suspense fallback={null}>
      <ConsultantNotFound />
    </Suspense>
  );
}
