import { parseWithZod } from "@conform-to/zod/v4";
import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans } from "@lingui/react/macro";
import { data, redirect, useNavigate, useSearchParams } from "react-router";
import { type AuthAnswerData, type AuthFormIntent, forgotPasswordSchema, loginSchema, registerSchema } from "#common/auth.ts";
import { inSentence } from "#common/bidi.ts";
import { responseFromField } from "#common/passkeys.ts";
import { safeRedirect } from "#common/redirect.ts";
import { loginMfaFormSchema, loginMfaInputOf } from "#common/second-factor.ts";
import type { ToastMessage } from "#common/toast.ts";
import { serviceDeps } from "#server/http/context.ts";
import { readCookie, sessionCookie, trustedBrowserCookie, trustedBrowserCookieName } from "#server/http/cookies.ts";
import { completeMfaSignIn, type MfaSignedIn } from "#server/services/accounts/login-challenge.ts";
import { signInWithPasskey } from "#server/services/accounts/passkeys.ts";
import { requestPasswordReset } from "#server/services/accounts/password-reset.ts";
import { registerAccount, type SignedIn, signIn } from "#server/services/accounts/registration.ts";
import { AuthForms, type AuthView, linkSwitch } from "../components/account/auth-forms.tsx";
import { RouteErrorBoundary } from "../components/layout/route-error-boundary.tsx";
import { appContext } from "../context.ts";
import { i18nOfRequest } from "../i18n/i18n.ts";
import { errorAnswer, failureToast } from "../lib/form-answer.ts";
import { privatePageMeta } from "../lib/meta.ts";
import { keepPageOnFailure, revalidateUnlessRequestFailed } from "../lib/page-action.ts";
import { answer, invalidAnswer, refusedAnswer } from "../lib/service-errors.server.ts";
import { SECOND_FACTOR_SETUP_PATH } from "../lib/signed-in.server.ts";
import { redirectWithToast } from "../lib/toast.server.ts";
import { useSiteName } from "../lib/user.ts";
import type { Route } from "./+types/sign-in";

// /sign-in: the action behind the sign-in dialog's forms, and the same forms as a page, which is
// where the header's Sign In link leads before JavaScript has loaded (or without it).

function viewOf(value: string | null): AuthView {
  return value === "register" || value === "forgot" ? value : "login";
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const redirectTo = safeRedirect(url.searchParams.get("redirectTo"));
  if (context.get(appContext).session) throw redirect(redirectTo);
  return null;
}

/** The toast of a refused form: 'Login failed', 'Registration failed', 'Request failed', and why. */
const FAILURE_TITLES: Record<AuthFormIntent, MessageDescriptor> = {
  login: msg`Login failed`,
  "login-mfa": msg`Login failed`,
  "login-passkey": msg`Login failed`,
  register: msg`Registration failed`,
  "forgot-password": msg`Request failed`,
};

/** The form's refusal in the page's language (the reason, a service's English text, is translated where it is shown). */
const refusal = (i18n: I18n, intent: AuthFormIntent) => ({ intent, toast: failureToast(i18n._(FAILURE_TITLES[intent])) });
const refusalToast = (i18n: I18n, intent: AuthFormIntent, message: string) => ({
  intent,
  toast: refusal(i18n, intent).toast(message),
});

export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const formData = await request.formData();
  const intent = formData.get("intent");
  const redirectTo = safeRedirect(formData.get("redirectTo"));
  const hideFields = ["password"];
  const i18n = i18nOfRequest(request);

  /** Signed in: the session cookie (and a trusted browser's), back where the person was, with a welcome toast. */
  function sessionStarted(signedIn: MfaSignedIn, welcome: ToastMessage) {
    const headers = new Headers({ "Set-Cookie": sessionCookie(app.config, signedIn.sessionToken, signedIn.expiresAt) });
    const trusted = signedIn.trustedBrowser;
    if (trusted) headers.append("Set-Cookie", trustedBrowserCookie(app.config, trusted.token, trusted.expiresAt));
    // ENFORCE_SECOND_FACTOR: an account that must have a second factor and has none sets it up first.
    const next = signedIn.secondFactorSetupRequired ? SECOND_FACTOR_SETUP_PATH : redirectTo;
    return redirectWithToast(app, next, welcome, { headers });
  }
  const welcomeBack = (user: SignedIn["user"]): ToastMessage => {
    const name = inSentence(user.name);
    return { title: i18n._(msg`Login successful`), description: i18n._(msg`Welcome back, ${name}!`) };
  };

  // The password step. An account with a second factor (issue 38) gets a challenge instead of a
  // session; the form then asks for a code with it (intent login-mfa). A browser trusted for 30
  // days skips that step.
  if (intent === "login") {
    const submission = parseWithZod(formData, { schema: loginSchema });
    if (submission.status !== "success") return invalidAnswer(submission, { ...refusal(i18n, intent), hideFields });
    try {
      const trustedBrowserToken = readCookie(request.headers.get("cookie"), trustedBrowserCookieName(app.config));
      const result = await signIn(serviceDeps(app), submission.value, { trustedBrowserToken });
      if ("mfaRequired" in result) {
        return answer<AuthFormIntent, AuthAnswerData>({
          intent,
          result: submission.reply({ hideFields }),
          data: { challenge: result.challenge, methods: result.methods },
        });
      }
      return sessionStarted(result, welcomeBack(result.user));
    } catch (error) {
      return refusedAnswer(error, { ...refusal(i18n, intent), submission, hideFields });
    }
  }

  // The second step: a code from the authenticator app or a recovery code, with the challenge.
  if (intent === "login-mfa") {
    const hideCode = ["code"];
    const submission = parseWithZod(formData, { schema: loginMfaFormSchema });
    if (submission.status !== "success") return invalidAnswer(submission, { ...refusal(i18n, intent), hideFields: hideCode });
    try {
      const signedIn = await completeMfaSignIn(serviceDeps(app), loginMfaInputOf(submission.value));
      return sessionStarted(signedIn, welcomeBack(signedIn.user));
    } catch (error) {
      return refusedAnswer(error, { ...refusal(i18n, intent), submission, hideFields: hideCode });
    }
  }

  // A passkey's answer (issue 38), instead of the password or as its second step: the browser's
  // prompt answered the options of POST /api/auth/passkey/options; the answer comes as JSON text.
  if (intent === "login-passkey") {
    try {
      const signedIn = await signInWithPasskey(serviceDeps(app), { response: responseFromField(formData.get("response")) });
      return sessionStarted(signedIn, welcomeBack(signedIn.user));
    } catch (error) {
      return refusedAnswer(error, refusal(i18n, intent));
    }
  }

  if (intent === "register") {
    const submission = parseWithZod(formData, { schema: registerSchema });
    if (submission.status !== "success") return invalidAnswer(submission, { ...refusal(i18n, intent), hideFields });
    try {
      const signedIn = await registerAccount(serviceDeps(app), submission.value);
      const { email } = signedIn.user;
      const name = inSentence(signedIn.user.name);
      const siteName = app.config.siteName;
      return sessionStarted(signedIn, {
        title: i18n._(msg`Registration successful`),
        description: i18n._(msg`Welcome to ${siteName}, ${name}! We sent a link to ${email} to verify your email address.`),
      });
    } catch (error) {
      return refusedAnswer(error, { ...refusal(i18n, intent), submission, hideFields });
    }
  }

  if (intent === "forgot-password") {
    const submission = parseWithZod(formData, { schema: forgotPasswordSchema });
    if (submission.status !== "success") return invalidAnswer(submission, refusal(i18n, "forgot-password"));
    try {
      await requestPasswordReset(serviceDeps(app), submission.value);
    } catch (error) {
      return refusedAnswer(error, { ...refusal(i18n, "forgot-password"), submission });
    }
    const email = submission.value.email;
    return answer({
      intent: "forgot-password",
      result: submission.reply({ resetForm: true }),
      toast: {
        title: i18n._(msg`Check your email`),
        description: i18n._(
          msg`If an account exists for ${email}, we sent a link to reset the password. It works once, for 1 hour.`,
        ),
      },
    });
  }

  throw data("Unknown form", { status: 400 });
}

const AUTH_INTENTS: readonly AuthFormIntent[] = ["login", "login-mfa", "login-passkey", "register", "forgot-password"];

/** A failed request is the form's failure: 'Login failed' (or the sign-up's), the dialog and fields kept. */
export async function clientAction(args: Route.ClientActionArgs) {
  return keepPageOnFailure(args, (message, formData) => {
    const intent = AUTH_INTENTS.find((candidate) => candidate === formData.get("intent")) ?? "login";
    return errorAnswer(message, refusalToast(i18nOfRequest(args.request), intent, message));
  });
}

export const shouldRevalidate = revalidateUnlessRequestFailed;

export default function SignIn({ actionData }: Route.ComponentProps) {
  const siteName = useSiteName();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const view = viewOf(searchParams.get("tab"));
  const redirectTo = safeRedirect(searchParams.get("redirectTo"));
  const href = (next: AuthView) => {
    const params = new URLSearchParams(searchParams);
    params.set("tab", next);
    return `/sign-in?${params}`;
  };
  return (
    <section className="mx-auto max-w-md px-4 py-12">
      <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        <h1 className="text-2xl font-bold text-ink">
          <Trans>Welcome to {siteName}</Trans>
        </h1>
        <p className="mt-1 text-sm text-muted">
          <Trans>Sign in to your account or create a new one to get started</Trans>
        </p>
        <div className="mt-6">
          <AuthForms
            idPrefix="page"
            view={view}
            onViewChange={(next) => navigate(href(next), { replace: true, preventScrollReset: true })}
            switchView={linkSwitch(href)}
            redirectTo={redirectTo}
            action={`/sign-in${searchParams.size > 0 ? `?${searchParams}` : ""}`}
            pageAnswer={actionData}
          />
        </div>
      </div>
    </section>
  );
}

export const meta = privatePageMeta({
  title: msg`Sign In`,
  description: msg`Sign in to your account or create a new one to get started.`,
  path: "/sign-in",
});

export { RouteErrorBoundary as ErrorBoundary };
