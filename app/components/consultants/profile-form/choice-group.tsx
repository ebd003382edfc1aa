import { useLingui } from "@lingui/react";
import { useId } from "react";
import { describedBy, FieldError, FieldHint, type FormFieldMeta, RequiredMark } from "#app/components/ui/field.tsx";
import { valueLabel } from "#app/i18n/labels.ts";

// A group of checkboxes under one name (donors, countries): a multi-select that works with every
// keyboard and screen reader, and without JavaScript. Its error sits under the legend.

export function initialList(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((item): item is string => typeof item === "string");
  return typeof value === "string" && value ? [value] : [];
}

/** A Conform field as a group of checkboxes; the field's reset key starts the group afresh. */
export function ChoiceGroup({
  field,
  legend,
  options,
  required,
  hint,
  children,
}: {
  field: FormFieldMeta;
  legend: string;
  options: readonly string[];
  required?: boolean;
  hint?: string;
  children?: React.ReactNode;
}) {
  const { i18n } = useLingui();
  const id = useId();
  const chosen = initialList(field.initialValue);
  const message = field.errors?.[0];
  return (
    <fieldset key={field.key} aria-describedby={describedBy(id, hint, message)} className="min-w-0">
      <legend className="text-sm font-medium text-ink">
        {legend}
        {required && <RequiredMark />}
      </legend>
      <FieldHint id={id} hint={hint} />
      <FieldError id={id} message={message} />
      <div className="mt-2 grid grid-cols-2 gap-x-3 gap-y-1 sm:grid-cols-3">
        {options.map((option) => (
          <label key={option} className="flex min-h-8 items-center gap-2 break-words text-sm text-ink">
            <input
              type="checkbox"
              name={field.name}
              value={option}
              defaultChecked={chosen.includes(option)}
              aria-invalid={message ? true : undefined}
              className="size-4 shrink-0 accent-brand-700"
            />
            {/* The value stays English (what the form sends); its words are the page's language. */}
            {valueLabel(i18n, option)}
          </label>
        ))}
      </div>
      {children}
    </fieldset>
  );
}
