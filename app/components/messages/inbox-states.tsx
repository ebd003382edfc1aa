import { Inbox } from "lucide-react";

/** The frame of the Messages and Shortlists pages: a heading and what sits under it. */
export function InboxFrame({ title, lead, children }: { title: string; lead?: React.ReactNode; children: React.ReactNode }) {
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <div className="flex items-center gap-3">
        <span aria-hidden="true" className="grid size-11 place-items-center rounded-xl bg-brand-50 text-brand-700">
          <Inbox className="size-6" />
        </span>
        <h1 className="text-3xl font-bold tracking-tight text-ink">{title}</h1>
      </div>
      {lead && <div className="mt-2 text-muted">{lead}</div>}
      <div className="mt-6">{children}</div>
    </div>
  );
}
