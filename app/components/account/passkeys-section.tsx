import { Trans, useLingui } from "@lingui/react/macro";
import { KeyRound } from "lucide-react";
import { useEffect, useMemo, useRef, useState } from "react";
import { translateText } from "#app/i18n/translate-text.ts";
import { errorOf, failed, succeeded, typedOf } from "#app/lib/form-answer.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import { PASSKEY_NAME_MAX, type PasskeySummary } from "#common/passkeys.ts";
import { FormErrorAlert } from "../ui/alert.tsx";
import { Button } from "../ui/button.tsx";
import { LocalTime } from "../ui/local-time.tsx";
import { type AccountFetcher, AccountRow, RowActionForm, Section, useFormAnswer } from "./account-parts.tsx";
import { EndOthersOffer } from "./end-others-offer.tsx";

// The account page's passkeys (issue 38): the account's passkeys, each with its name, when it was
// added and last used, and "Remove" (a plain form to the page's action: removing a factor asks for
// the password again, the dialog of every sensitive change); "Add a passkey" with a name asks the
// server for the options, lets the browser's passkey prompt make one (app/lib/passkey-ceremony.ts
// and @simplewebauthn/browser, loaded on the click) and posts its answer to the page's action.

type FormState = ReturnType<typeof useFormAnswer>;

/**
 * "Rename" opens a form under the passkey's name: a disclosure, so it opens without JavaScript
 * too, and a plain form to the page's action. A refusal names the passkey it was typed for: that
 * row stays open with what was typed and the reason beside the field.
 */
function RenameForm({ passkey, rename }: { passkey: PasskeySummary; rename: FormState }) {
  const { t, i18n } = useLingui();
  const { fetcher, answer, pending } = rename;
  const typed = typedOf(answer);
  const isMine = failed(answer) && typed.passkeyId === String(passkey.id);
  const reason = isMine ? errorOf(answer) : null;
  const problem = reason ? translateText(i18n, reason) : null;
  const [open, setOpen] = useState(isMine);
  const renamedId = succeeded(answer) ? answer?.data?.passkey?.id : undefined;
  // A refusal for this passkey opens its form; its rename done, the form closes.
  useEffect(() => {
    if (isMine) setOpen(true);
  }, [isMine]);
  useEffect(() => {
    if (renamedId === passkey.id) setOpen(false);
  }, [renamedId, passkey.id]);
  const name = passkey.name;
  const fieldId = `passkey-${passkey.id}-name`;
  const errorId = `passkey-${passkey.id}-name-error`;
  const saving = pending && fetcher.formData?.get("passkeyId") === String(passkey.id);
  return (
    <details open={open} onToggle={(event) => setOpen(event.currentTarget.open)} className="mt-1">
      <summary
        aria-label={t`Rename passkey ${name}`}
        className="inline-flex cursor-pointer list-none text-sm font-semibold text-brand-700 underline underline-offset-4 [&::-webkit-details-marker]:hidden"
      >
        <Trans>Rename</Trans>
      </summary>
      {/* keyed by the name: once renamed, the field starts from the new one */}
      <fetcher.Form key={name} method="post" className="mt-2 flex flex-wrap items-end gap-2" noValidate>
        <input type="hidden" name="intent" value="passkey-rename" />
        <input type="hidden" name="passkeyId" value={passkey.id} />
        <div className="min-w-0 flex-1 space-y-1">
          <label htmlFor={fieldId} className="block text-sm font-medium text-ink">
            <Trans>New name</Trans>
          </label>
          {/* The name said to a screen reader only: as text it would be the row's name twice. */}
          <input
            id={fieldId}
            aria-label={t`New name for ${name}`}
            name="name"
            defaultValue={isMine ? (typed.name ?? name) : name}
            maxLength={PASSKEY_NAME_MAX}
            required
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? errorId : undefined}
            className="h-10 w-full rounded-lg border border-slate-300 px-3 text-ink"
          />
        </div>
        <Button type="submit" size="sm" disabled={saving}>
          {saving ? <Trans>Saving...</Trans> : <Trans>Save name</Trans>}
        </Button>
      </fetcher.Form>
      {problem && (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {problem}
        </p>
      )}
    </details>
  );
}

function PasskeyRow({ passkey, fetcher, rename }: { passkey: PasskeySummary; fetcher: AccountFetcher; rename: FormState }) {
  const { t } = useLingui();
  const name = passkey.name;
  return (
    <AccountRow
      icon={KeyRound}
      title={name}
      action={
        <RowActionForm
          fetcher={fetcher}
          intent="passkey-remove"
          field="passkeyId"
          id={passkey.id}
          label={<Trans>Remove</Trans>}
          busyLabel={<Trans>Removing...</Trans>}
          ariaLabel={t`Remove passkey ${name}`}
        />
      }
    >
      <p className="text-muted">
        {passkey.lastUsedAt ? (
          <Trans>
            Added <LocalTime value={passkey.createdAt} /> · last used <LocalTime value={passkey.lastUsedAt} />
          </Trans>
        ) : (
          <Trans>
            Added <LocalTime value={passkey.createdAt} /> · not used yet
          </Trans>
        )}
      </p>
      <RenameForm passkey={passkey} rename={rename} />
    </AccountRow>
  );
}

function AddPasskeyForm() {
  const { t, i18n } = useLingui();
  const hydrated = useHydrated();
  const texts = useMemo(
    () => ({
      success: t`Passkey added`,
      failure: t`Could not add the passkey`,
      describe: () => t`You can now sign in with it instead of your password.`,
    }),
    [t],
  );
  const { fetcher, answer } = useFormAnswer("passkey-add", texts);
  const [asking, setAsking] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const form = useRef<HTMLFormElement>(null);
  if (!hydrated) return null;
  if (typeof window.PublicKeyCredential !== "function") {
    return (
      <p className="text-sm text-muted">
        <Trans>This browser cannot use passkeys.</Trans>
      </p>
    );
  }
  const pending = asking || fetcher.state !== "idle";
  const refusal = errorOf(answer);
  const shown = problem ?? (refusal && !succeeded(answer) ? translateText(i18n, refusal) : null);

  async function add(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const name = String(new FormData(event.currentTarget).get("name") ?? "").trim();
    setProblem(null);
    if (!name) {
      setProblem(t`Give the passkey a name (1 to 60 characters), such as the device it is on`);
      return;
    }
    setAsking(true);
    try {
      const { createPasskey } = await import("#app/lib/passkey-ceremony.ts");
      const outcome = await createPasskey();
      if ("response" in outcome) {
        await fetcher.submit({ intent: "passkey-add", name, response: outcome.response }, { method: "post" });
        form.current?.reset();
      } else if ("refused" in outcome) {
        setProblem(translateText(i18n, outcome.refused));
      } else if ("failure" in outcome) {
        setProblem(outcome.failure === "already" ? t`This passkey is already registered.` : t`This browser cannot use passkeys.`);
      } else {
        setProblem(t`No passkey was added: the browser's prompt was closed or timed out.`);
      }
    } finally {
      setAsking(false);
    }
  }

  return (
    <form ref={form} onSubmit={add} className="space-y-3" noValidate>
      <div className="flex flex-wrap items-end gap-2">
        <div className="min-w-0 flex-1 space-y-1">
          <label htmlFor="passkey-name" className="block text-sm font-medium text-ink">
            <Trans>Passkey name</Trans>
          </label>
          <input
            id="passkey-name"
            name="name"
            maxLength={PASSKEY_NAME_MAX}
            required
            placeholder={t`For example: Work laptop`}
            aria-describedby={shown ? "passkey-add-error" : undefined}
            aria-invalid={shown ? true : undefined}
            className="h-10 w-full rounded-lg border border-slate-300 px-3 text-ink"
          />
        </div>
        <Button type="submit" disabled={pending}>
          <KeyRound aria-hidden="true" className="size-4" />
          {pending ? <Trans>Waiting for your passkey...</Trans> : <Trans>Add a passkey</Trans>}
        </Button>
      </div>
      <FormErrorAlert id="passkey-add-error" errors={shown ? [shown] : undefined} />
    </form>
  );
}

export function PasskeysSection({
  passkeys,
  hasOtherSessions = false,
}: {
  passkeys: PasskeySummary[];
  hasOtherSessions?: boolean;
}) {
  const { t } = useLingui();
  const texts = useMemo(
    () => ({
      success: t`Passkey removed`,
      failure: t`Could not remove the passkey`,
      describe: () => t`It can no longer sign you in.`,
    }),
    [t],
  );
  const renameTexts = useMemo(
    () => ({
      success: t`Passkey renamed`,
      failure: t`Could not rename the passkey`,
      describe: ({ passkey }: { passkey?: { name: string } }) => {
        const name = passkey?.name ?? "";
        return t`This passkey is now called "${name}".`;
      },
    }),
    [t],
  );
  // The answers (and their toasts) live here, not in the rows: a removed passkey's row is gone.
  const remove = useFormAnswer("passkey-remove", texts);
  const rename = useFormAnswer("passkey-rename", renameTexts);
  return (
    <Section
      id="section-passkeys"
      title={t`Passkeys`}
      description={t`Sign in with your fingerprint, face or screen lock instead of your password. A passkey also counts as your second step.`}
    >
      <div className="space-y-4">
        {passkeys.length === 0 ? (
          <p className="text-sm text-muted">
            <Trans>You have no passkeys yet.</Trans>
          </p>
        ) : (
          <ul className="divide-y divide-slate-200" aria-label={t`Your passkeys`}>
            {passkeys.map((passkey) => (
              <PasskeyRow key={passkey.id} passkey={passkey} fetcher={remove.fetcher} rename={rename} />
            ))}
          </ul>
        )}
        <AddPasskeyForm />
        <EndOthersOffer after={["passkey-add", "passkey-remove"]} hasOtherSessions={hasOtherSessions} />
      </div>
    </Section>
  );
}
