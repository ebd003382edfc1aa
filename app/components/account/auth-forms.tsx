import { useEffect } from "react";
import { Link, useFetcher } from "react-router";
import { useLightForm } from "#app/lib/light-form.ts";
import { zodValidation } from "#app/lib/zod-deferred.ts";
import type { AuthFormAnswer } from "#common/auth.ts";
import { Alert, FormErrorAlert } from "../ui/alert.tsx";
import { Button } from "../ui/button.tsx";
import { InputField } from "../ui/field.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../ui/simple-tabs.tsx";
import { toast } from "../ui/toast.tsx";
import { NewPasswordFields } from "./password-fields.tsx";

// The sign-in, sign-up and forgot-password forms, shared by the dialog and the /sign-in page.
// They post to the /sign-in action (a fetcher, so the page underneath stays); success redirects
// back to where the person was, with the session cookie and a toast. Without JavaScript the same
// forms post as ordinary forms and the /sign-in page shows the answer. Their browser validation
// (zod, with the server's messages) loads on first use (app/lib/light-form.ts).

const authSchemas = () => import("#common/auth.ts");
const loginValidation = zodValidation(() => authSchemas().then((m) => m.loginSchema));
const registerValidation = zodValidation(() => authSchemas().then((m) => m.registerSchema));
const forgotValidation = zodValidation(() => authSchemas().then((m) => m.forgotPasswordSchema));

export type AuthView = "login" | "register" | "forgot";

type SignInFetcher = ReturnType<typeof useFetcher<AuthFormAnswer>>;
type ActionAnswer = AuthFormAnswer;

export type ViewSwitch = {
  /** Either a button that switches in place (dialog), or a link to /sign-in?tab=… (page, works without JS). */
  render: (view: AuthView, label: string, className: string) => React.ReactNode;
};

const FAILURE_TITLES = { login: "Login failed", register: "Registration failed", forgot: "Request failed" } as const;
const FAILURE_FALLBACK = {
  login: "Invalid email or password",
  register: "Please try again",
  forgot: "Please try again",
} as const;

/** The answer for this form: the fetcher's, or the page's when it was posted without JavaScript. */
function useAnswer(intent: ActionAnswer["intent"], fetcher: SignInFetcher, pageAnswer?: ActionAnswer | null) {
  const answer = fetcher.data ?? pageAnswer;
  return answer && answer.intent === intent ? answer : undefined;
}

function useFailureToast(view: keyof typeof FAILURE_TITLES, fetcher: { state: string; data?: unknown }) {
  useEffect(() => {
    const answer = fetcher.data as { status?: string; message?: string } | undefined;
    if (fetcher.state === "idle" && answer?.status === "error") {
      toast({ title: FAILURE_TITLES[view], description: answer.message || FAILURE_FALLBACK[view], variant: "destructive" });
    }
  }, [fetcher.state, fetcher.data, view]);
}

const linkButton = "text-sm font-semibold text-brand-700 underline-offset-4 hover:underline";

function LoginForm({
  idPrefix,
  action,
  redirectTo,
  switchView,
  pageAnswer,
}: {
  idPrefix: string;
  action: string;
  redirectTo: string;
  switchView: ViewSwitch;
  pageAnswer?: ActionAnswer | null;
}) {
  const fetcher = useFetcher<AuthFormAnswer>();
  const answer = useAnswer("login", fetcher, pageAnswer);
  const form = useLightForm({
    id: `${idPrefix}-login`,
    lastResult: fetcher.state === "idle" ? answer?.result : undefined,
    shouldValidate: "onBlur",
    validation: loginValidation,
  });
  useFailureToast("login", fetcher);
  const pending = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" action={action} preventScrollReset className="space-y-4" {...form.props}>
      <input type="hidden" name="intent" value="login" />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <FormErrorAlert id={form.errorId} errors={form.errors} />
      <InputField field={form.field("email")} label="Email" type="email" autoComplete="email" required />
      <InputField field={form.field("password")} label="Password" type="password" autoComplete="current-password" required />
      <div className="flex justify-end">{switchView.render("forgot", "Forgot password?", linkButton)}</div>
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? "Signing in..." : "Sign In"}
      </Button>
    </fetcher.Form>
  );
}

function RegisterForm({
  idPrefix,
  action,
  redirectTo,
  pageAnswer,
}: {
  idPrefix: string;
  action: string;
  redirectTo: string;
  pageAnswer?: ActionAnswer | null;
}) {
  const fetcher = useFetcher<AuthFormAnswer>();
  const answer = useAnswer("register", fetcher, pageAnswer);
  const form = useLightForm({
    id: `${idPrefix}-register`,
    lastResult: fetcher.state === "idle" ? answer?.result : undefined,
    shouldValidate: "onBlur",
    validation: registerValidation,
  });
  useFailureToast("register", fetcher);
  const pending = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" action={action} preventScrollReset className="space-y-4" {...form.props}>
      <input type="hidden" name="intent" value="register" />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <FormErrorAlert id={form.errorId} errors={form.errors} />
      <InputField field={form.field("name")} label="Full Name" autoComplete="name" required />
      <InputField field={form.field("email")} label="Email" type="email" autoComplete="email" required />
      <NewPasswordFields password={form.field("password")} label="Password" />
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? "Creating account..." : "Create Account"}
      </Button>
    </fetcher.Form>
  );
}

function ForgotPasswordForm({
  idPrefix,
  action,
  switchView,
  pageAnswer,
}: {
  idPrefix: string;
  action: string;
  switchView: ViewSwitch;
  pageAnswer?: ActionAnswer | null;
}) {
  const fetcher = useFetcher<AuthFormAnswer>();
  const answer = useAnswer("forgot-password", fetcher, pageAnswer);
  const form = useLightForm({
    id: `${idPrefix}-forgot`,
    lastResult: fetcher.state === "idle" ? answer?.result : undefined,
    shouldValidate: "onBlur",
    validation: forgotValidation,
  });
  useFailureToast("forgot", fetcher);
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data && "sent" in fetcher.data) {
      toast({ title: "Check your email", description: fetcher.data.message });
    }
  }, [fetcher.state, fetcher.data]);
  const pending = fetcher.state !== "idle";
  const sent = answer && "sent" in answer ? answer.message : undefined;
  return (
    <div className="space-y-4">
      <div>
        <h3 className="text-base font-semibold text-ink">Reset your password</h3>
        <p className="mt-1 text-sm text-muted">
          Enter the email address of your account. We will send you a link to choose a new password.
        </p>
      </div>
      {sent && (
        <div role="status">
          <Alert tone="info" title="Check your email">
            {sent}
          </Alert>
        </div>
      )}
      <fetcher.Form method="post" action={action} preventScrollReset className="space-y-4" {...form.props}>
        <input type="hidden" name="intent" value="forgot-password" />
        <FormErrorAlert id={form.errorId} errors={form.errors} />
        <InputField field={form.field("email")} label="Email" type="email" autoComplete="email" required />
        <Button type="submit" className="w-full" disabled={pending}>
          {pending ? "Sending..." : "Send Reset Link"}
        </Button>
      </fetcher.Form>
      <p className="text-center">{switchView.render("login", "Back to sign in", linkButton)}</p>
    </div>
  );
}

/** The two tabs of spec section 2; the Sign In tab also holds the "Forgot password?" form. */
export function AuthForms(props: {
  view: AuthView;
  onViewChange: (view: AuthView) => void;
  /** How "Forgot password?" and the other view changes render; buttons calling onViewChange by default. */
  switchView?: ViewSwitch;
  redirectTo: string;
  idPrefix: string;
  /** Where the forms post: /sign-in, with the page's query kept so a retry without JavaScript still knows redirectTo. */
  action?: string;
  pageAnswer?: ActionAnswer | null;
}) {
  const { view, onViewChange, redirectTo, idPrefix, pageAnswer, action = "/sign-in" } = props;
  const switchView = props.switchView ?? buttonSwitch(onViewChange);
  return (
    <Tabs value={view === "register" ? "register" : "login"} onValueChange={(value) => onViewChange(value as AuthView)}>
      <TabsList label="Sign in or sign up">
        <TabsTrigger value="login">Sign In</TabsTrigger>
        <TabsTrigger value="register">Sign Up</TabsTrigger>
      </TabsList>
      <TabsContent value="login" className="mt-5 outline-none">
        {view === "forgot" ? (
          <ForgotPasswordForm idPrefix={idPrefix} action={action} switchView={switchView} pageAnswer={pageAnswer} />
        ) : (
          <>
            <LoginForm
              idPrefix={idPrefix}
              action={action}
              redirectTo={redirectTo}
              switchView={switchView}
              pageAnswer={pageAnswer}
            />
            <p className="mt-4 text-center text-sm text-muted">
              New here? {switchView.render("register", "Create an account", linkButton)}
            </p>
          </>
        )}
      </TabsContent>
      <TabsContent value="register" className="mt-5 outline-none">
        <RegisterForm idPrefix={idPrefix} action={action} redirectTo={redirectTo} pageAnswer={pageAnswer} />
        <p className="mt-4 text-center text-sm text-muted">
          Already have an account? {switchView.render("login", "Sign in", linkButton)}
        </p>
      </TabsContent>
    </Tabs>
  );
}

/** View switches as links to the /sign-in page (they work without JavaScript). */
export function linkSwitch(href: (view: AuthView) => string): ViewSwitch {
  return {
    render: (view, label, className) => (
      <Link to={href(view)} replace preventScrollReset className={className}>
        {label}
      </Link>
    ),
  };
}

/** View switches as buttons that change the view in place (inside the dialog). */
export function buttonSwitch(onChange: (view: AuthView) => void): ViewSwitch {
  return {
    render: (view, label, className) => (
      <button type="button" onClick={() => onChange(view)} className={className}>
        {label}
      </button>
    ),
  };
}
