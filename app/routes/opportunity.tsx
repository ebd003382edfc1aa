import { msg, plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { ArrowLeft, FileDown, Pencil, Trash2 } from "lucide-react";
import { data, Form, Link, redirect } from "react-router";
import { inSentence } from "#common/bidi.ts";
import { formatCount, formatDate } from "#common/format.ts";
import { parseId } from "#common/ids.ts";
import { toLocale } from "#common/locales.ts";
import { INTEREST_TEXTS, OPPORTUNITY_TEXTS, type OpportunityView } from "#common/opportunities.ts";
import { serviceDeps } from "#server/http/context.ts";
import { actorOf } from "#server/services/context.ts";
import { shortlistApplicant } from "#server/services/opportunities/applicant-shortlists.ts";
import {
  actForApplicant,
  expressInterest,
  moveApplicant,
  opportunityPage,
  updateMyInterest,
  withdrawMyInterest,
} from "#server/services/opportunities/interests.ts";
import { suggestConsultants } from "#server/services/opportunities/matching.ts";
import { closeOpportunity, deleteOpportunity, publishOpportunity } from "#server/services/opportunities/opportunities.ts";
import { reportOpportunity } from "#server/services/opportunities/reports.ts";
import { RouteErrorBoundary } from "../components/layout/route-error-boundary.tsx";
import { ApplicantsSection, InterestSection } from "../components/opportunities/interests.tsx";
import { SuggestionsSection } from "../components/opportunities/match.tsx";
import {
  deadlineText,
  durationText,
  lastMinuteOf,
  OrganizationName,
  SpecializationBadges,
  whereText,
} from "../components/opportunities/opportunity-facts.tsx";
import { ReportOpportunity } from "../components/opportunities/report.tsx";
import { Badge } from "../components/ui/badge.tsx";
import { Button, buttonClasses } from "../components/ui/button.tsx";
import { LocalTime } from "../components/ui/local-time.tsx";
import { RefusalNotice } from "../components/ui/refusal-notice.tsx";
import { appContext } from "../context.ts";
import { i18nOfRequest } from "../i18n/i18n.ts";
import { valueLabel } from "../i18n/labels.ts";
import { translateText } from "../i18n/translate-text.ts";
import { describeBio } from "../lib/consultant-seo.ts";
import { answerOf, errorAnswer, errorOf, failed, succeeded, typedValues } from "../lib/form-answer.ts";
import { metaI18n, pageMeta, rootData } from "../lib/meta.ts";
import { opportunityJsonLd } from "../lib/opportunity-seo.ts";
import { keepPageOnFailure } from "../lib/page-action.ts";
import { answer, orPageError, refusedAnswer } from "../lib/service-errors.server.ts";
import { requireSignedIn } from "../lib/signed-in.server.ts";
import { redirectWithToast } from "../lib/toast.server.ts";
import type { Route } from "./+types/opportunity";

// /opportunities/{id}-{slug} (issue 32): one opportunity, server-rendered, with its JobPosting
// JSON-LD and Open Graph tags. Its organization's posters manage it from here (publish, close,
// mark filled, delete a draft).

function idOf(param: string | undefined): number | null {
  const match = /^(\d{1,10})(?:-|$)/.exec(param ?? "");
  const id = match ? Number(match[1]) : Number.NaN;
  return Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647 ? id : null;
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const id = idOf(params.opportunity);
  if (id === null) throw data(OPPORTUNITY_TEXTS.notFound, { status: 404 });
  const actor = actorOf(app.session);
  // The organization's members see its applicants; a consultant sees their own interest.
  const page = await orPageError(opportunityPage(serviceDeps(app), actor, id));
  const { opportunity } = page;
  // One address per opportunity: an old or shortened slug moves to the current one.
  if (params.opportunity !== `${opportunity.id}-${opportunity.slug}`) throw redirect(opportunity.path, 301);
  // The organization's members (who see the applicants) also see whom the search suggests.
  const suggestions = page.applicants ? (await orPageError(suggestConsultants(serviceDeps(app), actor, id))).suggestions : null;
  return { ...page, suggestions, isSignedIn: actor !== null };
}

export async function action({ params, context, request }: Route.ActionArgs) {
  const app = context.get(appContext);
  const actor = actorOf(requireSignedIn(app, { comeBack: request }));
  const id = idOf(params.opportunity);
  if (id === null) throw data(OPPORTUNITY_TEXTS.notFound, { status: 404 });
  const deps = serviceDeps(app);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  // The applicant a stage or shortlist form names: an id no row can have is 0, which finds none (404, not a 500).
  const interestId = () => parseId(String(form.get("interestId") ?? "")) ?? 0;
  // The page's own toasts in its language (issue 37); the services' sentences are in app/i18n/texts.ts.
  const i18n = i18nOfRequest(request);
  try {
    if (intent === "publish") {
      const published = await publishOpportunity(deps, actor, id);
      return redirectWithToast(app, published.path, { title: published.message });
    }
    if (intent === "close" || intent === "fill") {
      // Neither can be undone: the page asks for it twice (ManageBanner's disclosure), and a post
      // without that step (an old page, a stray submit) changes nothing.
      if (form.get("confirmed") !== "yes") {
        return answer(errorAnswer(i18n._(msg`Open “Close or mark as filled” and choose again.`), { intent }), 400);
      }
      const closed = await closeOpportunity(deps, actor, { id, body: { as: intent === "fill" ? "filled" : "closed" } });
      return redirectWithToast(app, closed.path, {
        title: intent === "fill" ? i18n._(msg`Marked as filled`) : OPPORTUNITY_TEXTS.closed,
      });
    }
    // An interest's fields, sent and changed alike; every field is sent, so an emptied date or
    // rate is taken away on a change (the schema reads "" as null).
    const interest = () => ({
      note: form.get("note"),
      availableFrom: form.get("availableFrom"),
      dailyRate: form.get("dailyRate"),
      dailyRateCurrency: form.get("dailyRateCurrency"),
    });
    if (intent === "interest") {
      await expressInterest(deps, actor, { id, body: interest() });
      return redirectWithToast(app, `/opportunities/${params.opportunity}`, { title: INTEREST_TEXTS.sent });
    }
    if (intent === "edit-interest") {
      await updateMyInterest(deps, actor, { id, body: interest() });
      return redirectWithToast(app, `/opportunities/${params.opportunity}`, { title: INTEREST_TEXTS.updated });
    }
    if (intent === "withdraw") {
      await withdrawMyInterest(deps, actor, id);
      return redirectWithToast(app, `/opportunities/${params.opportunity}`, { title: INTEREST_TEXTS.withdrawn });
    }
    if (intent === "stage") {
      await moveApplicant(deps, actor, {
        id,
        interestId: interestId(),
        body: { stage: form.get("stage"), message: form.get("message") ?? undefined },
      });
      return redirectWithToast(app, `/opportunities/${params.opportunity}#applicants`, { title: i18n._(msg`Applicant moved`) });
    }
    if (intent === "message") {
      // Writes as the posting organization: the member acts for it from now on (the header says so).
      const applicant = await actForApplicant(deps, actor, { id, interestId: interestId() });
      const { consultantId, organization, opportunity, switched } = applicant;
      const title = opportunity.title;
      // The form's subject names the opportunity, in the page's language (the member may change it).
      const to = `/consultant/${consultantId}/message?subject=${encodeURIComponent(i18n._(msg`Re: ${title}`))}`;
      const name = inSentence(organization.name);
      return switched ? redirectWithToast(app, to, { title: i18n._(msg`You now act for ${name}`) }) : redirect(to);
    }
    if (intent === "shortlist") {
      const added = await shortlistApplicant(deps, actor, {
        id,
        interestId: interestId(),
        body: { shortlistId: form.get("shortlistId") },
      });
      const name = inSentence(added.consultant.name);
      const list = inSentence(added.shortlist.name);
      return redirectWithToast(app, `/opportunities/${params.opportunity}#applicants`, {
        title: i18n._(msg`${name} is on the team shortlist “${list}”`),
      });
    }
    if (intent === "report") {
      await reportOpportunity(deps, actor, {
        id,
        body: { reason: form.get("reason"), details: form.get("details") ?? undefined },
      });
      return answer({ result: { status: "success" }, intent });
    }
    if (intent === "delete") {
      // A draft's text is gone for good: the page asks for it twice (ManageBanner's disclosure).
      if (form.get("confirmed") !== "yes") {
        return answer(errorAnswer(i18n._(msg`Open “Delete draft…” and choose again.`), { intent }), 400);
      }
      await deleteOpportunity(deps, actor, id);
      return redirectWithToast(app, "/opportunities", { title: OPPORTUNITY_TEXTS.deleted });
    }
  } catch (error) {
    // The one form answer (app/lib/form-answer.ts): a refusal answers the page with its message, the note kept.
    return refusedAnswer(error, { intent, initialValue: typedValues(form, TYPED) });
  }
  return answer(errorAnswer("Unknown action", { intent }), 400);
}

/** What a failed send gives back to the form (the interest's note). */
const TYPED = ["note"] as const;

const STATUS_TONES = { draft: "neutral", pending: "accent", published: "success", closed: "neutral", filled: "neutral" } as const;

const STATUS_LABELS = {
  draft: msg`Draft`,
  pending: msg`Waiting for approval`,
  published: msg`Published`,
  closed: msg`Closed`,
  filled: msg`Filled`,
} as const;

/** A failed request (offline, timeout) keeps the page and what was typed (app/lib/page-action.ts). */
export async function clientAction(args: Route.ClientActionArgs) {
  return keepPageOnFailure(args, (message, form) =>
    errorAnswer(message, { intent: String(form.get("intent") ?? ""), initialValue: typedValues(form, TYPED) }),
  );
}

export default function OpportunityPage({ loaderData, actionData }: Route.ComponentProps) {
  const { opportunity, applicants, teamShortlists, suggestions, mine, isOpen, isSignedIn, hasListedProfile } = loaderData;
  const { t, i18n } = useLingui();
  // The forms' own sections show their failures; the page's alert shows the others (publish, close, stage…).
  const failure = failed(actionData) ? actionData : undefined;
  const ownSection = ["interest", "edit-interest", "withdraw", "report"];
  const errorIn = (intents: readonly string[]) =>
    failure && intents.includes(failure.intent ?? "") ? translateText(i18n, errorOf(failure) ?? "") : null;
  const error = failure && !ownSection.includes(failure.intent ?? "") ? translateText(i18n, errorOf(failure) ?? "") : null;
  const reported = succeeded(answerOf(actionData, "report"));
  const typedNote = (answerOf(failure, "interest") ?? answerOf(failure, "edit-interest"))?.result.initialValue?.note;
  const kilobytes = opportunity.document ? Math.max(1, Math.round(opportunity.document.bytes / 1024)) : 0;
  const years = opportunity.minYearsExperience;
  const budget = opportunity.budget;
  const amounts = budget
    ? [budget.min, budget.max]
        .filter((value): value is number => value !== null)
        .map((value) => formatCount(value, toLocale(i18n.locale)))
        .join("–")
    : "";
  const currency = budget?.currency ?? "";
  return (
    <div className="mx-auto max-w-5xl px-4 py-6 sm:py-8">
      <Link to="/opportunities" className="inline-flex items-center gap-1 text-sm font-medium text-brand-800 hover:underline">
        <ArrowLeft aria-hidden="true" className="size-4" /> <Trans>All opportunities</Trans>
      </Link>
      <article className="mt-4 grid gap-8 lg:grid-cols-[1fr_18rem]">
        <div className="min-w-0">
          <p className="text-sm text-muted">
            {/* A verified organization has a public page (its other open opportunities): the name leads
                there, underlined (a phone has no hover to show it is a link). */}
            {opportunity.organization.verified ? (
              <Link
                to={`/organizations/${opportunity.organization.slug}`}
                className="underline decoration-slate-300 underline-offset-4 hover:decoration-current"
              >
                <OrganizationName organization={opportunity.organization} />
              </Link>
            ) : (
              <OrganizationName organization={opportunity.organization} />
            )}
          </p>
          <h1 className="mt-1 text-2xl font-bold tracking-tight text-ink sm:text-3xl" dir="auto">
            {opportunity.title}
          </h1>
          <div className="mt-3 flex flex-wrap items-center gap-2">
            <Badge tone={STATUS_TONES[opportunity.status]}>{i18n._(STATUS_LABELS[opportunity.status])}</Badge>
            <SpecializationBadges values={opportunity.specializations} />
          </div>
          {opportunity.canManage && <ManageBanner opportunity={opportunity} />}
          {error && <RefusalNotice title={t`Not done`}>{error}</RefusalNotice>}
          <section aria-labelledby="tor-heading" className="mt-6">
            <h2 id="tor-heading" className="text-xl font-semibold text-ink">
              <Trans>Terms of Reference</Trans>
            </h2>
            {/* Rendered from the poster's Markdown with raw HTML off (server/services/opportunities/tor-format.ts). */}
            <div
              dir="auto"
              className="tor mt-3 max-w-none space-y-3 leading-relaxed text-slate-800 [&_a]:text-brand-800 [&_a]:underline [&_h3]:mt-5 [&_h3]:text-lg [&_h3]:font-semibold [&_h4]:mt-4 [&_h4]:font-semibold [&_ol]:list-decimal [&_ol]:pl-6 [&_ul]:list-disc [&_ul]:pl-6"
              dangerouslySetInnerHTML={{ __html: opportunity.descriptionHtml }}
            />
            {opportunity.document && (
              <p className="mt-4">
                <a href={opportunity.document.url} className={buttonClasses({ variant: "outline" })} download>
                  <FileDown aria-hidden="true" className="size-4" />
                  <Trans>Download the ToR (PDF, {kilobytes} KB)</Trans>
                </a>
              </p>
            )}
          </section>
          {!opportunity.canManage && !applicants && (
            <InterestSection
              mine={mine}
              isOpen={isOpen}
              isSignedIn={isSignedIn}
              hasListedProfile={hasListedProfile}
              error={errorIn(["interest", "edit-interest", "withdraw"])}
              editing={failure?.intent === "edit-interest"}
              note={typeof typedNote === "string" ? typedNote : ""}
            />
          )}
          {applicants && <ApplicantsSection applicants={applicants} teamShortlists={teamShortlists ?? []} />}
          {suggestions && <SuggestionsSection suggestions={suggestions} />}
          {!opportunity.canManage && !applicants && opportunity.status === "published" && (
            <ReportOpportunity error={errorIn(["report"])} sent={reported} />
          )}
        </div>
        <aside aria-label={t`Summary`} className="space-y-4">
          <dl className="space-y-3 rounded-2xl border border-line bg-white p-4 text-sm">
            <Fact term={t`Application deadline`}>
              {deadlineText(i18n, opportunity)}
              <br />
              <span className="text-muted">
                {/* The deadline's last minute: the instant it passes is the next day's 00:00. */}
                <Trans>Your time:</Trans> <LocalTime value={lastMinuteOf(opportunity.deadline)} />
              </span>
            </Fact>
            <Fact term={t`Where`}>{whereText(i18n, opportunity)}</Fact>
            <Fact term={t`Duration`}>
              {durationText(i18n, opportunity.duration)}
              {opportunity.levelOfEffort ? (
                <>
                  {" "}
                  (<bdi>{opportunity.levelOfEffort}</bdi>)
                </>
              ) : null}
            </Fact>
            {opportunity.startDate && <Fact term={t`Start`}>{formatDate(opportunity.startDate, toLocale(i18n.locale))}</Fact>}
            {opportunity.donors.length > 0 && (
              <Fact term={t`Donor / funder`}>{opportunity.donors.map((donor) => valueLabel(i18n, donor)).join(", ")}</Fact>
            )}
            {opportunity.languages.length > 0 && (
              <Fact term={t`Languages required`}>
                {opportunity.languages.map((language) => valueLabel(i18n, language, "language")).join(", ")}
              </Fact>
            )}
            <Fact term={t`Minimum experience`}>
              {years === 0 ? t`None stated` : i18n._(msg`${plural(years, { one: "# year", other: "# years" })}`)}
            </Fact>
            {budget && (
              <Fact term={budget.kind === "daily" ? t`Daily rate` : t`Budget`}>
                {amounts} {currency}
                {budget.hidden ? ` ${t`(not shown publicly)`}` : ""}
              </Fact>
            )}
            {opportunity.contact && (
              <Fact term={t`Contact person`}>
                <bdi>{opportunity.contact.name}</bdi>
              </Fact>
            )}
          </dl>
        </aside>
      </article>
    </div>
  );
}

function Fact({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="font-medium text-muted">{term}</dt>
      <dd className="mt-0.5 text-ink">{children}</dd>
    </div>
  );
}

/** For the organization's posters: what state it is in, and what they can do next. */
function ManageBanner({ opportunity }: { opportunity: OpportunityView }) {
  const { t } = useLingui();
  const { status } = opportunity;
  const note =
    status === "draft"
      ? t`This draft is visible to your organization only.`
      : status === "pending"
        ? t`Waiting for an administrator's approval before it is public.`
        : status === "published"
          ? t`Published: anyone can read it and express interest.`
          : t`No longer open for applications.`;
  return (
    <section aria-label={t`Manage this opportunity`} className="mt-4 rounded-2xl border border-brand-200 bg-brand-50 p-4 text-sm">
      <p className="text-brand-900">{note}</p>
      {opportunity.moderationReason && (
        <p className="mt-2 text-brand-900">
          <strong>
            <Trans>Administrator's note:</Trans>
          </strong>{" "}
          <bdi>{opportunity.moderationReason}</bdi>
        </p>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        {(status === "draft" || status === "pending" || status === "published") && (
          <Link to={`/opportunities/${opportunity.id}/edit`} className={buttonClasses({ variant: "outline", size: "sm" })}>
            <Pencil aria-hidden="true" className="size-4" />
            <Trans>Edit</Trans>
          </Link>
        )}
        <Form method="post" className="contents">
          {status === "draft" && (
            <>
              <Button type="submit" name="intent" value="publish" size="sm">
                <Trans>Publish</Trans>
              </Button>
              {/* Its text cannot be brought back: one step to open, one to delete (no JavaScript needed). */}
              <details className="w-full sm:w-auto">
                <summary
                  className={`${buttonClasses({ variant: "outline", size: "sm" })} cursor-pointer list-none [&::-webkit-details-marker]:hidden`}
                >
                  <Trans>Delete draft…</Trans>
                </summary>
                <div className="mt-2 rounded-xl border border-brand-200 bg-white p-3">
                  <p className="text-slate-700">
                    <Trans>The draft is deleted for everyone in your organization. This cannot be undone.</Trans>
                  </p>
                  <input type="hidden" name="confirmed" value="yes" />
                  <Button type="submit" name="intent" value="delete" variant="outline" size="sm" className="mt-3 text-red-700">
                    <Trash2 aria-hidden="true" className="size-4" />
                    <Trans>Delete draft</Trans>
                  </Button>
                </div>
              </details>
            </>
          )}
          {(status === "published" || status === "pending") && (
            // Neither can be undone (applicants lose the opportunity): one step to open, one to choose.
            <details className="w-full sm:w-auto">
              <summary
                className={`${buttonClasses({ variant: "outline", size: "sm" })} cursor-pointer list-none [&::-webkit-details-marker]:hidden`}
              >
                <Trans>Close or mark as filled…</Trans>
              </summary>
              <div className="mt-2 rounded-xl border border-brand-200 bg-white p-3">
                <p className="text-slate-700">
                  <Trans>
                    Consultants can no longer express interest, and it leaves the search. Its page and applicants stay. This
                    cannot be undone.
                  </Trans>
                </p>
                <input type="hidden" name="confirmed" value="yes" />
                <div className="mt-3 flex flex-wrap gap-2">
                  <Button type="submit" name="intent" value="close" variant="outline" size="sm">
                    <Trans context="opportunity action">Close</Trans>
                  </Button>
                  <Button type="submit" name="intent" value="fill" variant="outline" size="sm">
                    <Trans>Mark as filled</Trans>
                  </Button>
                </div>
              </div>
            </details>
          )}
        </Form>
      </div>
    </section>
  );
}

export function meta(args: Route.MetaArgs) {
  const opportunity = args.loaderData?.opportunity;
  const i18n = metaI18n(args);
  if (!opportunity) {
    const notFound = i18n._(msg`Opportunity not found`);
    // The 404 screen's own <title> is the page's one (route-error-screen.tsx); the other tags stay.
    return pageMeta(args, { title: notFound, description: notFound, noindex: true }).filter((tag) => !("title" in tag));
  }
  const { publicUrl } = rootData(args);
  const text = opportunity.descriptionHtml.replace(/<[^>]*>/g, " ").replace(/&[a-z#0-9]+;/gi, " ");
  const tags = pageMeta(args, {
    title: `${opportunity.title}, ${opportunity.organization.name}`,
    description: describeBio(`${whereText(i18n, opportunity)} · ${durationText(i18n, opportunity.duration)}. ${text}`),
    canonicalInEnglish: true,
    path: opportunity.path,
    type: "article",
    noindex: opportunity.status !== "published",
  });
  // Google for Jobs: only while it is open for applications.
  if (opportunity.status !== "published") return tags;
  return [...tags, { "script:ld+json": opportunityJsonLd(opportunity, { url: `${publicUrl}${opportunity.path}` }) }];
}

export { RouteErrorBoundary as ErrorBoundary };
