import { Trans, useLingui } from "@lingui/react/macro";
import { Bookmark } from "lucide-react";
import { Link, useLocation } from "react-router";

/**
 * The bookmark control on cards and profiles: opens "Save to a shortlist" (choose a list or create
 * one). A plain link, so it works before JavaScript and for visitors (who are asked to sign in).
 * It carries the page it was on, so saving from a results page comes back to the same results.
 */
export function BookmarkLink({
  consultantId,
  name,
  withLabel = false,
}: {
  consultantId: number;
  name: string;
  withLabel?: boolean;
}) {
  const { t } = useLingui();
  const location = useLocation();
  const back = encodeURIComponent(`${location.pathname}${location.search}`);
  return (
    <Link
      to={`/shortlists/add?consultant=${consultantId}&back=${back}`}
      aria-label={t`Save ${name} to a shortlist`}
      data-testid="bookmark"
      className="relative z-10 inline-flex items-center gap-1.5 rounded-lg px-2 py-1.5 text-sm font-medium text-brand-800 ring-1 ring-inset ring-brand-200 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600"
    >
      <Bookmark aria-hidden="true" className="size-4" />
      {withLabel ? (
        <span>
          <Trans>Save to shortlist</Trans>
        </span>
      ) : null}
    </Link>
  );
}
