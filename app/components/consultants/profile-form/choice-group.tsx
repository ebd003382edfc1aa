import { useId } from "react";

// A group of checkboxes under one name (donors, countries): a multi-select that works with every
// keyboard and screen reader, and without JavaScript. Its error sits under the legend.

export function initialList(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((item): item is string => typeof item === "string");
  return typeof value === "string" && value ? [value] : [];
}

export function ChoiceGroup({
  legend,
  name,
  options,
  initial,
  errors,
  required,
  hint,
  children,
}: {
  legend: string;
  name: string;
  options: readonly string[];
  initial: unknown;
  errors?: string[];
  required?: boolean;
  hint?: string;
  children?: React.ReactNode;
}) {
  const id = useId();
  const chosen = initialList(initial);
  const message = errors?.[0];
  return (
    <fieldset
      aria-describedby={[hint ? `${id}-hint` : "", message ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined}
      className="min-w-0"
    >
      <legend className="text-sm font-medium text-ink">
        {legend}
        {required && (
          <span className="text-red-700" aria-hidden="true">
            {" "}
            *
          </span>
        )}
      </legend>
      {hint && (
        <p id={`${id}-hint`} className="mt-0.5 text-xs text-muted">
          {hint}
        </p>
      )}
      {message && (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
          {message}
        </p>
      )}
      <div className="mt-2 grid grid-cols-2 gap-x-3 gap-y-1 sm:grid-cols-3">
        {options.map((option) => (
          <label key={option} className="flex min-h-8 items-center gap-2 break-words text-sm text-ink">
            <input
              type="checkbox"
              name={name}
              value={option}
              defaultChecked={chosen.includes(option)}
              aria-invalid={message ? true : undefined}
              className="size-4 shrink-0 accent-brand-700"
            />
            {option}
          </label>
        ))}
      </div>
      {children}
    </fieldset>
  );
}
