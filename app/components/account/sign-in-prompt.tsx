import { Link } from "react-router";
import { SignInControl } from "../layout/header-account.tsx";
import { Alert } from "../ui/alert.tsx";
import { buttonClasses } from "../ui/button.tsx";

/** What a signed-in page says to a signed-out visitor (each page's own spec text). */
export type SignInPromptCopy = {
  /** The page's h1, as the signed-in page would show it. */
  heading: string;
  /** The alert's title, when the alert has one. */
  title?: string;
  text: string;
  /** Offers 'Go to Home' beside Sign In (the Admin Dashboard). */
  withHomeLink?: boolean;
};

/** The one signed-out state of the signed-in pages: the page's heading, its alert, and Sign In. */
export function SignInPrompt({ heading, title, text, withHomeLink = false }: SignInPromptCopy) {
  return (
    <div className="mx-auto max-w-2xl px-4 py-12">
      <h1 className="text-3xl font-bold text-ink">{heading}</h1>
      <div className="mt-6 space-y-4">
        <Alert tone="warning" title={title}>
          {text}
        </Alert>
        <div className="flex flex-wrap gap-3">
          {withHomeLink && (
            <Link to="/" className={buttonClasses()}>
              Go to Home
            </Link>
          )}
          <SignInControl />
        </div>
      </div>
    </div>
  );
}
