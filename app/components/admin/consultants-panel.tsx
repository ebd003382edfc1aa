import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { CircleCheck, EyeOff, FileDown, Pencil, Trash2 } from "lucide-react";
import { useState } from "react";
import { succeeded } from "#app/lib/form-answer.ts";
import type { ApprovalStatus } from "#common/admin-schema.ts";
import { inSentence } from "#common/bidi.ts";
import { KEPT_CV_PATHS, type KeptCvFile } from "#common/cv-import.ts";
import type { AdminConsultant } from "#common/views.ts";
import { Badge, type BadgeTone } from "../ui/badge.tsx";
import { ConfirmDialog } from "../ui/confirm-dialog.tsx";
import type { Column } from "../ui/data-table.tsx";
import { AdminTable } from "./admin-table.tsx";
import { APPROVAL_LABELS } from "./admin-words.ts";
import { EditConsultantDialog } from "./edit-consultant-dialog.tsx";
import { AskForm, askButton, DoForm, instead } from "./plain-forms.tsx";
import { ReasonDialog, type ReasonTarget } from "./reason-dialog.tsx";
import { IconAction } from "./row-actions.tsx";
import { useAdminAction } from "./use-admin-action.ts";

/** What deleting a profile asks first (the dialog, and the page's own question without JavaScript). */
export function deleteText(i18n: I18n) {
  return {
    title: i18n._(msg`Are you sure?`),
    description: i18n._(
      msg`This action cannot be undone. This will permanently delete the consultant profile and all associated messages.`,
    ),
    confirmLabel: (who: string) => {
      const name = inSentence(who);
      return i18n._(msg`Delete ${name}`);
    },
    pendingLabel: i18n._(msg`Deleting...`),
  };
}

const APPROVAL_TONES: Record<ApprovalStatus, BadgeTone> = {
  pending: "accent",
  approved: "brand",
  rejected: "danger",
  hidden: "neutral",
};

/** The Edit button of an AskForm: its GET form's `edit=1` opens the edit form in the page (app/routes/admin.tsx). */
const EDIT_BUTTON = { type: "submit", name: "edit", value: "1" } as const;

/**
 * A row's icon button that asks first: with JavaScript its click opens the question (`ask`: a
 * dialog); without, its GET form opens the question in the page (AskForm). Named for its row.
 */
function AskIconAction({
  row,
  ask,
  ...action
}: Omit<React.ComponentProps<typeof IconAction>, "target" | "onClick"> & {
  row: { id: number; name: string };
  ask: () => void;
}) {
  return (
    <AskForm id={row.id}>
      <IconAction {...action} target={row.name} onClick={instead(ask)} />
    </AskForm>
  );
}

/**
 * The Consultants tab's table (spec section 2): name, title, email, location, status (Available
 * or Unavailable), approval status, and the actions edit, hide or approve, and delete.
 */
export function ConsultantsTable({
  consultants,
  keptCvs = {},
}: {
  consultants: AdminConsultant[];
  /** The CVs owners kept with their profiles (issue 34), by profile id: a download for admins. */
  keptCvs?: Record<number, KeptCvFile>;
}) {
  const { i18n, t } = useLingui();
  const [editing, setEditing] = useState<AdminConsultant | null>(null);
  const [deleting, setDeleting] = useState<AdminConsultant | null>(null);
  const [reasonTarget, setReasonTarget] = useState<ReasonTarget | null>(null);
  // The confirmation closes either way; the toast says how it went.
  const remove = useAdminAction(() => setDeleting(null));
  const moderate = useAdminAction((result) => {
    if (succeeded(result)) setReasonTarget(null);
  });

  const isBusy = (consultant: AdminConsultant) =>
    moderate.pendingId === String(consultant.id) || remove.pendingId === String(consultant.id);

  const columns: Column<AdminConsultant>[] = [
    {
      header: t`Name`,
      rowHeader: true,
      className: "font-semibold text-ink",
      cell: (consultant) => {
        const kept = keptCvs[consultant.id];
        const filename = kept?.filename;
        return (
          <>
            <bdi>{consultant.name}</bdi>
            {kept && (
              <a
                href={KEPT_CV_PATHS.of(consultant.id)}
                download={filename}
                className="mt-1 flex items-center gap-1 text-xs font-normal text-brand-800 underline"
              >
                <FileDown aria-hidden="true" className="size-3.5 shrink-0" />
                <Trans>Kept CV: {filename}</Trans>
              </a>
            )}
          </>
        );
      },
    },
    // What the owners wrote, isolated for bidi (issue 37): shown as it is in every language.
    { header: t`Title`, cell: (consultant) => <bdi>{consultant.title}</bdi> },
    { header: t`Email`, cell: (consultant) => <bdi>{consultant.email}</bdi> },
    { header: t`Location`, cell: (consultant) => <bdi>{consultant.location}</bdi> },
    {
      header: t`Status`,
      cell: (consultant) => (
        <Badge tone={consultant.availableForWork ? "success" : "neutral"} className="whitespace-nowrap">
          {consultant.availableForWork ? t`Available` : t`Unavailable`}
        </Badge>
      ),
    },
    {
      header: t`Approval`,
      cell: (consultant) => (
        <>
          <Badge tone={APPROVAL_TONES[consultant.status]} className="whitespace-nowrap">
            {i18n._(APPROVAL_LABELS[consultant.status])}
          </Badge>
          {consultant.statusReason && (
            <p className="mt-1 max-w-48 text-xs text-muted" dir="auto">
              {consultant.statusReason}
            </p>
          )}
        </>
      ),
    },
    {
      header: t`Actions`,
      actions: true,
      cell: (consultant) => (
        <div className="inline-flex gap-1">
          <AskIconAction row={consultant} action={t`Edit`} icon={Pencil} {...EDIT_BUTTON} ask={() => setEditing(consultant)} />
          {consultant.status === "approved" ? (
            <AskIconAction
              row={consultant}
              action={t`Hide`}
              icon={EyeOff}
              {...askButton("hide")}
              ask={() => setReasonTarget({ id: consultant.id, name: consultant.name, intent: "hide" })}
            />
          ) : (
            <DoForm intent="approve" id={consultant.id}>
              <IconAction
                action={t`Approve`}
                target={consultant.name}
                icon={CircleCheck}
                type="submit"
                disabled={isBusy(consultant)}
                onClick={instead(() => moderate.submit({ intent: "approve", id: String(consultant.id) }))}
              />
            </DoForm>
          )}
          <AskIconAction
            row={consultant}
            action={t`Delete`}
            icon={Trash2}
            className="text-red-700 hover:bg-red-50"
            {...askButton("delete")}
            ask={() => setDeleting(consultant)}
          />
        </div>
      ),
    },
  ];

  const asked = deleteText(i18n);
  return (
    <>
      <AdminTable
        caption={t`Consultants`}
        columns={columns}
        rows={consultants}
        empty={t`No consultants found.`}
        isRowBusy={isBusy}
      />

      <EditConsultantDialog consultant={editing} onClose={() => setEditing(null)} />
      <ReasonDialog target={reasonTarget} onClose={() => setReasonTarget(null)} action={moderate} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title={asked.title}
        description={asked.description}
        confirmLabel={deleting ? asked.confirmLabel(deleting.name) : t`Delete`}
        pendingLabel={asked.pendingLabel}
        isPending={remove.isBusy}
        onConfirm={() => {
          if (deleting) remove.submit({ intent: "delete", id: String(deleting.id) });
        }}
      />
    </>
  );
}
