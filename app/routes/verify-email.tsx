import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { CircleAlert, CircleCheck } from "lucide-react";
import { data, Link } from "react-router";
import { verifyEmail } from "#server/services/accounts/verification.ts";
import { ValidationFailed } from "#server/services/errors.ts";
import { RouteErrorBoundary } from "../components/layout/route-error-boundary.tsx";
import { buttonClasses } from "../components/ui/button.tsx";
import { appContext } from "../context.ts";
import { privatePageMeta } from "../lib/meta.ts";
import type { Route } from "./+types/verify-email";

// /verify-email?token=…: the link from the verification e-mail. Opening it verifies the address
// (the link works once and for 24 hours); nothing is cached, and the page is not indexed.

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const headers = { "Cache-Control": "no-store" };
  const isSignedIn = app.session !== null;
  if (!token || token.length > 200) return data({ status: "invalid" as const, email: null, isSignedIn }, { headers });
  try {
    const result = await verifyEmail(app, { token });
    return data({ status: result.status, email: result.email, isSignedIn }, { headers });
  } catch (error) {
    if (!(error instanceof ValidationFailed)) throw error;
    return data({ status: "invalid" as const, email: null, isSignedIn }, { headers });
  }
}

export default function VerifyEmail({ loaderData }: Route.ComponentProps) {
  const { t } = useLingui();
  const { status, email, isSignedIn } = loaderData;
  const next = isSignedIn ? { to: "/profile/manage", label: t`Go to your account` } : { to: "/", label: t`Go to Home` };
  if (status === "invalid") {
    return (
      <section className="mx-auto max-w-xl px-4 py-20 text-center">
        <CircleAlert aria-hidden="true" className="mx-auto size-12 text-accent-700" />
        <h1 className="mt-4 text-3xl font-bold text-ink">
          <Trans>This link is invalid or has expired</Trans>
        </h1>
        <p className="mt-4 text-muted">
          <Trans>
            Verification links work once and expire after 24 hours. A link also stops working when the account's email address
            changes. Sign in and choose "Resend verification email" on your account page to get a new one.
          </Trans>
        </p>
        <Link to="/profile/manage" className={buttonClasses({ className: "mt-8" })}>
          <Trans>Go to your account</Trans>
        </Link>
      </section>
    );
  }
  return (
    <section className="mx-auto max-w-xl px-4 py-20 text-center">
      <CircleCheck aria-hidden="true" className="mx-auto size-12 text-brand-700" />
      <h1 className="mt-4 text-3xl font-bold text-ink">
        {status === "verified" ? t`Email verified` : t`Email already verified`}
      </h1>
      <p className="mt-4 text-muted">
        {status === "verified"
          ? t`Thank you. ${email} is now verified.`
          : t`${email} was already verified with this link. There is nothing more to do.`}
      </p>
      <Link to={next.to} className={buttonClasses({ className: "mt-8" })}>
        {next.label}
      </Link>
    </section>
  );
}

export const meta = privatePageMeta({
  title: msg`Verify your email address`,
  description: msg`Confirm the email address of your account.`,

  path: "/verify-email",
});

export { RouteErrorBoundary as ErrorBoundary };
