import { Trans } from "@lingui/react/macro";
import type { FormAnswer } from "#app/lib/form-answer.ts";
import { REAUTHENTICATE_FIELDS } from "#app/lib/reauthentication.ts";
import { Field, Input } from "../ui/field.tsx";

// Re-authentication inside the form (issue 38) for when the dialog cannot open: JavaScript is off,
// or the form was sent before the page hydrated. When a privileged form's answer says
// `reauthenticate`, the form shows these fields; sending it again with the password (or a code)
// confirms it is you and then does what the form asked, with what was typed kept
// (app/lib/reauthentication.server.ts). With JavaScript the dialog asks first; these show only if
// it was cancelled.

export function ReauthenticateFields({ answer }: { answer: FormAnswer<string, unknown> | null | undefined }) {
  if (!answer?.reauthenticate) return null;
  const errors = answer.result.error ?? {};
  return (
    <fieldset className="space-y-3 rounded-lg border border-accent-500/40 bg-accent-100/40 p-4">
      <legend className="px-1 text-sm font-semibold text-ink">
        <Trans>Confirm it is you</Trans>
      </legend>
      <p className="text-sm text-muted">
        <Trans>
          For your security, enter your password again, or a code from your authenticator app, then send the form again. What you
          typed above is kept.
        </Trans>
      </p>
      <Field label={<Trans>Password</Trans>} error={errors[REAUTHENTICATE_FIELDS.password]}>
        {(props) => <Input {...props} name={REAUTHENTICATE_FIELDS.password} type="password" autoComplete="current-password" />}
      </Field>
      <Field
        label={<Trans>Or a code from your authenticator app</Trans>}
        hint={<Trans>Six digits, or one of your recovery codes.</Trans>}
        error={errors[REAUTHENTICATE_FIELDS.code]}
      >
        {(props) => (
          <Input
            {...props}
            name={REAUTHENTICATE_FIELDS.code}
            type="text"
            autoComplete="one-time-code"
            spellCheck={false}
            autoCapitalize="off"
          />
        )}
      </Field>
    </fieldset>
  );
}
