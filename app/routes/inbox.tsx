import { ChevronLeft, ChevronRight, CornerUpLeft } from "lucide-react";
import { Link } from "react-router";
import { INBOX_PAGE_SIZE } from "../../common/messages.ts";
import { serviceDeps } from "../../server/http/context.ts";
import { actorOf } from "../../server/services/context.ts";
import { listInbox } from "../../server/services/messages/inbox.ts";
import { RouteErrorBoundary } from "../components/layout/route-error-boundary.tsx";
import { InboxFrame, NoProfileInbox, SIGNED_OUT_INBOX } from "../components/messages/inbox-states.tsx";
import { buttonClasses } from "../components/ui/button.tsx";
import { LocalTime } from "../components/ui/local-time.tsx";
import { appContext } from "../context.ts";
import { pageMeta } from "../lib/meta.ts";
import { requireSignedIn } from "../lib/signed-in.server.ts";
import type { Route } from "./+types/inbox";
import type { SignedInHandle } from "./signed-in-layout.tsx";

// /inbox: the messages organizations sent to the signed-in consultant, newest first, a page at a time.

function pageFrom(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 && page <= 1_000_000 ? page : 1;
}

export const handle: SignedInHandle = { signedOut: SIGNED_OUT_INBOX };

export async function loader({ context, request }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const session = requireSignedIn(app);
  const page = pageFrom(new URL(request.url).searchParams.get("page"));
  const inbox = await listInbox(serviceDeps(app), actorOf(session), { page, limit: INBOX_PAGE_SIZE });
  if (inbox.kind === "no-profile") return { state: "no-profile" as const };
  return { state: "inbox" as const, ...inbox };
}

export default function InboxPage({ loaderData }: Route.ComponentProps) {
  if (loaderData.state === "no-profile") return <NoProfileInbox />;
  const { messages, total, unreadCount, page, limit, profileName } = loaderData;
  const pages = Math.max(1, Math.ceil(total / limit));
  return (
    <InboxFrame
      title="Inbox"
      lead={
        <p>
          Messages organizations sent to {profileName}.{" "}
          {total === 0 ? null : (
            <strong className="font-semibold text-ink">
              {unreadCount === 0 ? "All read." : unreadCount === 1 ? "1 unread message." : `${unreadCount} unread messages.`}
            </strong>
          )}
        </p>
      }
    >
      {total === 0 ? (
        <div className="rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center">
          <h2 className="text-lg font-semibold text-ink">No messages yet</h2>
          <p className="mt-2 text-muted">
            When an organization writes to you from your profile, the message appears here and we e-mail you.
          </p>
        </div>
      ) : messages.length === 0 ? (
        <div className="rounded-2xl border border-slate-200 bg-white p-8 text-center">
          <h2 className="text-lg font-semibold text-ink">This page is empty</h2>
          <Link to="/inbox" className={buttonClasses({ variant: "outline", className: "mt-4" })}>
            Go to the newest messages
          </Link>
        </div>
      ) : (
        <ul
          aria-label="Messages"
          className="divide-y divide-slate-200 overflow-hidden rounded-2xl border border-slate-200 bg-white"
        >
          {messages.map((message) => (
            <li key={message.id}>
              <Link
                to={`/inbox/${message.id}`}
                className={`block px-4 py-4 hover:bg-slate-50 focus-visible:bg-slate-50 sm:px-5 ${message.isRead ? "" : "bg-brand-50/60"}`}
                data-testid="inbox-item"
              >
                <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
                  <span className={`min-w-0 truncate ${message.isRead ? "text-slate-700" : "font-bold text-ink"}`}>
                    {!message.isRead && (
                      <span className="mr-2 inline-block rounded-full bg-brand-700 px-2 py-0.5 align-middle text-xs font-semibold text-white">
                        Unread
                      </span>
                    )}
                    {message.senderName}
                    {message.senderOrganization && (
                      <span className="font-normal text-muted"> · {message.senderOrganization}</span>
                    )}
                  </span>
                  <LocalTime value={message.createdAt} className="shrink-0 text-sm text-muted" />
                </div>
                <p className={`mt-1 truncate ${message.isRead ? "text-ink" : "font-semibold text-ink"}`}>{message.subject}</p>
                <p className="mt-0.5 truncate text-sm text-muted">{message.preview}</p>
                {message.repliedAt && (
                  <p className="mt-2 inline-flex items-center gap-1 text-xs font-medium text-brand-800">
                    <CornerUpLeft aria-hidden="true" className="size-3.5" />
                    Replied <LocalTime value={message.repliedAt} />
                  </p>
                )}
              </Link>
            </li>
          ))}
        </ul>
      )}
      {pages > 1 && (
        <nav aria-label="Inbox pages" className="mt-6 flex items-center justify-between gap-3">
          {page > 1 ? (
            <Link to={`/inbox?page=${page - 1}`} className={buttonClasses({ variant: "outline" })}>
              <ChevronLeft aria-hidden="true" className="size-4" />
              Newer
            </Link>
          ) : (
            <span />
          )}
          <span className="text-sm text-muted">
            Page {Math.min(page, pages)} of {pages}
          </span>
          {page < pages ? (
            <Link to={`/inbox?page=${page + 1}`} className={buttonClasses({ variant: "outline" })}>
              Older
              <ChevronRight aria-hidden="true" className="size-4" />
            </Link>
          ) : (
            <span />
          )}
        </nav>
      )}
    </InboxFrame>
  );
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: "Inbox",
    description: "Messages organizations sent to your consultant profile.",
    path: "/inbox",
    noindex: true,
  });
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
