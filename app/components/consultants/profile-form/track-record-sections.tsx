import type { FieldMetadata, FormMetadata } from "@conform-to/react";
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

export function AssignmentsSection({
  form,
  field,
  onChange,
}: {
  form: AnyForm;
  field: FieldMetadata<AssignmentFormValues[]>;
  onChange: () => void;
}) {
  const items = field.getFieldList();
  return (
    <FormSection
      title="Assignments"
      description="Your track record, newest first: who funded the work, where it took place and your role."
      grid={false}
    >
      <ListErrors errors={field.errors} />
      <RepeatableList
        idPrefix="assignment"
        noun="assignment"
        plural="assignments"
        addLabel="Add assignment"
        emptyText="No assignments yet."
        items={items.map((item) => ({ key: item.key ?? item.id, name: text(item.getFieldset().title.value) }))}
        onAdd={() => form.insert({ name: field.name, index: 0, defaultValue: EMPTY_ASSIGNMENT })}
        onRemove={(index) => form.remove({ name: field.name, index })}
        onMove={(from, to) => form.reorder({ name: field.name, from, to })}
        onChange={onChange}
      >
        {(index) => {
          const item = items[index];
          return item ? <AssignmentFields field={item} /> : null;
        }}
      </RepeatableList>
    </FormSection>
  );
}

export function EducationSection({
  form,
  field,
  onChange,
}: {
  form: AnyForm;
  field: FieldMetadata<EducationFormValues[]>;
  onChange: () => void;
}) {
  const items = field.getFieldList();
  return (
    <FormSection title="Education" description="Degrees and other qualifications." grid={false}>
      <ListErrors errors={field.errors} />
      <RepeatableList
        idPrefix="education"
        noun="education entry"
        plural="education entries"
        addLabel="Add education"
        emptyText="No education entries yet."
        items={items.map((item) => ({ key: item.key ?? item.id, name: text(item.getFieldset().degree.value) }))}
        onAdd={() => form.insert({ name: field.name, index: 0, defaultValue: EMPTY_EDUCATION })}
        onRemove={(index) => form.remove({ name: field.name, index })}
        onMove={(from, to) => form.reorder({ name: field.name, from, to })}
        onChange={onChange}
      >
        {(index) => {
          const item = items[index];
          return item ? <EducationFields field={item} /> : null;
        }}
      </RepeatableList>
    </FormSection>
  );
}
