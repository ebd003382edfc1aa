import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Form, Link } from "react-router";
import { valueLabel } from "#app/i18n/labels.ts";
import type { OpportunitySummary } from "#common/opportunities.ts";
import {
  DIGEST_FREQUENCIES,
  type DigestFrequency,
  type MatchPart,
  type MatchPartName,
  type MatchScore,
  type SuggestedConsultant,
} from "#common/opportunity-match.ts";
import { Button } from "../ui/button.tsx";
import { Field, Select } from "../ui/field.tsx";
import { Options } from "../ui/options.tsx";
import { deadlineText, OrganizationName, whereText } from "./opportunity-facts.tsx";

// Matching both ways (issue 32): the match score and its parts, the same on both sides (the
// organization's Suggested consultants, the consultant's Opportunities for you). A <details>
// element shows the parts: it opens without JavaScript.

const PART_LABELS: Record<MatchPartName, ReturnType<typeof msg>> = {
  expertise: msg`Expertise`,
  countries: msg`Countries`,
  donor: msg`Donor`,
  languages: msg`Languages`,
  experience: msg`Experience`,
};

function sharedText(i18n: I18n, part: MatchPart): string {
  if (part.part === "experience") {
    const years = Number(part.shared[0] ?? 0);
    return i18n._(msg`${years} years`);
  }
  if (part.isOpen) return i18n._(msg`not asked`);
  if (part.shared.length === 0) return i18n._(msg`none shared`);
  return part.shared.map((value) => valueLabel(i18n, value, part.part === "languages" ? "language" : undefined)).join(", ");
}

/** The score as a badge, with its parts listed under a disclosure. */
export function MatchExplanation({ match, label }: { match: MatchScore; label: string }) {
  const { i18n } = useLingui();
  const score = match.score;
  return (
    <details className="mt-2 text-sm">
      <summary className="cursor-pointer font-medium text-brand-800">
        <Trans>Match {score}/100</Trans> <bdi className="sr-only">{label}</bdi>
      </summary>
      <dl className="mt-2 grid grid-cols-[auto_1fr_auto] gap-x-3 gap-y-1">
        {match.parts.map((part) => {
          const points = part.points;
          const max = part.max;
          return (
            <div key={part.part} className="contents">
              <dt className="text-muted">{i18n._(PART_LABELS[part.part])}</dt>
              <dd className="text-ink">{sharedText(i18n, part)}</dd>
              <dd className="text-right tabular-nums text-muted">
                <Trans>
                  {points}/{max}
                </Trans>
              </dd>
            </div>
          );
        })}
      </dl>
    </details>
  );
}

/** The short why: what the profile shares with the ToR (donor, countries, languages, expertise). */
function whyText(i18n: I18n, match: MatchScore): string {
  const named = match.parts.filter((part) => !part.isOpen && part.part !== "experience" && part.shared.length > 0);
  return named.map((part) => `${i18n._(PART_LABELS[part.part])}: ${sharedText(i18n, part)}`).join(" · ");
}

/**
 * One match in a list (a suggested consultant, an opportunity for the consultant): its name linking
 * to its page, its facts (children), the short why and the score with its parts.
 */
function MatchedRow({
  to,
  name,
  match,
  className,
  testId,
  children,
}: {
  to: string;
  name: string;
  match: MatchScore;
  className: string;
  testId: string;
  children: React.ReactNode;
}) {
  const { i18n } = useLingui();
  const why = whyText(i18n, match);
  return (
    <li className={className} data-testid={testId}>
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0 flex-1">
          <p className="font-semibold text-ink">
            <Link to={to} className="hover:underline">
              <bdi>{name}</bdi>
            </Link>
          </p>
          <p className="text-muted">{children}</p>
        </div>
      </div>
      {why && <p className="mt-2 text-slate-800">{why}</p>}
      <MatchExplanation match={match} label={name} />
    </li>
  );
}

/** "Suggested consultants" on an opportunity's page, for the organization's members. */
export function SuggestionsSection({ suggestions }: { suggestions: SuggestedConsultant[] }) {
  const { t } = useLingui();
  return (
    <section id="suggestions" aria-labelledby="suggestions-heading" className="mt-8">
      <h2 id="suggestions-heading" className="text-xl font-semibold text-ink">
        <Trans>Suggested consultants</Trans>
      </h2>
      <p className="mt-1 text-sm text-muted">
        <Trans>
          Listed profiles the directory's search finds for this ToR's expertise, countries, donor and languages, with how well
          each matches.
        </Trans>
      </p>
      {suggestions.length === 0 ? (
        <p className="mt-3 text-sm text-muted">
          <Trans>No listed profile matches this ToR's expertise yet.</Trans>
        </p>
      ) : (
        <ol className="mt-3 grid gap-3 sm:grid-cols-2" aria-label={t`Suggested consultants`}>
          {suggestions.map(({ consultant, match }) => {
            const years = consultant.yearsExperience;
            return (
              <MatchedRow
                key={consultant.id}
                to={`/consultant/${consultant.id}`}
                name={consultant.name}
                match={match}
                className="rounded-2xl border border-line bg-white p-4 text-sm"
                testId="suggestion"
              >
                <bdi>{consultant.title}</bdi> · <bdi>{consultant.location}</bdi> · <Trans>{years} years</Trans>
              </MatchedRow>
            );
          })}
        </ol>
      )}
    </section>
  );
}

const FREQUENCY_LABELS: Record<DigestFrequency, ReturnType<typeof msg>> = {
  weekly: msg`Weekly`,
  daily: msg`Daily`,
  off: msg`Never`,
};

/** "Opportunities for you" on the consultant's own profile page, with how often the digest e-mails them. */
export function OpportunitiesForYou({
  opportunities,
  frequency,
}: {
  opportunities: (OpportunitySummary & { match: MatchScore })[];
  frequency: DigestFrequency;
}) {
  const { t, i18n } = useLingui();
  return (
    <section id="for-you" aria-labelledby="for-you-heading" className="rounded-2xl border border-line bg-white p-4 sm:p-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="for-you-heading" className="text-lg font-semibold text-ink">
          <Trans>Opportunities for you</Trans>
        </h2>
        <Form method="post" className="flex flex-wrap items-end gap-2">
          <input type="hidden" name="intent" value="digest" />
          <Field label={t`E-mail me new matches`}>
            {(props) => (
              <Select {...props} name="frequency" defaultValue={frequency} className="w-auto">
                <Options values={DIGEST_FREQUENCIES} label={(value) => i18n._(FREQUENCY_LABELS[value])} />
              </Select>
            )}
          </Field>
          <Button type="submit" variant="outline" size="sm">
            <Trans>Save</Trans>
          </Button>
        </Form>
      </div>
      {opportunities.length === 0 ? (
        <p className="mt-2 text-sm text-muted">
          <Trans>
            No open opportunity asks for your specializations right now. <Link to="/opportunities">Browse all opportunities</Link>
          </Trans>
        </p>
      ) : (
        <ol className="mt-3 space-y-3" aria-label={t`Opportunities for you`}>
          {opportunities.map((opportunity) => (
            <MatchedRow
              key={opportunity.id}
              to={opportunity.path}
              name={opportunity.title}
              match={opportunity.match}
              className="rounded-xl border border-line p-3 text-sm"
              testId="opportunity-for-you"
            >
              <OrganizationName organization={opportunity.organization} /> · {whereText(i18n, opportunity)} ·{" "}
              {deadlineText(i18n, opportunity)}
            </MatchedRow>
          ))}
        </ol>
      )}
    </section>
  );
}
