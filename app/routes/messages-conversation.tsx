import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { ArrowLeft, Send, ShieldBan } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { CONVERSATION_TEXTS } from "#common/conversations.ts";
import { parseId } from "#common/ids.ts";
import { MESSAGE_MAX } from "#common/messages.ts";
import { REPORT_TEXTS } from "#common/organizations.ts";
import { serviceDeps } from "#server/http/context.ts";
import { actorOf } from "#server/services/context.ts";
import { deleteConversationFromView } from "#server/services/conversations/hiding.ts";
import { reportConversation } from "#server/services/conversations/reports.ts";
import { markConversationOpened, openConversation, postToConversation } from "#server/services/conversations/thread.ts";
import { BlockedSenderLabel, ConversationStatusLabel } from "../components/conversations/conversation-status.tsx";
import { DeleteConversation } from "../components/conversations/delete-conversation.tsx";
import { ReportSender } from "../components/conversations/report-sender.tsx";
import { RouteErrorBoundary } from "../components/layout/route-error-boundary.tsx";
import { OrganizationBadge } from "../components/organizations/organization-badge.tsx";
import { Alert } from "../components/ui/alert.tsx";
import { Button } from "../components/ui/button.tsx";
import { CardSection } from "../components/ui/card-section.tsx";
import { Field, Textarea } from "../components/ui/field.tsx";
import { LocalTime } from "../components/ui/local-time.tsx";
import { DraftRestoredNote, NotSentNotice } from "../components/ui/not-sent-notice.tsx";
import { appContext } from "../context.ts";
import { i18nOfRequest } from "../i18n/i18n.ts";
import { translateText } from "../i18n/translate-text.ts";
import {
  answerOf,
  errorAnswer,
  errorOf,
  firstFieldErrors,
  formErrorOf,
  notSent,
  typedOf,
  typedValues,
} from "../lib/form-answer.ts";
import { pathIdOr404 } from "../lib/ids.server.ts";
import { useConfirmedSubmission, useKeptDraft } from "../lib/kept-draft.ts";
import { privatePageMeta } from "../lib/meta.ts";
import { keepPageOnFailure, revalidateUnlessRequestFailed } from "../lib/page-action.ts";
import { answer, orPageError, refusedAnswer } from "../lib/service-errors.server.ts";
import { requireSignedIn } from "../lib/signed-in.server.ts";
import { redirectWithToast } from "../lib/toast.server.ts";
import { useOptionalUser } from "../lib/user.ts";
import type { Route } from "./+types/messages-conversation";

// /messages/{id}: one conversation, oldest entry first, with a form to answer. Only its two parties
// see it; for anyone else the page is "not found", as for a missing id.

const idFrom = (value: string | undefined) => pathIdOr404(value, CONVERSATION_TEXTS.notFound);

/**
 * Opening a conversation marks the other party's entries read before any loader runs: the root
 * loader, which counts the unread entries for the header badge, runs beside this page's loader
 * and must already see them read.
 */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ context, params, request }, next) => {
    const app = context.get(appContext);
    const id = parseId(params.id);
    if (request.method === "GET" && app.session && id !== null) await markConversationOpened(app, app.session.user, id);
    return next();
  },
];

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const user = actorOf(requireSignedIn(app, { comeBack: request }));
  // The middleware above marked it read already.
  return { conversation: await orPageError(openConversation(serviceDeps(app), user, idFrom(params.id), { markRead: false })) };
}

/** The fields of the "Report this sender" form (intent "report"); the answer's form has none. */
const REPORT_FIELDS = ["reason", "details"] as const;

export async function action({ context, params, request }: Route.ActionArgs) {
  const app = context.get(appContext);
  if (!app.session) return answer(errorAnswer(CONVERSATION_TEXTS.signIn), 401);
  const id = idFrom(params.id);
  const form = await request.formData();
  if (form.get("intent") === "delete") {
    // From the caller's view only (issue 36 item 5): the other party keeps it.
    // Back to the box it left, which the service knows (the page sends no box of its own).
    try {
      const { box } = await deleteConversationFromView(serviceDeps(app), actorOf(app.session), id);
      return redirectWithToast(app, `/messages?box=${box}`, {
        title: translateText(i18nOfRequest(request), CONVERSATION_TEXTS.deleted),
      });
    } catch (error) {
      return refusedAnswer(error, { intent: "delete", notFoundPage: true });
    }
  }
  if (form.get("intent") === "report") {
    try {
      await reportConversation(serviceDeps(app), actorOf(app.session), {
        id,
        body: { reason: String(form.get("reason") ?? ""), details: String(form.get("details") ?? "") },
      });
    } catch (error) {
      return refusedAnswer(error, { intent: "report", initialValue: typedValues(form, REPORT_FIELDS), notFoundPage: true });
    }
    return redirectWithToast(app, `/messages/${id}`, {
      title: translateText(i18nOfRequest(request), REPORT_TEXTS.reported),
    });
  }
  try {
    await postToConversation(serviceDeps(app), actorOf(app.session), { id, body: { message: form.get("message") } });
  } catch (error) {
    return refusedAnswer(error, { initialValue: typedValues(form, ["message"]), notFoundPage: true });
  }
  return redirectWithToast(app, `/messages/${id}`, { title: i18nOfRequest(request)._(msg`Message sent`) });
}

/** A failed request keeps the page and what was typed (app/lib/page-action.ts). */
export async function clientAction(args: Route.ClientActionArgs) {
  return keepPageOnFailure(args, (message, formData) => {
    const intent = formData.get("intent");
    if (intent === "report")
      return errorAnswer(message, { intent: "report", initialValue: typedValues(formData, REPORT_FIELDS) });
    if (intent === "delete") return errorAnswer(message, { intent: "delete" });
    return errorAnswer(message, { initialValue: typedValues(formData, ["message"]) });
  });
}

const REPLY_FIELDS = ["message"] as const;
const isReply = (formData: FormData) => !formData.has("intent");

export const shouldRevalidate = revalidateUnlessRequestFailed;

export default function ConversationPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useLingui();
  const { conversation } = loaderData;
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formData !== undefined && isReply(navigation.formData);
  const other = conversation.otherParty;
  const teamName = other.organization?.name;
  const report = answerOf(actionData, "report");
  const deletion = answerOf(actionData, "delete");
  const reply = report || deletion ? undefined : actionData;
  const isBlocked = conversation.isBlockedSender;
  const offline = notSent(reply) && !sending;
  const error = offline ? null : errorOf(reply);
  // The answer stays on this device until the server confirms it (app/lib/kept-draft.ts).
  const user = useOptionalUser();
  const draft = useKeptDraft(user ? `reply:${conversation.id}:${user.id}` : null, REPLY_FIELDS);
  useConfirmedSubmission(
    actionData,
    () => {
      draft.forget();
      draft.ref.current?.reset();
    },
    isReply,
  );
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <Link
        to={`/messages?box=${conversation.box}`}
        className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 underline-offset-4 hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        <Trans>Back to messages</Trans>
      </Link>
      <header className="mt-4">
        <h1 dir="auto" className="break-words text-2xl font-bold tracking-tight text-ink">
          {conversation.subject}
        </h1>
        <p className="mt-1 text-muted">
          <Trans>With</Trans>{" "}
          {other.consultantId ? (
            <Link to={`/consultant/${other.consultantId}`} className="font-semibold text-brand-700 underline underline-offset-4">
              <bdi>{other.name}</bdi>
            </Link>
          ) : (
            <bdi className="font-semibold text-ink">{other.name}</bdi>
          )}
          {other.organization ? (
            <>
              {" "}
              · <OrganizationBadge organization={other.organization} />
            </>
          ) : (
            other.detail && (
              <>
                {" "}
                · <bdi>{other.detail}</bdi>
              </>
            )
          )}
        </p>
        {conversation.senderEmail && (
          <p className="mt-1 break-words text-sm text-slate-700">
            <Trans>E-mail:</Trans>{" "}
            <a href={`mailto:${conversation.senderEmail}`} className="font-medium text-brand-700 underline underline-offset-4">
              {conversation.senderEmail}
            </a>
          </p>
        )}
        <p className="mt-2 flex flex-wrap items-center gap-2">
          {isBlocked && <BlockedSenderLabel />}
          <ConversationStatusLabel box={conversation.box} status={conversation.status} />
        </p>
      </header>
      <ol aria-label={t`Messages in this conversation`} className="mt-6 space-y-4">
        {conversation.entries.map((entry) => (
          <li
            key={entry.id}
            data-testid="conversation-entry"
            className={`rounded-2xl border p-4 ${entry.fromMe ? "ml-6 border-brand-200 bg-brand-50" : "mr-6 border-slate-200 bg-white"}`}
          >
            <p className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
              <span className="font-semibold text-ink">
                {entry.author === "sender" && conversation.organization ? (
                  <bdi>{entry.authorName}</bdi>
                ) : entry.fromMe ? (
                  t`You`
                ) : (
                  <bdi>{other.name}</bdi>
                )}
              </span>
              <LocalTime value={entry.createdAt} className="text-muted" />
            </p>
            {entry.subject && entry.subject !== conversation.subject && (
              <p dir="auto" className="mt-1 text-sm font-medium text-slate-700">
                {entry.subject}
              </p>
            )}
            <p dir="auto" className="mt-2 whitespace-pre-wrap break-words leading-relaxed text-ink">
              {entry.body}
            </p>
          </li>
        ))}
      </ol>
      {isBlocked ? (
        <BlockedAnswer name={other.name} />
      ) : (
        <CardSection
          id="answer-heading"
          title={t`Answer`}
          description={
            <>
              {conversation.box === "received" && teamName ? (
                // A team conversation (issue 31): every member reads the answer; the member who wrote last gets the e-mail.
                <Trans>
                  Everyone at <bdi>{teamName}</bdi> sees your answer here; <bdi>{other.name}</bdi> receives it by e-mail.
                </Trans>
              ) : (
                <Trans>
                  <bdi>{other.name}</bdi> sees your answer here and receives it by e-mail.
                </Trans>
              )}
              {conversation.box === "received" ? ` ${t`Your e-mail address is shown to them as the address to reply to.`}` : ""}
            </>
          }
          className="mt-8 p-5"
          bodyClassName=""
        >
          {error && (
            <div className="mt-4">
              <Alert tone="error" title={t`Your answer was not sent`}>
                <p>{translateText(i18n, error)}</p>
              </Alert>
            </div>
          )}
          <Form method="post" className="mt-4 space-y-4" {...draft.props}>
            {offline && <NotSentNotice />}
            {draft.restored && !offline && <DraftRestoredNote />}
            <Field label={t`Your message`} required error={error ? null : undefined}>
              {(props) => (
                <Textarea
                  {...props}
                  name="message"
                  rows={5}
                  required
                  minLength={10}
                  maxLength={MESSAGE_MAX}
                  defaultValue={String(reply?.result.initialValue?.message ?? "")}
                />
              )}
            </Field>
            <Button type="submit" disabled={sending}>
              <Send aria-hidden="true" className="size-4" />
              {sending ? t`Sending...` : t`Send`}
            </Button>
          </Form>
        </CardSection>
      )}
      {conversation.box === "received" && (
        <ReportSender
          isReported={conversation.isReported}
          errors={{ ...firstFieldErrors(report), "": formErrorOf(report) ?? undefined }}
          typed={typedOf(report)}
        />
      )}
      <DeleteConversation otherName={other.name} error={formErrorOf(deletion)} />
    </div>
  );
}

/**
 * The answer form of a conversation from a blocked account (issue 36 item 5): shown, but disabled,
 * with why and what to do instead. The server refuses such a reply too (postToConversation, 403).
 */
function BlockedAnswer({ name }: { name: string }) {
  const { t, i18n } = useLingui();
  return (
    <CardSection id="answer-heading" title={t`Answer`} className="mt-8 p-5" bodyClassName="">
      <div className="mt-4" id="blocked-answer-why" data-testid="blocked-answer">
        <Alert tone="warning" title={translateText(i18n, CONVERSATION_TEXTS.blockedSender)}>
          <p>{translateText(i18n, CONVERSATION_TEXTS.blockedSenderReply)}</p>
          <p className="mt-1">
            <Trans>
              You do not need to answer <bdi>{name}</bdi>. Delete the conversation from your messages below if you no longer want
              to see it; if you think the block is a mistake,{" "}
              <Link to="/contact" className="font-semibold underline underline-offset-4">
                contact us
              </Link>
              .
            </Trans>
          </p>
        </Alert>
      </div>
      <fieldset disabled aria-describedby="blocked-answer-why" className="mt-4 space-y-4">
        <Field label={t`Your message`}>
          {(props) => <Textarea {...props} aria-describedby="blocked-answer-why" name="message" rows={3} />}
        </Field>
        <Button>
          <ShieldBan aria-hidden="true" className="size-4" />
          {t`Send`}
        </Button>
      </fieldset>
    </CardSection>
  );
}

const ownMeta = privatePageMeta({
  title: msg`Conversation`,
  description: msg`A conversation with a consultant.`,

  path: (params) => `/messages/${params.id}`,
});

export function meta(args: Route.MetaArgs) {
  const tags = ownMeta(args);
  // On its error screen the screen's own <title> is the document's one (two are invalid HTML); the other tags stay.
  return args.error ? tags.filter((tag) => !("title" in tag)) : tags;
}

export { RouteErrorBoundary as ErrorBoundary };
