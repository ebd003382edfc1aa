import type { FieldMetadata } from "@conform-to/react";
import { Field, InputField, Select, Textarea } from "#app/components/ui/field.tsx";
import { COUNTRIES, PROFILE_SPECIALIZATIONS } from "#common/constants.ts";
import { DONORS, TRACK_LIMITS } from "#common/track-record.ts";
import { ChoiceGroup } from "./choice-group.tsx";
import type { AssignmentFormValues, EducationFormValues } from "./form-values.ts";

// The fields of one assignment and of one education entry. Each shows its own error, including
// the server's (`assignments[2].endDate` sits under that assignment's End month).

const text = (value: unknown) => (typeof value === "string" ? value : "");

export function AssignmentFields({ field }: { field: FieldMetadata<AssignmentFormValues> }) {
  const item = field.getFieldset();
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <InputField field={item.title} label="Assignment title" markRequired maxLength={TRACK_LIMITS.text} />
      <InputField field={item.organization} label="Client or employing organization" markRequired maxLength={TRACK_LIMITS.text} />
      <InputField field={item.role} label="Role or position" hint="e.g. Team Leader" maxLength={TRACK_LIMITS.text} />
      <Field label="Sector" error={item.sector.errors}>
        {(props) => (
          <Select {...props} key={item.sector.key} name={item.sector.name} defaultValue={text(item.sector.initialValue)}>
            <option value="">Select a sector</option>
            {PROFILE_SPECIALIZATIONS.map((sector) => (
              <option key={sector} value={sector}>
                {sector}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <InputField field={item.startDate} label="Start month" markRequired type="month" placeholder="YYYY-MM" hint="YYYY-MM" />
      <InputField
        field={item.endDate}
        label="End month"
        type="month"
        placeholder="YYYY-MM"
        hint="YYYY-MM; leave empty while the assignment is ongoing."
      />
      <div className="sm:col-span-2">
        <ChoiceGroup
          key={item.donors.key}
          legend="Funding donors"
          name={item.donors.name}
          options={DONORS}
          initial={item.donors.initialValue}
          errors={item.donors.errors}
          required
        />
      </div>
      <div className="sm:col-span-2">
        <ChoiceGroup
          key={item.countries.key}
          legend="Countries where the work took place"
          name={item.countries.name}
          options={COUNTRIES}
          initial={item.countries.initialValue}
          errors={item.countries.errors}
          required
        >
          <InputField
            field={item.otherCountries}
            label="Other countries"
            hint="Any other country by name; separate with commas, e.g. Timor-Leste, Nepal"
            className="mt-3"
            maxLength={400}
          />
        </ChoiceGroup>
      </div>
      <Field label="Description" hint="What you did and achieved." error={item.description.errors} className="sm:col-span-2">
        {(props) => (
          <Textarea
            {...props}
            key={item.description.key}
            name={item.description.name}
            rows={4}
            maxLength={TRACK_LIMITS.description}
            defaultValue={text(item.description.initialValue)}
          />
        )}
      </Field>
    </div>
  );
}

export function EducationFields({ field }: { field: FieldMetadata<EducationFormValues> }) {
  const item = field.getFieldset();
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <InputField field={item.degree} label="Degree" markRequired hint="e.g. MSc, PhD" maxLength={TRACK_LIMITS.text} />
      <InputField field={item.field} label="Field of study" maxLength={TRACK_LIMITS.text} />
      <InputField field={item.institution} label="Institution" markRequired maxLength={TRACK_LIMITS.text} />
      <InputField field={item.year} label="Year" type="number" inputMode="numeric" min={1950} max={2100} step={1} />
    </div>
  );
}
