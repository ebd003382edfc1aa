import { Trans, useLingui } from "@lingui/react/macro";
import { ArrowRight, TriangleAlert } from "lucide-react";
import { Link, useHref } from "react-router";
import { ABOUT_DIRECTORY, JOIN_BANNER } from "#app/content/home.ts";

// The home page's parts around the results: the state of a failed search (an empty one is
// no-results.tsx), and the sections below the directory (their copy is in app/content/home.ts).

/**
 * `href` is the search itself without a hash (a path of the page's language tree, which the router
 * prefixes), so Try again reloads the page even after a failed in-page search.
 */
export function LoadFailed({ href }: { href: string }) {
  const localHref = useHref(href);
  return (
    <div role="alert" className="rounded-xl border border-red-200 bg-red-50 px-6 py-14 text-center">
      <TriangleAlert aria-hidden="true" className="mx-auto size-10 text-red-700" />
      <p className="mt-4 text-lg font-semibold text-ink">
        <Trans>Failed to load consultants. Please try again.</Trans>
      </p>
      <a
        href={localHref}
        className="mt-6 inline-block rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800"
      >
        <Trans>Try again</Trans>
      </a>
    </div>
  );
}

export function AboutDirectory() {
  const { i18n } = useLingui();
  return (
    <section id="about" aria-labelledby="about-heading" className="scroll-mt-20 bg-white">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-14 md:grid-cols-2">
        <div>
          <h2 id="about-heading" className="text-2xl font-bold text-ink">
            {i18n._(ABOUT_DIRECTORY.title)}
          </h2>
          {ABOUT_DIRECTORY.paragraphs.map((paragraph, index) => (
            <p key={paragraph.id} className={`${index === 0 ? "mt-4" : "mt-3"} text-slate-700`}>
              {i18n._(paragraph)}
            </p>
          ))}
          <Link
            to="/about"
            className="mt-6 inline-flex items-center gap-1 font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-900"
          >
            {i18n._(ABOUT_DIRECTORY.more)}
            <ArrowRight aria-hidden="true" className="size-4" />
          </Link>
        </div>
        <ul className="grid gap-4 self-center text-slate-700">
          {ABOUT_DIRECTORY.points.map((point) => (
            <li key={point.title.id} className="rounded-xl bg-brand-50 p-4">
              <strong className="block text-ink">{i18n._(point.title)}</strong>
              {i18n._(point.text)}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

export function JoinBanner() {
  const { i18n } = useLingui();
  return (
    <section aria-labelledby="join-heading" className="bg-brand-800 text-white">
      <div className="mx-auto flex max-w-7xl flex-col items-start gap-6 px-4 py-14 md:flex-row md:items-center md:justify-between">
        <div>
          <h2 id="join-heading" className="text-2xl font-bold">
            {i18n._(JOIN_BANNER.title)}
          </h2>
          <p className="mt-2 max-w-2xl text-brand-100">{i18n._(JOIN_BANNER.text)}</p>
        </div>
        <Link
          to="/profile/new"
          className="rounded-lg bg-white px-6 py-3 font-semibold text-brand-800 shadow-sm hover:bg-brand-50"
        >
          {i18n._(JOIN_BANNER.action)}
        </Link>
      </div>
    </section>
  );
}
