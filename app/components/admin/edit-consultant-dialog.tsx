import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { Form } from "react-router";
import { valueLabel } from "#app/i18n/labels.ts";
import { useLocale } from "#app/i18n/use-locale.ts";
import { type FormAnswer, firstFieldErrors, formErrorOf, succeeded, typedOf } from "#app/lib/form-answer.ts";
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
import { ReauthenticateFields } from "../account/reauthenticate-fields.tsx";
import { FormErrorAlert } from "../ui/alert.tsx";
import { Button } from "../ui/button.tsx";
import { Dialog, DialogContent } from "../ui/dialog.tsx";
import { Field, Input, Select, Textarea } from "../ui/field.tsx";
import { Options } from "../ui/options.tsx";
import { Switch } from "../ui/switch.tsx";
import { type AdminIntent, editHref } from "./admin-tabs.ts";
import { adminText } from "./admin-words.ts";
import { DialogActions } from "./dialog-actions.tsx";
import { InPageActions, InPagePanel, useAdminBack, useAdminPlace } from "./plain-forms.tsx";
import { useAdminAction } from "./use-admin-action.ts";

type FieldErrors = Record<string, string>;

/** What was typed into the form before a refusal (the page's form without JavaScript), by field name. */
type Typed = Partial<Record<string, string>>;

/** A required select of the list; a stored value outside it (an older profile's) is the first choice, so it stays chosen. */
function StoredChoiceField(choice: {
  label: string;
  name: "country" | "primarySpecialization";
  list: readonly string[];
  consultant: AdminConsultant;
  errors: FieldErrors;
  typed: Typed;
}) {
  const { i18n } = useLingui();
  const { label, name, list, consultant, errors, typed } = choice;
  const stored = consultant[name];
  return (
    <Field label={label} required error={errors[name]}>
      {(props) => (
        <Select {...props} name={name} defaultValue={typed[name] ?? stored}>
          <Options values={list.includes(stored) ? list : [stored, ...list]} label={(value) => valueLabel(i18n, value)} />
        </Select>
      )}
    </Field>
  );
}

/**
 * The exact years of experience as a number, with the bands of spec section 9 as quick picks. A
 * pick fills in the band's lowest value, unless the number is already in that band: picking
 * "6-10 years" for 8 keeps 8. The band the number falls in shows as pressed. Without JavaScript
 * the picks could not fill anything in: they are not shown, the number is typed.
 */
function YearsField({ defaultYears, error }: { defaultYears: string; error?: string }) {
  const { t } = useLingui();
  const locale = useLocale();
  const [years, setYears] = useState(defaultYears);
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
          <fieldset className="mt-2 noscript:hidden">
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

/** The text fields of the form, with what to show in each: what was typed, else the stored value. */
const TEXT_FIELDS = ["name", "title", "email", "phone", "location", "city", "bio"] as const;

/**
 * The form's fields, the same in the dialog and in the page's panel: prefilled with the profile
 * (or with what was typed, when the page's form came back refused), each with its error beside it.
 */
function ConsultantFields({ consultant, errors, typed }: { consultant: AdminConsultant; errors: FieldErrors; typed: Typed }) {
  const { t } = useLingui();
  const value = Object.fromEntries(TEXT_FIELDS.map((name) => [name, typed[name] ?? consultant[name] ?? ""])) as Record<
    (typeof TEXT_FIELDS)[number],
    string
  >;
  const isOn = (name: "availableForWork" | "showEmail" | "showPhone") =>
    typed[name] !== undefined ? typed[name] === "true" : (consultant[name] ?? ADMIN_CONSULTANT_DEFAULTS[name]);
  return (
    <>
      <input type="hidden" name="intent" value="update" />
      <input type="hidden" name="id" value={consultant.id} />
      <Field label={t`Full name`} required error={errors.name}>
        {(props) => <Input {...props} name="name" defaultValue={value.name} autoComplete="off" />}
      </Field>
      <Field label={t`Professional title`} required error={errors.title}>
        {(props) => <Input {...props} name="title" defaultValue={value.title} autoComplete="off" />}
      </Field>
      <Field label={t`Email`} required error={errors.email}>
        {(props) => <Input {...props} name="email" type="email" defaultValue={value.email} autoComplete="off" />}
      </Field>
      <Field label={t`Phone`} error={errors.phone}>
        {(props) => <Input {...props} name="phone" type="tel" defaultValue={value.phone} autoComplete="off" />}
      </Field>
      <Field label={t`Full location`} required error={errors.location} className="sm:col-span-2">
        {(props) => <Input {...props} name="location" defaultValue={value.location} autoComplete="off" />}
      </Field>
      <Field label={t`City`} error={errors.city}>
        {(props) => <Input {...props} name="city" defaultValue={value.city} autoComplete="off" />}
      </Field>
      <StoredChoiceField
        label={t`Country`}
        name="country"
        list={COUNTRIES}
        consultant={consultant}
        errors={errors}
        typed={typed}
      />
      <YearsField defaultYears={typed.yearsExperience ?? String(consultant.yearsExperience)} error={errors.yearsExperience} />
      <StoredChoiceField
        label={t`Primary specialization`}
        name="primarySpecialization"
        list={ADMIN_ACCEPTED_SPECIALIZATIONS}
        consultant={consultant}
        errors={errors}
        typed={typed}
      />
      <Field label={t`Professional summary`} required error={errors.bio} className="sm:col-span-2">
        {(props) => <Textarea {...props} name="bio" rows={5} defaultValue={value.bio} />}
      </Field>
      <fieldset className="grid gap-3 rounded-xl border border-slate-200 p-4 sm:col-span-2">
        <legend className="px-1 text-sm font-medium text-ink">
          <Trans>Visibility and availability</Trans>
        </legend>
        {(["availableForWork", "showEmail", "showPhone"] as const).map((name) => (
          <Switch
            key={name}
            name={name}
            label={
              {
                availableForWork: t`Available for work`,
                showEmail: t`Show email publicly`,
                showPhone: t`Show phone publicly`,
              }[name]
            }
            defaultChecked={isOn(name)}
          />
        ))}
      </fieldset>
    </>
  );
}

/** What the schema or the service said about each field, in the page's language. */
function useFieldErrors() {
  const { i18n } = useLingui();
  return (found: FieldErrors): FieldErrors =>
    Object.fromEntries(Object.entries(found).map(([field, message]) => [field, adminText(i18n, message)]));
}

/**
 * The 'Edit Consultant' dialog: prefilled, scrollable within 90% of the viewport, validated in the
 * browser with the same schema as the server, 'Updating...' while saving, closed on success or
 * Cancel (closing unmounts the form, so it opens fresh next time).
 */
export function EditConsultantDialog({ consultant, onClose }: { consultant: AdminConsultant | null; onClose: () => void }) {
  const { t } = useLingui();
  const name = consultant?.name ?? "";
  const [errors, setErrorsAsSaid] = useState<FieldErrors>({});
  const said = useFieldErrors();
  const setErrors = (found: FieldErrors) => setErrorsAsSaid(said(found));
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
            <ConsultantFields consultant={consultant} errors={errors} typed={{}} />
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

/**
 * The same form in the page itself, for a dashboard without JavaScript (the row's Edit button is
 * a GET form to `?tab=consultants&id=<id>&edit=1`): a plain form posting to /admin's action at
 * this address, so a refusal comes back here with the schema's messages beside the fields and
 * what was typed kept; a success goes back to the table with the toast's words said in the page.
 * The server's validation is the dialog's (one schema), checked there instead of in the browser.
 */
export function EditPanel({ consultant, answer }: { consultant: AdminConsultant; answer: FormAnswer<AdminIntent> | undefined }) {
  const { i18n, t } = useLingui();
  const place = useAdminPlace();
  const back = useAdminBack();
  const said = useFieldErrors();
  const name = consultant.name;
  const formError = formErrorOf(answer);
  return (
    <InPagePanel title={t`Edit Consultant`}>
      <p className="mt-1 text-sm text-muted">{t`Update ${name}'s profile.`}</p>
      <Form method="post" action={editHref(place, consultant.id)} noValidate className="mt-4 grid gap-4 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <FormErrorAlert errors={formError ? [adminText(i18n, formError)] : undefined} />
        </div>
        <input type="hidden" name="back" value={back} />
        <ConsultantFields consultant={consultant} errors={said(firstFieldErrors(answer))} typed={typedOf(answer)} />
        <div className="sm:col-span-2">
          <ReauthenticateFields answer={answer} />
        </div>
        <div className="sm:col-span-2">
          <InPageActions leave={<Trans>Cancel</Trans>}>
            <Button type="submit">{t`Update Consultant`}</Button>
          </InPageActions>
        </div>
      </Form>
    </InPagePanel>
  );
}
