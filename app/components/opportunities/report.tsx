import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Form } from "react-router";
import { OPPORTUNITY_REPORT_REASONS, type OpportunityReportReason } from "#common/opportunity-reports.ts";
import { Alert } from "../ui/alert.tsx";
import { Field, Textarea } from "../ui/field.tsx";
import { ReportDisclosure, SendReportButton } from "../ui/report-disclosure.tsx";

// "Report this opportunity" (issue 32) on every published opportunity: a plain form inside a
// disclosure (works without JavaScript; a visitor who sends it is asked to sign in first).

const REASON_LABELS: Record<OpportunityReportReason, ReturnType<typeof msg>> = {
  spam: msg`Spam`,
  scam: msg`Scam or fraud`,
  discriminatory: msg`Discriminatory`,
};

export function ReportOpportunity({ error, sent }: { error: string | null; sent: boolean }) {
  const { t, i18n } = useLingui();
  return (
    <ReportDisclosure summary={<Trans>Report this opportunity</Trans>} open={error !== null || sent}>
      {sent ? (
        <div className="mt-3">
          <Alert tone="info" title={t`Report sent`}>
            <p>
              <Trans>Thank you: an administrator will look at this opportunity.</Trans>
            </p>
          </Alert>
        </div>
      ) : (
        <Form method="post" className="mt-3 space-y-3">
          {error && (
            <Alert tone="error" title={t`Not sent`} live>
              <p>{error}</p>
            </Alert>
          )}
          <fieldset>
            <legend className="font-medium text-ink">
              <Trans>What is wrong with it?</Trans>
            </legend>
            <div className="mt-2 space-y-1.5">
              {OPPORTUNITY_REPORT_REASONS.map((reason, index) => (
                <label key={reason} className="flex items-center gap-2">
                  <input type="radio" name="reason" value={reason} required defaultChecked={index === 0} />
                  {i18n._(REASON_LABELS[reason])}
                </label>
              ))}
            </div>
          </fieldset>
          <Field label={t`Details (optional)`}>
            {(props) => <Textarea {...props} name="details" maxLength={1000} rows={3} />}
          </Field>
          <SendReportButton />
        </Form>
      )}
    </ReportDisclosure>
  );
}
