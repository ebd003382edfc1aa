import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { BadgeCheck, Send } from "lucide-react";
import { useNavigation } from "react-router";
import { translateText } from "#app/i18n/translate-text.ts";
import { useLocale } from "#app/i18n/use-locale.ts";
import { errorOf, type FormAnswer, failed, succeeded } from "#app/lib/form-answer.ts";
import { type OwnReference, REFERENCE_LIMITS } from "#common/references.ts";
import { type Assignment, isStoredAssignment } from "#common/track-record.ts";
import { monthLabel } from "#common/track-record-lists.ts";
import { Alert } from "../ui/alert.tsx";
import { Badge } from "../ui/badge.tsx";
import { Button } from "../ui/button.tsx";
import { CardSection } from "../ui/card-section.tsx";
import { Field, Input } from "../ui/field.tsx";
import { IntentForm } from "../ui/list-forms.tsx";

// The owner's references (issue 34): for each assignment, ask a person at the client to confirm
// it (name and e-mail: they get a single-use link), see the answers, withdraw a request.

const STATUS_LABELS: Record<OwnReference["status"], MessageDescriptor> = {
  requested: msg`Waiting for an answer`,
  confirmed: msg`Confirmed`,
  declined: msg`Declined`,
  withdrawn: msg`Withdrawn`,
  removed: msg`Removed by an administrator`,
};

export function ReferencesPanel({
  assignments,
  references,
  answer,
  lang,
}: {
  assignments: Assignment[];
  /** The language the profile is written in, when stated: the assignments' titles are marked with it. */
  lang?: string;
  references: OwnReference[];
  /** The page action's answer, shown here (the form posts without JavaScript). */
  answer: FormAnswer | null;
}) {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const days = REFERENCE_LIMITS.linkDays;
  const open = REFERENCE_LIMITS.openPerConsultant;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  // A reference hangs off a stored row: an assignment waiting for review is asked about once published.
  const stored = assignments.filter(isStoredAssignment);
  const waiting = assignments.length - stored.length;
  return (
    <div className="mx-auto max-w-6xl px-4 pb-10">
      <CardSection title={t`References from past clients`} id="references-heading">
        <p className="text-sm text-muted">
          <Trans>
            Ask a person at the client organization to confirm an assignment. They get an e-mail with a link that works once for{" "}
            {days} days, and need no account. A confirmed assignment shows “Confirmed by” their name and organization; their
            e-mail address is never shown. At most {open} requests may wait for an answer at a time.
          </Trans>
        </p>
        {answer && (
          <div className="mt-3">
            <Alert tone={succeeded(answer) ? "info" : "error"} live={failed(answer)}>
              {succeeded(answer) ? answer.toast?.title : translateText(i18n, errorOf(answer) ?? "")}
            </Alert>
          </div>
        )}
        {stored.length === 0 && waiting === 0 && (
          <p className="mt-4 text-sm text-muted">
            <Trans>Add assignments to your profile to ask for references.</Trans>
          </p>
        )}
        {waiting > 0 && (
          <p className="mt-4 text-sm text-muted">
            <Trans>An assignment waiting for review can be confirmed once it is published.</Trans>
          </p>
        )}
        <ol className="mt-4 grid gap-4">
          {stored.map((assignment) => {
            const own = references.filter((reference) => reference.assignmentId === assignment.id);
            return (
              <li key={assignment.id} className="rounded-xl border border-slate-200 p-4">
                <h3 dir="auto" lang={lang} className="font-semibold text-ink">
                  {assignment.title}
                </h3>
                <p className="text-sm text-muted">
                  <bdi>{assignment.organization}</bdi> · {monthLabel(assignment.startDate, locale)} –{" "}
                  {assignment.endDate ? monthLabel(assignment.endDate, locale) : t`present`}
                </p>
                {own.length > 0 && (
                  <ul className="mt-3 grid gap-2">
                    {own.map((reference) => (
                      <li key={reference.id} className="flex flex-wrap items-center justify-between gap-2 text-sm">
                        <span className="flex flex-wrap items-center gap-2">
                          {reference.status === "confirmed" && (
                            <BadgeCheck aria-hidden="true" className="size-4 text-emerald-700" />
                          )}
                          <bdi className="font-medium text-ink">{reference.refereeName}</bdi>
                          <span className="text-muted">{reference.refereeEmail}</span>
                          <Badge
                            tone={
                              reference.status === "confirmed"
                                ? "success"
                                : reference.status === "declined"
                                  ? "danger"
                                  : "neutral"
                            }
                          >
                            {reference.isExpired ? t`Link expired` : i18n._(STATUS_LABELS[reference.status])}
                          </Badge>
                        </span>
                        {(reference.status === "requested" || reference.status === "confirmed") && (
                          <IntentForm
                            intent="withdraw-reference"
                            ids={{ assignmentId: assignment.id, referenceId: reference.id }}
                          >
                            <Button type="submit" variant="ghost" size="sm" disabled={busy}>
                              <Trans>
                                Withdraw<span className="sr-only"> the reference of {reference.refereeName}</span>
                              </Trans>
                            </Button>
                          </IntentForm>
                        )}
                      </li>
                    ))}
                  </ul>
                )}
                <IntentForm
                  intent="ask-reference"
                  ids={{ assignmentId: assignment.id }}
                  className="mt-3 grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
                >
                  <Field label={<Trans>Referee's name</Trans>}>
                    {(props) => <Input {...props} name="name" required maxLength={REFERENCE_LIMITS.name} autoComplete="off" />}
                  </Field>
                  <Field label={<Trans>Referee's e-mail</Trans>}>
                    {(props) => (
                      <Input
                        {...props}
                        name="email"
                        type="email"
                        required
                        maxLength={REFERENCE_LIMITS.email}
                        autoComplete="off"
                      />
                    )}
                  </Field>
                  <Button type="submit" variant="secondary" disabled={busy}>
                    <Send aria-hidden="true" className="size-4" />
                    <Trans>
                      Ask for a reference<span className="sr-only"> on {assignment.title}</span>
                    </Trans>
                  </Button>
                </IntentForm>
              </li>
            );
          })}
        </ol>
      </CardSection>
    </div>
  );
}
