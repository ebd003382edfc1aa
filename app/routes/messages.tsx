import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { Link } from "react-router";
import { type ConversationBox, conversationListSchema } from "#common/conversations.ts";
import { MESSAGE_TEXTS } from "#common/messages.ts";
import { signInAndBackTo } from "#common/redirect.ts";
import { serviceDeps } from "#server/http/context.ts";
import { listConversations } from "#server/services/conversations/conversations.ts";
import { BlockedSenderLabel, ConversationStatusLabel } from "../components/conversations/conversation-status.tsx";
import { RouteErrorBoundary } from "../components/layout/route-error-boundary.tsx";
import { InboxFrame } from "../components/messages/inbox-states.tsx";
import { UnreadBadge } from "../components/messages/unread-badge.tsx";
import { VerifiedMark } from "../components/organizations/organization-badge.tsx";
import { Alert } from "../components/ui/alert.tsx";
import { ButtonLink, buttonClasses } from "../components/ui/button.tsx";
import { EmptyState } from "../components/ui/empty-state.tsx";
import { LocalTime } from "../components/ui/local-time.tsx";
import { appContext } from "../context.ts";
import { privatePageMeta } from "../lib/meta.ts";
import type { Route } from "./+types/messages";
import type { SignedInHandle } from "./signed-in-layout.tsx";

// /messages (issue 13): every signed-in user's conversations, in two views: Sent (conversations the
// user started with consultants) and Received (messages to the user's consultant profile).

export const handle: SignedInHandle = {
  signedOut: { heading: msg`Messages`, title: msg`Please sign in`, text: MESSAGE_TEXTS.signInToRead },
};

export async function loader({ context, request }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const { session } = app;
  if (!session) return { state: "signed-out" as const };
  const params = new URL(request.url).searchParams;
  const parsed = conversationListSchema.safeParse(Object.fromEntries(params));
  const query = parsed.success ? parsed.data : { page: 1 };
  const page = await listConversations(serviceDeps(app), session.user, query);
  return { state: "list" as const, ...page };
}

function BoxTabs({ box, unread }: { box: ConversationBox; unread: Record<ConversationBox, number> }) {
  const { t } = useLingui();
  const tabs: { box: ConversationBox; label: string }[] = [
    { box: "sent", label: t`Sent` },
    { box: "received", label: t`Received` },
  ];
  return (
    <nav aria-label={t`Message views`} className="mb-6 flex gap-2 border-b border-slate-200">
      {tabs.map((tab) => (
        <Link
          key={tab.box}
          to={`/messages?box=${tab.box}`}
          aria-current={tab.box === box ? "page" : undefined}
          className={`-mb-px inline-flex items-center gap-2 border-b-2 px-3 py-2 text-sm font-semibold ${
            tab.box === box ? "border-brand-700 text-brand-800" : "border-transparent text-slate-700 hover:text-ink"
          }`}
        >
          {tab.label}
          <UnreadBadge count={unread[tab.box]} />
        </Link>
      ))}
    </nav>
  );
}

export default function MessagesPage({ loaderData }: Route.ComponentProps) {
  const { t } = useLingui();
  if (loaderData.state === "signed-out") {
    return (
      <InboxFrame title={t`Messages`}>
        <Alert tone="warning" title={t`Please sign in`}>
          <p>
            <Trans>Sign in to read your conversations.</Trans>{" "}
            <Link to={signInAndBackTo("/messages")} className="font-semibold underline underline-offset-4">
              <Trans>Sign in</Trans>
            </Link>
          </p>
        </Alert>
      </InboxFrame>
    );
  }
  const { box, conversations, total, page, limit, unread, hasProfile } = loaderData;
  const pages = Math.max(1, Math.ceil(total / limit));
  const pageLink = (to: number) => `/messages?box=${box}&page=${to}`;
  const current = Math.min(page, pages);
  return (
    <InboxFrame
      title={t`Messages`}
      lead={
        <p>
          {hasProfile
            ? t`Your conversations with consultants, and messages to your consultant profile.`
            : t`Your conversations with consultants: what you wrote, and their answers.`}
        </p>
      }
    >
      <BoxTabs box={box} unread={unread} />
      {conversations.length === 0 ? (
        <EmptyState
          title={<Trans>No conversations here yet</Trans>}
          link={box === "sent" ? { to: "/", label: <Trans>Find consultants</Trans> } : undefined}
        >
          {box === "sent"
            ? t`When you message a consultant from their profile, the conversation appears here with their answers.`
            : hasProfile
              ? t`When an organization writes to your consultant profile, the message appears here and we e-mail you.`
              : t`Messages to a consultant profile appear here. You do not need a profile to message consultants.`}
        </EmptyState>
      ) : (
        <ul
          aria-label={box === "sent" ? t`Sent conversations` : t`Received conversations`}
          className="divide-y divide-slate-200 overflow-hidden rounded-2xl border border-slate-200 bg-white"
        >
          {conversations.map((conversation) => {
            const isUnread = conversation.unreadCount > 0;
            const unreadCount = conversation.unreadCount;
            return (
              <li key={conversation.id}>
                <Link
                  to={`/messages/${conversation.id}`}
                  className={`block px-4 py-4 hover:bg-slate-50 focus-visible:bg-slate-50 sm:px-5 ${isUnread ? "bg-brand-50/60" : ""}`}
                  data-testid="conversation-item"
                >
                  <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
                    <span className={`min-w-0 truncate ${isUnread ? "font-bold text-ink" : "text-slate-700"}`}>
                      {isUnread && (
                        <span className="mr-2 inline-block rounded-full bg-brand-700 px-2 py-0.5 align-middle text-xs font-semibold text-white">
                          <Trans>{unreadCount} unread</Trans>
                        </span>
                      )}
                      <bdi>{conversation.otherParty.name}</bdi>
                      {conversation.otherParty.detail && (
                        <span className="font-normal text-muted">
                          {" "}
                          · <bdi>{conversation.otherParty.detail}</bdi>
                        </span>
                      )}
                    </span>
                    <LocalTime value={conversation.lastMessage.at} className="shrink-0 text-sm text-muted" />
                  </div>
                  <p dir="auto" className="mt-1 truncate text-ink">
                    {conversation.subject}
                  </p>
                  <p className="mt-0.5 truncate text-sm text-muted">
                    {conversation.lastMessage.fromMe ? `${t`You:`} ` : ""}
                    <bdi>{conversation.lastMessage.preview}</bdi>
                  </p>
                  <p className="mt-2 flex flex-wrap items-center gap-2">
                    {/* The sender's verified organization (issue 31), below the name a phone cuts short. */}
                    {conversation.otherParty.organization?.verified && <VerifiedMark />}
                    {conversation.isBlockedSender && <BlockedSenderLabel />}
                    <ConversationStatusLabel box={box} status={conversation.status} />
                  </p>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
      {pages > 1 && (
        <nav aria-label={t`Conversation pages`} className="mt-6 flex items-center justify-between gap-3">
          {page > 1 ? (
            <ButtonLink to={pageLink(page - 1)} variant="outline" icon={ChevronLeft}>
              <Trans>Newer</Trans>
            </ButtonLink>
          ) : (
            <span />
          )}
          <span className="text-sm text-muted">
            <Trans>
              Page {current} of {pages}
            </Trans>
          </span>
          {page < pages ? (
            <Link to={pageLink(page + 1)} className={buttonClasses({ variant: "outline" })}>
              <Trans>Older</Trans>
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

export const meta = privatePageMeta({
  title: msg`Messages`,
  description: msg`Your conversations with consultants.`,

  path: "/messages",
});

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
