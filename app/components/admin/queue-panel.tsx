import { useState } from "react";
import { Link } from "react-router";
import { formatYears } from "../../../common/format.ts";
import type { AdminConsultant } from "../../../server/services/admin.ts";
import { Button } from "../ui/button.tsx";
import { Dialog, DialogClose, DialogContent } from "../ui/dialog.tsx";
import { ReasonDialog, type ReasonTarget } from "./reason-dialog.tsx";
import { EmptyRow, formatDate, tableClasses, useAdminAction } from "./shared.tsx";

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

  return (
    <>
      <div className={tableClasses.wrapper}>
        <table className={tableClasses.table}>
          <caption className="sr-only">Profiles waiting for approval</caption>
          <thead className={tableClasses.head}>
            <tr>
              <th scope="col" className={tableClasses.th}>
                Name
              </th>
              <th scope="col" className={tableClasses.th}>
                Email
              </th>
              <th scope="col" className={tableClasses.th}>
                Country
              </th>
              <th scope="col" className={tableClasses.th}>
                Specialization
              </th>
              <th scope="col" className={tableClasses.th}>
                Submitted
              </th>
              <th scope="col" className={`${tableClasses.th} text-right`}>
                Actions
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {consultants.length === 0 && <EmptyRow colSpan={6}>No profiles are waiting for review.</EmptyRow>}
            {consultants.map((consultant) => {
              const isBusy = action.pendingId === String(consultant.id);
              return (
                <tr key={consultant.id} className={tableClasses.row} aria-busy={isBusy || undefined}>
                  <th scope="row" className={`${tableClasses.td} font-normal`}>
                    <span className="block font-semibold text-ink">{consultant.name}</span>
                    <span className="block text-muted">{consultant.title}</span>
                  </th>
                  <td className={`${tableClasses.td} whitespace-nowrap`}>{consultant.email}</td>
                  <td className={tableClasses.td}>{consultant.country}</td>
                  <td className={tableClasses.td}>{consultant.primarySpecialization}</td>
                  <td className={`${tableClasses.td} whitespace-nowrap`}>{formatDate(consultant.createdAt)}</td>
                  <td className={`${tableClasses.td} whitespace-nowrap text-right`}>
                    <div className="inline-flex gap-2">
                      <Button
                        variant="outline"
                        size="sm"
                        aria-label={`Review ${consultant.name}`}
                        onClick={() => setReviewing(consultant)}
                      >
                        Review
                      </Button>
                      <Button
                        size="sm"
                        aria-label={`Approve ${consultant.name}`}
                        disabled={isBusy}
                        onClick={() => approve(consultant)}
                      >
                        {isBusy && action.pendingIntent === "approve" ? "Approving..." : "Approve"}
                      </Button>
                      <Button
                        variant="destructive"
                        size="sm"
                        aria-label={`Reject ${consultant.name}`}
                        onClick={() => reject(consultant)}
                      >
                        Reject
                      </Button>
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
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
