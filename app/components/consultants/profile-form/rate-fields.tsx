import type { FieldMetadata } from "@conform-to/react";
import { Field, InputField, Select } from "#app/components/ui/field.tsx";
import { RATE_CURRENCIES, RATE_VISIBILITIES, RATE_VISIBILITY_LABELS } from "#common/track-record.ts";
import type { ProfileFormValues } from "./form-values.ts";

// The optional daily rate range, its currency and who sees it (default: not shown).

const text = (value: unknown) => (typeof value === "string" ? value : "");

export function RateFields({
  rate,
  visibility,
}: {
  rate: FieldMetadata<ProfileFormValues["dailyRate"]>;
  visibility: FieldMetadata<string>;
}) {
  const parts = rate.getFieldset();
  return (
    <>
      <p className="text-sm text-muted sm:col-span-2">Optional. Organizations often ask for it first; you choose who sees it.</p>
      <InputField field={parts.min} label="Lowest daily rate" type="number" inputMode="numeric" min={1} step={1} />
      <InputField field={parts.max} label="Highest daily rate" type="number" inputMode="numeric" min={1} step={1} />
      <Field label="Currency" error={parts.currency.errors}>
        {(props) => (
          <Select {...props} key={parts.currency.key} name={parts.currency.name} defaultValue={text(parts.currency.initialValue)}>
            <option value="">Select a currency</option>
            {RATE_CURRENCIES.map((currency) => (
              <option key={currency} value={currency}>
                {currency}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label="Who sees your daily rate" error={visibility.errors ?? rate.errors}>
        {(props) => (
          <Select {...props} key={visibility.key} name={visibility.name} defaultValue={text(visibility.initialValue) || "hidden"}>
            {[...RATE_VISIBILITIES].reverse().map((value) => (
              <option key={value} value={value}>
                {RATE_VISIBILITY_LABELS[value]}
              </option>
            ))}
          </Select>
        )}
      </Field>
    </>
  );
}
