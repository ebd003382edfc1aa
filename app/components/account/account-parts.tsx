import { Trans, useLingui } from "@lingui/react/macro";
import { CircleCheck, Clock, type LucideIcon } from "lucide-react";
import { useEffect, useMemo, useState } from "react";
import { useActionData, useFetcher } from "react-router";
import { translateText } from "#app/i18n/translate-text.ts";
import { answerOf, errorOf, type FormAnswer, failed, succeeded, useAnswerToast } from "#app/lib/form-answer.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import type { ToastMessage } from "#common/toast.ts";
import { Button } from "../ui/button.tsx";
import { CardSection } from "../ui/card-section.tsx";

// Parts of /profile/manage (app/routes/profile-manage.tsx): each form's answer, the e-mail's
// verification status with its resend button, and the page's titled sections.

/** The forms of /profile/manage: each posts its `intent`, and the answer names it. */
export const ACCOUNT_INTENTS = [
  "profile",
  "password",
  "resend-verification",
  "end-session",
  "end-other-sessions",
  "totp-start",
  "totp-confirm",
  "totp-disable",
  "recovery-codes",
  "passkey-add",
  "passkey-rename",
  "passkey-remove",
  "delete-account",
] as const;
export type AccountIntent = (typeof ACCOUNT_INTENTS)[number];

/**
 * What some answers carry besides (issue 38): how many other sessions were ended; the
 * authenticator app being set up (its key and QR code); recovery codes, shown this once; a
 * renamed passkey.
 */
export type AccountAnswerData = {
  ended?: number;
  enrolment?: { secret: string; qrSvg: string };
  recoveryCodes?: string[];
  /** The passkey just renamed, under its new name. */
  passkey?: { id: number; name: string };
};
type Answer = FormAnswer<AccountIntent, AccountAnswerData>;

/** The key of an intent's fetcher, shared by every part of the page that reads its answer. */
export const fetcherKey = (intent: AccountIntent) => `account-${intent}`;

/**
 * This form's answer: from its fetcher, or from the page when posted without JavaScript. Its toast
 * shows once, for answers that arrived through the fetcher: the action's, or, with `texts`, one in
 * the page's language made from them (the action's toasts are English until they are translated;
 * a refusal's reason is translated by translateText).
 */
export function useFormAnswer(
  intent: AccountIntent,
  texts?: {
    success: string;
    failure: string;
    describe?: (data: AccountAnswerData) => string;
  },
) {
  const fetcher = useFetcher<Answer>({ key: fetcherKey(intent) });
  const actionData = useActionData<Answer>();
  const answer = answerOf(fetcher.data ?? actionData, intent);
  const isIdle = fetcher.state === "idle";
  const arrived = isIdle ? answerOf(fetcher.data, intent) : undefined;
  const { i18n } = useLingui();
  const translated = useMemo(() => {
    if (!arrived || !texts) return arrived;
    const ok = succeeded(arrived);
    const reason = errorOf(arrived);
    const description = ok
      ? (texts.describe?.(arrived.data ?? {}) ?? arrived.toast?.description)
      : reason && translateText(i18n, reason);
    const toast: ToastMessage = {
      title: ok ? texts.success : texts.failure,
      description: description ?? undefined,
      variant: ok ? "default" : "destructive",
    };
    return { ...arrived, toast };
  }, [arrived, texts, i18n]);
  useAnswerToast(translated);
  return { fetcher, answer, lastResult: isIdle ? answer?.result : undefined, pending: !isIdle };
}

/** The fetcher of one of the page's forms (see useFormAnswer). */
export type AccountFetcher = ReturnType<typeof useFormAnswer>["fetcher"];

/**
 * One row's action (remove a passkey, sign out a session): a form to the page's action naming the
 * row, whose button says it is busy while this row's form is on its way (not the other rows').
 */
export function RowActionForm({
  fetcher,
  intent,
  field,
  id,
  label,
  busyLabel,
  ariaLabel,
}: {
  fetcher: AccountFetcher;
  intent: AccountIntent;
  /** The field naming the row, and the row's id. */
  field: string;
  id: number;
  label: React.ReactNode;
  busyLabel: React.ReactNode;
  /** The button's name, with the row's own name in it. */
  ariaLabel: string;
}) {
  const busy = fetcher.state !== "idle" && fetcher.formData?.get(field) === String(id);
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name={field} value={id} />
      <Button type="submit" variant="outline" size="sm" disabled={busy} aria-label={ariaLabel}>
        {busy ? busyLabel : label}
      </Button>
    </fetcher.Form>
  );
}

/**
 * One row of the page's lists (a session, a passkey): its icon, its name, the lines under it, and
 * its action on the right.
 */
export function AccountRow({
  icon: Icon,
  title,
  children,
  action,
}: {
  icon: LucideIcon;
  title: React.ReactNode;
  children: React.ReactNode;
  action?: React.ReactNode;
}) {
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 py-3">
      <div className="flex min-w-0 gap-3">
        <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-muted" />
        <div className="min-w-0 text-sm">
          <p className="break-words font-semibold text-ink">{title}</p>
          {children}
        </div>
      </div>
      {action}
    </li>
  );
}

/**
 * A step that cannot be undone (turning two-step sign-in off, deleting the account) asks first: a
 * disclosure holding the form, so it opens and posts without JavaScript too; a refusal keeps it
 * open; "keep" (with JavaScript) closes it.
 */
export function AskFirstForm({
  form,
  intent,
  summary,
  summaryClassName,
  confirm,
  busy,
  keep,
  children,
}: {
  form: Pick<ReturnType<typeof useFormAnswer>, "fetcher" | "answer" | "pending">;
  intent: AccountIntent;
  summary: React.ReactNode;
  summaryClassName: string;
  confirm: React.ReactNode;
  busy: React.ReactNode;
  keep: React.ReactNode;
  children: React.ReactNode;
}) {
  const hydrated = useHydrated();
  const refused = failed(form.answer);
  const [open, setOpen] = useState(refused);
  useEffect(() => {
    if (refused) setOpen(true);
  }, [refused]);
  return (
    <details open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className={summaryClassName}>{summary}</summary>
      <form.fetcher.Form method="post" className="mt-3 space-y-3">
        <input type="hidden" name="intent" value={intent} />
        {children}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" variant="destructive" disabled={form.pending}>
            {form.pending ? busy : confirm}
          </Button>
          {hydrated && (
            <Button variant="outline" onClick={() => setOpen(false)}>
              {keep}
            </Button>
          )}
        </div>
      </form.fetcher.Form>
    </details>
  );
}

export function VerificationStatus({ account }: { account: { isEmailVerified: boolean } }) {
  const { t } = useLingui();
  const { fetcher, answer, pending } = useFormAnswer("resend-verification");
  if (account.isEmailVerified) {
    return (
      <span className="inline-flex items-center gap-1.5 font-semibold text-brand-800">
        <CircleCheck aria-hidden="true" className="size-4" />
        <Trans>Yes</Trans>
      </span>
    );
  }
  return (
    <div className="space-y-2">
      <span className="inline-flex items-center gap-1.5 font-semibold text-accent-700">
        <Clock aria-hidden="true" className="size-4" />
        <Trans>Pending</Trans>
      </span>
      <fetcher.Form method="post">
        <input type="hidden" name="intent" value="resend-verification" />
        <Button type="submit" variant="secondary" size="sm" disabled={pending}>
          {pending ? t`Sending...` : t`Resend verification email`}
        </Button>
      </fetcher.Form>
      {answer && (
        <p role="status" className={`text-sm ${failed(answer) ? "text-red-700" : "text-muted"}`}>
          {failed(answer) ? errorOf(answer) : answer.toast?.description}
        </p>
      )}
    </div>
  );
}

export function Section({
  title,
  description,
  children,
  id: givenId,
}: {
  title: string;
  description?: string;
  children: React.ReactNode;
  /** A stable id when the title is translated. */
  id?: string;
}) {
  const id = givenId ?? `section-${title.toLowerCase().replace(/\W+/g, "-")}`;
  return (
    <CardSection id={id} title={title} description={description} bodyClassName="mt-5">
      {children}
    </CardSection>
  );
}
