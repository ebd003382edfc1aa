import { Trans, useLingui } from "@lingui/react/macro";
import { Trash2 } from "lucide-react";
import { useMemo } from "react";
import { Link } from "react-router";
import { translateText } from "#app/i18n/translate-text.ts";
import { errorOf, failed } from "#app/lib/form-answer.ts";
import { Alert } from "../ui/alert.tsx";
import { AskFirstForm, Section, useFormAnswer } from "./account-parts.tsx";
import { ReauthenticateFields } from "./reauthenticate-fields.tsx";

// The account page's last section (issue 38): deleting the account. What goes and what stays is
// said before the button; what stands in the way (the site's last admin, an organization's only
// owner) is listed with where to fix it. The form is a disclosure with a box to tick, so it opens
// and posts without JavaScript too; the service asks for a recent sign-in (the dialog, or
// ReauthenticateFields in the form). Done, the page goes home signed out.

export type AccountDeletionBlockers = { soleOwnerOf: { id: number; name: string }[]; lastAdmin: boolean };

export function DeleteAccountSection({ blockers }: { blockers: AccountDeletionBlockers }) {
  const { t, i18n } = useLingui();
  const texts = useMemo(() => ({ success: t`Account deleted`, failure: t`Could not delete your account` }), [t]);
  const form = useFormAnswer("delete-account", texts);
  const answer = form.answer;
  const refused = failed(answer);
  const reason = errorOf(answer);
  const blocked = blockers.lastAdmin || blockers.soleOwnerOf.length > 0;
  return (
    <Section id="section-delete-account" title={t`Delete account`}>
      <div className="space-y-4">
        <p className="text-sm text-ink">
          <Trans>
            Deleting your account removes your consultant profile and the messages sent to it, your shortlists, saved searches and
            reviews, your sign-in methods and every session. Messages you sent stay with the consultants who received them. This
            cannot be undone.
          </Trans>
        </p>
        {blocked && (
          <Alert tone="warning" title={t`Before you can delete your account`}>
            <ul className="list-disc space-y-1 pl-5">
              {blockers.lastAdmin && (
                <li>
                  <Trans>You are the only admin: make another user an admin first.</Trans>
                </li>
              )}
              {blockers.soleOwnerOf.map((organization) => {
                const name = organization.name;
                return (
                  <li key={organization.id}>
                    <Trans>
                      You are the only owner of{" "}
                      <Link to={`/my-organizations/${organization.id}`} className="font-semibold underline underline-offset-4">
                        {name}
                      </Link>
                      : make another member an owner, or delete the organization.
                    </Trans>
                  </li>
                );
              })}
            </ul>
          </Alert>
        )}
        <AskFirstForm
          form={form}
          intent="delete-account"
          summaryClassName="inline-flex h-10 cursor-pointer list-none items-center gap-2 rounded-lg bg-white px-4 text-sm font-semibold text-red-700 ring-1 ring-inset ring-red-300 hover:bg-red-50 [&::-webkit-details-marker]:hidden"
          summary={
            <>
              <Trash2 aria-hidden="true" className="size-4" />
              <Trans>Delete my account</Trans>
            </>
          }
          confirm={<Trans>Delete my account for good</Trans>}
          busy={<Trans>Deleting...</Trans>}
          keep={<Trans>Keep my account</Trans>}
        >
          {refused && reason && !answer?.reauthenticate && (
            <p role="alert" className="text-sm text-red-700">
              {translateText(i18n, reason)}
            </p>
          )}
          <label className="flex items-start gap-2 text-sm text-ink">
            <input
              type="checkbox"
              name="confirm"
              value="yes"
              required
              className="mt-0.5 size-4 shrink-0 rounded border-slate-400"
            />
            <span>
              <Trans>I understand that my account and everything listed above are deleted for good.</Trans>
            </span>
          </label>
          <ReauthenticateFields answer={answer} />
        </AskFirstForm>
      </div>
    </Section>
  );
}
