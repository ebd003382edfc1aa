import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Form, Link } from "react-router";
import type { SignInPromptCopy } from "../account/sign-in-prompt.tsx";
import { RefusalNotice } from "../ui/refusal-notice.tsx";

// The parts the pages of the Admin Dashboard share: their sign-in prompt and ?page= reader, the
// header of a page below the dashboard, its filter links, the links to the admin pages, the top of a
// plain admin table and a form about one row. One module, so the admin routes share one chunk (each
// chunk is an entry, per route, of the route manifest every public page loads).

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

/** The admin pages' sign-in prompt (the `handle` of each: app/routes/signed-in-layout.tsx). */
export const ADMIN_HANDLE: { signedOut: SignInPromptCopy } = {
  signedOut: {
    heading: msg`Admin Access Required`,
    text: msg`Please sign in with an administrator account to view the Admin Dashboard.`,
    withHomeLink: true,
  },
};

/** The page of an admin table named by the address (?page=): a whole number up to a million, else 1. */
export function adminPageOf(params: URLSearchParams): number {
  const page = Number(params.get("page"));
  return Number.isInteger(page) && page >= 1 && page <= 1_000_000 ? page : 1;
}

/** The admin pages below the dashboard, in the order the dashboard lists them. */
const ADMIN_PAGES = [
  { to: "/admin/searches", label: msg`Searches that found nothing` },
  { to: "/admin/organizations", label: msg`Organizations and reported conversations` },
  { to: "/admin/opportunities", label: msg`Opportunities: approval, reports` },
  { to: "/admin/reviews", label: msg`Reviews: hide or show again` },
  { to: "/admin/reviews?show=references", label: msg`References: see and remove` },
] as const;

export type AdminPagePath = (typeof ADMIN_PAGES)[number]["to"];

/** Links to the admin pages, one a line: every one (the dashboard), or the one a page points to. */
export function AdminPageLinks({ only }: { only?: AdminPagePath }) {
  const { i18n } = useLingui();
  return ADMIN_PAGES.filter((page) => only === undefined || page.to === only).map((page) => (
    <p key={page.to} className="mt-1 text-sm">
      <Link to={page.to} className="font-semibold text-brand-700 underline underline-offset-4">
        {i18n._(page.label)}
      </Link>
    </p>
  ));
}

/** An admin table column's label; `{ hidden }` names a column (of buttons, say) for screen readers only. */
export type ColumnLabel = string | { hidden: string };

/**
 * The top of a plain <table> (the admin's organizations and zero-result searches): its caption
 * for screen readers, then one header row with a column header (th scope="col") per label.
 */
export function AdminTableHead({
  caption,
  columns,
  className,
  cellClassName,
}: {
  caption: string;
  columns: readonly ColumnLabel[];
  /** The class of the <thead>. */
  className: string;
  cellClassName: string;
}) {
  return (
    <>
      <caption className="sr-only">{caption}</caption>
      <thead className={className}>
        <tr>
          {columns.map((column) =>
            typeof column === "string" ? (
              <th key={column} scope="col" className={cellClassName}>
                {column}
              </th>
            ) : (
              <th key={column.hidden} scope="col" className={cellClassName}>
                <span className="sr-only">{column.hidden}</span>
              </th>
            ),
          )}
        </tr>
      </thead>
    </>
  );
}

/**
 * An admin page's form about one row (an opportunity, a review, a reference, an organization, a
 * report): it posts the row's id, the page to come back to, and the intent when the form has one
 * (else its submit button names it), with the form's own fields and buttons.
 */
export function AdminRowForm({
  id,
  back,
  intent,
  className,
  children,
}: {
  id: number;
  back: string;
  intent?: string;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <Form method="post" className={className}>
      {intent && <input type="hidden" name="intent" value={intent} />}
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="back" value={back} />
      {children}
    </Form>
  );
}
