import { Trans, useLingui } from "@lingui/react/macro";
import { Bookmark } from "lucide-react";
import { Link, useLocation } from "react-router";

/** "Save to a shortlist" for a consultant, coming back afterwards to `back` (a page, or a card on it). */
export function bookmarkHref(consultantId: number, back: string): string {
  return `/shortlists/add?consultant=${consultantId}&back=${encodeURIComponent(back)}`;
}

export const BOOKMARK_CLASS =
  "relative z-10 inline-flex items-center gap-1.5 rounded-lg px-2 py-1.5 text-sm font-medium text-brand-800 ring-1 ring-inset ring-brand-200 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600";

/**
 * The bookmark control on profiles (a card has its own, in consultant-card.tsx): opens "Save to
 * a shortlist" (choose a list or create one). A plain link, so it works before JavaScript and for visitors (who are asked to sign in).
 * It carries the page it was on, so saving from a results page comes back to the same results.
 */
export function BookmarkLink({ consultantId, name }: { consultantId: number; name: string }) {
  const { t } = useLingui();
  const location = useLocation();
  return (
    <Link
      to={bookmarkHref(consultantId, `${location.pathname}${location.search}`)}
      aria-label={t`Save ${name} to a shortlist`}
      data-testid="bookmark"
      className={BOOKMARK_CLASS}
    >
      <Bookmark aria-hidden="true" className="size-4" />
      <span>
        <Trans>Save to shortlist</Trans>
      </span>
    </Link>
  );
}
