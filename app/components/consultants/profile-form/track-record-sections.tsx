import type { DefaultValue, FieldMetadata, FormMetadata } from "@conform-to/react";
import type { I18n } from "@lingui/core";
import { msg, plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react";
import { translateText } from "#app/i18n/translate-text.ts";
import { AssignmentFields, EducationFields } from "./assignment-fields.tsx";
import { FormSection, text } from "./form-parts.tsx";
import { type AssignmentFormValues, type EducationFormValues, EMPTY_ASSIGNMENT, EMPTY_EDUCATION } from "./form-values.ts";
import { type ListWords, RepeatableList } from "./repeatable-list.tsx";

// The form's Assignments and Education: Conform's lists (insert, reorder, remove), so each
// entry's errors, the server's included, stay with that entry when the list changes.

// biome-ignore lint/suspicious/noExplicitAny: the form's shape is the caller's; only its list intents are used here
type AnyForm = FormMetadata<any, string[]>;

function ListErrors({ errors }: { errors?: string[] }) {
  const { i18n } = useLingui();
  if (!errors?.length) return null;
  return <p className="mb-3 text-sm font-medium text-red-700">{translateText(i18n, errors[0] ?? "")}</p>;
}

/** What tells one list from the other: its words, its empty entry, its entry's name and its fields. */
type ListKind<Item> = {
  /** The section's title and description, and for RepeatableList the ids, button names and announcements. */
  words: (i18n: I18n) => { title: string; description: string } & ListWords;
  empty: DefaultValue<Item>;
  /** What an entry is called now (its title or degree, as typed). */
  nameOf: (item: FieldMetadata<Item>) => unknown;
  Fields: React.ComponentType<{ field: FieldMetadata<Item> }>;
};

type ListProps<Item> = { form: AnyForm; field: FieldMetadata<Item[]>; onChange: () => void };

function ListSection<Item extends Record<string, unknown>>({
  form,
  field,
  onChange,
  kind,
}: ListProps<Item> & { kind: ListKind<Item> }) {
  const { i18n } = useLingui();
  const items = field.getFieldList();
  const { Fields } = kind;
  const { title, description, ...words } = kind.words(i18n);
  return (
    <FormSection title={title} description={description} grid={false}>
      <ListErrors errors={field.errors} />
      <RepeatableList
        {...words}
        items={items.map((item) => ({ key: item.key ?? item.id, name: text(kind.nameOf(item)) }))}
        onAdd={() => form.insert({ name: field.name, index: 0, defaultValue: kind.empty })}
        onRemove={(index) => form.remove({ name: field.name, index })}
        onMove={(from, to) => form.reorder({ name: field.name, from, to })}
        onChange={onChange}
      >
        {(index) => {
          const item = items[index];
          return item ? <Fields field={item} /> : null;
        }}
      </RepeatableList>
    </FormSection>
  );
}

const ASSIGNMENTS: ListKind<AssignmentFormValues> = {
  words: (i18n) => ({
    title: i18n._(msg`Assignments`),
    description: i18n._(msg`Your track record, newest first: who funded the work, where it took place and your role.`),
    idPrefix: "assignment",
    addLabel: i18n._(msg`Add assignment`),
    emptyText: i18n._(msg`No assignments yet.`),
    heading: (position) => i18n._(msg`Assignment ${position}`),
    entry: (position) => i18n._(msg`assignment ${position}`),
    added: i18n._(msg`Assignment added at the top of the list.`),
    left: (count) => i18n._(msg`${plural(count, { one: "# assignment left.", other: "# assignments left." })}`),
  }),
  empty: EMPTY_ASSIGNMENT,
  nameOf: (item) => item.getFieldset().title.value,
  Fields: AssignmentFields,
};

const EDUCATION: ListKind<EducationFormValues> = {
  words: (i18n) => ({
    title: i18n._(msg`Education`),
    description: i18n._(msg`Degrees and other qualifications.`),
    idPrefix: "education",
    addLabel: i18n._(msg`Add education`),
    emptyText: i18n._(msg`No education entries yet.`),
    heading: (position) => i18n._(msg`Education entry ${position}`),
    entry: (position) => i18n._(msg`education entry ${position}`),
    added: i18n._(msg`Education entry added at the top of the list.`),
    left: (count) => i18n._(msg`${plural(count, { one: "# education entry left.", other: "# education entries left." })}`),
  }),
  empty: EMPTY_EDUCATION,
  nameOf: (item) => item.getFieldset().degree.value,
  Fields: EducationFields,
};

export function AssignmentsSection(props: ListProps<AssignmentFormValues>) {
  return <ListSection {...props} kind={ASSIGNMENTS} />;
}

export function EducationSection(props: ListProps<EducationFormValues>) {
  return <ListSection {...props} kind={EDUCATION} />;
}
