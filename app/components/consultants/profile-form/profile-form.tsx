import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useEffect, useRef } from "react";
import { Form, useNavigation, useSubmit } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { InputField, SelectField, TextareaField } from "#app/components/ui/field.tsx";
import { NotSentNotice } from "#app/components/ui/not-sent-notice.tsx";
import { Options } from "#app/components/ui/options.tsx";
import { Switch } from "#app/components/ui/switch.tsx";
import { valueLabel } from "#app/i18n/labels.ts";
import { translateText } from "#app/i18n/translate-text.ts";
import { useLocale } from "#app/i18n/use-locale.ts";
import { type FormAnswer, notSent, useAnswerToast } from "#app/lib/form-answer.ts";
import { COUNTRIES, PROFILE_SPECIALIZATIONS } from "#common/constants.ts";
import { type ConsultantProfileInput, consultantProfileSchema, PROFILE_LIMITS } from "#common/consultant-schema.ts";
import { PROFILE_LANGUAGES, profileLanguageName } from "#common/profile-languages.ts";
import { CityField } from "./city-field.tsx";
import { FormSection, isOn, text } from "./form-parts.tsx";
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
  { name: "name", label: msg`Full Name`, markRequired: true, autoComplete: "name" },
  {
    name: "title",
    label: msg`Professional Title`,
    markRequired: true,
    hint: msg`e.g. Senior Public Health Specialist`,
    autoComplete: "organization-title",
  },
  { name: "email", label: msg`Email`, markRequired: true, type: "email", autoComplete: "email" },
  { name: "phone", label: msg`Phone`, type: "tel", autoComplete: "tel" },
] as const;

/** The switches of Privacy and Availability, in order. */
const SWITCHES = [
  { name: "showEmail", label: msg`Show email publicly`, description: msg`Visitors see your email address on your profile.` },
  { name: "showPhone", label: msg`Show phone publicly`, description: msg`Visitors see your phone number on your profile.` },
  {
    name: "availableForWork",
    label: msg`Available for work`,
    description: msg`Shown as Available on your profile and in search.`,
  },
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
  const { t, i18n } = useLingui();
  const locale = useLocale();
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
  // A save that never reached the server (issue 36 item 4): the form and its draft stay, and
  // the notice says so, with Retry (a submit button of this form).
  const offline = notSent(failure);

  const label = photo.isUploading
    ? t`Uploading photo...`
    : isSaving
      ? t`Saving...`
      : mode === "create"
        ? t`Create Profile`
        : t`Update Profile`;
  // Countries and specializations stay English in the form's values (the schema's), shown in the page's language.
  const labelOf = (value: string) => valueLabel(i18n, value);

  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} onChange={changed} className="grid min-w-0 gap-6">
      <FormSection title={t`Basic Information`}>
        {BASIC_FIELDS.map(({ name, label, ...props }) => (
          <InputField
            key={name}
            field={fields[name]}
            {...props}
            label={i18n._(label)}
            hint={"hint" in props ? i18n._(props.hint) : undefined}
            maxLength={PROFILE_LIMITS[name]}
          />
        ))}
      </FormSection>

      <FormSection title={t`Location`}>
        <InputField
          field={fields.location}
          label={t`Full Location`}
          markRequired
          hint={t`Shown on your profile, e.g. Makati, Metro Manila, Philippines`}
          className="sm:col-span-2"
          maxLength={PROFILE_LIMITS.location}
        />
        <CityField field={fields.city} maxLength={PROFILE_LIMITS.city} />
        <SelectField field={fields.country} label={t`Country`} markRequired>
          <Options placeholder={t`Select a country`} values={COUNTRIES} label={labelOf} />
        </SelectField>
      </FormSection>

      <FormSection title={t`Experience and Expertise`}>
        <InputField
          field={fields.yearsExperience}
          label={t`Years of Experience`}
          markRequired
          type="number"
          inputMode="numeric"
          min={0}
          max={PROFILE_LIMITS.yearsExperienceMax}
          step={1}
        />
        <SelectField field={fields.primarySpecialization} label={t`Primary Specialization`} markRequired>
          <Options placeholder={t`Select a specialization`} values={PROFILE_SPECIALIZATIONS} label={labelOf} />
        </SelectField>
        <InputField
          field={fields.secondarySpecializations}
          label={t`Secondary Specializations`}
          hint={t`Separate with commas, e.g. Governance, Education`}
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
          label={t`Professional Summary`}
          markRequired
          hint={t`At least 10 characters: your experience, sectors, donors and recent assignments.`}
          className="sm:col-span-2"
          rows={7}
          maxLength={PROFILE_LIMITS.bio}
        />
        {/* Issue 37: the consultant's own words are never translated; stated, their language marks them on every page. */}
        <SelectField
          field={fields.profileLanguage}
          label={t`Profile written in`}
          hint={t`The language of your summary and assignments. Your text is never translated; pages mark it with this language so screen readers and browsers read it right.`}
        >
          <Options placeholder={t`Not stated`} values={PROFILE_LANGUAGES} label={(code) => profileLanguageName(code, locale)} />
        </SelectField>
      </FormSection>

      <AssignmentsSection form={form} field={fields.assignments} onChange={changed} />
      <EducationSection form={form} field={fields.education} onChange={changed} />

      <FormSection title={t`Profile Photo`} grid={false}>
        <PhotoField photo={photo} name={defaultValues.name} errors={fields.profilePhotoUrl.errors} />
      </FormSection>

      <FormSection title={t`Privacy and Availability`} grid={false}>
        <div className="-mt-2 divide-y divide-slate-100">
          {SWITCHES.map((toggle) => (
            <Switch
              key={toggle.name}
              name={toggle.name}
              label={i18n._(toggle.label)}
              description={i18n._(toggle.description)}
              defaultChecked={isOn(fields[toggle.name].initialValue)}
              className="py-3"
            />
          ))}
        </div>
        <InputField
          field={fields.availableFrom}
          label={t`Available from`}
          type="date"
          hint={t`Optional: the first day you can start a new assignment.`}
          className="mt-3 sm:max-w-xs"
        />
      </FormSection>

      <FormSection title={t`Daily Rate`}>
        <RateFields rate={fields.dailyRate} visibility={fields.rateVisibility} />
      </FormSection>

      {offline && !isSaving && <NotSentNotice />}
      {form.errors && !offline && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {translateText(i18n, form.errors[0] ?? "")}
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
