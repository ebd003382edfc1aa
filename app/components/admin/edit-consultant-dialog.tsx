import { useState } from "react";
import { firstFieldErrors, succeeded } from "#app/lib/form-answer.ts";
import { formValues } from "#app/lib/form-values.ts";
import {
  ADMIN_ACCEPTED_SPECIALIZATIONS,
  ADMIN_CONSULTANT_DEFAULTS,
  ADMIN_LIMITS,
  adminConsultantSchema,
  bandOfYears,
} from "#common/admin-schema.ts";
import { ADMIN_EXPERIENCE_BANDS, COUNTRIES } from "#common/constants.ts";
import type { AdminConsultant } from "#common/views.ts";
import { Button } from "../ui/button.tsx";
import { Dialog, DialogClose, DialogContent } from "../ui/dialog.tsx";
import { Field, Input, Select, Textarea } from "../ui/field.tsx";
import { Options } from "../ui/options.tsx";
import { Switch } from "../ui/switch.tsx";
import { useAdminAction } from "./use-admin-action.ts";

type FieldErrors = Record<string, string>;

/** A required select of the list; a stored value outside it (an older profile's) is the first choice, so it stays chosen. */
function StoredChoiceField(choice: {
  label: string;
  name: "country" | "primarySpecialization";
  list: readonly string[];
  consultant: AdminConsultant;
  errors: FieldErrors;
}) {
  const { label, name, list, consultant, errors } = choice;
  const stored = consultant[name];
  return (
    <Field label={label} required error={errors[name]}>
      {(props) => (
        <Select {...props} name={name} defaultValue={stored}>
          <Options values={list.includes(stored) ? list : [stored, ...list]} />
        </Select>
      )}
    </Field>
  );
}

/**
 * The exact years of experience as a number, with the bands of spec section 9 as quick picks. A
 * pick fills in the band's lowest value, unless the number is already in that band: picking
 * "6-10 years" for 8 keeps 8. The band the number falls in shows as pressed.
 */
function YearsField({ defaultYears, error }: { defaultYears: number; error?: string }) {
  const [years, setYears] = useState(String(defaultYears));
  const current = /^\d{1,3}$/.test(years.trim()) ? bandOfYears(Number(years)) : undefined;
  return (
    <Field label="Years of experience" required error={error}>
      {(props) => (
        <>
          <Input
            {...props}
            name="yearsExperience"
            type="number"
            inputMode="numeric"
            min={0}
            max={ADMIN_LIMITS.yearsExperienceMax}
            step={1}
            value={years}
            onChange={(event) => setYears(event.target.value)}
          />
          <fieldset className="mt-2">
            <legend className="text-xs text-muted">Quick picks</legend>
            <div className="mt-1 flex flex-wrap gap-1.5">
              {ADMIN_EXPERIENCE_BANDS.map((band) => (
                <Button
                  key={band.label}
                  variant={band === current ? "secondary" : "outline"}
                  size="sm"
                  aria-pressed={band === current}
                  onClick={() => setYears(String(band === current ? years.trim() : band.years))}
                >
                  {band.label}
                </Button>
              ))}
            </div>
          </fieldset>
        </>
      )}
    </Field>
  );
}

/**
 * The 'Edit Consultant' dialog: prefilled, scrollable within 90% of the viewport, validated in the
 * browser with the same schema as the server, 'Updating...' while saving, closed on success or
 * Cancel (closing unmounts the form, so it opens fresh next time).
 */
export function EditConsultantDialog({ consultant, onClose }: { consultant: AdminConsultant | null; onClose: () => void }) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const action = useAdminAction((result) => {
    if (succeeded(result)) {
      setErrors({});
      onClose();
    } else {
      // What the service said about a field, beside the field (the form's own error is the toast's).
      setErrors(firstFieldErrors(result));
    }
  });

  function handleSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const parsed = adminConsultantSchema.safeParse(formValues(form));
    if (!parsed.success) {
      const found: FieldErrors = {};
      for (const issue of parsed.error.issues) found[issue.path.join(".")] ??= issue.message;
      setErrors(found);
      // Move focus to the first field with a problem, so keyboard and screen-reader users land on it.
      const first = parsed.error.issues[0]?.path.join(".");
      if (first) (event.currentTarget.elements.namedItem(first) as HTMLElement | null)?.focus?.();
      return;
    }
    setErrors({});
    action.fetcher.submit(form, { method: "post", action: "/admin" });
  }

  return (
    <Dialog
      open={consultant !== null}
      onOpenChange={(open) => {
        if (!open) {
          setErrors({});
          onClose();
        }
      }}
    >
      {consultant && (
        <DialogContent title="Edit Consultant" description={`Update ${consultant.name}'s profile.`} className="max-w-2xl">
          <form method="post" action="/admin" noValidate onSubmit={handleSubmit} className="grid gap-4 sm:grid-cols-2">
            <input type="hidden" name="intent" value="update" />
            <input type="hidden" name="id" value={consultant.id} />
            <Field label="Full name" required error={errors.name}>
              {(props) => <Input {...props} name="name" defaultValue={consultant.name} autoComplete="off" />}
            </Field>
            <Field label="Professional title" required error={errors.title}>
              {(props) => <Input {...props} name="title" defaultValue={consultant.title} autoComplete="off" />}
            </Field>
            <Field label="Email" required error={errors.email}>
              {(props) => <Input {...props} name="email" type="email" defaultValue={consultant.email} autoComplete="off" />}
            </Field>
            <Field label="Phone" error={errors.phone}>
              {(props) => <Input {...props} name="phone" type="tel" defaultValue={consultant.phone ?? ""} autoComplete="off" />}
            </Field>
            <Field label="Full location" required error={errors.location} className="sm:col-span-2">
              {(props) => <Input {...props} name="location" defaultValue={consultant.location} autoComplete="off" />}
            </Field>
            <Field label="City" error={errors.city}>
              {(props) => <Input {...props} name="city" defaultValue={consultant.city ?? ""} autoComplete="off" />}
            </Field>
            <StoredChoiceField label="Country" name="country" list={COUNTRIES} consultant={consultant} errors={errors} />
            <YearsField defaultYears={consultant.yearsExperience} error={errors.yearsExperience} />
            <StoredChoiceField
              label="Primary specialization"
              name="primarySpecialization"
              list={ADMIN_ACCEPTED_SPECIALIZATIONS}
              consultant={consultant}
              errors={errors}
            />
            <Field label="Professional summary" required error={errors.bio} className="sm:col-span-2">
              {(props) => <Textarea {...props} name="bio" rows={5} defaultValue={consultant.bio} />}
            </Field>
            <fieldset className="grid gap-3 rounded-xl border border-slate-200 p-4 sm:col-span-2">
              <legend className="px-1 text-sm font-medium text-ink">Visibility and availability</legend>
              {(["availableForWork", "showEmail", "showPhone"] as const).map((name) => (
                <div key={name}>
                  {/* An unchecked switch sends nothing; this hidden "false" says so explicitly. */}
                  <input type="hidden" name={name} value="false" />
                  <Switch
                    name={name}
                    label={
                      {
                        availableForWork: "Available for work",
                        showEmail: "Show email publicly",
                        showPhone: "Show phone publicly",
                      }[name]
                    }
                    defaultChecked={consultant[name] ?? ADMIN_CONSULTANT_DEFAULTS[name]}
                  />
                </div>
              ))}
            </fieldset>
            <div className="flex flex-col-reverse gap-2 sm:col-span-2 sm:flex-row sm:justify-end">
              <DialogClose asChild>
                <Button variant="outline">Cancel</Button>
              </DialogClose>
              <Button type="submit" disabled={action.isBusy}>
                {action.isBusy ? "Updating..." : "Update Consultant"}
              </Button>
            </div>
          </form>
        </DialogContent>
      )}
    </Dialog>
  );
}
