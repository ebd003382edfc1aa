import { parseWithZod } from "@conform-to/zod/v4";
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Send } from "lucide-react";
import { lazy, Suspense, useEffect } from "react";
import { Form, useNavigation } from "react-router";
import { TextLink } from "#app/components/ui/text-link.tsx";
import {
  CONTACT_MESSAGE_MAX,
  CONTACT_MESSAGE_MIN,
  CONTACT_NAME_MAX,
  CONTACT_SUBJECTS,
  type ContactSubject,
  contactSubjectFrom,
} from "#common/contact.ts";
import { contactMessageSchema } from "#common/contact-schema.ts";
import { serviceDeps } from "#server/http/context.ts";
import { submitContactMessage } from "#server/services/contact.ts";
import { PageHero } from "../components/layout/page-hero.tsx";
import { RouteErrorBoundary } from "../components/layout/route-error-boundary.tsx";
import { Alert } from "../components/ui/alert.tsx";
import { Button } from "../components/ui/button.tsx";
import { Card } from "../components/ui/card.tsx";
import { Honeypot, InputField, SelectField, TextareaField } from "../components/ui/field.tsx";
import { DraftRestoredNote, NotSentNotice } from "../components/ui/not-sent-notice.tsx";
import { Options } from "../components/ui/options.tsx";
import { CONTACT_LEAD } from "../content/contact-lead.ts";
import { appContext } from "../context.ts";
import { i18nOfRequest } from "../i18n/i18n.ts";
import { translateText } from "../i18n/translate-text.ts";
import { errorAnswer, type FormResult, notSent } from "../lib/form-answer.ts";
import { forgetDraft, useKeptDraft } from "../lib/kept-draft.ts";
import { useLightForm } from "../lib/light-form.ts";
import { metaI18n, pageMeta } from "../lib/meta.ts";
import { keepPageOnFailure, revalidateUnlessRequestFailed } from "../lib/page-action.ts";
import { invalidAnswer, refusedAnswer } from "../lib/service-errors.server.ts";
import { redirectWithToast } from "../lib/toast.server.ts";
import { useOptionalUser } from "../lib/user.ts";
import { zodValidation } from "../lib/zod-deferred.ts";
import type { Route } from "./+types/contact";

// The aside (addresses, hours, links) and the thank-you panel hydrate beside the page's first
// load (split hydration): the server HTML has them whole, and their links work before.
const loadContactParts = () => import("../components/content/contact-parts.tsx");
const ContactAside = lazy(() => loadContactParts().then((module) => ({ default: module.ContactAside })));
const ContactConfirmation = lazy(() => loadContactParts().then((module) => ({ default: module.ContactConfirmation })));

export async function loader({ context, request }: Route.LoaderArgs) {
  const { config } = context.get(appContext);
  const params = new URL(request.url).searchParams;
  return {
    supportEmail: config.supportEmail,
    // Report a Bug (Help Center) links here with ?subject=technical.
    subject: contactSubjectFrom(params.get("subject")) ?? "",
    isSent: params.get("sent") === "1",
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const app = context.get(appContext);
  const submission = parseWithZod(await request.formData(), { schema: contactMessageSchema });
  if (submission.status !== "success") return invalidAnswer(submission);
  try {
    await submitContactMessage(serviceDeps(app), submission.value);
  } catch (error) {
    return refusedAnswer(error, { submission });
  }
  const i18n = i18nOfRequest(request);
  return redirectWithToast(app, "/contact?sent=1", {
    title: i18n._(msg`Message sent`),
    description: i18n._(msg`Thank you for contacting us. We will reply by e-mail within one business day.`),
  });
}

/** A failed request keeps the form and what was typed, with the reason above it. */
export async function clientAction(args: Route.ClientActionArgs) {
  return keepPageOnFailure(args, (message) => errorAnswer(message));
}

export const shouldRevalidate = revalidateUnlessRequestFailed;

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useLingui();
  const { supportEmail, subject, isSent } = loaderData;
  // What is typed stays on this device until the server confirms (app/lib/kept-draft.ts): the
  // confirmation is the redirect to ?sent=1.
  const user = useOptionalUser();
  const draftKey = `contact:${user?.id ?? "visitor"}`;
  useEffect(() => {
    if (isSent) forgetDraft(draftKey);
  }, [isSent, draftKey]);
  return (
    <>
      <PageHero eyebrow={t`Contact`} title={t`Get in touch`} lead={<p>{i18n._(CONTACT_LEAD)}</p>} />
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-12 lg:grid-cols-[2fr_1fr]">
        {isSent ? (
          <Suspense fallback={null}>
            <ContactConfirmation />
          </Suspense>
        ) : (
          <ContactForm
            key={subject}
            subject={subject}
            lastResult={actionData?.result}
            offline={notSent(actionData)}
            draftKey={draftKey}
          />
        )}
        <Suspense fallback={null}>
          <ContactAside supportEmail={supportEmail} />
        </Suspense>
      </div>
    </>
  );
}

// The browser's validation (zod, Conform's parser) loads on first use; see app/lib/light-form.ts.
const validation = zodValidation(() => import("#common/contact-schema.ts").then((m) => m.contactMessageSchema));

/** The subjects as the page names them (common/contact.ts keeps the values and their English labels). */
const SUBJECT_LABELS: Record<ContactSubject, MessageDescriptor> = {
  general: msg`General Inquiry`,
  technical: msg`Technical Support`,
  consultant: msg`Consultant Questions`,
  organization: msg`Organization Inquiry`,
  partnership: msg`Partnership Opportunities`,
  feedback: msg`Feedback`,
  other: msg`Other`,
};

const KEPT_FIELDS = ["firstName", "lastName", "email", "subject", "message"] as const;

function ContactForm({
  subject,
  lastResult,
  offline,
  draftKey,
}: {
  subject: string;
  lastResult?: FormResult;
  offline: boolean;
  draftKey: string;
}) {
  const { t, i18n } = useLingui();
  const min = CONTACT_MESSAGE_MIN;
  const navigation = useNavigation();
  const isSending = navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST";
  const draft = useKeptDraft(draftKey, KEPT_FIELDS);
  // Validated on submit, not on blur: an error appearing above the button on blur moved the
  // button away between mouse-down and mouse-up, and the click that sends was lost.
  const form = useLightForm({ lastResult, defaultValue: { subject }, shouldValidate: "onSubmit", validation });
  const fields = {
    firstName: form.field("firstName"),
    lastName: form.field("lastName"),
    email: form.field("email"),
    subject: form.field("subject"),
    message: form.field("message"),
  };
  return (
    <Card as="section" aria-labelledby="contact-form-heading" className="sm:p-8">
      <h2 id="contact-form-heading" className="text-2xl font-bold tracking-tight text-ink">
        <Trans>Send us a message</Trans>
      </h2>
      <p className="mt-1 text-sm text-muted">
        <Trans>
          All fields are required. We use your details only to answer you (see the{" "}
          <TextLink to="/privacy-policy">Privacy Policy</TextLink>
          ).
        </Trans>
      </p>
      <Form
        method="post"
        {...form.props}
        ref={draft.ref}
        onInput={(event) => {
          form.props.onInput(event);
          draft.keep();
        }}
        onChange={draft.keep}
        className="relative mt-6 grid gap-5 sm:grid-cols-2"
      >
        {offline && !isSending && (
          <div className="sm:col-span-2">
            <NotSentNotice />
          </div>
        )}
        {draft.restored && !offline && (
          <div className="sm:col-span-2">
            <DraftRestoredNote />
          </div>
        )}
        {form.errors && form.errors.length > 0 && !offline && (
          <div id={form.errorId} className="sm:col-span-2">
            <Alert tone="error" title={t`Your message was not sent`} live>
              {translateText(i18n, form.errors[0] ?? "")}
            </Alert>
          </div>
        )}
        {[
          { field: fields.firstName, label: t`First Name`, autoComplete: "given-name", maxLength: CONTACT_NAME_MAX },
          { field: fields.lastName, label: t`Last Name`, autoComplete: "family-name", maxLength: CONTACT_NAME_MAX },
          {
            field: fields.email,
            label: t`Email Address`,
            autoComplete: "email",
            maxLength: 255,
            type: "email",
            className: "sm:col-span-2",
          },
        ].map((input) => (
          <InputField key={input.field.name} markRequired {...input} />
        ))}
        <SelectField field={fields.subject} label={t`Subject`} markRequired className="sm:col-span-2">
          <option value="" disabled>
            {t`Choose a subject`}
          </option>
          <Options values={CONTACT_SUBJECTS.map(({ value }) => ({ value, label: i18n._(SUBJECT_LABELS[value]) }))} />
        </SelectField>
        <TextareaField
          field={fields.message}
          label={t`Message`}
          markRequired
          hint={t`At least ${min} characters. For a problem with the site, say what you did and what happened.`}
          className="sm:col-span-2"
          rows={6}
          minLength={CONTACT_MESSAGE_MIN}
          maxLength={CONTACT_MESSAGE_MAX}
        />
        <Honeypot id="contact-website" />
        <div className="sm:col-span-2">
          <Button type="submit" size="lg" disabled={isSending} className="w-full sm:w-auto">
            <Send aria-hidden="true" className="size-5" />
            {isSending ? t`Sending...` : t`Send Message`}
          </Button>
        </div>
      </Form>
    </Card>
  );
}

export function meta(args: Route.MetaArgs) {
  const i18n = metaI18n(args);
  return pageMeta(args, {
    title: i18n._(msg`Contact`),
    description: i18n._(
      msg`Contact the DevConsult SEA team in Singapore: send a message, find our office, e-mail and phone details, and office hours (Singapore time).`,
    ),
    path: "/contact",
  });
}

export { RouteErrorBoundary as ErrorBoundary };
