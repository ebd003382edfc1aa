import type { DefaultValue, FieldMetadata, FormMetadata } from "@conform-to/react";
import { AssignmentFields, EducationFields } from "./assignment-fields.tsx";
import { FormSection, text } from "./form-parts.tsx";
import { type AssignmentFormValues, type EducationFormValues, EMPTY_ASSIGNMENT, EMPTY_EDUCATION } from "./form-values.ts";
import { RepeatableList } from "./repeatable-list.tsx";

// The form's Assignments and Education: Conform's lists (insert, reorder, remove), so each
// entry's errors, the server's included, stay with that entry when the list changes.

// biome-ignore lint/suspicious/noExplicitAny: the form's shape is the caller's; only its list intents are used here
type AnyForm = FormMetadata<any, string[]>;

function ListErrors({ errors }: { errors?: string[] }) {
  if (!errors?.length) return null;
  return <p className="mb-3 text-sm font-medium text-red-700">{errors[0]}</p>;
}

/** What tells one list from the other: its words, its empty entry, its entry's name and its fields. */
type ListKind<Item> = {
  title: string;
  description: string;
  /** For RepeatableList: the ids, the button names and announcements. */
  words: { idPrefix: string; noun: string; plural: string; addLabel: string; emptyText: string };
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
  const items = field.getFieldList();
  const { Fields } = kind;
  return (
    <FormSection title={kind.title} description={kind.description} grid={false}>
      <ListErrors errors={field.errors} />
      <RepeatableList
        {...kind.words}
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
  title: "Assignments",
  description: "Your track record, newest first: who funded the work, where it took place and your role.",
  words: {
    idPrefix: "assignment",
    noun: "assignment",
    plural: "assignments",
    addLabel: "Add assignment",
    emptyText: "No assignments yet.",
  },
  empty: EMPTY_ASSIGNMENT,
  nameOf: (item) => item.getFieldset().title.value,
  Fields: AssignmentFields,
};

const EDUCATION: ListKind<EducationFormValues> = {
  title: "Education",
  description: "Degrees and other qualifications.",
  words: {
    idPrefix: "education",
    noun: "education entry",
    plural: "education entries",
    addLabel: "Add education",
    emptyText: "No education entries yet.",
  },
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
