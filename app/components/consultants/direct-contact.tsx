import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { ChevronDown, Mail, Phone } from "lucide-react";
import { buttonClasses } from "../ui/button.tsx";
import { toast } from "../ui/toast.tsx";

// Direct Contact (spec section 4): with both e-mail and phone public it toggles a panel of both;
// with one it acts directly (a mailto: or tel: link); with neither it is disabled. The disabled
// button stays focusable (aria-disabled) so a keyboard or screen-reader user learns why.

export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, "")}`;
}

const NOT_PUBLIC = msg`Send them a message instead: the consultant receives it by e-mail.`;

export function DirectContact({
  email,
  phone,
  className = "",
}: {
  email: string | null;
  phone: string | null;
  className?: string;
}) {
  const { t, i18n } = useLingui();
  const button = buttonClasses({ variant: "outline", size: "lg", className: "w-full" });
  if (email && phone) {
    const entry = buttonClasses({ variant: "ghost", className: "justify-start" });
    return (
      <details className={`group ${className}`} data-testid="direct-contact">
        <summary className={`${button} cursor-pointer list-none [&::-webkit-details-marker]:hidden`}>
          <Trans>Direct Contact</Trans>
          <ChevronDown aria-hidden="true" className="size-4 transition-transform group-open:rotate-180" />
        </summary>
        <div className="mt-2 grid gap-2 rounded-xl border border-slate-200 bg-white p-3 shadow-sm">
          <a href={`mailto:${email}`} className={entry}>
            <Mail aria-hidden="true" className="size-4" />
            <Trans>Email {email}</Trans>
          </a>
          <a href={telHref(phone)} className={entry}>
            <Phone aria-hidden="true" className="size-4" />
            <Trans>Call {phone}</Trans>
          </a>
        </div>
      </details>
    );
  }
  if (email || phone) {
    const href = email ? `mailto:${email}` : telHref(phone ?? "");
    const Icon = email ? Mail : Phone;
    return (
      <div className={className}>
        <a href={href} className={button} data-testid="direct-contact">
          <Icon aria-hidden="true" className="size-4" />
          <Trans>Direct Contact</Trans>
        </a>
      </div>
    );
  }
  return (
    <div className={className}>
      <button
        type="button"
        aria-disabled="true"
        data-testid="direct-contact"
        className={`${button} cursor-not-allowed opacity-60`}
        onClick={() => toast({ title: t`Contact information not available`, description: i18n._(NOT_PUBLIC) })}
      >
        <Trans>Direct Contact</Trans>
      </button>
    </div>
  );
}

/**
 * An e-mail or phone entry of a contact card (a dt/dd pair for a <dl>): a link when public,
 * else a button that says why there is nothing to show.
 */
export function ContactRow({ kind, value, note }: { kind: "email" | "phone"; value: string | null; note?: React.ReactNode }) {
  const { t, i18n } = useLingui();
  const Icon = kind === "email" ? Mail : Phone;
  const label = kind === "email" ? t`Email` : t`Phone`;
  return (
    <div>
      <dt className="flex items-center gap-2 text-xs font-medium uppercase tracking-wide text-muted">
        <Icon aria-hidden="true" className={`size-4 ${value ? "text-brand-700" : "text-slate-400"}`} />
        {label}
      </dt>
      <dd className="break-words pl-6">
        {value ? (
          <a
            href={kind === "email" ? `mailto:${value}` : telHref(value)}
            translate="no"
            className="font-medium text-brand-800 underline"
          >
            {value}
          </a>
        ) : (
          <button
            type="button"
            className="text-left text-sm text-muted underline decoration-dotted underline-offset-4"
            onClick={() =>
              toast({
                title: kind === "email" ? t`Email not available` : t`Phone not available`,
                description: i18n._(NOT_PUBLIC),
              })
            }
          >
            <Trans>Not shared publicly</Trans>
          </button>
        )}
      </dd>
      {note && <dd className="pl-6 text-xs text-muted">{note}</dd>}
    </div>
  );
}
