import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useRef } from "react";
import { Form, useNavigation, useSubmit } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { InputField, SelectField, TextareaField } from "#app/components/ui/field.tsx";
import { Options } from "#app/components/ui/options.tsx";
import { type FormAnswer, useAnswerToast } from "#app/lib/form-answer.ts";
import { COUNTRIES, PROFILE_SPECIALIZATIONS } from "#common/constants.ts";
import { type ConsultantProfileInput, consultantProfileSchema, PROFILE_LIMITS } from "#common/consultant-schema.ts";
import { CityField } from "./city-field.tsx";
import { FormSection, isOn, ToggleField, text } from "./form-parts.tsx";
import { normalizeProfileFormData, type ProfileFormValues } from "./form-values.ts";
import { LanguagesField } from "./languages-field.tsx";
import { PhotoField } from "./photo-field.tsx";
import { RateFields } from "./rate-fields.tsx";
import { AssignmentsSection, EducationSection } from "./track-record-sections.tsx";
import { usePhotoUpload } from "./use-photo-upload.ts";

// The consultant profile form, one for create and edit (spec section 2). Validated in the browser
// with the shared schema, then by the action with the same schema. A chosen photo is uploaded
// first ('Uploading photo...') and the form saved with its URL ('Saving...'). Without JavaScript
// the photo travels with the form and the action stores it. The track record (assignments,
// education, languages with levels, availability, daily rate) is part of the same form.

export type { ProfileFormValues } from "./form-values.ts";

/** The values as Conform holds them: the switches as the text their inputs send. */
type FormShape = Omit<ProfileFormValues, "showEmail" | "showPhone" | "availableForWork"> & {
  showEmail: string;
  showPhone: string;
  availableForWork: string;
};

/** Basic Information's text inputs, in order; each one's length limit is PROFILE_LIMITS under its own name. */
const BASIC_FIELDS = [
  { name: "name", label: "Full Name", markRequired: true, autoComplete: "name" },
  {
    name: "title",
    label: "Professional Title",
    markRequired: true,
    hint: "e.g. Senior Public Health Specialist",
    autoComplete: "organization-title",
  },
  { name: "email", label: "Email", markRequired: true, type: "email", autoComplete: "email" },
  { name: "phone", label: "Phone", type: "tel", autoComplete: "tel" },
] as const;

/** The switches of Privacy and Availability, in order. */
const SWITCHES = [
  { name: "showEmail", label: "Show email publicly", description: "Visitors see your email address on your profile." },
  { name: "showPhone", label: "Show phone publicly", description: "Visitors see your phone number on your profile." },
  { name: "availableForWork", label: "Available for work", description: "Shown as Available on your profile and in search." },
] as const;

export function ProfileForm({
  mode,
  defaultValues,
  failure,
  onChange,
  onSaved,
}: {
  mode: "create" | "edit";
  defaultValues: ProfileFormValues;
  /** The action's answer when it refused the form (a save redirects). */
  failure?: FormAnswer | null;
  /** Something was typed, picked, added or removed (with the form element, for the draft). */
  onChange?: (form: HTMLFormElement | null) => void;
  /** The form was sent and left for the page the save leads to. */
  onSaved?: () => void;
}) {
  const submit = useSubmit();
  const navigation = useNavigation();
  const photo = usePhotoUpload(defaultValues.profilePhotoUrl);
  const isSaving = navigation.state !== "idle" && navigation.formMethod === "POST";

  const sent = useRef(false);

  const [form, fields] = useForm<FormShape, ConsultantProfileInput>({
    id: "consultant-profile-form",
    lastResult: failure?.result,
    defaultValue: {
      ...defaultValues,
      showEmail: String(defaultValues.showEmail),
      showPhone: String(defaultValues.showPhone),
      availableForWork: String(defaultValues.availableForWork),
    },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate({ formData }) {
      return parseWithZod(normalizeProfileFormData(formData), { schema: consultantProfileSchema, disableAutoCoercion: true });
    },
    async onSubmit(event, { formData }) {
      event.preventDefault();
      const url = await photo.resolveUrl(text(formData.get("name")));
      if (url === null) return;
      formData.set("profilePhotoUrl", url);
      formData.delete("profilePhoto");
      sent.current = true;
      submit(formData, { method: "post" });
    },
  });
  const changed = () => onChange?.(document.getElementById(form.id) as HTMLFormElement | null);

  // Left after sending (the save redirected): the draft is done with. A refusal keeps it.
  useEffect(() => {
    if (failure) sent.current = false;
  }, [failure]);
  const onSavedRef = useRef(onSaved);
  onSavedRef.current = onSaved;
  useEffect(
    () => () => {
      if (sent.current) onSavedRef.current?.();
    },
    [],
  );

  // The server's refusal: the errors sit beside the fields (Conform); its toast says what failed.
  useAnswerToast(failure);

  const label = photo.isUploading
    ? "Uploading photo..."
    : isSaving
      ? "Saving..."
      : mode === "create"
        ? "Create Profile"
        : "Update Profile";

  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} onChange={changed} className="grid min-w-0 gap-6">
      <FormSection title="Basic Information">
        {BASIC_FIELDS.map(({ name, ...props }) => (
          <InputField key={name} field={fields[name]} {...props} maxLength={PROFILE_LIMITS[name]} />
        ))}
      </FormSection>

      <FormSection title="Location">
        <InputField
          field={fields.location}
          label="Full Location"
          markRequired
          hint="Shown on your profile, e.g. Makati, Metro Manila, Philippines"
          className="sm:col-span-2"
          maxLength={PROFILE_LIMITS.location}
        />
        <CityField field={fields.city} maxLength={PROFILE_LIMITS.city} />
        <SelectField field={fields.country} label="Country" markRequired>
          <Options placeholder="Select a country" values={COUNTRIES} />
        </SelectField>
      </FormSection>

      <FormSection title="Experience and Expertise">
        <InputField
          field={fields.yearsExperience}
          label="Years of Experience"
          markRequired
          type="number"
          inputMode="numeric"
          min={0}
          max={PROFILE_LIMITS.yearsExperienceMax}
          step={1}
        />
        <SelectField field={fields.primarySpecialization} label="Primary Specialization" markRequired>
          <Options placeholder="Select a specialization" values={PROFILE_SPECIALIZATIONS} />
        </SelectField>
        <InputField
          field={fields.secondarySpecializations}
          label="Secondary Specializations"
          hint="Separate with commas, e.g. Governance, Education"
        />
        <LanguagesField
          key={fields.languages.key}
          initial={text(fields.languages.initialValue)}
          levels={defaultValues.languageLevels}
          errors={Object.entries(form.allErrors)
            .filter(([name]) => name === "languages" || name.startsWith("languageLevels"))
            .flatMap(([, messages]) => messages)}
          onChange={changed}
        />
        <TextareaField
          field={fields.bio}
          label="Professional Summary"
          markRequired
          hint="At least 10 characters: your experience, sectors, donors and recent assignments."
          className="sm:col-span-2"
          rows={7}
          maxLength={PROFILE_LIMITS.bio}
        />
      </FormSection>

      <AssignmentsSection form={form} field={fields.assignments} onChange={changed} />
      <EducationSection form={form} field={fields.education} onChange={changed} />

      <FormSection title="Profile Photo" grid={false}>
        <PhotoField photo={photo} name={defaultValues.name} errors={fields.profilePhotoUrl.errors} />
      </FormSection>

      <FormSection title="Privacy and Availability" grid={false}>
        <div className="-mt-2 divide-y divide-slate-100">
          {SWITCHES.map((toggle) => (
            <ToggleField key={toggle.name} {...toggle} checked={isOn(fields[toggle.name].initialValue)} />
          ))}
        </div>
        <InputField
          field={fields.availableFrom}
          label="Available from"
          type="date"
          hint="Optional: the first day you can start a new assignment."
          className="mt-3 sm:max-w-xs"
        />
      </FormSection>

      <FormSection title="Daily Rate">
        <RateFields rate={fields.dailyRate} visibility={fields.rateVisibility} />
      </FormSection>

      {form.errors && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {form.errors[0]}
        </p>
      )}
      <div className="flex justify-end">
        <Button type="submit" size="lg" disabled={photo.isUploading || photo.isShrinking || isSaving}>
          {label}
        </Button>
      </div>
    </Form>
  );
}
