import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, useNavigate, useSearchParams } from "react-router";
import { type AuthFormIntent, forgotPasswordSchema, loginSchema, registerSchema } from "#common/auth.ts";
import { safeRedirect } from "#common/redirect.ts";
import { MFA_MESSAGES } from "#common/second-factor.ts";
import type { ToastMessage } from "#common/toast.ts";
import { serviceDeps } from "#server/http/context.ts";
import { sessionCookie } from "#server/http/cookies.ts";
import { requestPasswordReset } from "#server/services/accounts/password-reset.ts";
import { registerAccount, type SignedIn, signIn } from "#server/services/accounts/registration.ts";
import type { ServiceDeps } from "#server/services/context.ts";
import { Forbidden } from "#server/services/errors.ts";
import { AuthForms, type AuthView, linkSwitch } from "../components/account/auth-forms.tsx";
import { RouteErrorBoundary } from "../components/layout/route-error-boundary.tsx";
import { appContext } from "../context.ts";
import { errorAnswer, failureToast } from "../lib/form-answer.ts";
import { privatePageMeta } from "../lib/meta.ts";
import { keepPageOnFailure, revalidateUnlessRequestFailed } from "../lib/page-action.ts";
import { answer, invalidAnswer, refusedAnswer } from "../lib/service-errors.server.ts";
import { redirectWithToast } from "../lib/toast.server.ts";
import { useSiteName } from "../lib/user.ts";
import type { Route } from "./+types/sign-in";

// /sign-in: the action behind the sign-in dialog's forms, and the same forms as a page, which is
// where the header's Sign In link leads before JavaScript has loaded (or without it).

/**
 * The sign-in form's password step. An account with a second factor gets a challenge from the
 * service (issue 38); this form does not ask for the code yet, so it refuses rather than letting
 * the password alone in. The JSON API completes the second step (POST /api/auth/login/mfa).
 */
async function passwordSignIn(deps: ServiceDeps, input: unknown): Promise<SignedIn> {
  const result = await signIn(deps, input);
  if ("mfaRequired" in result) throw new Forbidden(MFA_MESSAGES.formNotYet);
  return result;
}

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
const FAILURE_TITLES: Record<AuthFormIntent, string> = {
  login: "Login failed",
  register: "Registration failed",
  "forgot-password": "Request failed",
};

const refusal = (intent: AuthFormIntent) => ({ intent, toast: failureToast(FAILURE_TITLES[intent]) });
const refusalToast = (intent: AuthFormIntent, message: string) => ({ intent, toast: refusal(intent).toast(message) });

export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const formData = await request.formData();
  const intent = formData.get("intent");
  const redirectTo = safeRedirect(formData.get("redirectTo"));
  const hideFields = ["password"];

  /** Login and sign-up end alike: the session cookie set, back where the person was, with a welcome toast. */
  async function startSession(
    intent: "login" | "register",
    schema: typeof loginSchema | typeof registerSchema,
    start: (deps: ServiceDeps, input: unknown) => Promise<SignedIn>,
    welcome: (user: SignedIn["user"]) => ToastMessage,
  ) {
    const submission = parseWithZod(formData, { schema });
    if (submission.status !== "success") return invalidAnswer(submission, { ...refusal(intent), hideFields });
    try {
      const { user, sessionToken, expiresAt } = await start(serviceDeps(app), submission.value);
      return redirectWithToast(app, redirectTo, welcome(user), {
        headers: { "Set-Cookie": sessionCookie(app.config, sessionToken, expiresAt) },
      });
    } catch (error) {
      return refusedAnswer(error, { ...refusal(intent), submission, hideFields });
    }
  }

  if (intent === "login") {
    return startSession("login", loginSchema, passwordSignIn, (user) => ({
      title: "Login successful",
      description: `Welcome back, ${user.name}!`,
    }));
  }

  if (intent === "register") {
    return startSession("register", registerSchema, registerAccount, (user) => ({
      title: "Registration successful",
      description: `Welcome to ${app.config.siteName}, ${user.name}! We sent a link to ${user.email} to verify your email address.`,
    }));
  }

  if (intent === "forgot-password") {
    const submission = parseWithZod(formData, { schema: forgotPasswordSchema });
    if (submission.status !== "success") return invalidAnswer(submission, refusal("forgot-password"));
    try {
      await requestPasswordReset(serviceDeps(app), submission.value);
    } catch (error) {
      return refusedAnswer(error, { ...refusal("forgot-password"), submission });
    }
    return answer({
      intent: "forgot-password",
      result: submission.reply({ resetForm: true }),
      toast: {
        title: "Check your email",
        description: `If an account exists for ${submission.value.email}, we sent a link to reset the password. It works once, for 1 hour.`,
      },
    });
  }

  throw data("Unknown form", { status: 400 });
}

const AUTH_INTENTS: readonly AuthFormIntent[] = ["login", "register", "forgot-password"];

/** A failed request is the form's failure: 'Login failed' (or the sign-up's), the dialog and fields kept. */
export async function clientAction(args: Route.ClientActionArgs) {
  return keepPageOnFailure(args, (message, formData) => {
    const intent = AUTH_INTENTS.find((candidate) => candidate === formData.get("intent")) ?? "login";
    return errorAnswer(message, refusalToast(intent, message));
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
        <h1 className="text-2xl font-bold text-ink">Welcome to {siteName}</h1>
        <p className="mt-1 text-sm text-muted">Sign in to your account or create a new one to get started</p>
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
  title: "Sign In",
  description: "Sign in to your account or create a new one to get started.",
  path: "/sign-in",
});

export { RouteErrorBoundary as ErrorBoundary };
