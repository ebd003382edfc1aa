import { Trans, useLingui } from "@lingui/react/macro";
import { Dialog as RadixDialog } from "radix-ui";
import { useEffect, useId, useState } from "react";
import { translateText } from "#app/i18n/translate-text.ts";
import { Button } from "../ui/button.tsx";
import { Input } from "../ui/field.tsx";

// The dialog itself: the password (or a code of the second factor) to POST /api/auth/reauthenticate.
// The page underneath stays as it was (an open form, what was typed); on success the action it
// interrupted is sent again, on Cancel or Escape the action's refusal shows as usual.

type Mode = "password" | "code";
type Problem = "empty" | "wrong" | "used" | "too-many" | "signed-out" | "failed" | null;

/** The API's word for a right code of the app that was already accepted (REAUTH_MESSAGES.codeUsed). */
const CODE_USED = "That code was already used.";

export default function ReauthenticateDialogView({
  open,
  onDone,
  returnFocus,
}: {
  open: boolean;
  onDone: (confirmed: boolean) => void;
  returnFocus: () => void;
}) {
  const { t, i18n } = useLingui();
  const id = useId();
  const [mode, setMode] = useState<Mode>("password");
  const [value, setValue] = useState("");
  const [problem, setProblem] = useState<Problem>(null);
  const [pending, setPending] = useState(false);
  const [passkeyProblem, setPasskeyProblem] = useState<string | null>(null);

  // Each opening starts empty, with the password.
  useEffect(() => {
    if (open) {
      setMode("password");
      setValue("");
      setProblem(null);
      setPasskeyProblem(null);
      setPending(false);
    }
  }, [open]);

  async function confirm(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    if (!value.trim()) {
      setProblem("empty");
      return;
    }
    setPending(true);
    setProblem(null);
    try {
      const response = await fetch("/api/auth/reauthenticate", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        credentials: "same-origin",
        body: JSON.stringify(mode === "password" ? { password: value } : { code: value }),
      });
      if (response.status === 204) {
        onDone(true);
        return;
      }
      const body = response.status === 400 ? ((await response.json().catch(() => null)) as { message?: unknown } | null) : null;
      const used = typeof body?.message === "string" && body.message.startsWith(CODE_USED);
      setProblem(
        used
          ? "used"
          : response.status === 429
            ? "too-many"
            : response.status === 401
              ? "signed-out"
              : response.status === 400
                ? "wrong"
                : "failed",
      );
    } catch {
      setProblem("failed");
    } finally {
      setPending(false);
    }
  }

  // A passkey (issue 38) proves it too: its answer to options made for this account's passkeys.
  async function confirmWithPasskey() {
    if (pending) return;
    setPending(true);
    setProblem(null);
    setPasskeyProblem(null);
    try {
      const { answerWithPasskey } = await import("#app/lib/passkey-ceremony.ts");
      const outcome = await answerWithPasskey({ reauthenticate: true });
      if (!("response" in outcome)) {
        if ("refused" in outcome) setPasskeyProblem(translateText(i18n, outcome.refused));
        else if ("failure" in outcome) setPasskeyProblem(t`This browser cannot use passkeys.`);
        else setPasskeyProblem(t`No passkey was used: the browser's prompt was closed or timed out.`);
        return;
      }
      const response = await fetch("/api/auth/reauthenticate", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        credentials: "same-origin",
        body: JSON.stringify({ passkey: JSON.parse(outcome.response) }),
      });
      if (response.status === 204) {
        onDone(true);
        return;
      }
      const body = (await response.json().catch(() => null)) as { message?: unknown } | null;
      setPasskeyProblem(
        typeof body?.message === "string" ? translateText(i18n, body.message) : t`Something went wrong. Please try again.`,
      );
    } catch {
      setProblem("failed");
    } finally {
      setPending(false);
    }
  }

  const messages: Record<Exclude<Problem, null>, string> = {
    empty: mode === "password" ? t`Enter your password` : t`Enter the code`,
    wrong:
      mode === "password"
        ? t`That password is not right.`
        : t`That code is not right. Check your authenticator app and try again.`,
    used: t`That code was already used. Wait for the next code in your authenticator app (a new one every 30 seconds) and enter it.`,
    "too-many": t`Too many attempts. Please wait a few minutes and try again.`,
    "signed-out": t`Your session has ended. Please sign in again.`,
    failed: t`Something went wrong. Please try again.`,
  };
  const message = problem ? messages[problem] : passkeyProblem;
  const inputId = `${id}-secret`;
  const errorId = `${id}-error`;

  return (
    <RadixDialog.Root
      open={open}
      onOpenChange={(isOpen) => {
        if (!isOpen) onDone(false);
      }}
    >
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-ink/60" />
        <RadixDialog.Content
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocus();
          }}
          className="fixed left-1/2 top-1/2 z-50 max-h-[90vh] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-xl"
        >
          <RadixDialog.Title className="text-xl font-bold text-ink">
            <Trans>Confirm it is you</Trans>
          </RadixDialog.Title>
          <RadixDialog.Description className="mt-1 text-sm text-muted">
            {mode === "password" ? (
              <Trans>For your security, enter your password again to continue. Nothing you typed on the page is lost.</Trans>
            ) : (
              <Trans>
                For your security, enter a code from your authenticator app, or one of your recovery codes, to continue.
              </Trans>
            )}
          </RadixDialog.Description>
          <form className="mt-5" onSubmit={confirm} noValidate>
            <label htmlFor={inputId} className="block text-sm font-medium text-ink">
              {mode === "password" ? <Trans>Password</Trans> : <Trans>Code</Trans>}
            </label>
            <div className="mt-1">
              <Input
                key={mode}
                id={inputId}
                name={mode}
                type={mode === "password" ? "password" : "text"}
                autoComplete={mode === "password" ? "current-password" : "one-time-code"}
                spellCheck={false}
                autoCapitalize="off"
                required
                value={value}
                onChange={(event) => setValue(event.target.value)}
                aria-invalid={message ? true : undefined}
                aria-describedby={message ? errorId : undefined}
              />
            </div>
            {message && (
              <p id={errorId} role="alert" className="mt-1 text-sm font-medium text-red-700">
                {message}
              </p>
            )}
            <Button
              variant="link"
              className="mt-3 text-sm"
              onClick={() => {
                setMode(mode === "password" ? "code" : "password");
                setValue("");
                setProblem(null);
              }}
            >
              {mode === "password" ? (
                <Trans>Use a code from your authenticator app instead</Trans>
              ) : (
                <Trans>Use your password instead</Trans>
              )}
            </Button>
            {typeof window !== "undefined" && typeof window.PublicKeyCredential === "function" && (
              <Button variant="link" className="mt-1 block text-sm" disabled={pending} onClick={confirmWithPasskey}>
                <Trans>Use a passkey instead</Trans>
              </Button>
            )}
            <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <RadixDialog.Close asChild>
                <Button variant="outline">
                  <Trans>Cancel</Trans>
                </Button>
              </RadixDialog.Close>
              <Button type="submit" disabled={pending}>
                {pending ? <Trans>Checking...</Trans> : <Trans>Confirm</Trans>}
              </Button>
            </div>
          </form>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
