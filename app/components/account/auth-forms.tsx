import { Trans, useLingui } from "@lingui/react/macro";
import { Suspense, useMemo, useState } from "react";
import { Link, useFetcher, useSearchParams } from "react-router";
import { translateText } from "#app/i18n/translate-text.ts";
import { useLocale } from "#app/i18n/use-locale.ts";
import { lazyWhenOnline } from "#app/lib/chunk-load.ts";
import { answerOf, errorOf, type FormAnswer, succeeded, useAnswerToast } from "#app/lib/form-answer.ts";
import { type DeferredValidation, useLightForm } from "#app/lib/light-form.ts";
import { zodValidation } from "#app/lib/zod-deferred.ts";
import type { AuthAnswerData, AuthFormIntent } from "#common/auth.ts";
import { MFA_CHALLENGE_EXPIRED } from "#common/second-factor-expired.ts";
import { Alert, FormErrorAlert } from "../ui/alert.tsx";
import { Button } from "../ui/button.tsx";
import { InputField } from "../ui/field.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../ui/simple-tabs.tsx";
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
// "Use a passkey" loads after the page (it shows only once hydrated): the sign-in page's
// first-load JS does not grow with it.
const LazyPasskeySignIn = lazyWhenOnline(() => import("./passkey-sign-in.tsx"));
function PasskeySignIn(props: React.ComponentProps<typeof LazyPasskeySignIn>) {
  return (
    <Suspense fallback={null}>
      <LazyPasskeySignIn {...props} />
    </Suspense>
  );
}
const codeValidation = zodValidation(() => import("#common/second-factor.ts").then((m) => m.loginMfaFormSchema));

export type AuthView = "login" | "register" | "forgot";

type ActionAnswer = FormAnswer<AuthFormIntent, AuthAnswerData>;

export type ViewSwitch = {
  /** Either a button that switches in place (dialog), or a link to /sign-in?tab=… (page, works without JS). */
  render: (view: AuthView, label: string, className: string) => React.ReactNode;
};

const INTENTS = { login: "login", register: "register", forgot: "forgot-password" } as const;

/**
 * One of the three forms: its fetcher, its answer (the fetcher's, or the page's when it was posted
 * without JavaScript), its light form, and the answer's toast ('Login failed', ... with the reason).
 */
function useAuthForm(
  view: AuthView,
  idPrefix: string,
  validation: DeferredValidation,
  pageAnswer: ActionAnswer | null | undefined,
) {
  const intent = INTENTS[view];
  const fetcher = useFetcher<ActionAnswer>();
  const answer = answerOf(fetcher.data ?? pageAnswer ?? undefined, intent);
  const form = useLightForm({
    id: `${idPrefix}-${view}`,
    lastResult: fetcher.state === "idle" ? answer?.result : undefined,
    // /sign-in?email=… (an invitation's Sign In and Create account) starts with that address.
    defaultValue: { email: useSearchParams()[0].get("email") },
    shouldValidate: "onBlur",
    validation,
  });
  useAnswerToast(fetcher.state === "idle" ? fetcher.data : undefined);
  return { intent, fetcher, answer, form, pending: fetcher.state !== "idle" };
}

/** The form around one of the three: its intent, where to go back to, its form-level error and its submit button. */
function AuthForm({
  auth,
  action,
  redirectTo,
  submit,
  children,
}: {
  auth: ReturnType<typeof useAuthForm>;
  action: string;
  redirectTo?: string;
  /** The button's label, and its label while the form is sent. */
  submit: [string, string];
  children: React.ReactNode;
}) {
  const { i18n } = useLingui();
  const { fetcher, form, intent, pending } = auth;
  return (
    <fetcher.Form method="post" action={action} preventScrollReset className="space-y-4" {...form.props}>
      <input type="hidden" name="intent" value={intent} />
      {redirectTo !== undefined && <input type="hidden" name="redirectTo" value={redirectTo} />}
      <FormErrorAlert id={form.errorId} errors={form.errors?.map((error) => translateText(i18n, error))} />
      {children}
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? submit[1] : submit[0]}
      </Button>
    </fetcher.Form>
  );
}

const linkButton = "text-sm font-semibold text-brand-700 underline-offset-4 hover:underline";

/** What each of the three forms is given. */
type FormProps = {
  idPrefix: string;
  action: string;
  redirectTo: string;
  switchView: ViewSwitch;
  pageAnswer?: ActionAnswer | null;
};

/** The challenge of a password step that asked for a second factor: the answer's, or the code step's own (kept in its hidden field). */
function methodsOf(answer: ActionAnswer | null | undefined): ("totp" | "passkey")[] | undefined {
  return answer?.intent === "login" ? answer.data?.methods : undefined;
}

function challengeOf(answer: ActionAnswer | null | undefined): string | undefined {
  if (answer?.intent === "login") return answer.data?.challenge;
  if (answer?.intent === "login-mfa") return answer.result.initialValue?.challenge as string | undefined;
  return undefined;
}

/**
 * The sign-in's second step (issue 38): after the right password, a code from the authenticator
 * app or one of the recovery codes, posted with the challenge the password step answered.
 */
function CodeStep({
  idPrefix,
  action,
  redirectTo,
  challenge,
  methods = ["totp"],
  pageAnswer,
  onRestart,
}: {
  idPrefix: string;
  action: string;
  redirectTo: string;
  challenge: string;
  /** The account's second factors: an authenticator app (a code), passkeys. */
  methods?: ("totp" | "passkey")[];
  pageAnswer?: ActionAnswer | null;
  onRestart: () => void;
}) {
  const { t, i18n } = useLingui();
  const fetcher = useFetcher<ActionAnswer>();
  const answer = answerOf(fetcher.data ?? pageAnswer ?? undefined, "login-mfa");
  const form = useLightForm({
    id: `${idPrefix}-login-mfa`,
    lastResult: fetcher.state === "idle" ? answer?.result : undefined,
    shouldValidate: "onBlur",
    validation: codeValidation,
  });
  // The refusal's toast in the page's language (the service's reasons are English).
  const arrived = fetcher.state === "idle" ? answerOf(fetcher.data, "login-mfa") : undefined;
  const translated = useMemo(() => {
    const reason = errorOf(arrived);
    if (!arrived || !reason) return arrived;
    const toast = { title: t`Login failed`, description: translateText(i18n, reason), variant: "destructive" as const };
    return { ...arrived, toast };
  }, [arrived, t, i18n]);
  useAnswerToast(translated);
  // A challenge dies after 5 minutes or 5 wrong codes: then only the password starts again.
  const expired = errorOf(answer) === MFA_CHALLENGE_EXPIRED;
  const pending = fetcher.state !== "idle";
  const hasCode = methods.includes("totp");
  return (
    <div className="space-y-4">
      <div>
        <h2 className="text-base font-semibold text-ink">
          <Trans>Two-step sign-in</Trans>
        </h2>
        <p className="mt-1 text-sm text-muted">
          {hasCode ? (
            <Trans>Enter the 6-digit code from your authenticator app, or one of your recovery codes.</Trans>
          ) : (
            <Trans>Confirm it is you with one of your passkeys.</Trans>
          )}
        </p>
      </div>
      {!expired && methods.includes("passkey") && (
        <PasskeySignIn action={action} redirectTo={redirectTo} challenge={challenge} variant={hasCode ? "outline" : "primary"} />
      )}
      {expired ? (
        <Alert tone="error" title={t`Please sign in again`}>
          <Trans>Your sign-in has expired. Please sign in with your password again.</Trans>
        </Alert>
      ) : !hasCode ? null : (
        <fetcher.Form method="post" action={action} preventScrollReset className="space-y-4" {...form.props}>
          <input type="hidden" name="intent" value="login-mfa" />
          <input type="hidden" name="challenge" value={challenge} />
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <FormErrorAlert id={form.errorId} errors={form.errors?.map((error) => translateText(i18n, error))} />
          <InputField
            field={form.field("code")}
            label={t`Authentication code`}
            hint={t`6 digits from the app, or a recovery code such as ABCDE-23456`}
            autoComplete="one-time-code"
            autoCapitalize="characters"
            spellCheck={false}
            required
          />
          <label className="flex items-center gap-2 text-sm text-ink">
            <input type="checkbox" name="trustBrowser" className="size-4 rounded border-slate-400" />
            <Trans>Trust this browser for 30 days</Trans>
          </label>
          <Button type="submit" className="w-full" disabled={pending}>
            {pending ? <Trans>Checking...</Trans> : <Trans>Verify</Trans>}
          </Button>
        </fetcher.Form>
      )}
      <p className="text-center">
        <button type="button" onClick={onRestart} className={linkButton}>
          <Trans>Sign in again with your password</Trans>
        </button>
      </p>
    </div>
  );
}

function LoginForm(props: FormProps) {
  const { t } = useLingui();
  const { idPrefix, action, redirectTo, switchView, pageAnswer } = props;
  const auth = useAuthForm("login", idPrefix, loginValidation, pageAnswer);
  // The password step's answer (with the fetcher), or the page's (without JavaScript: the
  // password's answer, then each code step's, which carries the challenge back in its values).
  const challenge = challengeOf(auth.fetcher.data) ?? challengeOf(pageAnswer);
  const [restartedFrom, setRestartedFrom] = useState<string | null>(null);
  if (challenge && challenge !== restartedFrom) {
    return (
      <CodeStep
        idPrefix={idPrefix}
        action={action}
        redirectTo={redirectTo}
        challenge={challenge}
        methods={methodsOf(auth.fetcher.data) ?? methodsOf(pageAnswer)}
        pageAnswer={pageAnswer}
        onRestart={() => setRestartedFrom(challenge)}
      />
    );
  }
  // With JavaScript, in a browser with passkeys: "Use a passkey" instead of the password.
  return (
    <div className="space-y-4">
      <AuthForm auth={auth} action={action} redirectTo={redirectTo} submit={[t`Sign In`, t`Signing in...`]}>
        <InputField field={auth.form.field("email")} label={t`Email`} type="email" autoComplete="email" required />
        <InputField
          field={auth.form.field("password")}
          label={t`Password`}
          type="password"
          autoComplete="current-password"
          required
        />
        <div className="flex justify-end">{switchView.render("forgot", t`Forgot password?`, linkButton)}</div>
      </AuthForm>
      <PasskeySignIn action={action} redirectTo={redirectTo} />
    </div>
  );
}

function RegisterForm({ idPrefix, action, redirectTo, pageAnswer }: FormProps) {
  const { t } = useLingui();
  const auth = useAuthForm("register", idPrefix, registerValidation, pageAnswer);
  const locale = useLocale();
  return (
    <AuthForm auth={auth} action={action} redirectTo={redirectTo} submit={[t`Create Account`, t`Creating account...`]}>
      {/* The account's language: its e-mails (the verification link first) are written in it. */}
      <input type="hidden" name="locale" value={locale} />

      <InputField field={auth.form.field("name")} label={t`Full Name`} autoComplete="name" required />
      <InputField field={auth.form.field("email")} label={t`Email`} type="email" autoComplete="email" required />
      <NewPasswordFields password={auth.form.field("password")} label={t`Password`} />
    </AuthForm>
  );
}

function ForgotPasswordForm({ idPrefix, action, switchView, pageAnswer }: FormProps) {
  const { t } = useLingui();
  const auth = useAuthForm("forgot", idPrefix, forgotValidation, pageAnswer);
  const sent = succeeded(auth.answer) ? auth.answer?.toast?.description : undefined;
  return (
    <div className="space-y-4">
      <div>
        <h3 className="text-base font-semibold text-ink">
          <Trans>Reset your password</Trans>
        </h3>
        <p className="mt-1 text-sm text-muted">
          <Trans>Enter the email address of your account. We will send you a link to choose a new password.</Trans>
        </p>
      </div>
      {sent && (
        <div role="status">
          <Alert tone="info" title={t`Check your email`}>
            {sent}
          </Alert>
        </div>
      )}
      <AuthForm auth={auth} action={action} submit={[t`Send Reset Link`, t`Sending...`]}>
        <InputField field={auth.form.field("email")} label={t`Email`} type="email" autoComplete="email" required />
      </AuthForm>
      <p className="text-center">{switchView.render("login", t`Back to sign in`, linkButton)}</p>
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
  const { t } = useLingui();
  const { view, onViewChange, redirectTo, idPrefix, pageAnswer, action = "/sign-in" } = props;
  const switchView = props.switchView ?? buttonSwitch(onViewChange);
  const forms: FormProps = { idPrefix, action, redirectTo, switchView, pageAnswer };
  return (
    <Tabs value={view === "register" ? "register" : "login"} onValueChange={(value) => onViewChange(value as AuthView)}>
      <TabsList label={t`Sign in or sign up`}>
        <TabsTrigger value="login">
          <Trans>Sign In</Trans>
        </TabsTrigger>
        <TabsTrigger value="register">
          <Trans>Sign Up</Trans>
        </TabsTrigger>
      </TabsList>
      <TabsContent value="login" className="mt-5 outline-none">
        {view === "forgot" ? (
          <ForgotPasswordForm {...forms} />
        ) : (
          <>
            <LoginForm {...forms} />
            <p className="mt-4 text-center text-sm text-muted">
              <Trans>New here?</Trans> {switchView.render("register", t`Create an account`, linkButton)}
            </p>
          </>
        )}
      </TabsContent>
      <TabsContent value="register" className="mt-5 outline-none">
        <RegisterForm {...forms} />
        <p className="mt-4 text-center text-sm text-muted">
          <Trans>Already have an account?</Trans> {switchView.render("login", t`Sign in`, linkButton)}
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
