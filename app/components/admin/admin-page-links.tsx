import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { Link } from "react-router";

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
