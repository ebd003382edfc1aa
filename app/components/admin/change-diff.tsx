import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Fragment } from "react";
import { organizationAndRole } from "#app/lib/assignment-text.ts";
import {
  type AssignmentChange,
  type AssignmentField,
  type ChangeAssignment,
  type FieldChange,
  pairAssignments,
  type ReviewedField,
} from "#common/profile-changes.ts";
import { type DiffPart, diffTokens, diffWords } from "#common/word-diff.ts";
import { Badge, type BadgeTone } from "../ui/badge.tsx";
import { ProfilePhoto } from "./profile-photo.tsx";

// The diff of a change to an approved profile: each changed field with its published value
// ("Before", what the public sees now) and the proposed one ("After"), side by side from the sm
// breakpoint and one above the other on a phone; the words that changed are marked (<del> on the
// Before side, <ins> on the After side: struck through or underlined, and named for screen
// readers, not told by colour alone); assignments are paired by identity, so an edited one is
// "Changed" with its fields; the photo as two pictures side by side.

const ASSIGNMENT_FIELD_LABELS: Record<AssignmentField, MessageDescriptor> = {
  title: msg`Assignment title`,
  organization: msg`Client or employing organization`,
  role: msg`Role or position`,
  startDate: msg`Start`,
  endDate: msg`End`,
  countries: msg`Countries`,
  donors: msg`Funding donors`,
  sector: msg`Sector`,
  description: msg`Description`,
};

/** A removed or added run: marked by the element, its style and a word for screen readers. */
function Marked({ part }: { part: DiffPart }) {
  const { t } = useLingui();
  // A space alone is not worth a mark (it is where two changed words met).
  if (part.kind === "same" || part.text.trim() === "") return <>{part.text}</>;
  // The spaces around the words stay outside the mark.
  const [, before = "", words = "", after = ""] = /^(\s*)([\s\S]*?)(\s*)$/.exec(part.text) ?? [];
  const mark =
    part.kind === "removed" ? (
      <del className="rounded-sm bg-red-100 text-red-900 line-through decoration-2">
        <span className="sr-only">{t`removed:`} </span>
        {words}
      </del>
    ) : (
      <ins className="rounded-sm bg-emerald-100 text-emerald-900 underline decoration-2 underline-offset-2">
        <span className="sr-only">{t`added:`} </span>
        {words}
      </ins>
    );
  return (
    <>
      {before}
      {mark}
      {after}
    </>
  );
}

/**
 * One side of a diff: what it kept and what it removed (Before) or added (After); a list's items
 * (specializations, countries, donors) comma-separated.
 */
function SideParts({ parts, side, isList }: { parts: DiffPart[]; side: "before" | "after"; isList: boolean }) {
  const hidden = side === "before" ? "added" : "removed";
  const shown = parts.filter((part) => part.kind !== hidden);
  if (shown.every((part) => part.text === "")) {
    return (
      <span className="text-muted">
        <Trans>None</Trans>
      </span>
    );
  }
  return (
    <>
      {shown.map((part, index) => (
        <Fragment key={index}>
          {isList && index > 0 && ", "}
          <Marked part={part} />
        </Fragment>
      ))}
    </>
  );
}

type Value = string | string[] | null | undefined;

function partsOf(before: Value, after: Value): { parts: DiffPart[]; isList: boolean } {
  if (Array.isArray(before) || Array.isArray(after)) {
    const list = (value: Value) => (Array.isArray(value) ? value : value ? [value] : []);
    return { parts: diffTokens(list(before), list(after)), isList: true };
  }
  return { parts: diffWords(before ?? "", after ?? ""), isList: false };
}

function Side({ side, children }: { side: "before" | "after"; children: React.ReactNode }) {
  return (
    <div
      className={`min-w-0 rounded-lg p-3 ${side === "before" ? "bg-slate-50" : "bg-emerald-50/60 ring-1 ring-inset ring-emerald-200"}`}
    >
      <p className="mb-1 text-xs font-semibold uppercase tracking-wide text-slate-700">
        {side === "before" ? <Trans>Before</Trans> : <Trans>After</Trans>}
      </p>
      {children}
    </div>
  );
}

/** A value before and after, side by side, its changed words marked. */
function BeforeAfter({ before, after }: { before: Value; after: Value }) {
  const { parts, isList } = partsOf(before, after);
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <Side side="before">
        <p className="whitespace-pre-line break-words text-ink" dir="auto">
          <SideParts parts={parts} side="before" isList={isList} />
        </p>
      </Side>
      <Side side="after">
        <p className="whitespace-pre-line break-words text-ink" dir="auto">
          <SideParts parts={parts} side="after" isList={isList} />
        </p>
      </Side>
    </div>
  );
}

function period(item: ChangeAssignment, present: string) {
  return `${item.startDate} – ${item.endDate ?? present}`;
}

const KIND_BADGES: Record<Exclude<AssignmentChange["kind"], "same">, { tone: BadgeTone; label: MessageDescriptor }> = {
  changed: { tone: "accent", label: msg`Changed` },
  removed: { tone: "danger", label: msg`Removed` },
  added: { tone: "success", label: msg`Added` },
};

/** An assignment as it is (kept, removed or added), its facts on three lines. */
function AssignmentFacts({ item, kind }: { item: ChangeAssignment; kind: "same" | "removed" | "added" }) {
  const { t } = useLingui();
  const lines = [
    item.title,
    organizationAndRole(item),
    [period(item, t`present`), item.countries.join(", "), item.donors.join(", ")].join(" · "),
  ];
  const content = (
    <>
      <span className="block font-medium text-ink">{lines[0]}</span>
      <span className="block text-muted">{lines[1]}</span>
      <span className="block text-xs text-muted">{lines[2]}</span>
      {item.description && <span className="mt-1 block whitespace-pre-line">{item.description}</span>}
    </>
  );
  if (kind === "same") return content;
  // The badge beside it says "Removed" or "Added" in words; the element says it to assistive technology.
  return kind === "removed" ? (
    <del className="block line-through decoration-red-800">{content}</del>
  ) : (
    <ins className="block no-underline">{content}</ins>
  );
}

/** An edited assignment: its title, and each changed field before and after. */
function ChangedAssignment({ entry }: { entry: Extract<AssignmentChange, { kind: "changed" }> }) {
  const { i18n, t } = useLingui();
  return (
    <>
      <span className="block font-medium text-ink">{entry.after.title}</span>
      <span className="block text-muted">{entry.after.organization}</span>
      <dl className="mt-2 grid gap-2">
        {entry.fields.map((field) => {
          const value = (item: ChangeAssignment): Value => {
            if (field === "endDate") return item.endDate ?? t`present`;
            return item[field];
          };
          return (
            <div key={field}>
              <dt className="text-xs font-semibold text-slate-700">{i18n._(ASSIGNMENT_FIELD_LABELS[field])}</dt>
              <dd className="mt-1">
                <BeforeAfter before={value(entry.before)} after={value(entry.after)} />
              </dd>
            </div>
          );
        })}
      </dl>
    </>
  );
}

/** Every assignment, published and proposed, paired: kept, changed (with its fields), removed or added. */
function AssignmentsDiff({ before, after }: { before: ChangeAssignment[]; after: ChangeAssignment[] }) {
  const { i18n } = useLingui();
  const entries = pairAssignments(before, after);
  if (entries.length === 0) {
    return (
      <p className="text-muted">
        <Trans>None</Trans>
      </p>
    );
  }
  return (
    <ol className="grid gap-2">
      {entries.map((entry, index) => (
        <li
          key={index}
          className={`rounded-lg border p-2 ${entry.kind === "same" ? "border-slate-200" : "border-slate-300 bg-white"}`}
        >
          {entry.kind !== "same" && (
            <Badge tone={KIND_BADGES[entry.kind].tone} className="mb-1">
              {i18n._(KIND_BADGES[entry.kind].label)}
            </Badge>
          )}
          {entry.kind === "changed" ? (
            <ChangedAssignment entry={entry} />
          ) : (
            <AssignmentFacts item={entry.kind === "added" ? entry.after : entry.before} kind={entry.kind} />
          )}
        </li>
      ))}
    </ol>
  );
}

function FieldDiff({ change, name }: { change: FieldChange; name: string }) {
  const { t } = useLingui();
  switch (change.field) {
    case "profilePhotoUrl":
      return (
        <div className="flex flex-wrap justify-center gap-6 sm:justify-start">
          <ProfilePhoto name={t`${name}, before`} photoUrl={change.before} caption={t`Before`} />
          <ProfilePhoto name={t`${name}, after`} photoUrl={change.after} caption={t`After`} />
        </div>
      );
    case "assignments":
      return <AssignmentsDiff before={change.before} after={change.after} />;
    default:
      return <BeforeAfter before={change.before} after={change.after} />;
  }
}

/** Every changed field of a change, before and after. */
export function ChangeDiff({
  fields,
  name,
  fieldNames,
}: {
  fields: FieldChange[];
  name: string;
  /** The fields' names in the page's language. */
  fieldNames: Record<ReviewedField, string>;
}) {
  return (
    <div className="grid gap-5 text-sm">
      {fields.map((change) => (
        <div key={change.field}>
          <h3 className="mb-2 font-semibold text-ink">{fieldNames[change.field]}</h3>
          <FieldDiff change={change} name={name} />
        </div>
      ))}
    </div>
  );
}
