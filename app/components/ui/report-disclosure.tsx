import { Trans } from "@lingui/react/macro";
import { Flag } from "lucide-react";
import { Button } from "./button.tsx";

/**
 * "Report this …" under what can be reported (a received conversation, an opportunity): a
 * disclosure, so the form opens without JavaScript too, with a flag in its summary.
 */
export function ReportDisclosure({
  summary,
  open,
  children,
}: {
  summary: React.ReactNode;
  /** Open when it has something to say: a refusal to show, or that the report was sent. */
  open: boolean;
  children: React.ReactNode;
}) {
  return (
    <details className="mt-8 rounded-2xl border border-line bg-white p-4 text-sm" open={open}>
      <summary className="inline-flex cursor-pointer items-center gap-1.5 font-medium text-muted">
        <Flag aria-hidden="true" className="size-4" />
        {summary}
      </summary>
      {children}
    </details>
  );
}

/** The report form's submit button (intent "report"). */
export function SendReportButton() {
  return (
    <Button type="submit" name="intent" value="report" variant="outline" size="sm">
      <Trans>Send the report</Trans>
    </Button>
  );
}
