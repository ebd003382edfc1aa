import { Trans } from "@lingui/react/macro";
import { BadgeCheck } from "lucide-react";
import type { OrganizationBadge as Badge } from "#common/organizations.ts";
import { OrganizationLogo } from "./organization-logo.tsx";

/**
 * An organization's name with its "Verified organization" badge when it is verified (issue 31):
 * the same mark on messages, reviews, shared shortlists and the organization's page. The badge is
 * text (read by screen readers), the check mark decoration. Where the place carries the logo
 * (`logoUrl`, null for none), the logo or the initials stand before the name.
 */
export function OrganizationBadge({ organization }: { organization: Badge }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5">
      {organization.logoUrl !== undefined && (
        <OrganizationLogo name={organization.name} logoUrl={organization.logoUrl} size="xs" />
      )}
      <bdi>{organization.name}</bdi>
      {organization.verified && <VerifiedMark />}
    </span>
  );
}

/** The badge alone: a verified organization. */
export function VerifiedMark() {
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-800 ring-1 ring-emerald-300">
      <BadgeCheck aria-hidden="true" className="size-3.5" />
      <Trans>Verified organization</Trans>
    </span>
  );
}
