import type { LucideIcon } from "lucide-react";
import { Button } from "../ui/button.tsx";
import { Card } from "../ui/card.tsx";

/** One fact under a resource's title, read out with its label (the icon is decoration). */
export type ResourceDetail = { label: string; icon: LucideIcon; value: React.ReactNode };

/**
 * A library item on the Resources page: badges, title, text, facts and one action. The action's
 * target is not published yet, so its button is disabled and says so (`noteId` points at the note
 * that explains why).
 */
export function ResourceCard({
  badges,
  title,
  description,
  details = [],
  action,
  noteId,
}: {
  badges: React.ReactNode;
  title: string;
  description?: string;
  details?: readonly ResourceDetail[];
  action: { icon: LucideIcon; label: string };
  noteId: string;
}) {
  return (
    <Card as="article" className="flex w-full flex-col">
      <div className="flex flex-wrap items-center gap-2">{badges}</div>
      <h3 className="mt-4 text-lg font-semibold leading-snug text-ink">{title}</h3>
      {description ? <p className="mt-2 flex-1 text-sm leading-relaxed text-slate-700">{description}</p> : null}
      {details.length > 0 ? (
        <dl className="mt-4 flex flex-1 flex-wrap content-start gap-x-5 gap-y-2 text-sm text-slate-700">
          {details.map((detail) => (
            <div key={detail.label} className="flex gap-1.5">
              <dt className="sr-only">{detail.label}</dt>
              <detail.icon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted" />
              <dd>{detail.value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      <div className="mt-5 flex flex-wrap items-center gap-3 border-t border-line pt-4">
        <Button variant="outline" disabled aria-label={`${action.label}: ${title}`} aria-describedby={noteId}>
          <action.icon aria-hidden="true" className="size-4" />
          {action.label}
        </Button>
        <span className="text-xs font-medium text-muted">Coming soon</span>
      </div>
    </Card>
  );
}
