import type { I18n } from "@lingui/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { Form } from "react-router";
import { type FormAnswer, formErrorOf, typedOf } from "#app/lib/form-answer.ts";
import { ReauthenticateFields } from "../account/reauthenticate-fields.tsx";
import { FormErrorAlert } from "../ui/alert.tsx";
import { Button } from "../ui/button.tsx";
import { Field, Textarea } from "../ui/field.tsx";
import { type AdminIntent, type AskingIntent, askHref } from "./admin-tabs.ts";
import { adminText } from "./admin-words.ts";
import { deleteText } from "./consultants-panel.tsx";
import { InPageActions, InPagePanel, useAdminBack, useAdminPlace } from "./plain-forms.tsx";
import { reasonText } from "./reason-dialog.tsx";
import { confirmationText } from "./users-panel.tsx";

// The question a row action asks first, in the page itself: what a dialog asks with JavaScript,
// here for a page without it (a row's button is a GET form to `?confirm=<intent>&id=<id>`,
// app/components/admin/plain-forms.tsx). A plain form posting to /admin's action (same service,
// same audit). When the action needs a recent sign-in and the admin's is older, the answer comes
// back to this address with the password and code fields in the form (ReauthenticateFields);
// sending it again with one re-authenticates and acts in one step. Cancel goes back to the table.

/** Whom the question is about: a row of the open table. */
export type AskTarget = { id: number; name: string };

type Question = {
  title: string;
  description: string;
  confirmLabel: string;
  variant: "primary" | "destructive";
  reason?: { label: string; required: boolean };
};

function questionOf(i18n: I18n, intent: AskingIntent, target: AskTarget, isSelf: boolean): Question {
  switch (intent) {
    case "delete": {
      const text = deleteText(i18n);
      return { ...text, confirmLabel: text.confirmLabel(target.name), variant: "destructive" };
    }
    case "hide":
    case "reject":
    case "reject-change": {
      const text = reasonText(i18n, intent, target.name);
      return {
        title: `${text.title}: ${target.name}`,
        description: text.description,
        confirmLabel: text.submit,
        variant: "destructive",
        reason: { label: text.label, required: intent !== "hide" },
      };
    }
    default:
      return confirmationText(i18n, { intent, user: target }, isSelf);
  }
}

export function AskPanel({
  intent,
  target,
  isSelf,
  answer,
}: {
  intent: AskingIntent;
  target: AskTarget;
  isSelf: boolean;
  /** The action's answer to this form, when it was sent and refused. */
  answer: FormAnswer<AdminIntent> | undefined;
}) {
  const { i18n } = useLingui();
  const place = useAdminPlace();
  const back = useAdminBack();
  const question = questionOf(i18n, intent, target, isSelf);
  const formError = formErrorOf(answer);
  const reasonError = answer?.result.error?.reason?.map((message) => adminText(i18n, message));
  const typedReason = typedOf(answer).reason;
  return (
    <InPagePanel title={question.title}>
      <p className="mt-2 text-sm text-muted">{question.description}</p>
      <Form method="post" action={askHref(place, intent, target.id)} className="mt-4 grid gap-4">
        <FormErrorAlert errors={formError ? [adminText(i18n, formError)] : undefined} />
        <input type="hidden" name="id" value={target.id} />
        <input type="hidden" name="back" value={back} />
        {question.reason && (
          <Field label={question.reason.label} required={question.reason.required} error={reasonError}>
            {(props) => <Textarea {...props} name="reason" rows={4} maxLength={1000} defaultValue={typedReason} />}
          </Field>
        )}
        <ReauthenticateFields answer={answer} />
        <InPageActions leave={<Trans>Cancel</Trans>}>
          <Button type="submit" name="intent" value={intent} variant={question.variant}>
            {question.confirmLabel}
          </Button>
        </InPageActions>
      </Form>
    </InPagePanel>
  );
}
