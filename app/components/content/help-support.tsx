import { Trans, useLingui } from "@lingui/react/macro";
import { Mail, MessageSquareText, Phone } from "lucide-react";
import { PageSection } from "#app/components/content/page-section.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { ButtonLink, buttonClasses } from "#app/components/ui/button.tsx";
import { Card, CardIcon } from "#app/components/ui/card.tsx";
import { SUPPORT_PHONE } from "#common/site-info.ts";

// The help center's "Talk to our support team" section (app/routes/pages/help-center.tsx loads it lazily).

export default function HelpSupport({ supportEmail }: { supportEmail: string }) {
  const { t } = useLingui();
  return (
    <PageSection id="support-heading" title={t`Talk to our support team`} large={false} container="max-w-7xl py-12">
      <ul className="mt-6 grid gap-6 md:grid-cols-3">
        <li className="flex">
          <SupportCard
            icon={MessageSquareText}
            title={t`Contact Form`}
            text={t`Tell us what happened and where; the form reaches the same team and keeps your question on record.`}
          >
            <ButtonLink to="/contact" variant="secondary" icon={MessageSquareText}>
              <Trans>Write to us</Trans>
            </ButtonLink>
          </SupportCard>
        </li>
        <li className="flex">
          <SupportCard icon={Mail} title={t`Email Support`} text={t`Write to us any time; we reply within one business day.`}>
            <a href={`mailto:${supportEmail}`} translate="no" className={buttonClasses({ variant: "secondary" })}>
              <Mail aria-hidden="true" className="size-4" />
              {supportEmail}
            </a>
          </SupportCard>
        </li>
        <li className="flex">
          <SupportCard icon={Phone} title={t`Phone Support`} text={t`Speak to us directly, in English, during support hours.`}>
            <a href={SUPPORT_PHONE.href} className={buttonClasses({ variant: "secondary" })}>
              <Phone aria-hidden="true" className="size-4" />
              {SUPPORT_PHONE.display}
            </a>
          </SupportCard>
        </li>
      </ul>
    </PageSection>
  );
}

function SupportCard({
  icon: Icon,
  title,
  text,
  children,
}: {
  icon: typeof Mail;
  title: string;
  text: string;
  children: React.ReactNode;
}) {
  return (
    <Card as="article" className="flex w-full flex-col">
      <div className="flex items-center gap-3">
        <CardIcon>
          <Icon className="size-5" />
        </CardIcon>
        <h3 className="text-lg font-semibold text-ink">{title}</h3>
      </div>
      <p className="mt-3 flex-1 text-sm leading-relaxed text-slate-700">{text}</p>
      <p className="mt-3">
        <Badge tone="neutral">
          <Trans>Mon-Fri 9AM-6PM SGT</Trans>
        </Badge>
      </p>
      <div className="mt-4 border-t border-line pt-4">{children}</div>
    </Card>
  );
}
