import type { I18n } from "@lingui/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "react-router";
import { RelaxationLinks } from "#app/components/search/no-results.tsx";
import { valueLabel } from "#app/i18n/labels.ts";
import type { OpportunityFilter, OpportunityRelaxation } from "#common/opportunities.ts";

// An opportunities' search that found nothing (issues 32 and 33: never a dead end), as the
// consultants' (components/search/no-results.tsx): what would find something, as links — the
// keywords without a word ("3 match “water”"), the search without a filter ("Remove ‘Vietnam’ to
// see 2") — and when nothing would, fewer words or every open opportunity.

/** The label of a filter's value a relaxation leaves out, as the search form names it (`flags`: its checkboxes). */
function filterLabel(
  i18n: I18n,
  flags: Record<"remote" | "deadlineSoon", string>,
  drop: { filter: OpportunityFilter; value: string },
) {
  if (drop.filter === "remote" || drop.filter === "deadlineSoon") return flags[drop.filter];
  return valueLabel(i18n, drop.value, drop.filter === "language" ? "language" : undefined);
}

export function NoOpportunities({ keywords, relaxations = [] }: { keywords?: string; relaxations?: OpportunityRelaxation[] }) {
  const { i18n, t } = useLingui();
  const flags = { remote: t`Remote work`, deadlineSoon: t`Deadline within 7 days` };
  return (
    <div
      className="mt-4 rounded-2xl border border-dashed border-slate-300 bg-white p-6 text-muted"
      data-testid="no-opportunities"
    >
      <RelaxationLinks
        relaxations={relaxations}
        allOf={
          <Trans>
            No opportunity matches all of “<bdi>{keywords}</bdi>”.
          </Trans>
        }
        hrefOf={(relaxation) => `/opportunities${relaxation.query}`}
        labelOf={(drop) => filterLabel(i18n, flags, drop)}
      />
      <p className="mx-auto mt-4 max-w-xl">
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
