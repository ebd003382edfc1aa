import { parseWithZod } from "@conform-to/zod/v4";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { CircleAlert } from "lucide-react";
import { data, Form, useNavigation } from "react-router";
import { resetPasswordFormSchema } from "#common/auth.ts";
import { clearSessionCookie } from "#server/http/cookies.ts";
import { isResetTokenUsable, resetPassword } from "#server/services/accounts/password-reset.ts";
import { NewPasswordFields } from "../components/account/password-fields.tsx";
import { SignInControl } from "../components/layout/header-account.tsx";
import { RouteErrorBoundary } from "../components/layout/route-error-boundary.tsx";
import { Alert } from "../components/ui/alert.tsx";
import { Button } from "../components/ui/button.tsx";
import { appContext } from "../context.ts";
import { i18nOfRequest } from "../i18n/i18n.ts";
import { translateText } from "../i18n/translate-text.ts";
import { errorAnswer } from "../lib/form-answer.ts";
import { useLightForm } from "../lib/light-form.ts";
import { privatePageMeta } from "../lib/meta.ts";
import { keepPageOnFailure, revalidateUnlessRequestFailed } from "../lib/page-action.ts";
import { invalidAnswer, refusedAnswer } from "../lib/service-errors.server.ts";
import { redirectWithToast } from "../lib/toast.server.ts";
import { zodValidation } from "../lib/zod-deferred.ts";
import type { Route } from "./+types/reset-password";

// /reset-password?token=…: the link from the "Forgot password?" e-mail. Choosing a new password
// uses the link up, ends every session of the account, and leads to sign-in with a toast.

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const usable = token.length > 0 && token.length <= 200 && (await isResetTokenUsable(app, token));
  return data({ token: usable ? token : null }, { headers: { "Cache-Control": "no-store" } });
}

export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const formData = await request.formData();
  const hideFields = ["password", "confirmPassword"];
  const submission = parseWithZod(formData, { schema: resetPasswordFormSchema });
  if (submission.status !== "success") return invalidAnswer(submission, { hideFields });
  try {
    await resetPassword(app, submission.value);
  } catch (error) {
    return refusedAnswer(error, { submission, hideFields });
  }
  const i18n = i18nOfRequest(request);
  return redirectWithToast(
    app,
    "/sign-in",
    {
      title: i18n._(msg`Password changed`),
      description: i18n._(msg`Your password has been reset. Please sign in with your new password.`),
    },
    { headers: { "Set-Cookie": clearSessionCookie(app.config) } },
  );
}

export async function clientAction(args: Route.ClientActionArgs) {
  return keepPageOnFailure(args, (message) => errorAnswer(message));
}

export const shouldRevalidate = revalidateUnlessRequestFailed;

// The browser's validation (zod, the server's messages) loads on first use (app/lib/light-form.ts).
const validation = zodValidation(() => import("#common/auth.ts").then((m) => m.resetPasswordFormSchema));

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useLingui();
  const navigation = useNavigation();
  const form = useLightForm({
    id: "reset-password",
    lastResult: navigation.state === "idle" ? actionData?.result : undefined,
    shouldValidate: "onBlur",
    validation,
  });
  const fields = { token: form.field("token"), password: form.field("password"), confirmPassword: form.field("confirmPassword") };
  if (!loaderData.token) {
    return (
      <section className="mx-auto max-w-xl px-4 py-20 text-center">
        <CircleAlert aria-hidden="true" className="mx-auto size-12 text-accent-700" />
        <h1 className="mt-4 text-3xl font-bold text-ink">
          <Trans>This link is invalid or has expired</Trans>
        </h1>
        <p className="mt-4 text-muted">
          <Trans>
            Password reset links work once and expire after 1 hour. Use "Forgot password?" when signing in to get a new one.
          </Trans>
        </p>
        <div className="mt-8 flex justify-center">
          <SignInControl />
        </div>
      </section>
    );
  }
  const pending = navigation.state !== "idle" && navigation.formAction?.startsWith("/reset-password") === true;
  const tokenError = fields.token.errors?.[0];
  return (
    <section className="mx-auto max-w-md px-4 py-12">
      <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        <h1 className="text-2xl font-bold text-ink">
          <Trans>Choose a new password</Trans>
        </h1>
        <p className="mt-1 text-sm text-muted">
          <Trans>After saving, every device signed in to your account is signed out.</Trans>
        </p>
        <Form method="post" className="mt-6 space-y-4" {...form.props}>
          <input type="hidden" name="token" value={loaderData.token} />
          {(form.errors?.[0] || tokenError) && (
            <Alert tone="error" live>
              {translateText(i18n, form.errors?.[0] ?? tokenError ?? "")}
            </Alert>
          )}
          <NewPasswordFields password={fields.password} confirm={fields.confirmPassword} />
          <Button type="submit" className="w-full" disabled={pending}>
            {pending ? t`Saving...` : t`Set New Password`}
          </Button>
        </Form>
      </div>
    </section>
  );
}

export const meta = privatePageMeta({
  title: msg`Choose a new password`,
  description: msg`Set a new password for your account.`,

  path: "/reset-password",
});

export { RouteErrorBoundary as ErrorBoundary };
