import { Trans, useLingui } from "@lingui/react/macro";
import { KeyRound } from "lucide-react";
import { useMemo, useState } from "react";
import { useFetcher } from "react-router";
import { translateText } from "#app/i18n/translate-text.ts";
import { answerOf, errorOf, type FormAnswer, useAnswerToast } from "#app/lib/form-answer.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import type { AuthAnswerData, AuthFormIntent } from "#common/auth.ts";
import { Alert } from "../ui/alert.tsx";
import { Button } from "../ui/button.tsx";

// "Use a passkey" (issue 38): the browser's passkey prompt answers the server's options
// (app/lib/passkey-ceremony.ts, loaded on the click), and the answer is posted to the /sign-in
// action (intent login-passkey), which signs in as the password does (redirect, cookie, toast).
// Instead of the password (no `challenge`: the browser offers this site's passkeys), or as the
// second step after it (`challenge`: the passkeys of that account only). Needs JavaScript: shown
// once the page has hydrated, in a browser that has passkeys.

type ActionAnswer = FormAnswer<AuthFormIntent, AuthAnswerData>;

export default function PasskeySignIn({
  action,
  redirectTo,
  challenge,
  variant = "outline",
}: {
  action: string;
  redirectTo: string;
  challenge?: string;
  variant?: "outline" | "primary";
}) {
  const { t, i18n } = useLingui();
  const hydrated = useHydrated();
  const fetcher = useFetcher<ActionAnswer>();
  const [asking, setAsking] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const arrived = fetcher.state === "idle" ? answerOf(fetcher.data, "login-passkey") : undefined;
  const refusal = errorOf(arrived);
  // The refusal's toast in the page's language (the service's reasons are English).
  const translated = useMemo(() => {
    if (!arrived || !refusal) return arrived;
    return {
      ...arrived,
      toast: { title: t`Login failed`, description: translateText(i18n, refusal), variant: "destructive" as const },
    };
  }, [arrived, refusal, t, i18n]);
  useAnswerToast(translated);
  if (!hydrated || typeof window.PublicKeyCredential !== "function") return null;
  const pending = asking || fetcher.state !== "idle";

  async function start() {
    setProblem(null);
    setAsking(true);
    try {
      const { answerWithPasskey } = await import("#app/lib/passkey-ceremony.ts");
      const outcome = await answerWithPasskey(challenge ? { challenge } : {});
      if ("response" in outcome) {
        await fetcher.submit(
          { intent: "login-passkey", response: outcome.response, redirectTo },
          { method: "post", action, preventScrollReset: true },
        );
      } else if ("refused" in outcome) {
        setProblem(translateText(i18n, outcome.refused));
      } else if ("failure" in outcome) {
        setProblem(t`This browser cannot use passkeys.`);
      } else {
        setProblem(t`No passkey was used: the browser's prompt was closed or timed out.`);
      }
    } finally {
      setAsking(false);
    }
  }

  const shown = problem ?? (refusal ? translateText(i18n, refusal) : null);
  return (
    <div className="space-y-3">
      <Button type="button" variant={variant} className="w-full" disabled={pending} onClick={start}>
        <KeyRound aria-hidden="true" className="size-4" />
        {/* Not "Sign in with…": the form's own "Sign In" button keeps that name to itself. */}
        {pending ? <Trans>Waiting for your passkey...</Trans> : <Trans>Use a passkey</Trans>}
      </Button>
      {shown && (
        <Alert tone="error" live>
          {shown}
        </Alert>
      )}
    </div>
  );
}
