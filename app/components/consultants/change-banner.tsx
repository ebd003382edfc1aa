import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useLocale } from "#app/i18n/use-locale.ts";
import { formatDate } from "#common/format.ts";
import { intlLocale } from "#common/locales.ts";
import type { OwnChangeState, ReviewedField } from "#common/profile-changes.ts";
import { Alert } from "../ui/alert.tsx";

/** The reviewed fields as the owner reads them (the words of common/profile-changes.ts and the owner's e-mail). */
const FIELD_NAMES: Record<ReviewedField, MessageDescriptor> = {
  name: msg`Full name`,
  title: msg`Professional title`,
  bio: msg`Professional summary`,
  profilePhotoUrl: msg`Photo`,
  primarySpecialization: msg`Primary specialization`,
  secondarySpecializations: msg`Other specializations`,
  assignments: msg`Assignments`,
};

/**
 * What the owner is told about their last change to an approved profile (issue 14): it waits for
 * an administrator while visitors see the approved version, or it was not published, and why. In
 * the page's language (issue 37); the administrator's reason is their own words, isolated.
 */
export function ChangeBanner({ change }: { change: OwnChangeState | null }) {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  if (!change) return null;
  const names = change.fields.map((field) => i18n._(FIELD_NAMES[field]));
  const fields =
    names.length > 0 ? new Intl.ListFormat(intlLocale(locale), { type: "conjunction" }).format(names) : t`your profile`;
  const sent = formatDate(change.submittedAt, locale);
  return (
    <div className="mb-6">
      {change.status === "pending" ? (
        <Alert tone="info" title={t`Changes waiting for review`}>
          <Trans>
            Your changes to {fields} (sent {sent}) wait for an administrator's review. Visitors see the approved version until
            then; your other changes are already published.
          </Trans>
        </Alert>
      ) : (
        <Alert tone="warning" title={t`Changes not published`}>
          {change.reason ? (
            <Trans>
              An administrator did not publish your changes to {fields}: <bdi>{change.reason.replace(/[.!?]+$/, "")}</bdi>. Your
              profile shows its approved version; edit it to send the changes again.
            </Trans>
          ) : (
            <Trans>
              An administrator did not publish your changes to {fields}. Your profile shows its approved version; edit it to send
              the changes again.
            </Trans>
          )}
        </Alert>
      )}
    </div>
  );
}
