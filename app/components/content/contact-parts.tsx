import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { CheckCircle2, Clock, LifeBuoy, Mail, MapPin, Phone, Siren } from "lucide-react";
import { Link } from "react-router";
import { CONTACT_PAGE } from "#app/content/contact.ts";
import { OFFICE_ADDRESS, OFFICE_HOURS, SUPPORT_PHONE } from "#common/site-info.ts";
import { BrowseConsultantsLink } from "../layout/cta-banner.tsx";
import { ButtonLink, buttonClasses } from "../ui/button.tsx";
import { Card, CardIcon } from "../ui/card.tsx";

// The contact page's parts beside and instead of its form: the other ways to reach the team, and
// the confirmation once a message is sent (copy in app/content/contact.ts).

/** The office hours' days and times (common/site-info.ts OFFICE_HOURS, English there). */
const HOURS_TEXT: Record<string, MessageDescriptor> = {
  "Monday - Friday": msg`Monday - Friday`,
  Saturday: msg`Saturday`,
  Sunday: msg`Sunday`,
  "9:00 AM - 6:00 PM": msg`9:00 AM - 6:00 PM`,
  "10:00 AM - 2:00 PM": msg`10:00 AM - 2:00 PM`,
  Closed: msg`Closed`,
};

/** The side column: office, e-mail and phone, office hours, emergencies, and the Help Center. */
export function ContactAside({ supportEmail }: { supportEmail: string }) {
  const { t, i18n } = useLingui();
  const hours = (text: string) => {
    const descriptor = HOURS_TEXT[text];
    return descriptor ? i18n._(descriptor) : text;
  };
  return (
    <aside aria-label={t`Other ways to reach us`} className="grid content-start gap-5">
      <SideCard icon={MapPin} title={t`Our office`}>
        <address className="not-italic">
          {OFFICE_ADDRESS.name}
          {OFFICE_ADDRESS.lines.map((line) => (
            <span key={line} className="block">
              {line}
            </span>
          ))}
        </address>
        <p className="mt-2 text-muted">{i18n._(CONTACT_PAGE.visits)}</p>
      </SideCard>
      <SideCard icon={Mail} title={t`Contact details`}>
        <ul className="space-y-2">
          <li className="flex items-center gap-2">
            <Mail aria-hidden="true" className="size-4 shrink-0 text-muted" />
            <a
              href={`mailto:${supportEmail}`}
              translate="no"
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
      <SideCard icon={Clock} title={t`Office hours`}>
        <dl className="space-y-1">
          {OFFICE_HOURS.map((row) => (
            <div key={row.days} className="flex justify-between gap-4">
              <dt>{hours(row.days)}</dt>
              <dd className="text-right font-medium text-ink">{hours(row.hours)}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-2 text-muted">{i18n._(CONTACT_PAGE.timeZone)}</p>
      </SideCard>
      <SideCard icon={Siren} title={t`24/7 emergency support`} tone="accent">
        <p>
          <Trans>
            For urgent problems outside office hours, such as a security concern or a profile showing someone else's details,
            e-mail{" "}
            <a
              href={`mailto:${supportEmail}`}
              translate="no"
              className="break-all font-medium text-brand-700 underline-offset-4 hover:underline"
            >
              {supportEmail}
            </a>{" "}
            with URGENT in the subject. This inbox is watched around the clock.
          </Trans>
        </p>
      </SideCard>
      <ButtonLink to="/help-center" variant="secondary" size="lg" icon={LifeBuoy}>
        <Trans>Visit the Help Center</Trans>
      </ButtonLink>
    </aside>
  );
}

export function ContactConfirmation() {
  const { i18n } = useLingui();
  return (
    <Card as="section" aria-labelledby="contact-sent-heading" className="flex flex-col items-start sm:p-8">
      <span aria-hidden="true" className="grid size-12 place-items-center rounded-full bg-brand-50 text-brand-700">
        <CheckCircle2 className="size-7" />
      </span>
      <h2 id="contact-sent-heading" className="mt-4 text-2xl font-bold tracking-tight text-ink">
        {i18n._(CONTACT_PAGE.sent.title)}
      </h2>
      <p className="mt-3 max-w-prose leading-relaxed text-slate-700">{i18n._(CONTACT_PAGE.sent.text)}</p>
      <div className="mt-6 flex flex-wrap gap-3">
        <Link to="/contact" className={buttonClasses({ variant: "outline" })}>
          <Trans>Send another message</Trans>
        </Link>
        <BrowseConsultantsLink className={buttonClasses()} />
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
