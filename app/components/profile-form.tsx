import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { ImagePlus, Trash2 } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Form, useNavigation, useSubmit } from "react-router";
import { COUNTRIES, PHOTO_MAX_BYTES, PROFILE_SPECIALIZATIONS } from "../../common/constants.ts";
import { consultantProfileSchema, PROFILE_LIMITS } from "../../common/consultant-schema.ts";
import { initials } from "../../common/format.ts";
import { photoUploadErrorText } from "../lib/photo-errors.ts";
import { CityField } from "./city-field.tsx";
import { Button } from "./ui/button.tsx";
import { Field, InputField, Select, Textarea } from "./ui/field.tsx";
import { toast } from "./ui/toast.tsx";

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

const PHOTO_TYPES = ["image/jpeg", "image/png", "image/gif"];

function photoError(description: string) {
  toast({ title: "Error uploading photo", description, variant: "destructive" });
}

async function uploadPhoto(file: File, name: string): Promise<string | null> {
  const body = new FormData();
  body.set("profilePhoto", file);
  body.set("name", name);
  try {
    const response = await fetch("/api/upload-photo", { method: "POST", body });
    const json = (await response.json().catch(() => null)) as { photoUrl?: string; message?: string } | null;
    if (!response.ok || !json?.photoUrl) {
      photoError(photoUploadErrorText(response.status, json?.message ?? response.statusText));
      return null;
    }
    return json.photoUrl;
  } catch {
    photoError("Failed to upload photo");
    return null;
  }
}

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
  const [isUploading, setIsUploading] = useState(false);
  const [photoUrl, setPhotoUrl] = useState(defaultValues.profilePhotoUrl);
  const [chosen, setChosen] = useState<{ file: File; preview: string } | null>(null);
  const [photoMessage, setPhotoMessage] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
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
      let url = photoUrl;
      if (chosen) {
        setIsUploading(true);
        const uploaded = await uploadPhoto(chosen.file, text(formData.get("name")));
        setIsUploading(false);
        if (!uploaded) return;
        url = uploaded;
        // Kept, so saving again after a refused form does not upload the same photo twice.
        setPhotoUrl(uploaded);
        setChosen(null);
        if (fileInput.current) fileInput.current.value = "";
      }
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

  useEffect(() => () => (chosen ? URL.revokeObjectURL(chosen.preview) : undefined), [chosen]);

  function choosePhoto(event: React.ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    setPhotoMessage(null);
    if (!file) return;
    const refuse = (message: string) => {
      setPhotoMessage(message);
      photoError(message);
      event.target.value = "";
    };
    if (!PHOTO_TYPES.includes(file.type)) return refuse("Invalid file type");
    if (file.size > PHOTO_MAX_BYTES) return refuse("File too large");
    setChosen({ file, preview: URL.createObjectURL(file) });
  }

  function removePhoto() {
    setChosen(null);
    setPhotoUrl("");
    setPhotoMessage(null);
    if (fileInput.current) fileInput.current.value = "";
  }

  const preview = chosen?.preview ?? (photoUrl || null);
  const label = isUploading
    ? "Uploading photo..."
    : isSaving
      ? "Saving..."
      : mode === "create"
        ? "Create Profile"
        : "Update Profile";
  const photoHintId = useId();
  const photoErrorId = useId();
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
        <CityField field={fields.city} maxLength={PROFILE_LIMITS.city} />
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
        <div className="flex flex-wrap items-center gap-5">
          {preview ? (
            <img
              src={preview}
              alt={defaultValues.name ? `${defaultValues.name}, as your profile will show` : "As your profile will show"}
              className="size-24 rounded-full object-cover ring-1 ring-slate-200"
            />
          ) : (
            <span
              aria-hidden="true"
              className="grid size-24 place-items-center rounded-full bg-brand-100 text-2xl font-semibold text-brand-800"
            >
              {initials(defaultValues.name || "?")}
            </span>
          )}
          <div className="grid gap-2">
            <div className="flex flex-wrap gap-2">
              <span className="relative">
                <input
                  ref={fileInput}
                  id="profile-photo"
                  type="file"
                  name="profilePhoto"
                  accept={PHOTO_TYPES.join(",")}
                  onChange={choosePhoto}
                  aria-describedby={[photoHintId, photoMessage ? photoErrorId : ""].filter(Boolean).join(" ")}
                  aria-invalid={photoMessage ? true : undefined}
                  className="peer absolute inset-0 z-10 size-full cursor-pointer opacity-0"
                />
                <label
                  htmlFor="profile-photo"
                  className="inline-flex h-10 items-center gap-2 rounded-lg bg-white px-4 text-sm font-semibold text-ink ring-1 ring-inset ring-slate-300 peer-hover:bg-slate-50 peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600"
                >
                  <ImagePlus aria-hidden="true" className="size-4" />
                  {preview ? "Change photo" : "Choose photo"}
                </label>
              </span>
              {preview && (
                <Button variant="ghost" onClick={removePhoto}>
                  <Trash2 aria-hidden="true" className="size-4" />
                  Remove photo
                </Button>
              )}
            </div>
            <p id={photoHintId} className="text-xs text-muted">
              JPEG, PNG or GIF, up to 1.5 MB. It is cropped to a square.
            </p>
            {photoMessage && (
              <p id={photoErrorId} className="text-sm font-medium text-red-700">
                {photoMessage}
              </p>
            )}
            {fields.profilePhotoUrl.errors && (
              <p className="text-sm font-medium text-red-700">{fields.profilePhotoUrl.errors[0]}</p>
            )}
          </div>
        </div>
        <input type="hidden" name="profilePhotoUrl" value={photoUrl} />
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
        <Button type="submit" size="lg" disabled={isUploading || isSaving}>
          {label}
        </Button>
      </div>
    </Form>
  );
}
