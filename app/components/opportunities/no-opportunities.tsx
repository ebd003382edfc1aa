import type { I18n } from "@lingui/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "react-router";
import { valueLabel } from "#app/i18n/labels.ts";
import { useLocale } from "#app/i18n/use-locale.ts";
import { formatCount } from "#common/format.ts";
import type { OpportunityFilter, OpportunityRelaxation } from "#common/opportunity-query.ts";

// An opportunities' search that found nothing (issues 32 and 33: never a dead end): what would find
// something, as links — the keywords without a word ("3 match “water”"), the search without a
// filter ("Remove ‘Vietnam’ to see 2") — in the consultants' words (components/search/no-results.tsx)
// and, when nothing would, fewer words or every open opportunity. Its own markup rather than
// no-results.tsx's: the home page loads that module lazily, and a second importer splits it into
// chunks whose names the home page's first load lists (+48 B gzip on home, +29 B on every public
// page, measured 2026-11-28, where sign-in had 41 B of headroom).

/** The label of a filter's value a relaxation leaves out, as the search form names it (`flags`: its checkboxes). */
function filterLabel(
  i18n: I18n,
  flags: Record<"remote" | "deadlineSoon", string>,
  drop: { filter: OpportunityFilter; value: string },
) {
  if (drop.filter === "remote" || drop.filter === "deadlineSoon") return flags[drop.filter];
  return valueLabel(i18n, drop.value, drop.filter === "language" ? "language" : undefined);
}

const linkClasses = "font-semibold text-brand-800 underline underline-offset-4 hover:text-brand-900";

export function NoOpportunities({ keywords, relaxations = [] }: { keywords?: string; relaxations?: OpportunityRelaxation[] }) {
  const { i18n, t } = useLingui();
  const locale = useLocale();
  const flags = { remote: t`Remote work`, deadlineSoon: t`Deadline within 7 days` };
  const linkOf = (relaxation: OpportunityRelaxation) => ({
    to: `/opportunities${relaxation.query}`,
    count: `${formatCount(relaxation.count, locale)}${relaxation.countIsCapped ? "+" : ""}`,
  });
  const words = relaxations.flatMap((relaxation) =>
    "words" in relaxation.drop
      ? [
          {
            ...linkOf(relaxation),
            dropped: relaxation.drop.words.join(" "),
            kept: new URLSearchParams(relaxation.query).get("keywords"),
          },
        ]
      : [],
  );
  const filters = relaxations.flatMap((relaxation) =>
    "filter" in relaxation.drop ? [{ ...linkOf(relaxation), label: filterLabel(i18n, flags, relaxation.drop) }] : [],
  );
  return (
    <div
      className="mt-4 space-y-4 rounded-2xl border border-dashed border-slate-300 bg-white p-6 text-muted"
      data-testid="no-opportunities"
    >
      {words.length > 0 && (
        <div className="text-ink">
          <p>
            <Trans>
              No opportunity matches all of “<bdi>{keywords}</bdi>”.
            </Trans>
          </p>
          <ul className="mt-2 space-y-1">
            {words.map(({ to, count, kept, dropped }) => (
              <li key={to}>
                <Link to={to} className={linkClasses}>
                  <Trans>
                    {count} match “<bdi>{kept}</bdi>”
                  </Trans>
                </Link>{" "}
                <Trans>
                  (without “<bdi>{dropped}</bdi>”)
                </Trans>
              </li>
            ))}
          </ul>
        </div>
      )}
      {filters.length > 0 && (
        <ul className="space-y-1 text-ink">
          {filters.map(({ to, count, label }) => (
            <li key={to}>
              <Link to={to} className={linkClasses}>
                <Trans>
                  Remove ‘{label}’ to see {count}
                </Trans>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <p>
        <Trans>
          Try fewer words or filters, or{" "}
          <Link to="/opportunities" className="font-medium text-brand-800 underline">
            see every open opportunity
          </Link>
          .
        </Trans>
      </p>
    </div>
  );
}
