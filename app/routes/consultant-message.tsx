import { parseWithZod } from "@conform-to/zod/v4";
import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { ArrowLeft, CheckCircle2 } from "lucide-react";
import { data, Link, useNavigate } from "react-router";
import { inSentence } from "#common/bidi.ts";
import { parseId } from "#common/ids.ts";
import { MESSAGE_TEXTS, messageFormSchema, SUBJECT_MAX } from "#common/messages.ts";
import { type AppContext, serviceDeps } from "#server/http/context.ts";
import { resendVerificationEmail } from "#server/services/accounts/verification.ts";
import { actorOf } from "#server/services/context.ts";
import { Conflict } from "#server/services/errors.ts";
import { findMessageRecipient, sendMessage } from "#server/services/messages/send.ts";
import { teamContactWith } from "#server/services/organizations/team-contact.ts";
import { SignInNotice } from "../components/account/sign-in-prompt.tsx";
import { RouteErrorBoundary } from "../components/layout/route-error-boundary.tsx";
import { authRequiredToast, RESEND_VERIFICATION, SendMessageForm } from "../components/messages/send-message-form.tsx";
import { buttonClasses } from "../components/ui/button.tsx";
import { appContext } from "../context.ts";
import { i18nOfRequest } from "../i18n/i18n.ts";
import { translateText } from "../i18n/translate-text.ts";
import { errorAnswer, failureToast, succeeded } from "../lib/form-answer.ts";
import { metaI18n, pageMeta } from "../lib/meta.ts";
import { keepPageOnFailure, revalidateUnlessRequestFailed } from "../lib/page-action.ts";
import { answer, invalidAnswer, refusedAnswer } from "../lib/service-errors.server.ts";
import type { Route } from "./+types/consultant-message";

// /consultant/{id}/message: the message form as a page of its own. The profile page's dialog posts
// here with a fetcher; without JavaScript the Send Message link leads here and the form works as a
// plain form post.

async function recipientOrNotFound(deps: Parameters<typeof findMessageRecipient>[0], id: string | undefined) {
  const consultantId = parseId(id);
  const recipient = consultantId === null ? null : await findMessageRecipient(deps, null, consultantId);
  if (!recipient) throw data("Consultant Not Found", { status: 404 });
  return recipient;
}

/**
 * A subject to start the form with, from `?subject=` (an applicant's "Message" names the
 * opportunity, issue 32): one line, at most the field's length; anything else starts it empty.
 */
function subjectOf(request: Request): string {
  const subject = new URL(request.url).searchParams.get("subject") ?? "";
  return subject
    .replace(/\p{Cc}+/gu, " ")
    .trim()
    .slice(0, SUBJECT_MAX);
}

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { db, session } = context.get(appContext);
  const consultant = await recipientOrNotFound({ db }, params.id);
  return {
    consultant,
    sender: session
      ? {
          name: session.user.name,
          email: session.user.email,
          subject: subjectOf(request),
          teamContact: await teamContactWith({ db }, actorOf(session), consultant.id),
        }
      : null,
  };
}

/** The page's toasts, in the language of its URL: 'Authentication Required' for a 401, else 'Failed to send message' with the reason. */
function toastsOf(request: Request) {
  const i18n = i18nOfRequest(request);
  const sendFailed = failureToast(i18n._(msg`Failed to send message`));
  const authRequired = authRequiredToast(i18n);
  const refusalToast = (message: string, { status }: { status: number }) => (status === 401 ? authRequired : sendFailed(message));
  return { i18n, sendFailed, authRequired, refusalToast };
}

export async function action({ context, params, request }: Route.ActionArgs) {
  const app = context.get(appContext);
  const { session } = app;
  const { i18n, sendFailed, authRequired, refusalToast } = toastsOf(request);
  if (!session) return answer(errorAnswer(MESSAGE_TEXTS.signInToSend, { toast: authRequired }), 401);
  const consultantId = parseId(params.id);
  const notFound = () =>
    answer(errorAnswer(MESSAGE_TEXTS.consultantNotFound, { toast: sendFailed(MESSAGE_TEXTS.consultantNotFound) }), 404);
  if (consultantId === null) return notFound();

  const formData = await request.formData();
  // "Resend verification" beside "verify your e-mail address before you start a conversation"
  // (issue 36 item 5): the account page's service, with its limits (per account and per network).
  if (formData.get("intent") === RESEND_VERIFICATION) return resendVerification(app, i18n);

  const submission = parseWithZod(formData, { schema: messageFormSchema });
  if (submission.status !== "success") {
    // Normally caught in the browser; a profile that is gone still answers 404 first.
    if (!(await findMessageRecipient(app, null, consultantId))) return notFound();
    return invalidAnswer(submission, { toast: refusalToast });
  }
  try {
    // The service looks the consultant up (404 when not listed) and answers with their name.
    const { recipient } = await sendMessage(serviceDeps(app), actorOf(session), { ...submission.value, consultantId });
    const name = inSentence(recipient.name);
    return answer({
      result: submission.reply({ resetForm: true }),
      toast: {
        title: translateText(i18n, MESSAGE_TEXTS.sent),
        description: i18n._(msg`You will find ${name}'s reply under Messages, and in your e-mail.`),
      },
    });
  } catch (error) {
    // The same message a moment ago: a send whose answer the network lost (the form said "Not
    // sent" and kept the draft), sent again. It was delivered, so the form ends as a send does: the
    // draft is forgotten, the dialog closes, and the toast says it had already arrived.
    if (error instanceof Conflict && error.message === MESSAGE_TEXTS.duplicate) {
      return answer({
        result: submission.reply({ resetForm: true }),
        toast: { title: translateText(i18n, MESSAGE_TEXTS.sent), description: translateText(i18n, MESSAGE_TEXTS.duplicate) },
      });
    }
    return refusedAnswer(error, { submission, toast: refusalToast });
  }
}

async function resendVerification(app: AppContext, i18n: I18n) {
  const intent = RESEND_VERIFICATION;
  try {
    const { email } = await resendVerificationEmail(serviceDeps(app), actorOf(app.session));
    return answer({
      result: { status: "success" },
      intent,
      toast: { title: i18n._(msg`Verification email sent`), description: i18n._(msg`We sent a verification link to ${email}.`) },
    });
  } catch (error) {
    const failedToast = failureToast(i18n._(msg`Could not send the verification email`));
    return refusedAnswer(error, { intent, toast: (message) => failedToast(translateText(i18n, message)) });
  }
}

/** A failed send keeps the dialog and the text: 'Failed to send message' with the reason. */
export async function clientAction(args: Route.ClientActionArgs) {
  // Offline: the dialog itself says "Not sent — you are offline; it will be kept here", with Retry.
  const { sendFailed } = toastsOf(args.request);
  return keepPageOnFailure(args, (message, form, { offline }) =>
    form.get("intent") === RESEND_VERIFICATION
      ? errorAnswer(message, { intent: RESEND_VERIFICATION })
      : errorAnswer(message, offline ? {} : { toast: sendFailed(message) }),
  );
}

export const shouldRevalidate = revalidateUnlessRequestFailed;

export default function ConsultantMessage({ loaderData, actionData }: Route.ComponentProps) {
  const { i18n } = useLingui();
  const { consultant, sender } = loaderData;
  const navigate = useNavigate();
  const profilePath = `/consultant/${consultant.id}`;
  const name = consultant.name;
  return (
    <div className="mx-auto max-w-2xl px-4 py-10">
      <Link
        to={profilePath}
        className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 underline-offset-4 hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        <Trans>
          Back to <bdi>{name}</bdi>'s profile
        </Trans>
      </Link>
      <h1 className="mt-4 text-3xl font-bold tracking-tight text-ink">
        <Trans>
          Send a message to <bdi>{name}</bdi>
        </Trans>
      </h1>
      <p dir="auto" lang={consultant.profileLanguage ?? undefined} className="mt-1 text-muted">
        {consultant.title}
      </p>
      <div className="mt-6 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        {succeeded(actionData) && actionData?.intent !== RESEND_VERIFICATION ? (
          <div className="flex flex-col items-start gap-3" role="status">
            <CheckCircle2 aria-hidden="true" className="size-8 text-brand-700" />
            <h2 className="text-xl font-bold text-ink">{translateText(i18n, MESSAGE_TEXTS.sent)}</h2>
            <p className="text-slate-700">
              <Trans>You will find {name}'s reply under Messages, and in your e-mail.</Trans>
            </p>
            <div className="flex flex-wrap gap-3">
              <Link to={profilePath} className={buttonClasses()}>
                <Trans>Back to the profile</Trans>
              </Link>
              <Link to="/messages" className={buttonClasses({ variant: "outline" })}>
                <Trans>Your messages</Trans>
              </Link>
            </div>
          </div>
        ) : sender ? (
          <SendMessageForm
            consultant={consultant}
            sender={sender}
            documentResult={actionData}
            onSent={() => navigate(profilePath)}
          />
        ) : (
          <SignInNotice tone="warning" title={i18n._(msg`Authentication Required`)} className="grid gap-4">
            {translateText(i18n, MESSAGE_TEXTS.signInToSend)} <Trans>A free account is all you need.</Trans>
          </SignInNotice>
        )}
      </div>
    </div>
  );
}

export function meta(args: Route.MetaArgs) {
  const i18n = metaI18n(args);
  const name = args.loaderData?.consultant.name;
  return pageMeta(args, {
    title: name ? i18n._(msg`Message ${name}`) : i18n._(msg`Consultant Not Found`),
    description: name
      ? i18n._(msg`Send a message to ${name} through the directory.`)
      : i18n._(msg`This consultant does not exist.`),
    noindex: true,
  });
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
