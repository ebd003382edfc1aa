import type { SubmissionResult } from "@conform-to/react";
import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { MailCheck, Send } from "lucide-react";
import { useState } from "react";
import { Link, useFetcher, useLocation } from "react-router";
import { translateText } from "#app/i18n/translate-text.ts";
import { usePreloadedAction } from "#app/lib/chunk-load.ts";
import { errorOf, type FormAnswer, failed, formErrorOf, notSent, succeeded, useAnswerToast } from "#app/lib/form-answer.ts";
import { forgetDraft, useKeptDraft } from "#app/lib/kept-draft.ts";
import { useLightForm } from "#app/lib/light-form.ts";
import { resumeAt } from "#app/lib/resume.ts";
import { type SignedInUser, useOptionalUser } from "#app/lib/user.ts";
import { zodValidation } from "#app/lib/zod-deferred.ts";
import {
  MESSAGE_MAX,
  MESSAGE_MIN,
  MESSAGE_TEXTS,
  SENDER_EMAIL_MAX,
  SENDER_NAME_MAX,
  SENDER_ORGANIZATION_MAX,
  SUBJECT_MAX,
} from "#common/messages.ts";
import type { TeamContact } from "#common/organizations.ts";
import type { ToastMessage } from "#common/toast.ts";
import { Alert } from "../ui/alert.tsx";
import { Button } from "../ui/button.tsx";
import { Honeypot, InputField, TextareaField } from "../ui/field.tsx";
import { LocalTime } from "../ui/local-time.tsx";
import { DraftRestoredNote, NotSentNotice } from "../ui/not-sent-notice.tsx";
import { messageActionPath } from "./message-path.ts";

// The browser's validation (zod, the server's messages) loads on first use (app/lib/light-form.ts).
const validation = zodValidation(() => import("#common/messages.ts").then((m) => m.messageFormSchema));

const AUTH_REQUIRED = {
  title: msg`Authentication Required`,
  description: msg`You need to be logged in to send messages. Please sign in and try again.`,
};

/** The intent of the "Resend verification" form, answered by the message page's action. */
export const RESEND_VERIFICATION = "resend-verification";

/** The toast of a message sent signed out (spec section 8), in the page's language. */
export function authRequiredToast(i18n: I18n): ToastMessage {
  return { title: i18n._(AUTH_REQUIRED.title), description: i18n._(AUTH_REQUIRED.description), variant: "destructive" };
}

/** Who writes: the signed-in person, and their team's conversation with the consultant, if any (issue 31). */
export type MessageSender = { name: string; email: string; teamContact?: TeamContact | null; subject?: string };

/**
 * The message form (spec sections 5 and 8). It posts to the message action with a fetcher, so the
 * page around it stays put: success shows 'Message sent successfully!', resets the form and calls
 * `onSent` (the dialog closes); a 401 shows 'Authentication Required'; anything else shows 'Failed
 * to send message' with the server's message (the action's answer carries each toast). Without
 * JavaScript it is an ordinary form that posts to the message page, which answers alike (`documentResult`).
 */
export function SendMessageForm({
  consultant,
  sender,
  documentResult,
  onSent,
  footer,
}: {
  consultant: { id: number; name: string };
  sender: MessageSender;
  /** The outcome of a submission made without JavaScript, rendered by the message page. */
  documentResult?: FormAnswer | null;
  onSent?: () => void;
  /** Extra controls beside the submit button (a Cancel button in the dialog). */
  footer?: React.ReactNode;
}) {
  const fetcher = useFetcher<FormAnswer>();
  // A new key gives a fresh, empty form after a message is sent.
  const [generation, setGeneration] = useState(0);
  const outcome = fetcher.data;
  // Without JavaScript the page's answer may be the one of "Resend verification", not of a send.
  const isResendAnswer = documentResult?.intent === RESEND_VERIFICATION;
  const resent = isResendAnswer ? documentResult : null;
  const sendAnswer = isResendAnswer ? null : documentResult;
  // What is typed stays on this device until the server confirms the send (app/lib/kept-draft.ts).
  const draftKey = `message:${consultant.id}:${sender.email}`;
  // Its action's browser code now, so a send after the network is gone still says "Not sent".
  usePreloadedAction("routes/consultant-message");

  // The action's toast says how it went ('Message sent successfully!', 'Authentication Required',
  // 'Failed to send message' with the reason); a sent message resets the form and closes the dialog.
  useAnswerToast(outcome, (answer) => {
    if (!succeeded(answer)) return;
    forgetDraft(draftKey);
    setGeneration((value) => value + 1);
    onSent?.();
  });

  // Field errors from the server: the fetcher's latest answer, or the page's after a plain form post.
  const latest = outcome ?? sendAnswer;
  const lastResult = failed(latest) ? latest?.result : undefined;
  // An account whose e-mail address is not verified yet may not start a conversation (issue 36
  // item 5): the refusal says so, and the form offers to send the verification link again.
  const mustVerify = formErrorOf(latest) === MESSAGE_TEXTS.verifyToStart || resent !== null;
  // Without JavaScript there is no toast: a refusal that names no field shows above the form.
  const formError = !outcome && sendAnswer && !mustVerify ? (sendAnswer.result.error?.[""]?.[0] ?? null) : null;
  // The session ended while the dialog was open (issue 36: "no lost work … an expired session").
  const signedOut = outcome !== undefined && formErrorOf(outcome) === MESSAGE_TEXTS.signInToSend;

  return (
    <>
      {signedOut && <SignedOutNotice />}
      {mustVerify && <VerifyToSend action={messageActionPath(consultant.id)} documentAnswer={resent} />}
      {sender.teamContact && <TeamContactNotice contact={sender.teamContact} consultantName={consultant.name} />}
      <MessageFields
        key={generation}
        fetcher={fetcher}
        action={messageActionPath(consultant.id)}
        consultantName={consultant.name}
        sender={sender}
        lastResult={lastResult}
        formError={formError}
        footer={footer}
        draftKey={draftKey}
        offline={notSent(outcome)}
      />
    </>
  );
}

/**
 * A send refused because the session has ended (signed out elsewhere, expired): the toast says
 * "Authentication Required"; the dialog says the text is kept and leads to Sign In, which comes
 * back to this page with the dialog open again and the text in it (the draft, app/lib/kept-draft.ts).
 */
function SignedOutNotice() {
  const { t } = useLingui();
  const { pathname, search } = useLocation();
  const back = resumeAt(`${pathname}${search}`, "send-message");
  return (
    <div className="mb-4" data-testid="signed-out">
      <Alert tone="warning" title={t`You are signed out`}>
        <p>
          <Trans>Sign in again to send it: what you wrote stays on this device and comes back in this form.</Trans>
        </p>
        <p className="mt-2">
          <Link to={`/sign-in?redirectTo=${encodeURIComponent(back)}`} className="font-semibold underline underline-offset-4">
            <Trans>Sign in again</Trans>
          </Link>
        </p>
      </Alert>
    </div>
  );
}

/**
 * "Already contacted by a colleague" (issue 31): the team the person acts for already writes to
 * this consultant. Said before the form, with the way to the conversation, since a new message
 * joins it (one conversation per organization and consultant) under its subject.
 */
function TeamContactNotice({ contact, consultantName }: { contact: TeamContact; consultantName: string }) {
  const { t } = useLingui();
  const { organizationName, writtenBy, subject } = contact;
  return (
    <div className="mb-4" data-testid="team-contact">
      <Alert tone="info" title={t`Your team already writes to ${consultantName}`}>
        <p>
          {contact.writtenByYou ? (
            <Trans>
              You wrote last, on <LocalTime value={contact.writtenAt} />, in “<bdi>{subject}</bdi>”. What you send here joins that
              conversation.
            </Trans>
          ) : (
            <Trans>
              <bdi>{writtenBy}</bdi> of <bdi>{organizationName}</bdi> wrote last, on <LocalTime value={contact.writtenAt} />, in “
              <bdi>{subject}</bdi>”. What you send here joins that conversation.
            </Trans>
          )}
        </p>
        <p className="mt-2">
          <Link to={`/messages/${contact.conversationId}`} className="font-semibold underline underline-offset-4">
            <Trans>Open the conversation</Trans>
          </Link>
        </p>
      </Alert>
    </div>
  );
}

/**
 * "Verify your e-mail address first", with "Resend verification": its own form (beside the
 * message's, not inside it), posting to the message page's action, which sends the link through
 * the account page's service and its limits. What was typed stays in the message form.
 */
function VerifyToSend({ action, documentAnswer }: { action: string; documentAnswer: FormAnswer | null }) {
  const { t, i18n } = useLingui();
  const fetcher = useFetcher<FormAnswer>();
  useAnswerToast(fetcher.data);
  const resent = fetcher.data ?? documentAnswer;
  const isSending = fetcher.state !== "idle";
  const problem = errorOf(resent);
  return (
    <div className="mb-4" data-testid="verify-to-send">
      <Alert tone="warning" title={t`Verify your e-mail address first`}>
        <p>{translateText(i18n, MESSAGE_TEXTS.verifyToStart)}</p>
        <fetcher.Form method="post" action={action} className="mt-3">
          <input type="hidden" name="intent" value={RESEND_VERIFICATION} />
          <Button type="submit" variant="secondary" size="sm" disabled={isSending}>
            <MailCheck aria-hidden="true" className="size-4" />
            {isSending ? t`Sending...` : t`Resend verification`}
          </Button>
        </fetcher.Form>
        {resent && !isSending && (
          <p role="status" className={`mt-2 ${problem ? "font-semibold text-red-800" : ""}`}>
            {problem ? translateText(i18n, problem) : resent.toast?.description}
          </p>
        )}
      </Alert>
    </div>
  );
}

/** The fields a message's draft keeps (name and e-mail come from the account). */
const KEPT_FIELDS = ["senderOrganization", "subject", "message"] as const;
/** Acting for an organization, the organization is the account's, not the draft's. */
const KEPT_FIELDS_FOR_TEAM = ["subject", "message"] as const;

/**
 * The Organization field's start (issue 36: the organization was retyped in every message). While
 * the person acts for an organization, the message is the organization's and goes out under its
 * name (server/services/messages/send.ts), so the field shows that name and cannot be changed
 * here. Otherwise the organizations they belong to are offered as suggestions, and the only one
 * is filled in; they may clear it or type another.
 */
export function organizationChoice(organizations: SignedInUser["organizations"]) {
  const acting = organizations.find((organization) => organization.acting) ?? null;
  const only = organizations.length === 1 ? organizations[0] : undefined;
  return {
    acting,
    initial: acting?.name ?? only?.name ?? "",
    suggestions: acting ? [] : organizations.map((organization) => organization.name),
  };
}

function MessageFields({
  fetcher,
  action,
  consultantName,
  sender,
  lastResult,
  formError,
  footer,
  draftKey,
  offline,
}: {
  fetcher: ReturnType<typeof useFetcher<FormAnswer>>;
  action: string;
  consultantName: string;
  sender: { name: string; email: string; subject?: string };
  lastResult?: SubmissionResult<string[]>;
  formError: string | null;
  footer?: React.ReactNode;
  draftKey: string;
  /** The last send never reached the server. */
  offline: boolean;
}) {
  const organizations = organizationChoice(useOptionalUser()?.organizations ?? []);
  const actingName = organizations.acting?.name;
  const draft = useKeptDraft(draftKey, actingName ? KEPT_FIELDS_FOR_TEAM : KEPT_FIELDS);
  const { t, i18n } = useLingui();
  const form = useLightForm({
    lastResult,
    defaultValue: {
      senderName: sender.name,
      senderEmail: sender.email,
      senderOrganization: organizations.initial,
      subject: sender.subject,
    },
    // On submit, not on blur (issue 36 item 7): an error appearing above the button on blur moved
    // the button between mouse-down and mouse-up, and the first click on Send Message was lost.
    shouldValidate: "onSubmit",
    validation,
  });
  const fields = {
    senderName: form.field("senderName"),
    senderEmail: form.field("senderEmail"),
    senderOrganization: form.field("senderOrganization"),
    subject: form.field("subject"),
    message: form.field("message"),
  };
  const isSending = fetcher.state !== "idle";
  return (
    <fetcher.Form
      method="post"
      action={action}
      {...form.props}
      ref={draft.ref}
      onInput={(event) => {
        form.props.onInput(event);
        draft.keep();
      }}
      className="relative grid gap-4"
    >
      {offline && !isSending && <NotSentNotice />}
      {draft.restored && !offline && <DraftRestoredNote />}
      {formError && (
        <Alert tone="error" title={t`Failed to send message`} live>
          {translateText(i18n, formError)}
        </Alert>
      )}
      <p className="text-sm text-muted">
        <Trans>
          <bdi>{consultantName}</bdi> receives your name, e-mail address, organization and message, and replies to you by e-mail.
        </Trans>
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField field={fields.senderName} label={t`Your Name`} markRequired autoComplete="name" maxLength={SENDER_NAME_MAX} />
        <InputField
          field={fields.senderEmail}
          label={t`Your Email`}
          markRequired
          type="email"
          autoComplete="email"
          maxLength={SENDER_EMAIL_MAX}
        />
      </div>
      <InputField
        field={fields.senderOrganization}
        label={t`Organization`}
        hint={
          actingName
            ? t`You act for ${actingName}: the message goes out under its name, and its members read the reply.`
            : t`Optional`
        }
        autoComplete="organization"
        maxLength={SENDER_ORGANIZATION_MAX}
        readOnly={actingName !== undefined}
        list={organizations.suggestions.length > 0 ? `${form.id}-organizations` : undefined}
      />
      {organizations.suggestions.length > 0 && (
        <datalist id={`${form.id}-organizations`}>
          {organizations.suggestions.map((name) => (
            <option key={name} value={name} />
          ))}
        </datalist>
      )}
      <InputField field={fields.subject} label={t`Subject`} markRequired maxLength={SUBJECT_MAX} />
      <TextareaField
        field={fields.message}
        label={t`Message`}
        markRequired
        hint={t`At least ${MESSAGE_MIN} characters: the assignment, where, when and for how long.`}
        rows={6}
        maxLength={MESSAGE_MAX}
      />
      <Honeypot id={`${form.id}-website`} />
      <div className="flex flex-wrap justify-end gap-3">
        {footer}
        <Button type="submit" disabled={isSending}>
          <Send aria-hidden="true" className="size-4" />
          {isSending ? t`Sending...` : t`Send Message`}
        </Button>
      </div>
    </fetcher.Form>
  );
}
