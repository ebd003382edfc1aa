import { ArrowLeft, FileDown, Pencil } from "lucide-react";
import { data, Form, Link, redirect } from "react-router";
import { OPPORTUNITY_STATUSES, OPPORTUNITY_TEXTS, type OpportunityView } from "#common/opportunities.ts";
import { serviceDeps } from "#server/http/context.ts";
import { actorOf } from "#server/services/context.ts";
import {
  closeOpportunity,
  deleteOpportunity,
  getOpportunity,
  publishOpportunity,
} from "#server/services/opportunities/opportunities.ts";
import { RouteErrorBoundary } from "../components/layout/route-error-boundary.tsx";
import {
  deadlineText,
  durationText,
  OrganizationName,
  SpecializationBadges,
  whereText,
} from "../components/opportunities/opportunity-facts.tsx";
import { Alert } from "../components/ui/alert.tsx";
import { Badge } from "../components/ui/badge.tsx";
import { Button, buttonClasses } from "../components/ui/button.tsx";
import { LocalTime } from "../components/ui/local-time.tsx";
import { appContext } from "../context.ts";
import { describeBio } from "../lib/consultant-seo.ts";
import { pageMeta, rootData } from "../lib/meta.ts";
import { opportunityJsonLd } from "../lib/opportunity-seo.ts";
import { orPageError, refusedAction } from "../lib/service-errors.server.ts";
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
  const opportunity = await orPageError(getOpportunity(serviceDeps(app), actorOf(app.session), id));
  // One address per opportunity: an old or shortened slug moves to the current one.
  if (params.opportunity !== `${opportunity.id}-${opportunity.slug}`) throw redirect(opportunity.path, 301);
  return { opportunity };
}

export async function action({ params, context, request }: Route.ActionArgs) {
  const app = context.get(appContext);
  const actor = actorOf(requireSignedIn(app, { comeBack: request }));
  const id = idOf(params.opportunity);
  if (id === null) throw data(OPPORTUNITY_TEXTS.notFound, { status: 404 });
  const deps = serviceDeps(app);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  try {
    if (intent === "publish") {
      const published = await publishOpportunity(deps, actor, id);
      return redirectWithToast(app, published.path, { title: published.message });
    }
    if (intent === "close" || intent === "fill") {
      const closed = await closeOpportunity(deps, actor, { id, body: { as: intent === "fill" ? "filled" : "closed" } });
      return redirectWithToast(app, closed.path, { title: intent === "fill" ? "Marked as filled" : OPPORTUNITY_TEXTS.closed });
    }
    if (intent === "delete") {
      await deleteOpportunity(deps, actor, id);
      return redirectWithToast(app, "/opportunities", { title: OPPORTUNITY_TEXTS.deleted });
    }
  } catch (error) {
    return refusedAction(error, (message) => ({ error: message }));
  }
  return data({ error: "Unknown action" }, { status: 400 });
}

const STATUS_TONES = { draft: "neutral", pending: "accent", published: "success", closed: "neutral", filled: "neutral" } as const;

export default function OpportunityPage({ loaderData, actionData }: Route.ComponentProps) {
  const { opportunity } = loaderData;
  const error = actionData && "error" in actionData ? actionData.error : null;
  return (
    <div className="mx-auto max-w-5xl px-4 py-6 sm:py-8">
      <Link to="/opportunities" className="inline-flex items-center gap-1 text-sm font-medium text-brand-800 hover:underline">
        <ArrowLeft aria-hidden="true" className="size-4" /> All opportunities
      </Link>
      <article className="mt-4 grid gap-8 lg:grid-cols-[1fr_18rem]">
        <div className="min-w-0">
          <p className="text-sm text-muted">
            <OrganizationName organization={opportunity.organization} />
          </p>
          <h1 className="mt-1 text-2xl font-bold tracking-tight text-ink sm:text-3xl">{opportunity.title}</h1>
          <div className="mt-3 flex flex-wrap items-center gap-2">
            <Badge tone={STATUS_TONES[opportunity.status]}>{OPPORTUNITY_STATUSES.labels[opportunity.status]}</Badge>
            <SpecializationBadges values={opportunity.specializations} />
          </div>
          {opportunity.canManage && <ManageBanner opportunity={opportunity} />}
          {error && (
            <div className="mt-4">
              <Alert tone="error" title="Not done" live>
                <p>{error}</p>
              </Alert>
            </div>
          )}
          <section aria-labelledby="tor-heading" className="mt-6">
            <h2 id="tor-heading" className="text-xl font-semibold text-ink">
              Terms of Reference
            </h2>
            {/* Rendered from the poster's Markdown with raw HTML off (server/services/opportunities/tor-format.ts). */}
            <div
              className="tor mt-3 max-w-none space-y-3 leading-relaxed text-slate-800 [&_a]:text-brand-800 [&_a]:underline [&_h3]:mt-5 [&_h3]:text-lg [&_h3]:font-semibold [&_h4]:mt-4 [&_h4]:font-semibold [&_ol]:list-decimal [&_ol]:pl-6 [&_ul]:list-disc [&_ul]:pl-6"
              // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized on save by tor-format.ts (markdown-it, html off)
              dangerouslySetInnerHTML={{ __html: opportunity.descriptionHtml }}
            />
            {opportunity.document && (
              <p className="mt-4">
                <a href={opportunity.document.url} className={buttonClasses({ variant: "outline" })} download>
                  <FileDown aria-hidden="true" className="size-4" />
                  Download the ToR (PDF, {Math.max(1, Math.round(opportunity.document.bytes / 1024))} KB)
                </a>
              </p>
            )}
          </section>
        </div>
        <aside aria-label="Summary" className="space-y-4">
          <dl className="space-y-3 rounded-2xl border border-line bg-white p-4 text-sm">
            <Fact term="Application deadline">
              {deadlineText(opportunity)}
              <br />
              <span className="text-muted">
                Your time: <LocalTime value={opportunity.deadline} />
              </span>
            </Fact>
            <Fact term="Where">{whereText(opportunity)}</Fact>
            <Fact term="Duration">
              {durationText(opportunity.duration)}
              {opportunity.levelOfEffort ? ` (${opportunity.levelOfEffort})` : ""}
            </Fact>
            {opportunity.startDate && <Fact term="Start">{opportunity.startDate}</Fact>}
            {opportunity.donors.length > 0 && <Fact term="Donor / funder">{opportunity.donors.join(", ")}</Fact>}
            {opportunity.languages.length > 0 && <Fact term="Languages required">{opportunity.languages.join(", ")}</Fact>}
            <Fact term="Minimum experience">
              {opportunity.minYearsExperience === 0 ? "None stated" : `${opportunity.minYearsExperience} years`}
            </Fact>
            {opportunity.budget && (
              <Fact term={opportunity.budget.kind === "daily" ? "Daily rate" : "Budget"}>
                {[opportunity.budget.min, opportunity.budget.max]
                  .filter((value) => value !== null)
                  .map((value) => value?.toLocaleString("en"))
                  .join("–")}{" "}
                {opportunity.budget.currency}
                {opportunity.budget.hidden ? " (not shown publicly)" : ""}
              </Fact>
            )}
            {opportunity.contact && <Fact term="Contact person">{opportunity.contact.name}</Fact>}
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
  const { status } = opportunity;
  const note =
    status === "draft"
      ? "This draft is visible to your organization only."
      : status === "pending"
        ? "Waiting for an administrator's approval before it is public."
        : status === "published"
          ? "Published: anyone can read it and express interest."
          : "No longer open for applications.";
  return (
    <section aria-label="Manage this opportunity" className="mt-4 rounded-2xl border border-brand-200 bg-brand-50 p-4 text-sm">
      <p className="text-brand-900">{note}</p>
      {opportunity.moderationReason && (
        <p className="mt-2 text-brand-900">
          <strong>Administrator's note:</strong> {opportunity.moderationReason}
        </p>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        {(status === "draft" || status === "pending" || status === "published") && (
          <Link to={`/opportunities/${opportunity.id}/edit`} className={buttonClasses({ variant: "outline", size: "sm" })}>
            <Pencil aria-hidden="true" className="size-4" />
            Edit
          </Link>
        )}
        <Form method="post" className="contents">
          {status === "draft" && (
            <>
              <Button type="submit" name="intent" value="publish" size="sm">
                Publish
              </Button>
              <Button type="submit" name="intent" value="delete" variant="outline" size="sm">
                Delete draft
              </Button>
            </>
          )}
          {(status === "published" || status === "pending") && (
            <>
              <Button type="submit" name="intent" value="close" variant="outline" size="sm">
                Close
              </Button>
              <Button type="submit" name="intent" value="fill" variant="outline" size="sm">
                Mark as filled
              </Button>
            </>
          )}
        </Form>
      </div>
    </section>
  );
}

export function meta(args: Route.MetaArgs) {
  const opportunity = args.loaderData?.opportunity;
  if (!opportunity)
    return pageMeta(args, { title: "Opportunity not found", description: OPPORTUNITY_TEXTS.notFound, noindex: true });
  const { publicUrl } = rootData(args);
  const text = opportunity.descriptionHtml.replace(/<[^>]*>/g, " ").replace(/&[a-z#0-9]+;/gi, " ");
  const tags = pageMeta(args, {
    title: `${opportunity.title}, ${opportunity.organization.name}`,
    description: describeBio(`${whereText(opportunity)} · ${durationText(opportunity.duration)}. ${text}`),
    path: opportunity.path,
    type: "article",
    noindex: opportunity.status !== "published",
  });
  // Google for Jobs: only while it is open for applications.
  if (opportunity.status !== "published") return tags;
  return [...tags, { "script:ld+json": opportunityJsonLd(opportunity, { url: `${publicUrl}${opportunity.path}` }) }];
}

export { RouteErrorBoundary as ErrorBoundary };
