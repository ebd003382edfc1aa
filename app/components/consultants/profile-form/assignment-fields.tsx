import type { FieldMetadata } from "@conform-to/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Badge } from "#app/components/ui/badge.tsx";
import { InputField, SelectField, TextareaField } from "#app/components/ui/field.tsx";
import { Options } from "#app/components/ui/options.tsx";
import { valueLabel } from "#app/i18n/labels.ts";
import { COUNTRIES, PROFILE_SPECIALIZATIONS } from "#common/constants.ts";
import { DONORS, TRACK_LIMITS } from "#common/track-record.ts";
import { ChoiceGroup } from "./choice-group.tsx";
import type { AssignmentFormValues, EducationFormValues } from "./form-values.ts";

// The fields of one assignment and of one education entry. Each shows its own error, including
// the server's (`assignments[2].endDate` sits under that assignment's End month).

/** An entry filled from an imported CV and not saved yet: marked, and the mark travels with the entry. */
function FromCv({ field }: { field: FieldMetadata<string | undefined> }) {
  const isFromCv = field.initialValue === "1";
  return (
    <>
      <input type="hidden" name={field.name} defaultValue={isFromCv ? "1" : ""} />
      {isFromCv && (
        <p className="sm:col-span-2">
          <Badge tone="accent">
            <Trans>From your CV: check it</Trans>
          </Badge>
        </p>
      )}
    </>
  );
}

export function AssignmentFields({ field }: { field: FieldMetadata<AssignmentFormValues> }) {
  const { t, i18n } = useLingui();
  const item = field.getFieldset();
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <input
        type="hidden"
        name={item.id.name}
        defaultValue={typeof item.id.initialValue === "string" ? item.id.initialValue : ""}
      />
      <FromCv field={item.fromCv} />
      <InputField field={item.title} label={t`Assignment title`} markRequired maxLength={TRACK_LIMITS.text} />
      <InputField
        field={item.organization}
        label={t`Client or employing organization`}
        markRequired
        maxLength={TRACK_LIMITS.text}
      />
      <InputField field={item.role} label={t`Role or position`} hint={t`e.g. Team Leader`} maxLength={TRACK_LIMITS.text} />
      <SelectField field={item.sector} label={t`Sector`}>
        <Options placeholder={t`Select a sector`} values={PROFILE_SPECIALIZATIONS} label={(value) => valueLabel(i18n, value)} />
      </SelectField>
      <InputField
        field={item.startDate}
        label={t`Start month`}
        markRequired
        type="month"
        placeholder={t`YYYY-MM`}
        hint={t`YYYY-MM`}
      />
      <InputField
        field={item.endDate}
        label={t`End month`}
        type="month"
        placeholder={t`YYYY-MM`}
        hint={t`YYYY-MM; leave empty while the assignment is ongoing.`}
      />
      <div className="sm:col-span-2">
        <ChoiceGroup field={item.donors} legend={t`Funding donors`} options={DONORS} required />
      </div>
      <div className="sm:col-span-2">
        <ChoiceGroup field={item.countries} legend={t`Countries where the work took place`} options={COUNTRIES} required>
          <InputField
            field={item.otherCountries}
            label={t`Other countries`}
            hint={t`Any other country by name; separate with commas, e.g. Timor-Leste, Nepal`}
            className="mt-3"
            maxLength={400}
          />
        </ChoiceGroup>
      </div>
      <TextareaField
        field={item.description}
        label={t`Description`}
        hint={t`What you did and achieved.`}
        className="sm:col-span-2"
        rows={4}
        maxLength={TRACK_LIMITS.description}
      />
    </div>
  );
}

export function EducationFields({ field }: { field: FieldMetadata<EducationFormValues> }) {
  const { t } = useLingui();
  const item = field.getFieldset();
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <FromCv field={item.fromCv} />
      <InputField field={item.degree} label={t`Degree`} markRequired hint={t`e.g. MSc, PhD`} maxLength={TRACK_LIMITS.text} />
      <InputField field={item.field} label={t`Field of study`} maxLength={TRACK_LIMITS.text} />
      <InputField field={item.institution} label={t`Institution`} markRequired maxLength={TRACK_LIMITS.text} />
      <InputField field={item.year} label={t`Year`} type="number" inputMode="numeric" min={1950} max={2100} step={1} />
    </div>
  );
}
