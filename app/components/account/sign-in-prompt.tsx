import type { MessageDescriptor } from "@lingui/core";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "react-router";
import { translateText } from "#app/i18n/translate-text.ts";
import { CreateAccountControl, SignInControl } from "../layout/header-account.tsx";
import { Alert } from "../ui/alert.tsx";
import { buttonClasses } from "../ui/button.tsx";

/** A text of the prompt: a message of the catalogue (msg`…`), or one of the schemas' sentences. */
type PromptText = string | MessageDescriptor;

/** What a signed-in page says to a signed-out visitor (each page's own spec text). */
export type SignInPromptCopy = {
  /** The page's h1, as the signed-in page would show it. */
  heading: PromptText;
  /** The alert's title, when the alert has one. */
  title?: PromptText;
  text: PromptText;
  /** Offers 'Go to Home' beside Sign In (the Admin Dashboard). */
  withHomeLink?: boolean;
  /** Offers 'Create account' (the Sign Up tab) beside Sign In. */
  withCreateAccount?: boolean;
};

/** The one signed-out state of the signed-in pages: the page's heading, its alert, and Sign In. */
export function SignInPrompt({ heading, title, text, withHomeLink = false, withCreateAccount = false }: SignInPromptCopy) {
  const { i18n } = useLingui();
  const say = (value: PromptText) => (typeof value === "string" ? translateText(i18n, value) : i18n._(value));
  return (
    <div className="mx-auto max-w-2xl px-4 py-12">
      <h1 className="text-3xl font-bold text-ink">{say(heading)}</h1>
      <div className="mt-6 space-y-4">
        <Alert tone="warning" title={title === undefined ? undefined : say(title)}>
          {say(text)}
        </Alert>

        <div className="flex flex-wrap gap-3">
          {withHomeLink && (
            <Link to="/" className={buttonClasses()}>
              <Trans>Go to Home</Trans>
            </Link>
          )}
          <SignInControl />
          {withCreateAccount && <CreateAccountControl />}
        </div>
      </div>
    </div>
  );
}

/**
 * A part of a page that needs an account (sending a message, accepting an invitation): why, in an
 * alert, with Sign In and Create account under it.
 */
export function SignInNotice({
  tone,
  title,
  className,
  children,
}: {
  tone: "info" | "warning";
  title: string;
  /** The spacing of the alert and the buttons, and from what stands above. */
  className: string;
  children: React.ReactNode;
}) {
  return (
    <div className={className}>
      <Alert tone={tone} title={title}>
        {children}
      </Alert>
      <div className="flex flex-wrap gap-3">
        <SignInControl />
        <CreateAccountControl />
      </div>
    </div>
  );
}
