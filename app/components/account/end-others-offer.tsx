import { Trans, useLingui } from "@lingui/react/macro";
import { useActionData, useFetcher } from "react-router";
import { answerOf, type FormAnswer, succeeded } from "#app/lib/form-answer.ts";
import { Alert } from "../ui/alert.tsx";
import { Button } from "../ui/button.tsx";
import { type AccountAnswerData, type AccountIntent, fetcherKey } from "./account-parts.tsx";

// After a change to how the person signs in (issue 38, ASVS 7.4.3), the account page offers to end
// every other session: whoever took the old factor (a lost phone, a passkey on a stolen laptop) may
// still be signed in. One form posting "end-other-sessions" to the page's action, beside the change,
// while other sessions exist; it works without JavaScript as a plain form. A password change needs
// no offer: it signs the other sessions out itself (spec section 4's "Changing your password").

type Answer = FormAnswer<AccountIntent, AccountAnswerData>;

/** The forms whose success changed a factor: the two-step app, its recovery codes, the passkeys. */
export type FactorIntent = Extract<
  AccountIntent,
  "totp-confirm" | "totp-disable" | "recovery-codes" | "passkey-add" | "passkey-remove"
>;

/** Whether one of `intents` has just succeeded: its fetcher's answer, or the page's without JavaScript. */
function useChanged(intents: readonly FactorIntent[]): boolean {
  const actionData = useActionData<Answer>();
  // One fetcher per form that can change a factor (the keys useFormAnswer reads): fixed, so the hooks are too.
  const answers: Record<FactorIntent, Answer | undefined> = {
    "totp-confirm": useFetcher<Answer>({ key: fetcherKey("totp-confirm") }).data,
    "totp-disable": useFetcher<Answer>({ key: fetcherKey("totp-disable") }).data,
    "recovery-codes": useFetcher<Answer>({ key: fetcherKey("recovery-codes") }).data,
    "passkey-add": useFetcher<Answer>({ key: fetcherKey("passkey-add") }).data,
    "passkey-remove": useFetcher<Answer>({ key: fetcherKey("passkey-remove") }).data,
  };
  return intents.some((intent) => succeeded(answerOf(answers[intent] ?? actionData, intent)));
}

export function EndOthersOffer({ after, hasOtherSessions }: { after: readonly FactorIntent[]; hasOtherSessions: boolean }) {
  const { t } = useLingui();
  const changed = useChanged(after);
  // The sessions section's fetcher: its answer (and toast) is the "Sign out everywhere else" one.
  const fetcher = useFetcher<Answer>({ key: fetcherKey("end-other-sessions") });
  if (!changed || !hasOtherSessions) return null;
  const pending = fetcher.state !== "idle";
  return (
    <div className="mt-4" data-testid="end-others-offer">
      <Alert tone="info" title={t`Sign out your other sessions?`}>
        <p>
          <Trans>
            You changed how you sign in. If someone else might be signed in to your account, end every session but this one.
          </Trans>
        </p>
        <fetcher.Form method="post" className="mt-3">
          <input type="hidden" name="intent" value="end-other-sessions" />
          <Button type="submit" size="sm" variant="secondary" disabled={pending}>
            {pending ? <Trans>Signing out...</Trans> : <Trans>Sign out other sessions</Trans>}
          </Button>
        </fetcher.Form>
      </Alert>
    </div>
  );
}
