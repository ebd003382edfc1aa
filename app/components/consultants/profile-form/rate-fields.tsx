import type { FieldMetadata } from "@conform-to/react";
import { Field, InputField, Select, SelectField } from "#app/components/ui/field.tsx";
import { Options } from "#app/components/ui/options.tsx";
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
      <SelectField field={parts.currency} label="Currency">
        <Options placeholder="Select a currency" values={RATE_CURRENCIES} />
      </SelectField>
      <Field label="Who sees your daily rate" error={visibility.errors ?? rate.errors}>
        {(props) => (
          <Select {...props} key={visibility.key} name={visibility.name} defaultValue={text(visibility.initialValue) || "hidden"}>
            <Options values={[...RATE_VISIBILITIES].reverse()} label={(value) => RATE_VISIBILITY_LABELS[value]} />
          </Select>
        )}
      </Field>
    </>
  );
}
