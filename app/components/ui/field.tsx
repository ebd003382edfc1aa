import { useLingui } from "@lingui/react";
import { Trans } from "@lingui/react/macro";
import { useId } from "react";
import { translateText } from "#app/i18n/translate-text.ts";

export const inputClasses =
  "block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-ink shadow-sm placeholder:text-slate-500 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 aria-[invalid=true]:border-red-700 disabled:bg-slate-100 sm:text-sm";

type ControlProps = {
  id: string;
  name?: string;
  required?: boolean;
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
};

/**
 * A labelled form control with an optional hint and its error beside it. The control is passed
 * as a render function so it gets the id and ARIA wiring: `{(props) => <input {...props} />}`.
 */
export function Field({
  label,
  hint,
  error,
  required,
  className = "",
  children,
}: {
  label: React.ReactNode;
  hint?: React.ReactNode;
  error?: string | string[] | null;
  required?: boolean;
  className?: string;
  children: (props: ControlProps) => React.ReactNode;
}) {
  const id = useId();
  const message = Array.isArray(error) ? error[0] : error;
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-ink">
        {label}
        {required && <RequiredMark />}
      </label>
      <FieldHint id={id} hint={hint} />
      <div className="mt-1">
        {children({
          id,
          required,
          "aria-invalid": message ? true : undefined,
          "aria-describedby": describedBy(id, hint, message),
        })}
      </div>
      <FieldError id={id} message={message} />
    </div>
  );
}

/** The ids of a control's hint and error, for its aria-describedby (see FieldHint and FieldError). */
export function describedBy(id: string, hint: React.ReactNode, message: string | null | undefined) {
  return [hint ? `${id}-hint` : "", message ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined;
}

/** The mark beside a required field's label or legend; the control itself says "required" to screen readers. */
export function RequiredMark() {
  return (
    <span className="text-red-700" aria-hidden="true">
      {" "}
      *
    </span>
  );
}

/** A field's hint under its label (id `${id}-hint`), if it has one. */
export function FieldHint({ id, hint }: { id: string; hint: React.ReactNode }) {
  if (!hint) return null;
  return (
    <p id={`${id}-hint`} className="mt-0.5 text-xs text-muted">
      {hint}
    </p>
  );
}

/** A field's error (id `${id}-error`), if it has one. */
export function FieldError({ id, message }: { id: string; message: string | null | undefined }) {
  // The schemas' messages are English (the API's); the page shows them in its language.
  const { i18n } = useLingui();
  if (!message) return null;
  return (
    <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
      {translateText(i18n, message)}
    </p>
  );
}

type InputAttributes = React.InputHTMLAttributes<HTMLInputElement>;
type TextareaAttributes = React.TextareaHTMLAttributes<HTMLTextAreaElement>;
type SelectAttributes = React.SelectHTMLAttributes<HTMLSelectElement>;

export function Input(props: InputAttributes) {
  return <input {...props} className={`${inputClasses} ${props.className ?? ""}`} />;
}

export function Textarea(props: TextareaAttributes) {
  return <textarea {...props} className={`${inputClasses} ${props.className ?? ""}`} />;
}

/** A native select: accessible, works without JavaScript, and light. */
export function Select(props: SelectAttributes) {
  return <select {...props} className={`${inputClasses} pr-8 ${props.className ?? ""}`} />;
}

/** What the *Field components need of a Conform field. */
export type FormFieldMeta = { key?: string; name: string; initialValue?: unknown; errors?: string[] };

/** The label, hint and required mark around a Conform field (`markRequired` also sets `required`). */
type FieldFrame = {
  field: FormFieldMeta;
  label: React.ReactNode;
  hint?: React.ReactNode;
  markRequired?: boolean;
  className?: string;
};

type Wired<Attributes> = FieldFrame & Omit<Attributes, "name" | "defaultValue" | "className">;

const initialText = (field: FormFieldMeta) => (typeof field.initialValue === "string" ? field.initialValue : undefined);

/**
 * A Conform field as a labelled input: wires the name, the reset key, the initial value (never
 * for passwords) and the field's errors.
 */
export function InputField({ field, label, hint, markRequired, className, ...inputProps }: Wired<InputAttributes>) {
  const initial = inputProps.type === "password" ? undefined : initialText(field);
  return (
    <Field label={label} hint={hint} error={field.errors} required={markRequired} className={className}>
      {(props) => <Input {...props} {...inputProps} key={field.key} name={field.name} defaultValue={initial} />}
    </Field>
  );
}

/** A Conform field as a labelled text area, wired like InputField. */
export function TextareaField({ field, label, hint, markRequired, className, ...areaProps }: Wired<TextareaAttributes>) {
  return (
    <Field label={label} hint={hint} error={field.errors} required={markRequired} className={className}>
      {(props) => <Textarea {...props} {...areaProps} key={field.key} name={field.name} defaultValue={initialText(field)} />}
    </Field>
  );
}

/** A Conform field as a labelled select of its children (see Options); nothing chosen picks the empty option. */
export function SelectField({ field, label, hint, markRequired, className, ...selectProps }: Wired<SelectAttributes>) {
  return (
    <Field label={label} hint={hint} error={field.errors} required={markRequired} className={className}>
      {(props) => (
        <Select {...props} {...selectProps} key={field.key} name={field.name} defaultValue={initialText(field) ?? ""} />
      )}
    </Field>
  );
}

/** The honeypot of a public form: off-screen and out of the tab order; people never fill it in, bots do. */
export function Honeypot({ id }: { id: string }) {
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] top-auto size-px overflow-hidden">
      <label htmlFor={id}>
        <Trans>Website (leave this empty)</Trans>
      </label>
      <input id={id} type="text" name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}
