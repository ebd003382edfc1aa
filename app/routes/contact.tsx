import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { CheckCircle2, Clock, LifeBuoy, Mail, MapPin, Phone, Send, Siren } from "lucide-react";
import { data, Form, Link, useNavigation } from "react-router";
import {
  CONTACT_MESSAGE_MAX,
  CONTACT_MESSAGE_MIN,
  CONTACT_NAME_MAX,
  CONTACT_SUBJECTS,
  contactSubjectFrom,
} from "#common/contact.ts";
import { contactMessageSchema } from "#common/contact-schema.ts";
import { OFFICE_ADDRESS, OFFICE_HOURS, SUPPORT_PHONE } from "#common/site-info.ts";
import { serviceDeps } from "#server/http/context.ts";
import { submitContactMessage } from "#server/services/contact.ts";
import { PageHero } from "../components/layout/page-hero.tsx";
import { RouteErrorBoundary } from "../components/layout/route-error-boundary.tsx";
import { Alert } from "../components/ui/alert.tsx";
import { Button, buttonClasses } from "../components/ui/button.tsx";
import { Card, CardIcon } from "../components/ui/card.tsx";
import { Field, InputField, Select, Textarea } from "../components/ui/field.tsx";
import { appContext } from "../context.ts";
import { useDeferredValidation } from "../lib/deferred-validation.ts";
import { pageMeta } from "../lib/meta.ts";
import { keepPageOnFailure, revalidateUnlessRequestFailed } from "../lib/page-action.ts";
import { refusalOf } from "../lib/service-errors.server.ts";
import { redirectWithToast } from "../lib/toast.server.ts";
import type { Route } from "./+types/contact";

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
  if (submission.status !== "success") {
    return data(submission.reply(), { status: 400 });
  }
  try {
    await submitContactMessage(serviceDeps(app), submission.value);
  } catch (error) {
    const refusal = refusalOf(error);
    return data(submission.reply({ formErrors: [refusal.message] }), { status: refusal.status, headers: refusal.headers });
  }
  return redirectWithToast("/contact?sent=1", {
    title: "Message sent",
    description: "Thank you for contacting us. We will reply by e-mail within one business day.",
  });
}

/** A failed request keeps the form and what was typed, with the reason above it. */
export async function clientAction(args: Route.ClientActionArgs) {
  return keepPageOnFailure(args, (message) => ({ status: "error" as const, error: { "": [message] } }));
}

export const shouldRevalidate = revalidateUnlessRequestFailed;

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const { supportEmail, subject, isSent } = loaderData;
  return (
    <>
      <PageHero
        eyebrow="Contact"
        title="Get in touch"
        lead={
          <p>
            Questions about the directory, your consultant profile or a partnership? Send us a message and our team in Singapore
            will reply within one business day.
          </p>
        }
      />
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-12 lg:grid-cols-[2fr_1fr]">
        {isSent ? <Confirmation /> : <ContactForm key={subject} subject={subject} lastResult={actionData} />}
        <aside aria-label="Other ways to reach us" className="grid content-start gap-5">
          <SideCard icon={MapPin} title="Our office">
            <address className="not-italic">
              {OFFICE_ADDRESS.name}
              {OFFICE_ADDRESS.lines.map((line) => (
                <span key={line} className="block">
                  {line}
                </span>
              ))}
            </address>
            <p className="mt-2 text-muted">Visits by appointment.</p>
          </SideCard>
          <SideCard icon={Mail} title="Contact details">
            <ul className="space-y-2">
              <li className="flex items-center gap-2">
                <Mail aria-hidden="true" className="size-4 shrink-0 text-muted" />
                <a
                  href={`mailto:${supportEmail}`}
                  className="break-all font-medium text-brand-700 underline-offset-4 hover:underline"
                >
                  {supportEmail}
                </a>
              </li>
              <li className="flex items-center gap-2">
                <Phone aria-hidden="true" className="size-4 shrink-0 text-muted" />
                <a href={SUPPORT_PHONE.href} className="font-medium text-brand-700 underline-offset-4 hover:underline">
                  {SUPPORT_PHONE.display}
                </a>
              </li>
            </ul>
          </SideCard>
          <SideCard icon={Clock} title="Office hours">
            <dl className="space-y-1">
              {OFFICE_HOURS.map((row) => (
                <div key={row.days} className="flex justify-between gap-4">
                  <dt>{row.days}</dt>
                  <dd className="text-right font-medium text-ink">{row.hours}</dd>
                </div>
              ))}
            </dl>
            <p className="mt-2 text-muted">Singapore Time (SGT, UTC+8)</p>
          </SideCard>
          <SideCard icon={Siren} title="24/7 emergency support" tone="accent">
            <p>
              For urgent problems outside office hours, such as a security concern or a profile showing someone else's details,
              e-mail{" "}
              <a
                href={`mailto:${supportEmail}`}
                className="break-all font-medium text-brand-700 underline-offset-4 hover:underline"
              >
                {supportEmail}
              </a>{" "}
              with URGENT in the subject. This inbox is watched around the clock.
            </p>
          </SideCard>
          <Link to="/help-center" className={buttonClasses({ variant: "secondary", size: "lg" })}>
            <LifeBuoy aria-hidden="true" className="size-5" />
            Visit the Help Center
          </Link>
        </aside>
      </div>
    </>
  );
}

// The browser's validation (zod, Conform's parser) loads after the page; see useDeferredValidation.
const loadValidation = () =>
  Promise.all([import("@conform-to/zod/v4"), import("#common/contact-schema.ts")]).then(
    ([{ parseWithZod }, { contactMessageSchema }]) =>
      (formData: FormData) =>
        parseWithZod(formData, { schema: contactMessageSchema }),
  );

function ContactForm({ subject, lastResult }: { subject: string; lastResult: Route.ComponentProps["actionData"] }) {
  const validate = useDeferredValidation(loadValidation);
  const navigation = useNavigation();
  const isSending = navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST";
  const [form, fields] = useForm({
    lastResult,
    defaultValue: { subject },
    // Validated on submit, not on blur: an error appearing above the button on blur moved the
    // button away between mouse-down and mouse-up, and the click that sends was lost.
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: validate && (({ formData }) => validate(formData)),
  });
  return (
    <Card as="section" aria-labelledby="contact-form-heading" className="sm:p-8">
      <h2 id="contact-form-heading" className="text-2xl font-bold tracking-tight text-ink">
        Send us a message
      </h2>
      <p className="mt-1 text-sm text-muted">
        All fields are required. We use your details only to answer you (see the{" "}
        <Link to="/privacy-policy" className="font-medium text-brand-700 underline underline-offset-4 hover:text-brand-900">
          Privacy Policy
        </Link>
        ).
      </p>
      <Form method="post" {...getFormProps(form)} className="relative mt-6 grid gap-5 sm:grid-cols-2">
        {form.errors && form.errors.length > 0 && (
          <div className="sm:col-span-2">
            <Alert tone="error" title="Your message was not sent" live>
              {form.errors[0]}
            </Alert>
          </div>
        )}
        <InputField
          field={fields.firstName}
          label="First Name"
          markRequired
          autoComplete="given-name"
          maxLength={CONTACT_NAME_MAX}
        />
        <InputField
          field={fields.lastName}
          label="Last Name"
          markRequired
          autoComplete="family-name"
          maxLength={CONTACT_NAME_MAX}
        />
        <InputField
          field={fields.email}
          label="Email Address"
          markRequired
          className="sm:col-span-2"
          type="email"
          autoComplete="email"
          maxLength={255}
        />
        <Field label="Subject" required error={fields.subject.errors} className="sm:col-span-2">
          {(props) => (
            <Select
              {...props}
              key={fields.subject.key}
              name={fields.subject.name}
              defaultValue={fields.subject.initialValue ?? ""}
            >
              <option value="" disabled>
                Choose a subject
              </option>
              {CONTACT_SUBJECTS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field
          label="Message"
          required
          hint={`At least ${CONTACT_MESSAGE_MIN} characters. For a problem with the site, say what you did and what happened.`}
          error={fields.message.errors}
          className="sm:col-span-2"
        >
          {(props) => (
            <Textarea
              {...props}
              key={fields.message.key}
              name={fields.message.name}
              defaultValue={fields.message.initialValue}
              rows={6}
              minLength={CONTACT_MESSAGE_MIN}
              maxLength={CONTACT_MESSAGE_MAX}
            />
          )}
        </Field>
        {/* The honeypot: off-screen and out of the tab order; people never fill it in, bots do. */}
        <div aria-hidden="true" className="absolute -left-[10000px] top-auto size-px overflow-hidden">
          <label htmlFor="contact-website">Website (leave this empty)</label>
          <input id="contact-website" type="text" name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
        </div>
        <div className="sm:col-span-2">
          <Button type="submit" size="lg" disabled={isSending} className="w-full sm:w-auto">
            <Send aria-hidden="true" className="size-5" />
            {isSending ? "Sending..." : "Send Message"}
          </Button>
        </div>
      </Form>
    </Card>
  );
}

function Confirmation() {
  return (
    <Card as="section" aria-labelledby="contact-sent-heading" className="flex flex-col items-start sm:p-8">
      <span aria-hidden="true" className="grid size-12 place-items-center rounded-full bg-brand-50 text-brand-700">
        <CheckCircle2 className="size-7" />
      </span>
      <h2 id="contact-sent-heading" className="mt-4 text-2xl font-bold tracking-tight text-ink">
        Thank you, your message has been sent
      </h2>
      <p className="mt-3 max-w-prose leading-relaxed text-slate-700">
        We have received your message and will reply to the e-mail address you gave, usually within one business day. Our support
        team works Monday to Friday, 9 AM to 6 PM Singapore time.
      </p>
      <div className="mt-6 flex flex-wrap gap-3">
        <Link to="/contact" className={buttonClasses({ variant: "outline" })}>
          Send another message
        </Link>
        <Link to="/#consultants" className={buttonClasses()}>
          Browse Consultants
        </Link>
      </div>
    </Card>
  );
}

function SideCard({
  icon: Icon,
  title,
  tone = "brand",
  children,
}: {
  icon: typeof Mail;
  title: string;
  tone?: "brand" | "accent";
  children: React.ReactNode;
}) {
  return (
    <Card as="section" aria-label={title} className="p-5">
      <div className="flex items-center gap-3">
        <CardIcon tone={tone}>
          <Icon className="size-5" />
        </CardIcon>
        <h2 className="font-semibold text-ink">{title}</h2>
      </div>
      <div className="mt-3 text-sm leading-relaxed text-slate-700">{children}</div>
    </Card>
  );
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: "Contact",
    description:
      "Contact the DevConsult SEA team in Singapore: send a message, find our office, e-mail and phone details, and office hours (Singapore time).",
    path: "/contact",
  });
}

export { RouteErrorBoundary as ErrorBoundary };
