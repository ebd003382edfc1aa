import { useLingui } from "@lingui/react/macro";
import { type FormFieldMeta, InputField } from "../ui/field.tsx";

/**
 * The field for choosing a password, with the same rule and hint on sign-up, reset and change,
 * and its confirmation where the form asks for one.
 */
export function NewPasswordFields({
  password,
  confirm,
  label,
}: {
  password: FormFieldMeta;
  confirm?: FormFieldMeta;
  /** "New Password" by default. */
  label?: string;
}) {
  const { t } = useLingui();
  return (
    <>
      <InputField
        field={password}
        label={label ?? t`New Password`}
        hint={t`At least 6 characters; avoid common passwords.`}
        type="password"
        autoComplete="new-password"
        placeholder={t`Choose a strong password`}
        minLength={6}
        required
      />
      {confirm && (
        <InputField field={confirm} label={t`Confirm New Password`} type="password" autoComplete="new-password" required />
      )}
    </>
  );
}
