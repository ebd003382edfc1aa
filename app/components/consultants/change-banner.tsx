import { Trans, useLingui } from "@lingui/react/macro";
import { useLocale } from "#app/i18n/use-locale.ts";
import { formatDate } from "#common/format.ts";
import { intlLocale } from "#common/locales.ts";
import type { OwnChangeState, ReviewedField } from "#common/profile-changes.ts";
import { Alert } from "../ui/alert.tsx";

/**
 * What the owner is told about their last change to an approved profile (issue 14): it waits for
 * an administrator while visitors see the approved version, or it was not published, and why. In
 * the page's language (issue 37); the administrator's reason is their own words, isolated. The
 * fields' names come from the loader (reviewedFieldNames: the words of the owner's e-mail and the
 * approval queue).
 */
export function ChangeBanner({
  change,
  fieldNames,
}: {
  change: OwnChangeState | null;
  fieldNames: Record<ReviewedField, string> | null;
}) {
  const { t } = useLingui();
  const locale = useLocale();
  if (!change) return null;
  const names = fieldNames ? change.fields.map((field) => fieldNames[field]) : [];
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
