import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useId } from "react";
import { Form, useNavigation, useSubmit } from "react-router";
import { COUNTRIES, PROFILE_SPECIALIZATIONS } from "../../../../common/constants.ts";
import { consultantProfileSchema, PROFILE_LIMITS } from "../../../../common/consultant-schema.ts";
import { Button } from "../../ui/button.tsx";
import { Field, InputField, Select, Textarea } from "../../ui/field.tsx";
import { toast } from "../../ui/toast.tsx";
import { PhotoField } from "./photo-field.tsx";
import { usePhotoUpload } from "./use-photo-upload.ts";

// The consultant profile form, one for create and edit (spec section 2). Validated in the browser
// with the shared schema, then by the action with the same schema. A chosen photo is uploaded
// first ('Uploading photo...') and the form saved with its URL ('Saving...'). Without JavaScript
// the photo travels with the form and the action stores it.

export type ProfileFormValues = {
  name: string;
  title: string;
  email: string;
  phone: string;
  location: string;
  city: string;
  country: string;
  yearsExperience: string;
  languages: string;
  primarySpecialization: string;
  secondarySpecializations: string;
  bio: string;
  profilePhotoUrl: string;
  showEmail: boolean;
  showPhone: boolean;
  availableForWork: boolean;
};

/** What the action answers when it refuses the form. */
export type ProfileFormFailure = {
  status: "error";
  httpStatus: number;
  message: string;
  messages: string[];
  result: SubmissionResult<string[]>;
};

function isOn(value: unknown): boolean {
  const last = Array.isArray(value) ? value[value.length - 1] : value;
  return last === true || last === "true" || last === "on";
}

function text(value: unknown): string {
  return typeof value === "string" ? value : "";
}

/** An on/off control drawn as a switch over a real checkbox: works without JavaScript, submits "false" when off. */
function ToggleField({
  name,
  label,
  description,
  checked,
}: {
  name: string;
  label: string;
  description: string;
  checked: boolean;
}) {
  const id = useId();
  return (
    <div className="flex items-start justify-between gap-4 py-3">
      <div>
        <label htmlFor={id} className="text-sm font-medium text-ink">
          {label}
        </label>
        <p id={`${id}-description`} className="text-xs text-muted">
          {description}
        </p>
      </div>
      <span className="relative inline-flex shrink-0">
        <input type="hidden" name={name} value="false" />
        <input
          id={id}
          type="checkbox"
          name={name}
          value="true"
          defaultChecked={checked}
          aria-describedby={`${id}-description`}
          className="peer absolute inset-0 z-10 size-full cursor-pointer opacity-0"
        />
        <span
          aria-hidden="true"
          className="h-6 w-11 rounded-full bg-slate-500 transition-colors peer-checked:bg-brand-700 peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600"
        />
        <span
          aria-hidden="true"
          className="absolute left-0.5 top-0.5 size-5 rounded-full bg-white shadow transition-transform peer-checked:translate-x-5"
        />
      </span>
    </div>
  );
}

function FormSection({ title, children, grid = true }: { title: string; children: React.ReactNode; grid?: boolean }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 id={id} className="text-lg font-bold text-ink">
        {title}
      </h2>
      <div className={grid ? "mt-4 grid gap-5 sm:grid-cols-2" : "mt-4"}>{children}</div>
    </section>
  );
}

export function ProfileForm({
  mode,
  defaultValues,
  failure,
}: {
  mode: "create" | "edit";
  defaultValues: ProfileFormValues;
  failure?: ProfileFormFailure | null;
}) {
  const submit = useSubmit();
  const navigation = useNavigation();
  const photo = usePhotoUpload(defaultValues.profilePhotoUrl);
  const isSaving = navigation.state !== "idle" && navigation.formMethod === "POST";

  const [form, fields] = useForm({
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
      return parseWithZod(formData, { schema: consultantProfileSchema, disableAutoCoercion: true });
    },
    async onSubmit(event, { formData }) {
      event.preventDefault();
      const url = await photo.resolveUrl(text(formData.get("name")));
      if (url === null) return;
      formData.set("profilePhotoUrl", url);
      formData.delete("profilePhoto");
      submit(formData, { method: "post" });
    },
  });

  // The server's refusal: the errors sit beside the fields (Conform); the toast says what failed.
  useEffect(() => {
    if (!failure) return;
    if (failure.httpStatus === 401) {
      toast({
        title: "Authentication Required",
        description: "You need to be logged in to create or edit a consultant profile.",
        variant: "destructive",
      });
      return;
    }
    toast({
      title: mode === "create" ? "Error creating profile" : "Error updating profile",
      description:
        failure.messages.length > 1 ? failure.messages.join(", ") : failure.message || "Please check your form and try again.",
      variant: "destructive",
    });
  }, [failure, mode]);

  const label = photo.isUploading
    ? "Uploading photo..."
    : isSaving
      ? "Saving..."
      : mode === "create"
        ? "Create Profile"
        : "Update Profile";
  const errorsOf = (name: keyof ProfileFormValues) => fields[name].errors;

  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="grid gap-6">
      <FormSection title="Basic Information">
        <InputField field={fields.name} label="Full Name" markRequired autoComplete="name" maxLength={PROFILE_LIMITS.name} />
        <InputField
          field={fields.title}
          label="Professional Title"
          markRequired
          hint="e.g. Senior Public Health Specialist"
          autoComplete="organization-title"
          maxLength={PROFILE_LIMITS.title}
        />
        <InputField
          field={fields.email}
          label="Email"
          markRequired
          type="email"
          autoComplete="email"
          maxLength={PROFILE_LIMITS.email}
        />
        <InputField field={fields.phone} label="Phone" type="tel" autoComplete="tel" maxLength={PROFILE_LIMITS.phone} />
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
        <InputField field={fields.city} label="City" autoComplete="address-level2" maxLength={PROFILE_LIMITS.city} />
        <Field label="Country" required error={errorsOf("country")}>
          {(props) => (
            <Select {...props} name="country" defaultValue={text(fields.country.initialValue)}>
              <option value="">Select a country</option>
              {COUNTRIES.map((country) => (
                <option key={country} value={country}>
                  {country}
                </option>
              ))}
            </Select>
          )}
        </Field>
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
        <Field label="Primary Specialization" required error={errorsOf("primarySpecialization")}>
          {(props) => (
            <Select {...props} name="primarySpecialization" defaultValue={text(fields.primarySpecialization.initialValue)}>
              <option value="">Select a specialization</option>
              {PROFILE_SPECIALIZATIONS.map((specialization) => (
                <option key={specialization} value={specialization}>
                  {specialization}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <InputField
          field={fields.secondarySpecializations}
          label="Secondary Specializations"
          hint="Separate with commas, e.g. Governance, Education"
        />
        <InputField field={fields.languages} label="Languages" hint="Separate with commas, e.g. English, Thai, Vietnamese" />
        <Field
          label="Professional Summary"
          required
          error={errorsOf("bio")}
          hint="At least 10 characters: your experience, sectors, donors and recent assignments."
          className="sm:col-span-2"
        >
          {(props) => (
            <Textarea
              {...props}
              name="bio"
              rows={7}
              maxLength={PROFILE_LIMITS.bio}
              defaultValue={text(fields.bio.initialValue)}
            />
          )}
        </Field>
      </FormSection>

      <FormSection title="Profile Photo" grid={false}>
        <PhotoField photo={photo} name={defaultValues.name} errors={fields.profilePhotoUrl.errors} />
      </FormSection>

      <FormSection title="Privacy and Availability" grid={false}>
        <div className="-mt-2 divide-y divide-slate-100">
          <ToggleField
            name="showEmail"
            label="Show email publicly"
            description="Visitors see your email address on your profile."
            checked={isOn(fields.showEmail.initialValue)}
          />
          <ToggleField
            name="showPhone"
            label="Show phone publicly"
            description="Visitors see your phone number on your profile."
            checked={isOn(fields.showPhone.initialValue)}
          />
          <ToggleField
            name="availableForWork"
            label="Available for work"
            description="Shown as Available on your profile and in search."
            checked={isOn(fields.availableForWork.initialValue)}
          />
        </div>
      </FormSection>

      {form.errors && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {form.errors[0]}
        </p>
      )}
      <div className="flex justify-end">
        <Button type="submit" size="lg" disabled={photo.isUploading || isSaving}>
          {label}
        </Button>
      </div>
    </Form>
  );
}
