import type { ReactNode } from "react";
import { Form } from "react-router";
import { Button } from "../ui/button.tsx";
import { Field, Textarea } from "../ui/field.tsx";

/**
 * An admin's decision that needs a reason (e-mailed to whom it concerns): the reason in a
 * disclosure, then the button. A plain form posting `id`, `back`, `reason` and `intent`: it works
 * without JavaScript. /admin/opportunities (reject, unpublish) and /admin/reviews (hide) use it.
 */
export function ReasonDisclosure({
  id,
  back,
  intent,
  summary,
  reasonLabel,
  maxLength,
  submit,
  variant = "outline",
  className,
}: {
  id: number;
  back: string;
  intent: string;
  /** What the disclosure says closed (with the target's name for screen readers). */
  summary: ReactNode;
  reasonLabel: string;
  /** The reason's bound in the service's schema. */
  maxLength: number;
  submit: ReactNode;
  variant?: "outline" | "destructive";
  className?: string;
}) {
  return (
    <details className={className}>
      <summary className="cursor-pointer font-medium text-brand-800">{summary}</summary>
      <Form method="post" className="mt-2 space-y-2">
        <input type="hidden" name="id" value={id} />
        <input type="hidden" name="back" value={back} />
        <Field label={reasonLabel}>
          {(props) => <Textarea {...props} name="reason" required rows={2} maxLength={maxLength} />}
        </Field>
        <Button type="submit" name="intent" value={intent} variant={variant} size="sm">
          {submit}
        </Button>
      </Form>
    </details>
  );
}
