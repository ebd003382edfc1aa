import { useLingui } from "@lingui/react/macro";
import { Plus, Save } from "lucide-react";
import { Form } from "react-router";
import { type FormAnswer, firstFieldErrors, typedOf } from "#app/lib/form-answer.ts";
import { ORGANIZATION_LIMITS } from "#common/organizations.ts";
import { Button } from "../ui/button.tsx";
import { Field, Input, Select, Textarea } from "../ui/field.tsx";
import { Options } from "../ui/options.tsx";
import { kindOptions } from "./labels.ts";

type FieldsProps = {
  /** The countries by name, from the loader: the server's names (a browser's Intl may name some differently). */
  countries: { value: string; label: string }[];
  /** The form's refused answer: its field errors, and what was typed instead of `current`. */
  failure: FormAnswer<string, unknown> | null | undefined;
  current?: { name: string; kind: string; country: string; website: string | null; description: string };
};

/** An organization's create form (intent "create") and edit form ("update"): its fields and the button. */
export function OrganizationForm({
  intent,
  label,
  ...fields
}: FieldsProps & { intent: "create" | "update"; label: React.ReactNode }) {
  const Icon = intent === "create" ? Plus : Save;
  return (
    <Form method="post" className="mt-4 grid gap-4 sm:grid-cols-2">
      <input type="hidden" name="intent" value={intent} />
      <OrganizationFields {...fields} />
      <div className="sm:col-span-2">
        <Button type="submit">
          <Icon aria-hidden="true" className="size-4" />
          {label}
        </Button>
      </div>
    </Form>
  );
}

/** The fields of an organization's record, for the create form and the edit form alike. */
function OrganizationFields({ failure, current, countries }: FieldsProps) {
  const typed = typedOf(failure);
  const errors = firstFieldErrors(failure);
  const value = (key: "name" | "kind" | "country" | "website" | "description") =>
    failure ? (typed[key] ?? "") : (current?.[key] ?? "");
  const error = (key: string) => errors[key];
  const { t, i18n } = useLingui();
  return (
    <>
      <Field label={t`Name`} required error={error("name")} className="sm:col-span-2">
        {(props) => <Input {...props} name="name" defaultValue={value("name")} maxLength={ORGANIZATION_LIMITS.name} />}
      </Field>
      <Field label={t`Kind`} required error={error("kind")}>
        {(props) => (
          <Select {...props} name="kind" defaultValue={value("kind") ?? ""}>
            <Options values={kindOptions(i18n)} placeholder={t`Choose a kind`} />
          </Select>
        )}
      </Field>
      <Field label={t`Country`} required error={error("country")}>
        {(props) => (
          <Select {...props} name="country" defaultValue={value("country") ?? ""}>
            <Options values={countries} placeholder={t`Choose a country`} />
          </Select>
        )}
      </Field>
      <Field
        label={t`Website`}
        hint={t`Members with a confirmed e-mail address at this domain can verify the organization.`}
        error={error("website")}
        className="sm:col-span-2"
      >
        {(props) => (
          <Input
            {...props}
            name="website"
            inputMode="url"
            placeholder="https://example.org"
            defaultValue={value("website") ?? ""}
            maxLength={ORGANIZATION_LIMITS.website}
          />
        )}
      </Field>
      <Field label={t`Short description`} error={error("description")} className="sm:col-span-2">
        {(props) => (
          <Textarea
            {...props}
            name="description"
            rows={3}
            defaultValue={value("description") ?? ""}
            maxLength={ORGANIZATION_LIMITS.description}
          />
        )}
      </Field>
    </>
  );
}
