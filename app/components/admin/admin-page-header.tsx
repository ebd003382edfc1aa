import type { MessageDescriptor } from "@lingui/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "react-router";
import { RefusalNotice } from "../ui/refusal-notice.tsx";

/**
 * The top of an admin page below the dashboard (opportunities, reviews): the way back to the
 * dashboard, the page's heading, an optional description, and why the last action changed nothing.
 */
export function AdminPageHeader({
  title,
  failure,
  children,
}: {
  title: React.ReactNode;
  /** The refused action's message, already in the page's words. */
  failure?: React.ReactNode;
  /** What the page is for, under the heading. */
  children?: React.ReactNode;
}) {
  const { t } = useLingui();
  return (
    <>
      <Link to="/admin" className="text-sm font-medium text-brand-800 hover:underline">
        <Trans>Admin Dashboard</Trans>
      </Link>
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-ink">{title}</h1>
      {children}
      {failure && <RefusalNotice title={t`Not changed`}>{failure}</RefusalNotice>}
    </>
  );
}

/** The page's filters as links ("Show": all, reported, hidden …), the current one marked. */
export function AdminFilterLinks<Filter extends string>({
  filters,
  current,
  labels,
  href,
}: {
  filters: readonly Filter[];
  current: Filter;
  labels: Record<Filter, MessageDescriptor>;
  href: (filter: Filter) => string;
}) {
  const { t, i18n } = useLingui();
  return (
    <nav aria-label={t`Show`} className="mt-4 flex flex-wrap gap-2">
      {filters.map((filter) => (
        <Link
          key={filter}
          to={href(filter)}
          aria-current={filter === current ? "page" : undefined}
          className={`rounded-full px-3 py-1 text-sm font-medium ring-1 ring-inset ${
            filter === current ? "bg-brand-700 text-white ring-brand-700" : "text-brand-800 ring-line hover:bg-brand-50"
          }`}
        >
          {i18n._(labels[filter])}
        </Link>
      ))}
    </nav>
  );
}
