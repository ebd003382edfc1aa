import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Bug, Mail, Search, SearchX } from "lucide-react";
import { lazy, Suspense, useId, useState } from "react";
import { Form, useSearchParams } from "react-router";
import { PageSection } from "#app/components/content/page-section.tsx";
import { CtaBanner } from "#app/components/layout/cta-banner.tsx";
import { PageHero } from "#app/components/layout/page-hero.tsx";
import { RouteErrorBoundary } from "#app/components/layout/route-error-boundary.tsx";
import { Accordion, AccordionItem } from "#app/components/ui/accordion.tsx";
import { Button, ButtonLink } from "#app/components/ui/button.tsx";
import { TextLink } from "#app/components/ui/text-link.tsx";
import { countFaqItems, faqGroups, filterFaq } from "#app/content/faq.ts";
import { appContext } from "#app/context.ts";
import { metaI18n, pageMeta } from "#app/lib/meta.ts";
import type { Route } from "./+types/help-center";

// The support team's cards (links to write, mail or call) hydrate beside the page's first load:
// the server HTML has them whole.
const HelpSupport = lazy(() => import("#app/components/content/help-support.tsx"));

export async function loader({ context }: Route.LoaderArgs) {
  const { config } = context.get(appContext);
  return { supportEmail: config.supportEmail };
}

export default function HelpCenter({ loaderData }: Route.ComponentProps) {
  const { supportEmail } = loaderData;
  const { t, i18n } = useLingui();
  // The questions in the page's language: the search box filters what the visitor reads.
  const all = faqGroups(i18n);
  const total = countFaqItems(all);
  const [searchParams] = useSearchParams();
  // Without JavaScript the search box submits ?q=; with it, the list filters as you type.
  const [query, setQuery] = useState(searchParams.get("q") ?? "");
  const groups = filterFaq(all, query);
  const searched = query.trim();
  const matches = countFaqItems(groups);
  const searchId = useId();

  return (
    <>
      <PageHero
        eyebrow={t`Help Center`}
        title={t`How can we help?`}
        lead={
          <p>
            <Trans>
              Answers to common questions about searching the directory, consultant profiles, messages and your account.
            </Trans>
          </p>
        }
      >
        <Form
          method="get"
          role="search"
          aria-label={t`Help Center`}
          className="flex w-full max-w-2xl gap-2"
          onSubmit={(event) => event.preventDefault()}
        >
          <label htmlFor={searchId} className="sr-only">
            <Trans>Search the questions</Trans>
          </label>
          <div className="relative flex-1">
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute left-3 top-1/2 size-5 -translate-y-1/2 text-slate-500"
            />
            <input
              id={searchId}
              type="search"
              name="q"
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              placeholder={t`Search for answers, e.g. approval or password`}
              autoComplete="off"
              className="block h-12 w-full rounded-lg border border-white bg-white pl-10 pr-3 text-base text-ink shadow-sm placeholder:text-slate-500 focus:outline-3 focus:outline-offset-2 focus:outline-accent-300"
            />
          </div>
          <Button type="submit" variant="inverse" size="lg">
            <Trans>Search</Trans>
          </Button>
        </Form>
      </PageHero>

      <Suspense fallback={null}>
        <HelpSupport supportEmail={supportEmail} />
      </Suspense>

      <PageSection id="faq-heading" title={t`Frequently asked questions`} band large={false} container="max-w-4xl py-12">
        <p role="status" className="mt-2 text-sm text-muted">
          {searched ? t`${matches} of ${total} questions match your search.` : ""}
        </p>
        {matches === 0 ? (
          <div className="mt-6 flex flex-col items-center rounded-2xl border border-dashed border-slate-300 px-6 py-10 text-center">
            <SearchX aria-hidden="true" className="size-8 text-muted" />
            <p className="mt-3 font-semibold text-ink">
              <Trans>
                No questions match “<bdi>{searched}</bdi>”.
              </Trans>
            </p>
            <p className="mt-1 text-sm text-muted">
              <Trans>
                Try other words, or <TextLink to="/contact">contact support</TextLink> and we will answer you directly.
              </Trans>
            </p>
          </div>
        ) : (
          <Accordion className="mt-4 space-y-8">
            {groups.map((group) => (
              <div key={group.id}>
                <h3 className="text-sm font-semibold uppercase tracking-wider text-brand-800">{group.title}</h3>
                <div className="mt-2 rounded-2xl border border-line px-5">
                  {group.items.map((item) => (
                    <AccordionItem key={item.id} value={item.id} title={item.question} headingLevel={4}>
                      {item.answer.map((paragraph) => (
                        <p key={paragraph} className="mt-2 first:mt-0">
                          {paragraph}
                        </p>
                      ))}
                    </AccordionItem>
                  ))}
                </div>
              </div>
            ))}
          </Accordion>
        )}
      </PageSection>

      <CtaBanner
        id="more-help-heading"
        className="pt-16"
        title={t`Still need help?`}
        text={t`Our support team answers Monday to Friday, 9 AM to 6 PM Singapore time. Found something broken? Tell us what happened and we will fix it.`}
      >
        <ButtonLink to="/contact" variant="inverse" size="lg" icon={Mail}>
          <Trans>Contact Support</Trans>
        </ButtonLink>
        <ButtonLink to="/contact?subject=technical" variant="outline-inverse" size="lg" icon={Bug}>
          <Trans>Report a Bug</Trans>
        </ButtonLink>
      </CtaBanner>
    </>
  );
}

export function meta(args: Route.MetaArgs) {
  const i18n = metaI18n(args);
  return [
    ...pageMeta(args, {
      title: i18n._(msg`Help Center`),
      description: i18n._(
        msg`Answers about searching DevConsult SEA, consultant profiles and their approval, messaging consultants and your account, plus e-mail and phone support hours.`,
      ),
      path: "/help-center",
    }),
    {
      "script:ld+json": {
        "@context": "https://schema.org",
        "@type": "FAQPage",
        mainEntity: faqGroups(i18n).flatMap((group) =>
          group.items.map((item) => ({
            "@type": "Question",
            name: item.question,
            acceptedAnswer: { "@type": "Answer", text: item.answer.join(" ") },
          })),
        ),
      },
    },
  ];
}

export { RouteErrorBoundary as ErrorBoundary };
