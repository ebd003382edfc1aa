import type { FieldMetadata } from "@conform-to/react";
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Field, InputField, Select, SelectField } from "#app/components/ui/field.tsx";
import { Options } from "#app/components/ui/options.tsx";
import { RATE_CURRENCIES, RATE_VISIBILITIES, type RateVisibility } from "#common/track-record.ts";
import type { ProfileFormValues } from "./form-values.ts";

// The optional daily rate range, its currency and who sees it (default: not shown).

/** Who sees the rate, in the page's language (common/track-record-lists.ts RATE_VISIBILITY_LABELS in English). */
const RATE_VISIBILITY_WORDS: Record<RateVisibility, MessageDescriptor> = {
  hidden: msg`Not shown`,
  "signed-in": msg`Shown to signed-in organizations`,
  public: msg`Shown publicly`,
};

const text = (value: unknown) => (typeof value === "string" ? value : "");

export function RateFields({
  rate,
  visibility,
}: {
  rate: FieldMetadata<ProfileFormValues["dailyRate"]>;
  visibility: FieldMetadata<string>;
}) {
  const { t, i18n } = useLingui();
  const parts = rate.getFieldset();
  return (
    <>
      <p className="text-sm text-muted sm:col-span-2">
        <Trans>Optional. Organizations often ask for it first; you choose who sees it.</Trans>
      </p>
      <InputField field={parts.min} label={t`Lowest daily rate`} type="number" inputMode="numeric" min={1} step={1} />
      <InputField field={parts.max} label={t`Highest daily rate`} type="number" inputMode="numeric" min={1} step={1} />
      <SelectField field={parts.currency} label={t`Currency`}>
        <Options placeholder={t`Select a currency`} values={RATE_CURRENCIES} />
      </SelectField>
      <Field label={t`Who sees your daily rate`} error={visibility.errors ?? rate.errors}>
        {(props) => (
          <Select {...props} key={visibility.key} name={visibility.name} defaultValue={text(visibility.initialValue) || "hidden"}>
            <Options values={[...RATE_VISIBILITIES].reverse()} label={(value) => i18n._(RATE_VISIBILITY_WORDS[value])} />
          </Select>
        )}
      </Field>
    </>
  );
}
