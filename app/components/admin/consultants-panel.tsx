import { CircleCheck, EyeOff, Pencil, Trash2 } from "lucide-react";
import { useState } from "react";
import type { AdminConsultant } from "../../../server/services/admin.ts";
import { Button } from "../ui/button.tsx";
import { ConfirmDialog } from "../ui/confirm-dialog.tsx";
import { EditConsultantDialog } from "./edit-consultant-dialog.tsx";
import { ReasonDialog, type ReasonTarget } from "./reason-dialog.tsx";
import { ApprovalBadge, AvailabilityBadge, EmptyRow, tableClasses, useAdminAction } from "./shared.tsx";

/**
 * The Consultants tab's table (spec section 2): name, title, email, location, status (Available
 * or Unavailable), approval status, and the actions edit, hide or approve, and delete.
 */
export function ConsultantsTable({ consultants }: { consultants: AdminConsultant[] }) {
  const [editing, setEditing] = useState<AdminConsultant | null>(null);
  const [deleting, setDeleting] = useState<AdminConsultant | null>(null);
  const [reasonTarget, setReasonTarget] = useState<ReasonTarget | null>(null);
  // The confirmation closes either way; the toast says how it went.
  const remove = useAdminAction(() => setDeleting(null));
  const moderate = useAdminAction((result) => {
    if (result.ok) setReasonTarget(null);
  });

  return (
    <>
      <div className={tableClasses.wrapper}>
        <table className={tableClasses.table}>
          <caption className="sr-only">Consultants</caption>
          <thead className={tableClasses.head}>
            <tr>
              <th scope="col" className={tableClasses.th}>
                Name
              </th>
              <th scope="col" className={tableClasses.th}>
                Title
              </th>
              <th scope="col" className={tableClasses.th}>
                Email
              </th>
              <th scope="col" className={tableClasses.th}>
                Location
              </th>
              <th scope="col" className={tableClasses.th}>
                Status
              </th>
              <th scope="col" className={tableClasses.th}>
                Approval
              </th>
              <th scope="col" className={`${tableClasses.th} text-right`}>
                Actions
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {consultants.length === 0 && <EmptyRow colSpan={7}>No consultants found.</EmptyRow>}
            {consultants.map((consultant) => {
              const isBusy = moderate.pendingId === String(consultant.id) || remove.pendingId === String(consultant.id);
              return (
                <tr key={consultant.id} className={tableClasses.row} aria-busy={isBusy || undefined}>
                  <th scope="row" className={`${tableClasses.td} font-semibold text-ink`}>
                    {consultant.name}
                  </th>
                  <td className={tableClasses.td}>{consultant.title}</td>
                  <td className={`${tableClasses.td} whitespace-nowrap`}>{consultant.email}</td>
                  <td className={tableClasses.td}>{consultant.location}</td>
                  <td className={tableClasses.td}>
                    <AvailabilityBadge available={consultant.availableForWork} />
                  </td>
                  <td className={tableClasses.td}>
                    <ApprovalBadge status={consultant.status} />
                    {consultant.statusReason && <p className="mt-1 max-w-48 text-xs text-muted">{consultant.statusReason}</p>}
                  </td>
                  <td className={`${tableClasses.td} whitespace-nowrap text-right`}>
                    <div className="inline-flex gap-1">
                      <Button
                        variant="ghost"
                        size="icon"
                        aria-label={`Edit ${consultant.name}`}
                        onClick={() => setEditing(consultant)}
                      >
                        <Pencil aria-hidden="true" className="size-4" />
                      </Button>
                      {consultant.status === "approved" ? (
                        <Button
                          variant="ghost"
                          size="icon"
                          aria-label={`Hide ${consultant.name}`}
                          onClick={() => setReasonTarget({ id: consultant.id, name: consultant.name, intent: "hide" })}
                        >
                          <EyeOff aria-hidden="true" className="size-4" />
                        </Button>
                      ) : (
                        <Button
                          variant="ghost"
                          size="icon"
                          aria-label={`Approve ${consultant.name}`}
                          disabled={isBusy}
                          onClick={() => moderate.submit({ intent: "approve", id: String(consultant.id) })}
                        >
                          <CircleCheck aria-hidden="true" className="size-4" />
                        </Button>
                      )}
                      <Button
                        variant="ghost"
                        size="icon"
                        aria-label={`Delete ${consultant.name}`}
                        className="text-red-700 hover:bg-red-50"
                        onClick={() => setDeleting(consultant)}
                      >
                        <Trash2 aria-hidden="true" className="size-4" />
                      </Button>
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>

      <EditConsultantDialog consultant={editing} onClose={() => setEditing(null)} />
      <ReasonDialog target={reasonTarget} onClose={() => setReasonTarget(null)} action={moderate} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title="Are you sure?"
        description="This action cannot be undone. This will permanently delete the consultant profile and all associated messages."
        confirmLabel={deleting ? `Delete ${deleting.name}` : "Delete"}
        pendingLabel="Deleting..."
        isPending={remove.isBusy}
        onConfirm={() => {
          if (deleting) remove.submit({ intent: "delete", id: String(deleting.id) });
        }}
      />
    </>
  );
}
