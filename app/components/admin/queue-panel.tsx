import { Trans } from "@lingui/react/macro";
import { Suspense, useState } from "react";
import { Link } from "react-router";
import { succeeded } from "#app/lib/form-answer.ts";
import { lazyPart } from "#app/lib/lazy-part.tsx";
import { formatDate, formatYears } from "#common/format.ts";
import { type QueueEntry, type QueueTrackRecord, REVIEWED_FIELD_LABELS } from "#common/profile-changes.ts";
import { Badge } from "../ui/badge.tsx";
import { Button } from "../ui/button.tsx";
import type { Column } from "../ui/data-table.tsx";
import { Dialog, DialogClose, DialogContent } from "../ui/dialog.tsx";
import { AdminTable } from "./admin-table.tsx";
import { ChangeDiff } from "./change-diff.tsx";
import { AskForm, askButton, DoForm, instead } from "./plain-forms.tsx";
import { ProfilePhoto } from "./profile-photo.tsx";
import { ReasonDialog, type ReasonTarget } from "./reason-dialog.tsx";
import { useAdminAction } from "./use-admin-action.ts";

/** What a review dialog can do: close, approve or reject what it shows (busy while approving). */
type Decision = {
  onClose: () => void;
  onApprove: (entry: QueueEntry) => void;
  onReject: (entry: QueueEntry) => void;
  isBusy: boolean;
};

// The profile page's own track record view, loaded when a dialog opens: the public profile loads
// it on demand too, and a static import here would pull it into a chunk both load at once.
const loadTrackRecordView = () => import("../consultants/track-record-view.tsx");
const ExperienceSection = lazyPart(() => loadTrackRecordView().then((view) => view.ExperienceSection));
const EducationSection = lazyPart(() => loadTrackRecordView().then((view) => view.EducationSection));

/** The assignments and education of a new profile, as its public page will show them. */
function TrackRecord({ track }: { track: QueueTrackRecord }) {
  return (
    <div className="mt-4 grid gap-4">
      <Suspense
        fallback={
          <p className="text-sm text-muted">
            <Trans>Loading the track record...</Trans>
          </p>
        }
      >
        <ExperienceSection assignments={track.assignments} />
        {track.education.length > 0 ? (
          <EducationSection education={track.education} />
        ) : (
          <p className="text-sm text-muted">
            <Trans>No education listed.</Trans>
          </p>
        )}
      </Suspense>
    </div>
  );
}

/** Everything a reviewer needs to decide, without leaving the dashboard (the track record too). */
function ReviewDialog({ consultant, onClose, onApprove, onReject, isBusy }: { consultant: QueueEntry | null } & Decision) {
  const facts: [string, string][] = consultant
    ? [
        ["Email", consultant.email],
        ["Phone", consultant.phone ?? "—"],
        ["Location", consultant.location],
        ["Country", consultant.country],
        ["Experience", formatYears(consultant.yearsExperience)],
        ["Primary specialization", consultant.primarySpecialization],
        ["Other specializations", consultant.secondarySpecializations.join(", ") || "—"],
        ["Languages", consultant.languages.join(", ") || "—"],
        ["Submitted", formatDate(consultant.createdAt)],
      ]
    : [];
  return (
    <Dialog
      open={consultant !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      {consultant && (
        <DialogContent title={`Review ${consultant.name}`} description={consultant.title} className="max-w-2xl">
          <div className="mb-4 flex justify-center sm:justify-start">
            <ProfilePhoto name={consultant.name} photoUrl={consultant.profilePhotoUrl} />
          </div>
          <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
            {facts.map(([label, value]) => (
              <div key={label}>
                <dt className="font-medium text-muted">{label}</dt>
                <dd className="break-words text-ink">{value}</dd>
              </div>
            ))}
            <div className="sm:col-span-2">
              <dt className="font-medium text-muted">Professional summary</dt>
              <dd className="whitespace-pre-line text-ink">{consultant.bio}</dd>
            </div>
          </dl>
          {consultant.trackRecord && <TrackRecord track={consultant.trackRecord} />}
          <p className="mt-4 text-sm">
            <Link to={`/consultant/${consultant.id}`} className="font-semibold text-brand-700 underline underline-offset-4">
              Open the profile page
            </Link>
            <span className="text-muted"> (visible to you and the owner until approved)</span>
          </p>
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="outline">Close</Button>
            </DialogClose>
            <Button variant="destructive" onClick={() => onReject(consultant)}>
              Reject
            </Button>
            <Button disabled={isBusy} onClick={() => onApprove(consultant)}>
              {isBusy ? "Approving..." : "Approve"}
            </Button>
          </div>
        </DialogContent>
      )}
    </Dialog>
  );
}

/** A change to an approved profile, before and after; approving publishes it. */
function ChangeDialog({ entry, onClose, onApprove, onReject, isBusy }: { entry: QueueEntry | null } & Decision) {
  return (
    <Dialog
      open={entry?.change != null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      {entry?.change && (
        <DialogContent
          title={`Review the change to ${entry.name}`}
          description={`Submitted ${formatDate(entry.change.submittedAt)}. The public profile shows the "Before" version until the change is approved.`}
          className="max-w-3xl"
        >
          <ChangeDiff fields={entry.change.fields} name={entry.name} />
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="outline">Close</Button>
            </DialogClose>
            <Button variant="destructive" onClick={() => onReject(entry)}>
              Reject change
            </Button>
            <Button disabled={isBusy} onClick={() => onApprove(entry)}>
              {isBusy ? "Approving..." : "Approve change"}
            </Button>
          </div>
        </DialogContent>
      )}
    </Dialog>
  );
}

/**
 * The approval queue, oldest first: new profiles waiting for their first review, and changes to
 * approved profiles (name, title, summary, photo, specializations, assignments) waiting as a diff.
 */
export function QueueTable({ entries }: { entries: QueueEntry[] }) {
  const [reviewing, setReviewing] = useState<QueueEntry | null>(null);
  const [reasonTarget, setReasonTarget] = useState<ReasonTarget | null>(null);
  const action = useAdminAction((result) => {
    if (!succeeded(result)) return;
    setReviewing(null);
    setReasonTarget(null);
  });
  const approve = (entry: QueueEntry) =>
    action.submit({ intent: entry.change ? "approve-change" : "approve", id: String(entry.id) });
  const reject = (entry: QueueEntry) => {
    setReviewing(null);
    setReasonTarget({ id: entry.id, name: entry.name, intent: entry.change ? "reject-change" : "reject" });
  };
  const isBusy = (entry: QueueEntry) => action.pendingId === String(entry.id);
  const approving = action.isBusy && (action.pendingIntent === "approve" || action.pendingIntent === "approve-change");

  const columns: Column<QueueEntry>[] = [
    {
      header: "Name",
      rowHeader: true,
      className: "font-normal",
      cell: (entry) => (
        <>
          <span className="block font-semibold text-ink">{entry.name}</span>
          <span className="block text-muted">{entry.title}</span>
        </>
      ),
    },
    { header: "Email", cell: (entry) => entry.email },
    {
      header: "Waiting",
      cell: (entry) =>
        entry.change ? (
          <>
            <Badge tone="accent">Change</Badge>
            <span className="mt-1 block text-xs text-muted">
              {entry.change.fields.map((change) => REVIEWED_FIELD_LABELS[change.field]).join(", ")}
            </span>
          </>
        ) : (
          <Badge tone="brand">New profile</Badge>
        ),
    },
    { header: "Country", cell: (entry) => entry.country },
    {
      header: "Submitted",
      nowrap: true,
      cell: (entry) => formatDate(entry.change ? entry.change.submittedAt : entry.createdAt),
    },
    {
      header: "Actions",
      actions: true,
      cell: (entry) => {
        const what = entry.change ? `the change to ${entry.name}` : entry.name;
        return (
          <div className="inline-flex gap-2">
            <Button variant="outline" size="sm" aria-label={`Review ${what}`} onClick={() => setReviewing(entry)}>
              Review
            </Button>
            <DoForm intent={entry.change ? "approve-change" : "approve"} id={entry.id}>
              <Button
                type="submit"
                size="sm"
                aria-label={`Approve ${what}`}
                disabled={isBusy(entry)}
                onClick={instead(() => approve(entry))}
              >
                {isBusy(entry) && action.pendingIntent?.startsWith("approve") ? "Approving..." : "Approve"}
              </Button>
            </DoForm>
            <AskForm id={entry.id}>
              <Button
                variant="destructive"
                size="sm"
                aria-label={`Reject ${what}`}
                {...askButton(entry.change ? "reject-change" : "reject")}
                onClick={instead(() => reject(entry))}
              >
                Reject
              </Button>
            </AskForm>
          </div>
        );
      },
    },
  ];

  return (
    <>
      <AdminTable
        caption="Profiles and changes waiting for approval"
        columns={columns}
        rows={entries}
        empty="Nothing is waiting for review."
        isRowBusy={isBusy}
      />
      <ReviewDialog
        consultant={reviewing && !reviewing.change ? reviewing : null}
        onClose={() => setReviewing(null)}
        onApprove={approve}
        onReject={reject}
        isBusy={approving}
      />
      <ChangeDialog
        entry={reviewing}
        onClose={() => setReviewing(null)}
        onApprove={approve}
        onReject={reject}
        isBusy={approving}
      />
      <ReasonDialog target={reasonTarget} onClose={() => setReasonTarget(null)} action={action} />
    </>
  );
}
