import { useState } from "react";
import { Link } from "react-router";
import { formatDate, formatYears } from "../../../common/format.ts";
import type { AdminConsultant } from "../../../common/views.ts";
import { Button } from "../ui/button.tsx";
import { type Column, DataTable } from "../ui/data-table.tsx";
import { Dialog, DialogClose, DialogContent } from "../ui/dialog.tsx";
import { ProfilePhoto } from "./profile-photo.tsx";
import { ReasonDialog, type ReasonTarget } from "./reason-dialog.tsx";
import { useAdminAction } from "./use-admin-action.ts";

/** Everything a reviewer needs to decide, without leaving the dashboard. */
function ReviewDialog({
  consultant,
  onClose,
  onApprove,
  onReject,
  isBusy,
}: {
  consultant: AdminConsultant | null;
  onClose: () => void;
  onApprove: (consultant: AdminConsultant) => void;
  onReject: (consultant: AdminConsultant) => void;
  isBusy: boolean;
}) {
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

/** The approval queue: profiles waiting for review, oldest first. */
export function QueueTable({ consultants }: { consultants: AdminConsultant[] }) {
  const [reviewing, setReviewing] = useState<AdminConsultant | null>(null);
  const [reasonTarget, setReasonTarget] = useState<ReasonTarget | null>(null);
  const action = useAdminAction((result) => {
    if (!result.ok) return;
    setReviewing(null);
    setReasonTarget(null);
  });
  const approve = (consultant: AdminConsultant) => action.submit({ intent: "approve", id: String(consultant.id) });
  const reject = (consultant: AdminConsultant) => {
    setReviewing(null);
    setReasonTarget({ id: consultant.id, name: consultant.name, intent: "reject" });
  };

  const isBusy = (consultant: AdminConsultant) => action.pendingId === String(consultant.id);

  const columns: Column<AdminConsultant>[] = [
    {
      header: "Name",
      rowHeader: true,
      className: "font-normal",
      cell: (consultant) => (
        <>
          <span className="block font-semibold text-ink">{consultant.name}</span>
          <span className="block text-muted">{consultant.title}</span>
        </>
      ),
    },
    { header: "Email", cell: (consultant) => consultant.email },
    { header: "Country", cell: (consultant) => consultant.country },
    { header: "Specialization", cell: (consultant) => consultant.primarySpecialization },
    { header: "Submitted", nowrap: true, cell: (consultant) => formatDate(consultant.createdAt) },
    {
      header: "Actions",
      actions: true,
      cell: (consultant) => (
        <div className="inline-flex gap-2">
          <Button variant="outline" size="sm" aria-label={`Review ${consultant.name}`} onClick={() => setReviewing(consultant)}>
            Review
          </Button>
          <Button
            size="sm"
            aria-label={`Approve ${consultant.name}`}
            disabled={isBusy(consultant)}
            onClick={() => approve(consultant)}
          >
            {isBusy(consultant) && action.pendingIntent === "approve" ? "Approving..." : "Approve"}
          </Button>
          <Button variant="destructive" size="sm" aria-label={`Reject ${consultant.name}`} onClick={() => reject(consultant)}>
            Reject
          </Button>
        </div>
      ),
    },
  ];

  return (
    <>
      <DataTable
        caption="Profiles waiting for approval"
        columns={columns}
        rows={consultants}
        rowKey={(consultant) => consultant.id}
        empty="No profiles are waiting for review."
        isRowBusy={isBusy}
      />
      <ReviewDialog
        consultant={reviewing}
        onClose={() => setReviewing(null)}
        onApprove={approve}
        onReject={reject}
        isBusy={action.isBusy && action.pendingIntent === "approve"}
      />
      <ReasonDialog target={reasonTarget} onClose={() => setReasonTarget(null)} action={action} />
    </>
  );
}
