import { formatDate } from "#common/format.ts";
import { type OwnChangeState, REVIEWED_FIELD_LABELS } from "#common/profile-changes.ts";
import { Alert } from "../ui/alert.tsx";

function fieldNames(state: OwnChangeState) {
  const names = state.fields.map((field) => REVIEWED_FIELD_LABELS[field]);
  return names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names.at(-1)}` : (names[0] ?? "your profile");
}

/**
 * What the owner is told about their last change to an approved profile (issue 14): it waits for
 * an administrator while visitors see the approved version, or it was not published, and why.
 */
export function ChangeBanner({ change }: { change: OwnChangeState | null }) {
  if (!change) return null;
  return (
    <div className="mb-6">
      {change.status === "pending" ? (
        <Alert tone="info" title="Changes waiting for review">
          Your changes to {fieldNames(change)} (sent {formatDate(change.submittedAt)}) wait for an administrator's review.
          Visitors see the approved version until then; your other changes are already published.
        </Alert>
      ) : (
        <Alert tone="warning" title="Changes not published">
          An administrator did not publish your changes to {fieldNames(change)}
          {change.reason ? `: ${change.reason.replace(/[.!?]+$/, "")}.` : "."} Your profile shows its approved version; edit it to
          send the changes again.
        </Alert>
      )}
    </div>
  );
}
