import { useId } from "react";

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
  const describedBy = [hint ? `${id}-hint` : "", message ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-ink">
        {label}
        {required && (
          <span className="text-red-700" aria-hidden="true">
            {" "}
            *
          </span>
        )}
      </label>
      {hint && (
        <p id={`${id}-hint`} className="mt-0.5 text-xs text-muted">
          {hint}
        </p>
      )}
      <div className="mt-1">
        {children({ id, required, "aria-invalid": message ? true : undefined, "aria-describedby": describedBy })}
      </div>
      {message && (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
          {message}
        </p>
      )}
    </div>
  );
}

export function Input(props: React.InputHTMLAttributes<HTMLInputElement>) {
  return <input {...props} className={`${inputClasses} ${props.className ?? ""}`} />;
}

export function Textarea(props: React.TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return <textarea {...props} className={`${inputClasses} ${props.className ?? ""}`} />;
}

/** A native select: accessible, works without JavaScript, and light. */
export function Select(props: React.SelectHTMLAttributes<HTMLSelectElement>) {
  return <select {...props} className={`${inputClasses} pr-8 ${props.className ?? ""}`} />;
}

/** What InputField needs of a Conform field. */
type FormFieldMeta = { key?: string; name: string; initialValue?: unknown; errors?: string[] };

/**
 * A Conform field as a labelled input: wires the name, the reset key, the initial value (never
 * for passwords) and the field's errors. `markRequired` shows the required mark beside the label.
 */
export function InputField({
  field,
  label,
  hint,
  markRequired,
  className,
  ...inputProps
}: {
  field: FormFieldMeta;
  label: React.ReactNode;
  hint?: React.ReactNode;
  markRequired?: boolean;
  className?: string;
} & Omit<React.InputHTMLAttributes<HTMLInputElement>, "name" | "defaultValue" | "className">) {
  const initial = inputProps.type === "password" || typeof field.initialValue !== "string" ? undefined : field.initialValue;
  return (
    <Field label={label} hint={hint} error={field.errors} required={markRequired} className={className}>
      {(props) => <Input {...props} {...inputProps} key={field.key} name={field.name} defaultValue={initial} />}
    </Field>
  );
}
