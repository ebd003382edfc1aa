/** A choice of a select: a value that is its own label, or a value with a label. */
type Choice<T extends string = string> = T | { readonly value: T; readonly label: string };

/**
 * A select's options: an optional empty first choice (the placeholder), then one option per
 * choice, labelled by `label`, by the choice's own label, or by the value itself.
 */
export function Options<T extends string>({
  values,
  label,
  placeholder,
}: {
  values: readonly Choice<T>[];
  label?: (value: T) => string;
  placeholder?: string;
}) {
  return (
    <>
      {placeholder !== undefined && <option value="">{placeholder}</option>}
      {values.map((choice) => {
        const value = typeof choice === "string" ? choice : choice.value;
        const text = typeof choice === "string" ? (label?.(choice) ?? choice) : choice.label;
        return (
          <option key={value} value={value}>
            {text}
          </option>
        );
      })}
    </>
  );
}

/** The list, with the current value added at its end when a shared link names one outside it. */
export function withCurrent(values: readonly string[], current: string | undefined): readonly string[] {
  return current && !values.includes(current) ? [...values, current] : values;
}
