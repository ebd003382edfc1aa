import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { ArrowLeft, CalendarCheck, ExternalLink, Users } from "lucide-react";
import { data, Link } from "react-router";
import { BrowseConsultantsLink, CtaBanner } from "#app/components/layout/cta-banner.tsx";
import { PageHero } from "#app/components/layout/page-hero.tsx";
import { RouteErrorBoundary } from "#app/components/layout/route-error-boundary.tsx";
import { guideAudience, translatedGuide } from "#app/content/guide-texts.server.ts";
import { i18nOfRequest, localeOfRequest } from "#app/i18n/i18n.ts";
import { metaI18n, pageMeta } from "#app/lib/meta.ts";
import { formatChecked } from "#common/guide-dates.ts";
import { findGuide, type GuideBlock } from "#common/guides.ts";
import type { Route } from "./+types/resource-guide";

// One guide of the Resources library (issue 36): its sections, then the documents it rests on.

export function loader({ params, request }: Route.LoaderArgs) {
  const found = findGuide(params.slug);
  if (!found) throw data("Guide not found", { status: 404 });
  // In the page's language where the guide's text is translated (app/content/guide-texts.server.ts).
  const i18n = i18nOfRequest(request);
  return {
    guide: translatedGuide(i18n, found),
    forAudience: guideAudience(i18n, found.audience).sentence,
    checked: formatChecked(found.checked, localeOfRequest(request)),
  };
}

/** A guide's list: points (bullets) or steps (numbered). */
function ListBlock({ items, numbered }: { items: readonly string[]; numbered: boolean }) {
  const List = numbered ? "ol" : "ul";
  return (
    <List className={`mt-4 ${numbered ? "list-decimal" : "list-disc"} space-y-2 pl-6 leading-relaxed text-slate-700`}>
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </List>
  );
}

function Block({ block }: { block: GuideBlock }) {
  if (typeof block === "string") return <p className="mt-4 leading-relaxed text-slate-700">{block}</p>;
  if ("list" in block) return <ListBlock items={block.list} numbered={false} />;
  if ("steps" in block) return <ListBlock items={block.steps} numbered />;
  const { caption, head, rows } = block.table;
  return (
    // A wide table scrolls inside its own box on a phone instead of widening the page; the box is
    // focusable so a keyboard can scroll it.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
    <section className="mt-4 overflow-x-auto rounded-xl border border-line" tabIndex={0} aria-label={caption}>
      <table className="w-full min-w-[40rem] border-collapse text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-brand-50 text-ink">
          <tr>
            {head.map((cell) => (
              <th key={cell} scope="col" className="px-4 py-3 font-semibold">
                {cell}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row[0]} className="border-t border-line align-top">
              {row.map((cell, index) =>
                index === 0 ? (
                  <th key={cell} scope="row" className="px-4 py-3 font-semibold text-ink">
                    {cell}
                  </th>
                ) : (
                  <td key={cell} className="px-4 py-3 text-slate-700">
                    {cell}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

export default function ResourceGuide({ loaderData }: Route.ComponentProps) {
  const { guide, forAudience, checked } = loaderData;
  const { t } = useLingui();
  return (
    <>
      <PageHero eyebrow={t`Resources · Guide`} title={guide.title} lead={<p>{guide.summary}</p>} />
      <article aria-labelledby="guide-contents" className="mx-auto max-w-3xl px-4 py-12">
        <h2 id="guide-contents" className="sr-only">
          <Trans>The guide</Trans>
        </h2>
        <p className="flex flex-wrap items-center gap-x-5 gap-y-2 text-sm text-muted">
          <span className="flex items-center gap-1.5">
            <Users aria-hidden="true" className="size-4" />
            {forAudience}
          </span>
          <span className="flex items-center gap-1.5">
            <CalendarCheck aria-hidden="true" className="size-4" />
            <Trans>Checked against its sources in {checked}</Trans>
          </span>
        </p>
        {guide.sections.map((section, index) => (
          <section key={section.heading} aria-labelledby={`section-${index}`} className="mt-10">
            <h2 id={`section-${index}`} className="text-xl font-bold tracking-tight text-ink sm:text-2xl">
              {section.heading}
            </h2>
            {section.blocks.map((block) => (
              <Block key={typeof block === "string" ? block : JSON.stringify(block).slice(0, 80)} block={block} />
            ))}
          </section>
        ))}
        <section aria-labelledby="sources-heading" className="mt-12 rounded-2xl border border-line bg-white p-6">
          <h2 id="sources-heading" className="text-lg font-bold text-ink">
            <Trans>Sources</Trans>
          </h2>
          <p className="mt-1 text-sm text-muted">
            <Trans>Rules change: read the current version at the source before you rely on it.</Trans>
          </p>
          <ul className="mt-4 space-y-3 text-sm">
            {guide.sources.map((source) => (
              <li key={`${source.title}|${source.url}`}>
                {/* A source is a document in its own language (English): named as it is. */}
                <a
                  href={source.url}
                  lang="en"
                  rel="noopener noreferrer"
                  className="inline-flex items-start gap-1.5 font-medium text-brand-800 underline underline-offset-4 hover:text-brand-950"
                >
                  {source.title}
                  <ExternalLink aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />
                </a>
                <span className="block text-muted">{source.publisher}</span>
              </li>
            ))}
          </ul>
        </section>
        <p className="mt-10">
          <Link
            to="/resources"
            className="inline-flex items-center gap-1.5 font-semibold text-brand-800 underline-offset-4 hover:underline"
          >
            <ArrowLeft aria-hidden="true" className="size-4" />
            <Trans>All guides</Trans>
          </Link>
        </p>
      </article>
      <CtaBanner
        id="browse-heading"
        className="pb-4"
        title={t`Find the consultant for your next assignment`}
        text={t`Search by country of experience, donor, specialization, language and availability.`}
      >
        <BrowseConsultantsLink arrow />
      </CtaBanner>
    </>
  );
}

export function meta(args: Route.MetaArgs) {
  const guide = args.loaderData?.guide;
  const i18n = metaI18n(args);
  return pageMeta(args, {
    title: guide ? guide.title : i18n._(msg`Guide not found`),
    description: guide ? guide.summary : i18n._(msg`This guide does not exist or has moved.`),
    type: "article",
  });
}

export { RouteErrorBoundary as ErrorBoundary };
