import { organizationAndRole } from "#app/lib/assignment-text.ts";
import { type ChangeAssignment, type FieldChange, normalizeAssignment, REVIEWED_FIELD_LABELS } from "#common/profile-changes.ts";
import { Badge } from "../ui/badge.tsx";
import { ProfilePhoto } from "./profile-photo.tsx";

// The diff of a change to an approved profile: each changed field with its published value
// ("Before", what the public sees now) and the proposed one ("After"), side by side from the sm
// breakpoint and one above the other on a phone; the photo as two pictures side by side.

function period(item: ChangeAssignment) {
  return `${item.startDate} – ${item.endDate ?? "present"}`;
}

const keyOf = (item: ChangeAssignment) => JSON.stringify(normalizeAssignment(item));

/** The assignments of one side, each marked when the other side does not have it. */
function AssignmentList({
  items,
  other,
  mark,
}: {
  items: ChangeAssignment[];
  other: ChangeAssignment[];
  mark: "Removed" | "Added";
}) {
  if (items.length === 0) return <p className="text-muted">None</p>;
  const otherKeys = new Set(other.map(keyOf));
  return (
    <ol className="grid gap-2">
      {items.map((item) => (
        <li key={keyOf(item)} className="rounded-lg border border-slate-200 p-2">
          {!otherKeys.has(keyOf(item)) && (
            <Badge tone={mark === "Added" ? "success" : "danger"} className="mb-1">
              {mark}
            </Badge>
          )}
          <span className="block font-medium text-ink">{item.title}</span>
          <span className="block text-muted">{organizationAndRole(item)}</span>
          <span className="block text-xs text-muted">
            {period(item)} · {item.countries.join(", ")} · {item.donors.join(", ")}
          </span>
          {item.description && <span className="mt-1 block whitespace-pre-line">{item.description}</span>}
        </li>
      ))}
    </ol>
  );
}

function Side({ label, children }: { label: "Before" | "After"; children: React.ReactNode }) {
  return (
    <div
      className={`min-w-0 rounded-lg p-3 ${label === "Before" ? "bg-slate-50" : "bg-emerald-50/60 ring-1 ring-inset ring-emerald-200"}`}
    >
      <p className="mb-1 text-xs font-semibold uppercase tracking-wide text-slate-700">{label}</p>
      {children}
    </div>
  );
}

function text(value: string | string[] | null) {
  const shown = Array.isArray(value) ? value.join(", ") : value;
  return <p className="whitespace-pre-line text-ink">{shown ? shown : <span className="text-muted">None</span>}</p>;
}

function FieldDiff({ change, name }: { change: FieldChange; name: string }) {
  switch (change.field) {
    case "profilePhotoUrl":
      return (
        <div className="flex flex-wrap justify-center gap-6 sm:justify-start">
          <ProfilePhoto name={`${name}, before`} photoUrl={change.before} caption="Before" />
          <ProfilePhoto name={`${name}, after`} photoUrl={change.after} caption="After" />
        </div>
      );
    case "assignments":
      return (
        <div className="grid gap-3 sm:grid-cols-2">
          <Side label="Before">
            <AssignmentList items={change.before} other={change.after} mark="Removed" />
          </Side>
          <Side label="After">
            <AssignmentList items={change.after} other={change.before} mark="Added" />
          </Side>
        </div>
      );
    default:
      return (
        <div className="grid gap-3 sm:grid-cols-2">
          <Side label="Before">{text(change.before)}</Side>
          <Side label="After">{text(change.after)}</Side>
        </div>
      );
  }
}

/** Every changed field of a change, before and after. */
export function ChangeDiff({ fields, name }: { fields: FieldChange[]; name: string }) {
  return (
    <div className="grid gap-5 text-sm">
      {fields.map((change) => (
        <div key={change.field}>
          <h3 className="mb-2 font-semibold text-ink">{REVIEWED_FIELD_LABELS[change.field]}</h3>
          <FieldDiff change={change} name={name} />
        </div>
      ))}
    </div>
  );
}
