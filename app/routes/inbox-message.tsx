import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { ArrowLeft, CornerUpLeft, MailOpen, Send, Trash2 } from "lucide-react";
import { useState } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { MESSAGE_TEXTS, REPLY_MAX, replySchema } from "../../common/messages.ts";
import { AppError, NotFound, ValidationFailed } from "../../server/services/errors.ts";
import {
  deleteMessage,
  findOwnProfile,
  markMessageOpened,
  openMessage,
  replyToMessage,
  setMessageRead,
} from "../../server/services/messages.ts";
import { LocalTime } from "../components/local-time.tsx";
import { NoProfileInbox, SignedOutInbox } from "../components/messages/inbox-states.tsx";
import { RouteErrorBoundary } from "../components/route-error-boundary.tsx";
import { Alert } from "../components/ui/alert.tsx";
import { Button, buttonClasses } from "../components/ui/button.tsx";
import { Dialog, DialogClose, DialogContent } from "../components/ui/dialog.tsx";
import { Field, Textarea } from "../components/ui/field.tsx";
import { appContext } from "../context.ts";
import { pageMeta } from "../lib/meta.ts";
import { toastCookie } from "../lib/toast.server.ts";
import type { Route } from "./+types/inbox-message";

// /inbox/{id}: one message. Opening it marks it read; the owner can mark it unread again, reply
// (e-mailed to the sender) and delete it. Every form works without JavaScript: the actions
// redirect with a toast, and `?confirm=delete` shows the delete confirmation as part of the page.

const MAX_ID = 2_147_483_647;

function messageIdFrom(value: string | undefined): number {
  if (!value || !/^[1-9]\d{0,9}$/.test(value) || Number(value) > MAX_ID)
    throw data(MESSAGE_TEXTS.messageNotFound, { status: 404 });
  return Number(value);
}

/** A NotFound from the service (another profile's message, or a deleted one) is the page's 404. */
async function orNotFound<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof NotFound) throw data(error.message, { status: 404 });
    throw error;
  }
}

/**
 * Opening a message marks it read before any loader runs: the root loader, which counts the unread
 * messages for the header badge, runs beside this page's loader and must already see it read.
 */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ context, params, request }, next) => {
    const { db, session } = context.get(appContext);
    const id = /^[1-9]\d{0,9}$/.test(params.id ?? "") ? Number(params.id) : 0;
    if (request.method === "GET" && session && id > 0 && id <= MAX_ID) await markMessageOpened(db, session.user, id);
    return next();
  },
];

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { db, session, config } = context.get(appContext);
  if (!session) return { state: "signed-out" as const };
  const profile = await findOwnProfile(db, session.user);
  if (!profile) return { state: "no-profile" as const };
  const message = await orNotFound(openMessage(db, session.user, messageIdFrom(params.id)));
  return {
    state: "message" as const,
    message,
    profileEmail: profile.email,
    siteName: config.siteName,
    isConfirmingDelete: new URL(request.url).searchParams.get("confirm") === "delete",
  };
}

export async function action({ context, params, request }: Route.ActionArgs) {
  const { db, session, jobs, config, log } = context.get(appContext);
  if (!session) throw data(MESSAGE_TEXTS.signInToRead, { status: 401 });
  const id = messageIdFrom(params.id);
  const formData = await request.formData();
  const intent = formData.get("intent");

  if (intent === "unread") {
    await orNotFound(setMessageRead(db, session.user, id, { isRead: false }));
    return redirect("/inbox", { headers: { "Set-Cookie": toastCookie({ title: "Marked as unread" }) } });
  }
  if (intent === "delete") {
    await orNotFound(deleteMessage(db, session.user, id));
    return redirect("/inbox", { headers: { "Set-Cookie": toastCookie({ title: "Message deleted" }) } });
  }
  if (intent === "reply") {
    const submission = parseWithZod(formData, { schema: replySchema });
    if (submission.status !== "success") return data(submission.reply(), { status: 400 });
    try {
      const message = await orNotFound(
        replyToMessage(db, session.user, id, submission.value, {
          jobs,
          siteName: config.siteName,
          publicUrl: config.publicUrl,
          log,
        }),
      );
      return redirect(`/inbox/${id}`, {
        headers: {
          "Set-Cookie": toastCookie({ title: "Reply sent", description: `Your reply was e-mailed to ${message.senderName}.` }),
        },
      });
    } catch (error) {
      if (error instanceof ValidationFailed) {
        return data(submission.reply({ fieldErrors: { reply: [error.message] } }), { status: 400 });
      }
      // Rate limited, or the mail server is down: say so above the form and keep the text.
      if (error instanceof AppError && error.status !== 404) {
        return data(submission.reply({ formErrors: [error.message] }), { status: error.status });
      }
      throw error;
    }
  }
  throw data("Unknown action", { status: 400 });
}

export default function InboxMessagePage({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.state === "signed-out") return <SignedOutInbox />;
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
        lastResult={actionData}
      />
    </div>
  );
}

function ReplyForm({
  senderName,
  senderEmail,
  profileEmail,
  siteName,
  lastResult,
}: {
  senderName: string;
  senderEmail: string;
  profileEmail: string;
  siteName: string;
  lastResult: Route.ComponentProps["actionData"];
}) {
  const navigation = useNavigation();
  const isSending = navigation.state !== "idle" && navigation.formData?.get("intent") === "reply";
  const [form, fields] = useForm({
    lastResult,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: replySchema }),
  });
  return (
    <section aria-labelledby="reply-heading" className="mt-8 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id="reply-heading" className="text-lg font-bold text-ink">
        Reply to {senderName}
      </h2>
      <p className="mt-1 text-sm text-muted">
        Your reply is e-mailed from {siteName} to {senderEmail}, with your address ({profileEmail}) as the reply-to address, so{" "}
        {senderName} can write back to you directly.
      </p>
      <Form method="post" {...getFormProps(form)} className="mt-4 grid gap-4">
        {form.errors && form.errors.length > 0 && (
          <Alert tone="error" title="Your reply was not sent" live>
            {form.errors[0]}
          </Alert>
        )}
        <input type="hidden" name="intent" value="reply" />
        <Field label="Your reply" required error={fields.reply.errors}>
          {(props) => (
            <Textarea
              {...props}
              key={fields.reply.key}
              name={fields.reply.name}
              defaultValue={fields.reply.initialValue}
              rows={6}
              maxLength={REPLY_MAX}
            />
          )}
        </Field>
        <div>
          <Button type="submit" disabled={isSending}>
            <Send aria-hidden="true" className="size-4" />
            {isSending ? "Sending..." : "Send reply"}
          </Button>
        </div>
      </Form>
    </section>
  );
}

/**
 * Delete asks first. With JavaScript the question is a dialog; without it the link reloads the
 * page with `?confirm=delete`, which shows the same question in place.
 */
function DeleteMessage({ senderName, isConfirming }: { senderName: string; isConfirming: boolean }) {
  const [open, setOpen] = useState(false);
  const question = "Delete this message?";
  const explanation = `This cannot be undone. The message from ${senderName} and your replies to it will be removed from your inbox.`;
  const confirmForm = (
    <Form method="post" className="flex flex-wrap justify-end gap-3">
      <input type="hidden" name="intent" value="delete" />
      {isConfirming && !open ? (
        <Link to="?" className={buttonClasses({ variant: "outline" })} replace>
          Cancel
        </Link>
      ) : (
        <DialogClose asChild>
          <Button variant="outline">Cancel</Button>
        </DialogClose>
      )}
      <Button type="submit" variant="destructive">
        <Trash2 aria-hidden="true" className="size-4" />
        Delete message
      </Button>
    </Form>
  );
  if (isConfirming) {
    return (
      <div className="w-full" role="alertdialog" aria-labelledby="delete-question" aria-describedby="delete-explanation">
        <div className="rounded-xl border border-red-200 bg-red-50 p-4">
          <p id="delete-question" className="font-semibold text-red-900">
            {question}
          </p>
          <p id="delete-explanation" className="mt-1 text-sm text-red-900">
            {explanation}
          </p>
          <div className="mt-4">{confirmForm}</div>
        </div>
      </div>
    );
  }
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <a
        href="?confirm=delete"
        onClick={(event) => {
          event.preventDefault();
          setOpen(true);
        }}
        className={buttonClasses({ variant: "outline", className: "text-red-800" })}
      >
        <Trash2 aria-hidden="true" className="size-4" />
        Delete
      </a>
      <DialogContent title={question} description={explanation}>
        {confirmForm}
      </DialogContent>
    </Dialog>
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
