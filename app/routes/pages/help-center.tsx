import { Bug, Mail, MessageSquareText, Phone, Search, SearchX } from "lucide-react";
import { useId, useState } from "react";
import { Form, useSearchParams } from "react-router";
import { PageSection } from "#app/components/content/page-section.tsx";
import { CtaBanner } from "#app/components/layout/cta-banner.tsx";
import { PageHero } from "#app/components/layout/page-hero.tsx";
import { RouteErrorBoundary } from "#app/components/layout/route-error-boundary.tsx";
import { Accordion, AccordionItem } from "#app/components/ui/accordion.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button, ButtonLink, buttonClasses } from "#app/components/ui/button.tsx";
import { Card, CardIcon } from "#app/components/ui/card.tsx";
import { TextLink } from "#app/components/ui/text-link.tsx";
import { countFaqItems, FAQ_GROUPS, filterFaq } from "#app/content/faq.ts";
import { appContext } from "#app/context.ts";
import { pageMeta } from "#app/lib/meta.ts";
import { SUPPORT_HOURS, SUPPORT_PHONE } from "#common/site-info.ts";
import type { Route } from "./+types/help-center";

export async function loader({ context }: Route.LoaderArgs) {
  const { config } = context.get(appContext);
  return { supportEmail: config.supportEmail };
}

const TOTAL_QUESTIONS = countFaqItems(FAQ_GROUPS);

export default function HelpCenter({ loaderData }: Route.ComponentProps) {
  const { supportEmail } = loaderData;
  const [searchParams] = useSearchParams();
  // Without JavaScript the search box submits ?q=; with it, the list filters as you type.
  const [query, setQuery] = useState(searchParams.get("q") ?? "");
  const groups = filterFaq(FAQ_GROUPS, query);
  const matches = countFaqItems(groups);
  const searchId = useId();

  return (
    <>
      <PageHero
        eyebrow="Help Center"
        title="How can we help?"
        lead={<p>Answers to common questions about searching the directory, consultant profiles, messages and your account.</p>}
      >
        <Form
          method="get"
          role="search"
          aria-label="Help Center"
          className="flex w-full max-w-2xl gap-2"
          onSubmit={(event) => event.preventDefault()}
        >
          <label htmlFor={searchId} className="sr-only">
            Search the questions
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
              placeholder="Search for answers, e.g. approval or password"
              autoComplete="off"
              className="block h-12 w-full rounded-lg border border-white bg-white pl-10 pr-3 text-base text-ink shadow-sm placeholder:text-slate-500 focus:outline-3 focus:outline-offset-2 focus:outline-accent-300"
            />
          </div>
          <Button type="submit" variant="inverse" size="lg">
            Search
          </Button>
        </Form>
      </PageHero>

      <PageSection id="support-heading" title="Talk to our support team" large={false} container="max-w-7xl py-12">
        <ul className="mt-6 grid gap-6 md:grid-cols-3">
          <li className="flex">
            <SupportCard
              icon={MessageSquareText}
              title="Contact Form"
              text="Tell us what happened and where; the form reaches the same team and keeps your question on record."
            >
              <ButtonLink to="/contact" variant="secondary" icon={MessageSquareText}>
                Write to us
              </ButtonLink>
            </SupportCard>
          </li>
          <li className="flex">
            <SupportCard icon={Mail} title="Email Support" text="Write to us any time; we reply within one business day.">
              <a href={`mailto:${supportEmail}`} className={buttonClasses({ variant: "secondary" })}>
                <Mail aria-hidden="true" className="size-4" />
                {supportEmail}
              </a>
            </SupportCard>
          </li>
          <li className="flex">
            <SupportCard icon={Phone} title="Phone Support" text="Speak to us directly, in English, during support hours.">
              <a href={SUPPORT_PHONE.href} className={buttonClasses({ variant: "secondary" })}>
                <Phone aria-hidden="true" className="size-4" />
                {SUPPORT_PHONE.display}
              </a>
            </SupportCard>
          </li>
        </ul>
      </PageSection>

      <PageSection id="faq-heading" title="Frequently asked questions" band large={false} container="max-w-4xl py-12">
        <p role="status" className="mt-2 text-sm text-muted">
          {query.trim() ? `${matches} of ${TOTAL_QUESTIONS} questions match your search.` : ""}
        </p>
        {matches === 0 ? (
          <div className="mt-6 flex flex-col items-center rounded-2xl border border-dashed border-slate-300 px-6 py-10 text-center">
            <SearchX aria-hidden="true" className="size-8 text-muted" />
            <p className="mt-3 font-semibold text-ink">No questions match “{query.trim()}”.</p>
            <p className="mt-1 text-sm text-muted">
              Try other words, or <TextLink to="/contact">contact support</TextLink> and we will answer you directly.
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
        title="Still need help?"
        text="Our support team answers Monday to Friday, 9 AM to 6 PM Singapore time. Found something broken? Tell us what happened and we will fix it."
      >
        <ButtonLink to="/contact" variant="inverse" size="lg" icon={Mail}>
          Contact Support
        </ButtonLink>
        <ButtonLink to="/contact?subject=technical" variant="outline-inverse" size="lg" icon={Bug}>
          Report a Bug
        </ButtonLink>
      </CtaBanner>
    </>
  );
}

function SupportCard({
  icon: Icon,
  title,
  text,
  children,
}: {
  icon: typeof Mail;
  title: string;
  text: string;
  children: React.ReactNode;
}) {
  return (
    <Card as="article" className="flex w-full flex-col">
      <div className="flex items-center gap-3">
        <CardIcon>
          <Icon className="size-5" />
        </CardIcon>
        <h3 className="text-lg font-semibold text-ink">{title}</h3>
      </div>
      <p className="mt-3 flex-1 text-sm leading-relaxed text-slate-700">{text}</p>
      <p className="mt-3">
        <Badge tone="neutral">{SUPPORT_HOURS}</Badge>
      </p>
      <div className="mt-4 border-t border-line pt-4">{children}</div>
    </Card>
  );
}

export function meta(args: Route.MetaArgs) {
  return [
    ...pageMeta(args, {
      title: "Help Center",
      description:
        "Answers about searching DevConsult SEA, consultant profiles and their approval, messaging consultants and your account, plus e-mail and phone support hours.",
      path: "/help-center",
    }),
    {
      "script:ld+json": {
        "@context": "https://schema.org",
        "@type": "FAQPage",
        mainEntity: FAQ_GROUPS.flatMap((group) =>
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
