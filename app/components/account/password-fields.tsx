import { type FormFieldMeta, InputField } from "../ui/field.tsx";

/**
 * The field for choosing a password, with the same rule and hint on sign-up, reset and change,
 * and its confirmation where the form asks for one.
 */
export function NewPasswordFields({
  password,
  confirm,
  label = "New Password",
}: {
  password: FormFieldMeta;
  confirm?: FormFieldMeta;
  label?: string;
}) {
  return (
    <>
      <InputField
        field={password}
        label={label}
        hint="At least 6 characters; avoid common passwords."
        type="password"
        autoComplete="new-password"
        placeholder="Choose a strong password"
        minLength={6}
        required
      />
      {confirm && (
        <InputField field={confirm} label="Confirm New Password" type="password" autoComplete="new-password" required />
      )}
    </>
  );
}
