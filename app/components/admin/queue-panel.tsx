import { Trans, useLingui } from "@lingui/react/macro";
import { Suspense, useState } from "react";
import { Link } from "react-router";
import { valueLabel } from "#app/i18n/labels.ts";
import { useLocale } from "#app/i18n/use-locale.ts";
import { succeeded } from "#app/lib/form-answer.ts";
import { lazyPart } from "#app/lib/lazy-part.tsx";
import { formatCount, formatDate } from "#common/format.ts";
import type { QueueEntry, QueueTrackRecord, ReviewedField } from "#common/profile-changes.ts";
import { Badge } from "../ui/badge.tsx";
import { Button } from "../ui/button.tsx";
import type { Column } from "../ui/data-table.tsx";
import { Dialog, DialogContent } from "../ui/dialog.tsx";
import { AdminTable } from "./admin-table.tsx";
import { ChangeDiff } from "./change-diff.tsx";
import { DialogActions } from "./dialog-actions.tsx";
import { AskForm, askButton, DoForm, InPageActions, InPagePanel, instead } from "./plain-forms.tsx";
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

/** Everything a reviewer needs to decide about a new profile (the track record too). */
function ReviewBody({ consultant }: { consultant: QueueEntry }) {
  const { i18n, t } = useLingui();
  const locale = useLocale();
  const label = (value: string) => valueLabel(i18n, value);
  const years = formatCount(consultant.yearsExperience, locale);
  // The fixed values (country, specializations, languages) in the page's words; what the owner wrote as it is.
  const facts: [string, string, boolean][] = [
    [t`Email`, consultant.email, true],
    [t`Phone`, consultant.phone ?? "—", true],
    [t`Location`, consultant.location, true],
    [t`Country`, label(consultant.country), false],
    [t`Experience`, consultant.yearsExperience === 1 ? t`1 year` : t`${years} years`, false],
    [t`Primary specialization`, label(consultant.primarySpecialization), false],
    [t`Other specializations`, consultant.secondarySpecializations.map(label).join(", ") || "—", false],
    [t`Languages`, consultant.languages.map((language) => valueLabel(i18n, language, "language")).join(", ") || "—", false],
    [t`Submitted`, formatDate(consultant.createdAt, locale), false],
  ];
  return (
    <>
      <div className="mb-4 flex justify-center sm:justify-start">
        <ProfilePhoto name={consultant.name} photoUrl={consultant.profilePhotoUrl} />
      </div>
      <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
        {facts.map(([term, value, written]) => (
          <div key={term}>
            <dt className="font-medium text-muted">{term}</dt>
            <dd className="break-words text-ink" dir={written ? "auto" : undefined}>
              {value}
            </dd>
          </div>
        ))}
        <div className="sm:col-span-2">
          <dt className="font-medium text-muted">
            <Trans>Professional summary</Trans>
          </dt>
          <dd className="whitespace-pre-line text-ink" dir="auto">
            {consultant.bio}
          </dd>
        </div>
      </dl>
      {consultant.trackRecord && <TrackRecord track={consultant.trackRecord} />}
      <p className="mt-4 text-sm">
        <Link to={`/consultant/${consultant.id}`} className="font-semibold text-brand-700 underline underline-offset-4">
          <Trans>Open the profile page</Trans>
        </Link>
        <span className="text-muted">
          {" "}
          <Trans>(visible to you and the owner until approved)</Trans>
        </span>
      </p>
    </>
  );
}

/** A new profile's review, in a dialog on the dashboard. */
function ReviewDialog({ consultant, onClose, onApprove, onReject, isBusy }: { consultant: QueueEntry | null } & Decision) {
  const { t } = useLingui();
  const name = consultant?.name ?? "";
  return (
    <Dialog
      open={consultant !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      {consultant && (
        <DialogContent title={t`Review ${name}`} description={<bdi>{consultant.title}</bdi>} className="max-w-2xl">
          <ReviewBody consultant={consultant} />
          <DialogActions close={<Trans>Close</Trans>} className="mt-6">
            <Button variant="destructive" onClick={() => onReject(consultant)}>
              <Trans>Reject</Trans>
            </Button>
            <Button disabled={isBusy} onClick={() => onApprove(consultant)}>
              {isBusy ? t`Approving...` : t`Approve`}
            </Button>
          </DialogActions>
        </DialogContent>
      )}
    </Dialog>
  );
}

/** A change to an approved profile, before and after; approving publishes it. */
/** The reviewed fields' names in the page's language (from the loader: the services' words). */
type FieldNames = Record<ReviewedField, string>;

/** What a change's review says under its title. */
function useChangeNote() {
  const { t } = useLingui();
  return (submitted: string) =>
    t`Submitted ${submitted}. The public profile shows the "Before" version until the change is approved.`;
}

function ChangeDialog({
  entry,
  fieldNames,
  onClose,
  onApprove,
  onReject,
  isBusy,
}: { entry: QueueEntry | null; fieldNames: FieldNames } & Decision) {
  const { t } = useLingui();
  const locale = useLocale();
  const changeNote = useChangeNote();
  const submitted = entry?.change ? formatDate(entry.change.submittedAt, locale) : "";
  const name = entry?.name ?? "";
  return (
    <Dialog
      open={entry?.change != null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      {entry?.change && (
        <DialogContent title={t`Review the change to ${name}`} description={changeNote(submitted)} className="max-w-3xl">
          <ChangeDiff fields={entry.change.fields} name={entry.name} fieldNames={fieldNames} />
          <DialogActions close={<Trans>Close</Trans>} className="mt-6">
            <Button variant="destructive" onClick={() => onReject(entry)}>
              <Trans>Reject change</Trans>
            </Button>
            <Button disabled={isBusy} onClick={() => onApprove(entry)}>
              {isBusy ? t`Approving...` : t`Approve change`}
            </Button>
          </DialogActions>
        </DialogContent>
      )}
    </Dialog>
  );
}

/**
 * A review in the page itself, for a dashboard without JavaScript (the Review button is a GET
 * form to `?tab=queue&id=<id>&review=1`): what the dialogs show, with the queue's own plain forms
 * (Approve posts and comes back; Reject opens its question, which asks for the reason) and a
 * Close link back to the table.
 */
export function ReviewPanel({ entry, fieldNames }: { entry: QueueEntry; fieldNames: FieldNames }) {
  const { t } = useLingui();
  const locale = useLocale();
  const changeNote = useChangeNote();
  const name = entry.name;
  return (
    <InPagePanel title={entry.change ? t`Review the change to ${name}` : t`Review ${name}`}>
      <p className="mt-1 mb-4 text-sm text-muted">
        {entry.change ? changeNote(formatDate(entry.change.submittedAt, locale)) : <bdi>{entry.title}</bdi>}
      </p>
      {entry.change ? (
        <ChangeDiff fields={entry.change.fields} name={name} fieldNames={fieldNames} />
      ) : (
        <ReviewBody consultant={entry} />
      )}
      <div className="mt-6">
        <InPageActions leave={<Trans>Close</Trans>}>
          <AskForm id={entry.id}>
            <Button variant="destructive" {...askButton(entry.change ? "reject-change" : "reject")}>
              {entry.change ? t`Reject change` : t`Reject`}
            </Button>
          </AskForm>
          <DoForm intent={entry.change ? "approve-change" : "approve"} id={entry.id}>
            <Button type="submit">{entry.change ? t`Approve change` : t`Approve`}</Button>
          </DoForm>
        </InPageActions>
      </div>
    </InPagePanel>
  );
}

/**
 * The approval queue, oldest first: new profiles waiting for their first review, and changes to
 * approved profiles (name, title, summary, photo, specializations, assignments) waiting as a diff.
 */
export function QueueTable({ entries, fieldNames }: { entries: QueueEntry[]; fieldNames: FieldNames }) {
  const { i18n, t } = useLingui();
  const locale = useLocale();
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
      header: t`Name`,
      rowHeader: true,
      className: "font-normal",
      cell: (entry) => (
        <>
          <bdi className="block font-semibold text-ink">{entry.name}</bdi>
          <bdi className="block text-muted">{entry.title}</bdi>
        </>
      ),
    },
    { header: t`Email`, cell: (entry) => <bdi>{entry.email}</bdi> },
    {
      header: t`Waiting`,
      cell: (entry) =>
        entry.change ? (
          <>
            <Badge tone="accent">
              <Trans>Change</Trans>
            </Badge>
            <span className="mt-1 block text-xs text-muted">
              {entry.change.fields.map((change) => fieldNames[change.field]).join(", ")}
            </span>
          </>
        ) : (
          <Badge tone="brand">
            <Trans>New profile</Trans>
          </Badge>
        ),
    },
    { header: t`Country`, cell: (entry) => valueLabel(i18n, entry.country) },
    {
      header: t`Submitted`,
      nowrap: true,
      cell: (entry) => formatDate(entry.change ? entry.change.submittedAt : entry.createdAt, locale),
    },
    {
      header: t`Actions`,
      actions: true,
      cell: (entry) => {
        const name = entry.name;
        const labels = entry.change
          ? {
              review: t`Review the change to ${name}`,
              approve: t`Approve the change to ${name}`,
              reject: t`Reject the change to ${name}`,
            }
          : { review: t`Review ${name}`, approve: t`Approve ${name}`, reject: t`Reject ${name}` };
        return (
          <div className="inline-flex gap-2">
            <AskForm id={entry.id}>
              <Button
                type="submit"
                name="review"
                value="1"
                variant="outline"
                size="sm"
                aria-label={labels.review}
                onClick={instead(() => setReviewing(entry))}
              >
                <Trans>Review</Trans>
              </Button>
            </AskForm>
            <DoForm intent={entry.change ? "approve-change" : "approve"} id={entry.id}>
              <Button
                type="submit"
                size="sm"
                aria-label={labels.approve}
                disabled={isBusy(entry)}
                onClick={instead(() => approve(entry))}
              >
                {isBusy(entry) && action.pendingIntent?.startsWith("approve") ? t`Approving...` : t`Approve`}
              </Button>
            </DoForm>
            <AskForm id={entry.id}>
              <Button
                variant="destructive"
                size="sm"
                aria-label={labels.reject}
                {...askButton(entry.change ? "reject-change" : "reject")}
                onClick={instead(() => reject(entry))}
              >
                <Trans>Reject</Trans>
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
        caption={t`Profiles and changes waiting for approval`}
        columns={columns}
        rows={entries}
        empty={t`Nothing is waiting for review.`}
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
        fieldNames={fieldNames}
        onClose={() => setReviewing(null)}
        onApprove={approve}
        onReject={reject}
        isBusy={approving}
      />
      <ReasonDialog target={reasonTarget} onClose={() => setReasonTarget(null)} action={action} />
    </>
  );
}
