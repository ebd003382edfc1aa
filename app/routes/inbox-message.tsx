import { parseWithZod } from "@conform-to/zod/v4";
import { ArrowLeft, CornerUpLeft, MailOpen } from "lucide-react";
import { useEffect } from "react";
import { data, Form, Link } from "react-router";
import { parseId } from "../../common/ids.ts";
import { MESSAGE_TEXTS, replySchema } from "../../common/messages.ts";
import { serviceDeps } from "../../server/http/context.ts";
import { actorOf } from "../../server/services/context.ts";
import {
  deleteMessage,
  markMessageOpened,
  openMessage,
  replyToMessage,
  setMessageRead,
} from "../../server/services/messages/inbox.ts";
import { RouteErrorBoundary } from "../components/layout/route-error-boundary.tsx";
import { DeleteMessage } from "../components/messages/delete-message.tsx";
import { NoProfileInbox, SIGNED_OUT_INBOX } from "../components/messages/inbox-states.tsx";
import { ReplyForm } from "../components/messages/reply-form.tsx";
import { Button } from "../components/ui/button.tsx";
import { LocalTime } from "../components/ui/local-time.tsx";
import { toast } from "../components/ui/toast.tsx";
import { appContext } from "../context.ts";
import { pageMeta } from "../lib/meta.ts";
import { isRequestFailed, keepPageOnFailure, revalidateUnlessRequestFailed } from "../lib/page-action.ts";
import { orPageError, refusalOf } from "../lib/service-errors.server.ts";
import { requireSignedIn } from "../lib/signed-in.server.ts";
import { redirectWithToast } from "../lib/toast.server.ts";
import type { Route } from "./+types/inbox-message";
import type { SignedInHandle } from "./signed-in-layout.tsx";

// /inbox/{id}: one message. Opening it marks it read; the owner can mark it unread again, reply
// (e-mailed to the sender) and delete it. Every form works without JavaScript: the actions
// redirect with a toast, and `?confirm=delete` shows the delete confirmation as part of the page.

function messageIdFrom(value: string | undefined): number {
  const id = parseId(value);
  if (id === null) throw data(MESSAGE_TEXTS.messageNotFound, { status: 404 });
  return id;
}

/**
 * Opening a message marks it read before any loader runs: the root loader, which counts the unread
 * messages for the header badge, runs beside this page's loader and must already see it read.
 */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ context, params, request }, next) => {
    const app = context.get(appContext);
    const id = parseId(params.id);
    if (request.method === "GET" && app.session && id !== null) await markMessageOpened(app, actorOf(app.session), id);
    return next();
  },
];

export const handle: SignedInHandle = { signedOut: SIGNED_OUT_INBOX };

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const { config } = app;
  const session = requireSignedIn(app);
  // The middleware above marked it read already.
  const opened = await orPageError(openMessage(app, actorOf(session), messageIdFrom(params.id), { markRead: false }));
  if (opened.kind === "no-profile") return { state: "no-profile" as const };
  return {
    state: "message" as const,
    message: opened.message,
    profileEmail: opened.profileEmail,
    siteName: config.siteName,
    isConfirmingDelete: new URL(request.url).searchParams.get("confirm") === "delete",
  };
}

export async function action({ context, params, request }: Route.ActionArgs) {
  const app = context.get(appContext);
  const { session } = app;
  if (!session) throw data(MESSAGE_TEXTS.signInToRead, { status: 401 });
  const [deps, actor] = [serviceDeps(app), actorOf(session)];
  const id = messageIdFrom(params.id);
  const formData = await request.formData();
  const intent = formData.get("intent");

  if (intent === "unread") {
    await orPageError(setMessageRead(deps, actor, { id, body: { isRead: false } }));
    return redirectWithToast("/inbox", { title: "Marked as unread" });
  }
  if (intent === "delete") {
    await orPageError(deleteMessage(deps, actor, id));
    return redirectWithToast("/inbox", { title: "Message deleted" });
  }
  if (intent === "reply") {
    const submission = parseWithZod(formData, { schema: replySchema });
    if (submission.status !== "success") return data(submission.reply(), { status: 400 });
    try {
      const message = await orPageError(replyToMessage(deps, actor, { id, body: submission.value }));
      return redirectWithToast(`/inbox/${id}`, {
        title: "Reply sent",
        description: `Your reply was e-mailed to ${message.senderName}.`,
      });
    } catch (error) {
      // Refused, rate limited, or the mail server is down: say so by the form and keep the text.
      const refusal = refusalOf(error);
      const fieldErrors = refusal.status === 400 ? { reply: [refusal.message] } : undefined;
      return data(submission.reply(fieldErrors ? { fieldErrors } : { formErrors: [refusal.message] }), {
        status: refusal.status,
        headers: refusal.headers,
      });
    }
  }
  throw data("Unknown action", { status: 400 });
}

/** A failed request keeps the message and the reply's text, and says so in a toast. */
export async function clientAction(args: Route.ClientActionArgs) {
  return keepPageOnFailure(args, (message, formData) => ({
    failedIntent: String(formData.get("intent") ?? ""),
    message,
  }));
}

export const shouldRevalidate = revalidateUnlessRequestFailed;

const FAILED_TITLES: Record<string, string> = {
  reply: "Your reply was not sent",
  unread: "Could not mark the message as unread",
  delete: "Could not delete the message",
};

export default function InboxMessagePage({ loaderData, actionData }: Route.ComponentProps) {
  const failed = isRequestFailed(actionData) ? actionData : null;
  useEffect(() => {
    if (failed) {
      toast({ title: FAILED_TITLES[failed.failedIntent] ?? "Error", description: failed.message, variant: "destructive" });
    }
  }, [failed]);
  if (loaderData.state === "no-profile") return <NoProfileInbox />;
  const { message, profileEmail, siteName, isConfirmingDelete } = loaderData;
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <Link
        to="/inbox"
        className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 underline-offset-4 hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        Back to inbox
      </Link>
      <article aria-labelledby="message-subject" className="mt-4 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        <h1 id="message-subject" className="break-words text-2xl font-bold tracking-tight text-ink">
          {message.subject}
        </h1>
        <dl className="mt-4 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
          <dt className="font-medium text-muted">From</dt>
          <dd className="break-words text-ink">
            {message.senderName} &lt;
            <a href={`mailto:${message.senderEmail}`} className="font-medium text-brand-700 underline underline-offset-4">
              {message.senderEmail}
            </a>
            &gt;
          </dd>
          {message.senderOrganization && (
            <>
              <dt className="font-medium text-muted">Organization</dt>
              <dd className="break-words text-ink">{message.senderOrganization}</dd>
            </>
          )}
          <dt className="font-medium text-muted">Received</dt>
          <dd className="text-ink">
            <LocalTime value={message.createdAt} />
          </dd>
          {message.repliedAt && (
            <>
              <dt className="font-medium text-muted">Replied</dt>
              <dd className="text-ink">
                <LocalTime value={message.repliedAt} />
              </dd>
            </>
          )}
        </dl>
        <div className="mt-6 whitespace-pre-wrap break-words border-t border-slate-200 pt-6 leading-relaxed text-ink">
          {message.message}
        </div>
        <div className="mt-6 flex flex-wrap gap-3 border-t border-slate-200 pt-6">
          <Form method="post">
            <input type="hidden" name="intent" value="unread" />
            <Button type="submit" variant="outline">
              <MailOpen aria-hidden="true" className="size-4" />
              Mark as unread
            </Button>
          </Form>
          <DeleteMessage senderName={message.senderName} isConfirming={isConfirmingDelete} />
        </div>
      </article>

      {message.replies.length > 0 && (
        <section aria-labelledby="replies-heading" className="mt-8">
          <h2 id="replies-heading" className="text-lg font-bold text-ink">
            Your replies
          </h2>
          <ol className="mt-3 space-y-3">
            {message.replies.map((reply) => (
              <li key={reply.id} className="rounded-xl border border-brand-200 bg-brand-50 p-4">
                <p className="flex items-center gap-1 text-sm font-medium text-brand-800">
                  <CornerUpLeft aria-hidden="true" className="size-4" />
                  Sent <LocalTime value={reply.createdAt} />
                </p>
                <p className="mt-2 whitespace-pre-wrap break-words text-ink">{reply.body}</p>
              </li>
            ))}
          </ol>
        </section>
      )}

      <ReplyForm
        key={message.replies.length}
        senderName={message.senderName}
        senderEmail={message.senderEmail}
        profileEmail={profileEmail}
        siteName={siteName}
        lastResult={actionData && !isRequestFailed(actionData) ? actionData : undefined}
      />
    </div>
  );
}

export function meta(args: Route.MetaArgs) {
  const loaded = args.loaderData;
  return pageMeta(args, {
    title: loaded?.state === "message" ? loaded.message.subject : "Inbox",
    description: "A message an organization sent to your consultant profile.",
    noindex: true,
  });
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
