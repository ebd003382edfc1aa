import { Trans, useLingui } from "@lingui/react/macro";
import { Download, ShieldCheck } from "lucide-react";
import { useMemo } from "react";
import { translateText } from "#app/i18n/translate-text.ts";
import { errorOf, succeeded } from "#app/lib/form-answer.ts";
import { Alert } from "../ui/alert.tsx";
import { Button } from "../ui/button.tsx";
import { type AccountAnswerData, AskFirstForm, Section, useFormAnswer } from "./account-parts.tsx";
import { EndOthersOffer } from "./end-others-offer.tsx";
import { ReauthenticateFields } from "./reauthenticate-fields.tsx";

// The account page's two-step sign-in (issue 38): set up an authenticator app (a QR code drawn on
// the server as SVG, the key as text, a first code to confirm), the 10 recovery codes shown once
// with a download as text, new codes, turning it off. Each step posts to the page's action, with a
// fetcher, or as a plain form without JavaScript.

export type SecondFactorStatus = { totp: boolean; recoveryCodesLeft: number; available: boolean };
type Enrolment = NonNullable<AccountAnswerData["enrolment"]>;
type FormState = ReturnType<typeof useFormAnswer>;

function RecoveryCodes({ codes }: { codes: string[] }) {
  const { t } = useLingui();
  const heading = t`Recovery codes`;
  const text = `${heading}\n\n${t`Each code signs you in once if you lose your authenticator app.`}\n\n${codes.join("\n")}\n`;
  return (
    <div className="space-y-3" role="status">
      <Alert tone="warning" title={t`Save your recovery codes now`}>
        <Trans>Each code signs you in once if you lose your phone. They are shown only this once.</Trans>
      </Alert>
      <ul aria-label={heading} className="grid grid-cols-2 gap-2 rounded-lg bg-slate-50 p-4 font-mono text-sm text-ink">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <a
        href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`}
        download="recovery-codes.txt"
        className="inline-flex items-center gap-2 text-sm font-semibold text-brand-700 underline underline-offset-4"
      >
        <Download aria-hidden="true" className="size-4" />
        <Trans>Download as text</Trans>
      </a>
    </div>
  );
}

function ConfirmForm({ enrolment, confirm }: { enrolment: Enrolment; confirm: FormState }) {
  const { t, i18n } = useLingui();
  const { fetcher, answer, pending } = confirm;
  const reason = errorOf(answer);
  const failure = reason ? translateText(i18n, reason) : undefined;
  return (
    <div className="space-y-4">
      <ol className="list-decimal space-y-1 pl-5 text-sm text-ink">
        <li>
          <Trans>Open your authenticator app (Google Authenticator, Microsoft Authenticator, 1Password, Aegis…).</Trans>
        </li>
        <li>
          <Trans>Scan this QR code, or type the key below.</Trans>
        </li>
        <li>
          <Trans>Enter the 6-digit code the app shows.</Trans>
        </li>
      </ol>
      <img
        src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(enrolment.qrSvg)}`}
        alt={t`QR code to scan with your authenticator app`}
        width={200}
        height={200}
        className="rounded-lg border border-slate-200"
      />
      <p className="text-sm text-muted">
        <Trans>Key:</Trans> {/* Wraps between its groups of four, never inside one (a phone's narrow line). */}
        <code className="font-mono text-ink" data-testid="totp-secret">
          {enrolment.secret.replace(/(.{4})/g, "$1 ").trim()}
        </code>
      </p>
      <fetcher.Form method="post" className="flex flex-wrap items-end gap-2">
        <input type="hidden" name="intent" value="totp-confirm" />
        <div className="space-y-1">
          <label htmlFor="totp-confirm-code" className="block text-sm font-medium text-ink">
            <Trans>Code from the app</Trans>
          </label>
          <input
            id="totp-confirm-code"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            required
            aria-invalid={failure ? true : undefined}
            aria-describedby={failure ? "totp-confirm-error" : undefined}
            className="h-10 w-36 rounded-lg border border-slate-300 px-3 font-mono text-ink"
          />
        </div>
        <Button type="submit" disabled={pending}>
          {pending ? <Trans>Checking...</Trans> : <Trans>Turn on</Trans>}
        </Button>
      </fetcher.Form>
      {failure && (
        <p id="totp-confirm-error" className="text-sm text-red-700">
          {failure}
        </p>
      )}
    </div>
  );
}

function useSecondFactorForms() {
  const { t } = useLingui();
  const texts = useMemo(
    () => ({
      start: {
        success: t`Scan the QR code`,
        failure: t`Could not start two-step sign-in`,
        describe: () => t`Scan the QR code with your authenticator app.`,
      },
      confirm: {
        success: t`Two-step sign-in is on`,
        failure: t`Could not turn on two-step sign-in`,
        describe: () => t`Save your recovery codes.`,
      },
      fresh: {
        success: t`New recovery codes`,
        failure: t`Could not make new recovery codes`,
        describe: () => t`Your old recovery codes no longer work.`,
      },
      disable: {
        success: t`Two-step sign-in is off`,
        failure: t`Could not turn off two-step sign-in`,
        describe: () => t`You sign in with your password alone.`,
      },
    }),
    [t],
  );
  return {
    start: useFormAnswer("totp-start", texts.start),
    confirm: useFormAnswer("totp-confirm", texts.confirm),
    fresh: useFormAnswer("recovery-codes", texts.fresh),
    disable: useFormAnswer("totp-disable", texts.disable),
  };
}

/** Recovery codes made by this answer (shown once: the next page load no longer has them). */
function codesOf(state: FormState): string[] | undefined {
  return succeeded(state.answer) ? state.answer?.data?.recoveryCodes : undefined;
}

/**
 * "Turn off" asks first (AskFirstForm), with the password field when the sign-in is not recent
 * (ReauthenticateFields).
 */
function TurnOffForm({ disable }: { disable: FormState }) {
  return (
    <AskFirstForm
      form={disable}
      intent="totp-disable"
      summaryClassName="inline-flex h-10 cursor-pointer list-none items-center rounded-lg bg-white px-4 text-sm font-semibold text-ink ring-1 ring-inset ring-slate-300 hover:bg-slate-50 [&::-webkit-details-marker]:hidden"
      summary={<Trans>Turn off</Trans>}
      confirm={<Trans>Yes, turn off</Trans>}
      busy={<Trans>Turning off...</Trans>}
      keep={<Trans>Keep it on</Trans>}
    >
      <p className="text-sm text-ink">
        <Trans>Sign in with your password alone from now on?</Trans>
      </p>
      <ReauthenticateFields answer={disable.answer} />
    </AskFirstForm>
  );
}

function OnState({ status, forms }: { status: SecondFactorStatus; forms: ReturnType<typeof useSecondFactorForms> }) {
  const { confirm, fresh, disable } = forms;
  // The newest set: a new set made after the first one replaces it.
  const shownCodes = codesOf(fresh) ?? codesOf(confirm);
  const left = status.recoveryCodesLeft;
  return (
    <div className="space-y-4">
      <p className="inline-flex items-center gap-2 text-sm font-semibold text-brand-800">
        <ShieldCheck aria-hidden="true" className="size-5" />
        <Trans>On: you sign in with your password and a code from your authenticator app.</Trans>
      </p>
      <p className="text-sm text-muted">
        <Trans>Recovery codes left: {left} of 10.</Trans>
      </p>
      {shownCodes && <RecoveryCodes codes={shownCodes} />}
      <div className="flex flex-wrap gap-2">
        <fresh.fetcher.Form method="post">
          <input type="hidden" name="intent" value="recovery-codes" />
          <ReauthenticateFields answer={fresh.answer} />
          <Button type="submit" variant="outline" disabled={fresh.pending}>
            {fresh.pending ? <Trans>Making codes...</Trans> : <Trans>New recovery codes</Trans>}
          </Button>
        </fresh.fetcher.Form>
        <TurnOffForm disable={disable} />
      </div>
    </div>
  );
}

function SecondFactorBody({ status }: { status: SecondFactorStatus }) {
  const forms = useSecondFactorForms();
  const { start, confirm } = forms;
  if (status.totp) return <OnState status={status} forms={forms} />;
  if (!status.available) {
    return (
      <p className="text-sm text-muted">
        <Trans>Two-step sign-in is not available on this server yet.</Trans>
      </p>
    );
  }
  const enrolment = succeeded(start.answer) ? start.answer?.data?.enrolment : undefined;
  return (
    <div className="space-y-4">
      <p className="text-sm text-muted">
        <Trans>Off. With an authenticator app on your phone, a stolen password alone cannot sign in to your account.</Trans>
      </p>
      {enrolment ? (
        <ConfirmForm enrolment={enrolment} confirm={confirm} />
      ) : (
        <start.fetcher.Form method="post" className="space-y-4">
          <input type="hidden" name="intent" value="totp-start" />
          <ReauthenticateFields answer={start.answer} />
          <Button type="submit" disabled={start.pending}>
            {start.pending ? <Trans>Starting...</Trans> : <Trans>Set up an authenticator app</Trans>}
          </Button>
        </start.fetcher.Form>
      )}
    </div>
  );
}

/** Why this account must set up a factor now (ENFORCE_SECOND_FACTOR), or null. */
export type MustEnrol = { asAdmin: boolean } | null;

function MustEnrolAlert({ mustEnrol, passkeysOnly }: { mustEnrol: NonNullable<MustEnrol>; passkeysOnly: boolean }) {
  const { t } = useLingui();
  return (
    <div role="alert" className="mb-4">
      <Alert tone="warning" title={t`Set up two-step sign-in to continue`}>
        {mustEnrol.asAdmin ? (
          <Trans>
            Administrators must sign in with an authenticator app. Until you set one up here, the admin pages and actions stay
            closed to you.
          </Trans>
        ) : (
          <Trans>This site asks every account to sign in with an authenticator app. Set one up here.</Trans>
        )}
        {/* Without SECRETS_KEY no app can be set up; a passkey needs no key and counts (issue 38). */}
        {passkeysOnly && (
          <p className="mt-2">
            <Trans>On this server, add a passkey below instead: it counts as your second step.</Trans>
          </p>
        )}
      </Alert>
    </div>
  );
}

export function SecondFactorSection({
  status,
  mustEnrol = null,
  hasOtherSessions = false,
}: {
  status: SecondFactorStatus;
  mustEnrol?: MustEnrol;
  hasOtherSessions?: boolean;
}) {
  const { t } = useLingui();
  return (
    <Section
      id="section-two-step"
      title={t`Two-step sign-in`}
      description={t`A code from an authenticator app on your phone after your password.`}
    >
      {mustEnrol && !status.totp && <MustEnrolAlert mustEnrol={mustEnrol} passkeysOnly={!status.available} />}
      <SecondFactorBody status={status} />
      <EndOthersOffer after={["totp-confirm", "totp-disable", "recovery-codes"]} hasOtherSessions={hasOtherSessions} />
    </Section>
  );
}
