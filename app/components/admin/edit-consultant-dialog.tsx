import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { valueLabel } from "#app/i18n/labels.ts";
import { useLocale } from "#app/i18n/use-locale.ts";
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
import { formatCount } from "#common/format.ts";
import type { AdminConsultant } from "#common/views.ts";
import { Button } from "../ui/button.tsx";
import { Dialog, DialogContent } from "../ui/dialog.tsx";
import { Field, Input, Select, Textarea } from "../ui/field.tsx";
import { Options } from "../ui/options.tsx";
import { Switch } from "../ui/switch.tsx";
import { adminText } from "./admin-words.ts";
import { DialogActions } from "./dialog-actions.tsx";
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
  const { i18n } = useLingui();
  const { label, name, list, consultant, errors } = choice;
  const stored = consultant[name];
  return (
    <Field label={label} required error={errors[name]}>
      {(props) => (
        <Select {...props} name={name} defaultValue={stored}>
          <Options values={list.includes(stored) ? list : [stored, ...list]} label={(value) => valueLabel(i18n, value)} />
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
  const { t } = useLingui();
  const locale = useLocale();
  const [years, setYears] = useState(String(defaultYears));
  const current = /^\d{1,3}$/.test(years.trim()) ? bandOfYears(Number(years)) : undefined;
  /** A band's name in the page's language ("6-10 years", "16+ years"). */
  const bandName = (band: (typeof ADMIN_EXPERIENCE_BANDS)[number]) => {
    const low = formatCount(band.years, locale);
    if (band.max === null) return t`${low}+ years`;
    const high = formatCount(band.max, locale);
    return t`${low}-${high} years`;
  };
  return (
    <Field label={t`Years of experience`} required error={error}>
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
            <legend className="text-xs text-muted">
              <Trans>Quick picks</Trans>
            </legend>
            <div className="mt-1 flex flex-wrap gap-1.5">
              {ADMIN_EXPERIENCE_BANDS.map((band) => (
                <Button
                  key={band.label}
                  variant={band === current ? "secondary" : "outline"}
                  size="sm"
                  aria-pressed={band === current}
                  onClick={() => setYears(String(band === current ? years.trim() : band.years))}
                >
                  {bandName(band)}
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
  const { i18n, t } = useLingui();
  const name = consultant?.name ?? "";
  const [errors, setErrorsAsSaid] = useState<FieldErrors>({});
  // What the schema or the service said about a field, in the page's language.
  const setErrors = (found: FieldErrors) =>
    setErrorsAsSaid(Object.fromEntries(Object.entries(found).map(([field, message]) => [field, adminText(i18n, message)])));
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
        <DialogContent title={t`Edit Consultant`} description={t`Update ${name}'s profile.`} className="max-w-2xl">
          <form method="post" action="/admin" noValidate onSubmit={handleSubmit} className="grid gap-4 sm:grid-cols-2">
            <input type="hidden" name="intent" value="update" />
            <input type="hidden" name="id" value={consultant.id} />
            <Field label={t`Full name`} required error={errors.name}>
              {(props) => <Input {...props} name="name" defaultValue={consultant.name} autoComplete="off" />}
            </Field>
            <Field label={t`Professional title`} required error={errors.title}>
              {(props) => <Input {...props} name="title" defaultValue={consultant.title} autoComplete="off" />}
            </Field>
            <Field label={t`Email`} required error={errors.email}>
              {(props) => <Input {...props} name="email" type="email" defaultValue={consultant.email} autoComplete="off" />}
            </Field>
            <Field label={t`Phone`} error={errors.phone}>
              {(props) => <Input {...props} name="phone" type="tel" defaultValue={consultant.phone ?? ""} autoComplete="off" />}
            </Field>
            <Field label={t`Full location`} required error={errors.location} className="sm:col-span-2">
              {(props) => <Input {...props} name="location" defaultValue={consultant.location} autoComplete="off" />}
            </Field>
            <Field label={t`City`} error={errors.city}>
              {(props) => <Input {...props} name="city" defaultValue={consultant.city ?? ""} autoComplete="off" />}
            </Field>
            <StoredChoiceField label={t`Country`} name="country" list={COUNTRIES} consultant={consultant} errors={errors} />
            <YearsField defaultYears={consultant.yearsExperience} error={errors.yearsExperience} />
            <StoredChoiceField
              label={t`Primary specialization`}
              name="primarySpecialization"
              list={ADMIN_ACCEPTED_SPECIALIZATIONS}
              consultant={consultant}
              errors={errors}
            />
            <Field label={t`Professional summary`} required error={errors.bio} className="sm:col-span-2">
              {(props) => <Textarea {...props} name="bio" rows={5} defaultValue={consultant.bio} />}
            </Field>
            <fieldset className="grid gap-3 rounded-xl border border-slate-200 p-4 sm:col-span-2">
              <legend className="px-1 text-sm font-medium text-ink">
                <Trans>Visibility and availability</Trans>
              </legend>
              {(["availableForWork", "showEmail", "showPhone"] as const).map((name) => (
                <div key={name}>
                  {/* An unchecked switch sends nothing; this hidden "false" says so explicitly. */}
                  <input type="hidden" name={name} value="false" />
                  <Switch
                    name={name}
                    label={
                      {
                        availableForWork: t`Available for work`,
                        showEmail: t`Show email publicly`,
                        showPhone: t`Show phone publicly`,
                      }[name]
                    }
                    defaultChecked={consultant[name] ?? ADMIN_CONSULTANT_DEFAULTS[name]}
                  />
                </div>
              ))}
            </fieldset>
            <DialogActions close={<Trans>Cancel</Trans>} className="sm:col-span-2">
              <Button type="submit" disabled={action.isBusy}>
                {action.isBusy ? t`Updating...` : t`Update Consultant`}
              </Button>
            </DialogActions>
          </form>
        </DialogContent>
      )}
    </Dialog>
  );
}
