import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useId } from "react";
import { Form } from "react-router";
import { translateText } from "#app/i18n/translate-text.ts";
import { CONVERSATION_REPORT_REASONS, ORGANIZATION_LIMITS } from "#common/organizations.ts";
import { Alert } from "../ui/alert.tsx";
import { describedBy, Field, FieldError, RequiredMark, Textarea } from "../ui/field.tsx";
import { ReportDisclosure, SendReportButton } from "../ui/report-disclosure.tsx";

// "Report this sender" (issue 31) under a received conversation: a plain form inside a disclosure
// (works without JavaScript) that sends the conversation to the admins' queue with a reason and
// optional details (server/services/conversations/reports.ts). Once sent, the page says so
// instead, until an admin has dealt with it.

type Reason = (typeof CONVERSATION_REPORT_REASONS)[number];

/** The reasons as the consultant reads them; the form sends the English words the admins read. */
const REASON_LABELS: Record<Reason, ReturnType<typeof msg>> = {
  "Spam or advertising": msg`Spam or advertising`,
  "A scam or a fake job offer (for example, it asks for a fee)": msg`A scam or a fake job offer (for example, it asks for a fee)`,
  "Harassment or abusive language": msg`Harassment or abusive language`,
  "Pretends to be a person or an organization it is not": msg`Pretends to be a person or an organization it is not`,
  "Something else": msg`Something else`,
};

export function ReportSender({
  isReported,
  errors,
  typed,
}: {
  isReported: boolean;
  /** The refusal: its fields' messages by name, "" for the form's own. */
  errors: Record<string, string | undefined>;
  /** What was sent, given back with a refusal. */
  typed: Record<string, string>;
}) {
  const { t, i18n } = useLingui();
  const id = useId();
  const hasErrors = Object.values(errors).some(Boolean);
  if (isReported) {
    return (
      <div className="mt-8" data-testid="sender-reported">
        <Alert tone="info" title={t`You reported this sender`}>
          <p>
            <Trans>An administrator will look at this conversation.</Trans>
          </p>
        </Alert>
      </div>
    );
  }
  const chosen = typed.reason ?? "";
  return (
    <ReportDisclosure summary={<Trans>Report this sender</Trans>} open={hasErrors}>
      <p className="mt-2 text-muted">
        <Trans>
          An administrator reads every report and can warn or block the sender. The sender is not told who reported them.
        </Trans>
      </p>
      <Form method="post" className="mt-3 space-y-3">
        {errors[""] && (
          <Alert tone="error" title={t`The report was not sent`} live>
            <p>{translateText(i18n, errors[""])}</p>
          </Alert>
        )}
        <fieldset
          aria-describedby={describedBy(`${id}-reason`, null, errors.reason)}
          aria-invalid={errors.reason ? true : undefined}
        >
          <legend className="font-medium text-ink">
            <Trans>Why are you reporting this sender?</Trans>
            <RequiredMark />
          </legend>
          <div className="mt-2 space-y-1.5">
            {CONVERSATION_REPORT_REASONS.map((reason) => (
              <label key={reason} className="flex items-start gap-2">
                <input type="radio" name="reason" value={reason} required defaultChecked={chosen === reason} className="mt-1" />
                <span>{i18n._(REASON_LABELS[reason])}</span>
              </label>
            ))}
          </div>
          <FieldError id={`${id}-reason`} message={errors.reason} />
        </fieldset>
        <Field
          label={t`Details (optional)`}
          hint={t`What happened, in a few words. Needed when you choose "Something else".`}
          error={errors.details}
        >
          {(props) => (
            <Textarea
              {...props}
              name="details"
              rows={3}
              maxLength={ORGANIZATION_LIMITS.reportDetails}
              defaultValue={typed.details ?? ""}
            />
          )}
        </Field>
        <SendReportButton />
      </Form>
    </ReportDisclosure>
  );
}
