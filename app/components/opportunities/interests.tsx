import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { FileDown, ListChecks, MessageSquare } from "lucide-react";
import { Form, Link } from "react-router";
import { valueLabel } from "#app/i18n/labels.ts";
import { formatDate } from "#common/format.ts";
import { toLocale } from "#common/locales.ts";
import {
  type Applicant,
  type ApplicantShortlist,
  INTEREST_LIMITS,
  type InterestStage,
  type MyInterest,
} from "#common/opportunities.ts";
import { RATE_CURRENCIES } from "#common/track-record-lists.ts";
import { namedOptions } from "../organizations/labels.ts";
import { Badge } from "../ui/badge.tsx";
import { Button, buttonClasses } from "../ui/button.tsx";
import { Field, Input, Select, Textarea } from "../ui/field.tsx";
import { Options } from "../ui/options.tsx";
import { RefusalNotice } from "../ui/refusal-notice.tsx";
import { MatchExplanation } from "./match.tsx";

// Expressions of interest on an opportunity's page (issue 32): the consultant's form (or their
// interest as sent, with Withdraw), and the applicants for the organization's members. Plain
// forms: they work without JavaScript.

export const STAGE_LABELS = {
  new: msg`New`,
  shortlisted: msg`Shortlisted`,
  interview: msg`Interview`,
  selected: msg`Selected`,
  declined: msg`Declined`,
} as const;

const STAGES = Object.keys(STAGE_LABELS) as InterestStage[];

export function InterestSection({
  mine,
  isOpen,
  isSignedIn,
  hasListedProfile,
  error,
  editing = false,
  note,
}: {
  mine: MyInterest | null;
  isOpen: boolean;
  isSignedIn: boolean;
  /** A signed-in caller without a listed profile is told so, not given a form the send refuses. */
  hasListedProfile: boolean;
  error: string | null;
  /** The change form failed: it opens again with what was typed. */
  editing?: boolean;
  note: string;
}) {
  const { t, i18n } = useLingui();
  const sentOn = mine ? formatDate(mine.createdAt, toLocale(i18n.locale)) : "";
  return (
    <section aria-labelledby="interest-heading" className="mt-8 rounded-2xl border border-line bg-white p-4 sm:p-5">
      <h2 id="interest-heading" className="text-xl font-semibold text-ink">
        <Trans>Express interest</Trans>
      </h2>
      {error && (
        <RefusalNotice className="mt-3" title={t`Not sent`}>
          {error}
        </RefusalNotice>
      )}
      {mine ? (
        <div className="mt-3 space-y-3 text-sm">
          <p>
            <Trans>You expressed interest on {sentOn}. Status:</Trans>{" "}
            <Badge tone="brand">{i18n._(STAGE_LABELS[mine.stage])}</Badge>
          </p>
          <p className="whitespace-pre-line rounded-lg bg-slate-50 p-3" dir="auto">
            {mine.note}
          </p>
          {isOpen && (
            <details className="rounded-lg border border-line p-3" open={editing}>
              <summary className="cursor-pointer font-medium text-brand-800">
                <Trans>Change my interest</Trans>
              </summary>
              <Form method="post" className="mt-3 space-y-4">
                <input type="hidden" name="intent" value="edit-interest" />
                <InterestFields
                  changing
                  note={editing ? note : mine.note}
                  availableFrom={mine.availableFrom ?? ""}
                  dailyRate={mine.dailyRate === null ? "" : String(mine.dailyRate)}
                  currency={mine.dailyRateCurrency ?? "USD"}
                />
                <Button type="submit" size="sm">
                  <Trans>Save my changes</Trans>
                </Button>
              </Form>
            </details>
          )}
          {isOpen && (
            <Form method="post">
              <Button type="submit" name="intent" value="withdraw" variant="outline" size="sm">
                <Trans>Withdraw my interest</Trans>
              </Button>
            </Form>
          )}
        </div>
      ) : !isOpen ? (
        <p className="mt-3 text-sm text-muted">
          <Trans>This opportunity is no longer open for applications.</Trans>
        </p>
      ) : !isSignedIn ? (
        <p className="mt-3 text-sm">
          <Trans>
            <Link to="/sign-in" className="font-semibold text-brand-800 underline">
              Sign in
            </Link>{" "}
            with your consultant profile to express interest.
          </Trans>
        </p>
      ) : !hasListedProfile ? (
        <p className="mt-3 text-sm" data-testid="interest-needs-profile">
          <Trans>
            You need a listed consultant profile to express interest.{" "}
            <Link to="/my-consultant-profile" className="font-semibold text-brand-800 underline">
              Create or check your profile
            </Link>
            : a new profile can express interest once it is approved.
          </Trans>
        </p>
      ) : (
        <Form method="post" className="mt-3 space-y-4">
          <input type="hidden" name="intent" value="interest" />
          <InterestFields note={note} availableFrom="" dailyRate="" currency="USD" />
          <Button type="submit">
            <Trans>Send my interest</Trans>
          </Button>
        </Form>
      )}
    </section>
  );
}

/** The note, availability and rate: the same fields to send an interest and to change it. */
function InterestFields({
  changing = false,
  note,
  availableFrom,
  dailyRate,
  currency,
}: {
  /** Changing an interest sent: the CV sent with it stays (the note, availability and rate change). */
  changing?: boolean;
  note: string;
  availableFrom: string;
  dailyRate: string;
  currency: string;
}) {
  const { t } = useLingui();
  const noteMin = INTEREST_LIMITS.noteMin;
  const noteMax = INTEREST_LIMITS.noteMax;
  return (
    <>
      <Field
        label={t`Your note to the organization`}
        required
        hint={
          changing
            ? t`Why you fit this assignment, ${noteMin}–${noteMax} characters. The CV sent with your interest stays as it was.`
            : t`Why you fit this assignment, ${noteMin}–${noteMax} characters. Your profile's CV is attached as it is now.`
        }
      >
        {(props) => <Textarea {...props} name="note" rows={6} maxLength={noteMax} defaultValue={note} />}
      </Field>
      <div className="grid gap-4 sm:grid-cols-3">
        <Field label={t`Available from`}>
          {(props) => <Input {...props} name="availableFrom" type="date" defaultValue={availableFrom} />}
        </Field>
        <Field label={t`Proposed daily rate`} hint={t`Optional; only the organization sees it`}>
          {(props) => <Input {...props} name="dailyRate" type="number" min={0} defaultValue={dailyRate} />}
        </Field>
        <Field label={t`Currency`}>
          {(props) => (
            <Select {...props} name="dailyRateCurrency" defaultValue={currency}>
              {RATE_CURRENCIES.map((code) => (
                <option key={code}>{code}</option>
              ))}
            </Select>
          )}
        </Field>
      </div>
    </>
  );
}

export function ApplicantsSection({
  applicants,
  teamShortlists,
}: {
  applicants: Applicant[];
  teamShortlists: ApplicantShortlist[];
}) {
  const { t, i18n } = useLingui();
  const count = applicants.length;
  return (
    <section id="applicants" aria-labelledby="applicants-heading" className="mt-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="applicants-heading" className="text-xl font-semibold text-ink">
          <Trans>Applicants ({count})</Trans>
        </h2>
        {count > 0 && applicants[0] && (
          <a
            href={applicants[0].cvUrl?.replace(/\/interests\/\d+\/cv\.pdf$/, "/interests/export.csv") ?? "#"}
            className={buttonClasses({ variant: "outline", size: "sm" })}
            download
          >
            <FileDown aria-hidden="true" className="size-4" />
            <Trans>Export as CSV</Trans>
          </a>
        )}
      </div>
      {count === 0 ? (
        <p className="mt-3 text-sm text-muted">
          <Trans>No one has expressed interest yet.</Trans>
        </p>
      ) : (
        <ul className="mt-3 space-y-3" aria-label={t`Applicants`}>
          {applicants.map((applicant) => {
            const name = applicant.consultant.name;
            const years = applicant.consultant.yearsExperience;
            const available = applicant.availableFrom ? formatDate(applicant.availableFrom, toLocale(i18n.locale)) : null;
            const rate = applicant.dailyRate;
            const currency = applicant.dailyRateCurrency ?? "";
            return (
              <li key={applicant.id} className="rounded-2xl border border-line bg-white p-4 text-sm" data-testid="applicant">
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <div>
                    <p className="font-semibold text-ink">
                      <Link to={`/consultant/${applicant.consultant.id}`} className="hover:underline">
                        <bdi>{name}</bdi>
                      </Link>
                    </p>
                    <p className="text-muted">
                      <bdi>{applicant.consultant.title}</bdi> · {valueLabel(i18n, applicant.consultant.country)} ·{" "}
                      <Trans>{years} years</Trans>
                    </p>
                  </div>
                  <Badge tone="brand">{i18n._(STAGE_LABELS[applicant.stage])}</Badge>
                </div>
                <MatchExplanation match={applicant.match} label={name} />
                <p className="mt-2 whitespace-pre-line" dir="auto">
                  {applicant.note}
                </p>
                <p className="mt-2 text-muted">
                  {available && (
                    <>
                      <Trans>Available from {available}.</Trans>{" "}
                    </>
                  )}
                  {rate !== null && (
                    <Trans>
                      Proposed rate: {rate} {currency} a day
                    </Trans>
                  )}
                </p>
                <div className="mt-3 flex flex-wrap items-end gap-2">
                  <Form method="post" className="flex flex-wrap items-end gap-2">
                    <input type="hidden" name="intent" value="stage" />
                    <input type="hidden" name="interestId" value={applicant.id} />
                    <Field label={t`Stage of ${name}`} className="min-w-40">
                      {(props) => (
                        <Select {...props} name="stage" defaultValue={applicant.stage}>
                          <Options values={STAGES} label={(stage) => i18n._(STAGE_LABELS[stage])} />
                        </Select>
                      )}
                    </Field>
                    <Button type="submit" variant="outline" size="sm">
                      <Trans>Move</Trans>
                    </Button>
                    {/* Selected and declined e-mail the consultant (issue 32: "the text editable"); empty, the default text goes. */}
                    <details className="basis-full">
                      <summary className="cursor-pointer text-sm font-medium text-brand-800">
                        <Trans>Write the e-mail yourself</Trans>
                      </summary>
                      <Field
                        label={t`E-mail to ${name} when you move them to Selected or Declined`}
                        hint={t`Leave it empty to send a short default message. Other stages send no e-mail.`}
                        className="mt-2"
                      >
                        {(props) => <Textarea {...props} name="message" rows={4} maxLength={INTEREST_LIMITS.message} />}
                      </Field>
                    </details>
                  </Form>
                  {applicant.cvUrl && (
                    <a href={applicant.cvUrl} className={buttonClasses({ variant: "outline", size: "sm" })} download>
                      <FileDown aria-hidden="true" className="size-4" />
                      <Trans>CV as sent</Trans>
                    </a>
                  )}
                  {/* As the posting organization (issue 32: a team conversation): the action makes the
                      member act for it, then opens the message form. A plain form: no JavaScript needed. */}
                  <Form method="post">
                    <input type="hidden" name="intent" value="message" />
                    <input type="hidden" name="interestId" value={applicant.id} />
                    <Button type="submit" variant="outline" size="sm">
                      <MessageSquare aria-hidden="true" className="size-4" />
                      <Trans>
                        Message<span className="sr-only"> {name}</span>
                      </Trans>
                    </Button>
                  </Form>
                </div>
                <AddToTeamShortlist applicant={applicant} teamShortlists={teamShortlists} />
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

/**
 * "Add to team shortlist" for one applicant: a plain form (works without JavaScript) naming the
 * organization's team shortlists, and the ones the consultant is on already.
 */
function AddToTeamShortlist({ applicant, teamShortlists }: { applicant: Applicant; teamShortlists: ApplicantShortlist[] }) {
  const { t } = useLingui();
  const name = applicant.consultant.name;
  const holding = teamShortlists.filter((list) => list.consultantIds.includes(applicant.consultant.id));
  const others = teamShortlists.filter((list) => !list.consultantIds.includes(applicant.consultant.id));
  const onLists = holding.map((list) => list.name).join(", ");
  return (
    <div className="mt-3 border-t border-line pt-3">
      {holding.length > 0 && (
        <p className="mb-2 flex flex-wrap items-center gap-1 text-muted" data-testid="on-team-shortlists">
          <ListChecks aria-hidden="true" className="size-4" />
          <Trans>
            On team shortlists: <bdi>{onLists}</bdi>
          </Trans>
        </p>
      )}
      {teamShortlists.length === 0 ? (
        <p className="text-muted">
          <Trans>
            Your organization has no team shortlist yet.{" "}
            <Link to="/shortlists" className="font-semibold text-brand-800 underline">
              Start one
            </Link>{" "}
            to add applicants to it.
          </Trans>
        </p>
      ) : others.length > 0 ? (
        <Form method="post" className="flex flex-wrap items-end gap-2">
          <input type="hidden" name="intent" value="shortlist" />
          <input type="hidden" name="interestId" value={applicant.id} />
          <Field label={t`Team shortlist for ${name}`} className="min-w-48">
            {(props) => (
              <Select {...props} name="shortlistId" defaultValue={String(others[0]?.id ?? "")}>
                <Options values={namedOptions(others)} />
              </Select>
            )}
          </Field>
          <Button type="submit" variant="outline" size="sm">
            <Trans>Add to team shortlist</Trans>
          </Button>
        </Form>
      ) : null}
    </div>
  );
}
