import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Building2, LogIn, UserPlus } from "lucide-react";
import { Form, Link, redirect, useLocation } from "react-router";
import { i18nOfRequest, localeOfRequest } from "#app/i18n/i18n.ts";
import { inSentence } from "#common/bidi.ts";
import { countryName } from "#common/countries.ts";
import { signInAndBackTo } from "#common/redirect.ts";
import { serviceDeps } from "#server/http/context.ts";
import { actorOf } from "#server/services/context.ts";
import { acceptInvitation, declineInvitation, previewInvitation } from "#server/services/organizations/invitations.ts";
import { LinkOutcome } from "../components/layout/link-outcome.tsx";
import { RouteErrorBoundary } from "../components/layout/route-error-boundary.tsx";
import { kindLabel, roleLabel } from "../components/organizations/labels.ts";
import { OrganizationBadge } from "../components/organizations/organization-badge.tsx";
import { Alert } from "../components/ui/alert.tsx";
import { Button, buttonClasses } from "../components/ui/button.tsx";
import { LocalTime } from "../components/ui/local-time.tsx";
import { RefusalNotice } from "../components/ui/refusal-notice.tsx";
import { appContext } from "../context.ts";
import { translateText } from "../i18n/translate-text.ts";
import { errorAnswer, errorOf } from "../lib/form-answer.ts";
import { privatePageMeta } from "../lib/meta.ts";
import { keepPageOnFailure } from "../lib/page-action.ts";
import { refusedAnswer } from "../lib/service-errors.server.ts";
import { redirectWithToast } from "../lib/toast.server.ts";
import { loadTokenPage } from "../lib/token-page.server.ts";
import type { Route } from "./+types/invitation";

// /invitations/{token} (issue 31): the page an invitation e-mail links to. Anyone holding the
// link sees which organization invites which address and may decline; accepting needs the
// account with the invited address (sign in or create it, then come back). The link works once
// and for 7 days; after that it says so.

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const app = context.get(appContext);
  return loadTokenPage(params.token ?? "", async (token) => {
    const invitation = await previewInvitation(serviceDeps(app), token);
    const user = app.session?.user ?? null;
    return {
      invitation,
      countryLabel: countryName(invitation.organization.country, localeOfRequest(request)),
      signedInAs: user ? { name: user.name, email: user.email } : null,
    };
  });
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const token = params.token ?? "";
  const form = await request.formData();
  const deps = serviceDeps(app);
  const actor = actorOf(app.session);
  // The toasts in the page's language (issue 37).
  const i18n = i18nOfRequest(request);
  try {
    if (form.get("intent") === "decline") {
      await declineInvitation(deps, actor, token);
      return redirectWithToast(app, "/", { title: i18n._(msg`Invitation declined`) });
    }
    if (!actor) throw redirect(signInAndBackTo(`/invitations/${encodeURIComponent(token)}`));
    const organization = await acceptInvitation(deps, actor, token);
    const name = inSentence(organization.name);
    return redirectWithToast(app, `/my-organizations/${organization.id}`, { title: i18n._(msg`Welcome to ${name}`) });
  } catch (error) {
    if (error instanceof Response) throw error;
    return refusedAnswer(error);
  }
}

/** A failed request keeps the page (app/lib/page-action.ts). */
export async function clientAction(args: Route.ClientActionArgs) {
  return keepPageOnFailure(args, (message) => errorAnswer(message));
}

function Unusable() {
  return (
    <LinkOutcome worked={false} title={<Trans>This invitation link cannot be used</Trans>}>
      <Trans>
        Invitation links work once and expire after 7 days. Ask the organization's owner or admin to invite you again.
      </Trans>
    </LinkOutcome>
  );
}

export default function InvitationPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useLingui();
  // This page, to come back to after signing in or creating the account.
  const here = useLocation().pathname;
  if (loaderData.state !== "open") return <Unusable />;
  const { invitation, signedInAs, countryLabel } = loaderData;
  const failure = errorOf(actionData);
  const { organization } = invitation;
  const otherAddress = signedInAs && signedInAs.email.toLowerCase() !== invitation.email.toLowerCase();
  const name = organization.name;
  const inviter = invitation.invitedBy ?? t`A member`;
  const invited = invitation.email;
  const kind = kindLabel(i18n, organization.kind);
  const role = roleLabel(i18n, invitation.role);
  const current = signedInAs?.email ?? "";
  const signInHref = (tab: "login" | "register") => `/sign-in?${new URLSearchParams({ tab, email: invited, redirectTo: here })}`;
  return (
    <section className="mx-auto max-w-xl px-4 py-12">
      <Building2 aria-hidden="true" className="size-10 text-brand-700" />
      <h1 className="mt-3 text-3xl font-bold tracking-tight text-ink">
        <Trans>
          Join <bdi>{name}</bdi>
        </Trans>
      </h1>
      <p className="mt-3 text-slate-700">
        <Trans>
          <bdi>{inviter}</bdi> invites <bdi className="font-semibold">{invited}</bdi> to join{" "}
          <OrganizationBadge organization={organization} /> ({kind}, {countryLabel}) with the role {role}.
        </Trans>
      </p>
      <p className="mt-2 text-sm text-muted">
        <Trans>
          The link works until <LocalTime value={invitation.expiresAt} />.
        </Trans>
      </p>
      {failure && <RefusalNotice title={t`Not done`}>{translateText(i18n, failure)}</RefusalNotice>}
      {!signedInAs ? (
        <div className="mt-6 space-y-3">
          <Alert tone="info" title={t`Sign in to accept`}>
            <Trans>
              Sign in with <bdi>{invited}</bdi>, or create an account with that address: you come back here to accept.
            </Trans>
          </Alert>
          {/* Links to the sign-in page with the invited address filled in (the account must use
              exactly it), coming back here; the same with and without JavaScript. */}
          <div className="flex flex-wrap gap-3">
            <Link to={signInHref("login")} className={buttonClasses({ variant: "outline" })}>
              <LogIn aria-hidden="true" className="size-4" />
              <Trans>Sign In</Trans>
            </Link>
            <Link to={signInHref("register")} className={buttonClasses({ variant: "secondary" })}>
              <UserPlus aria-hidden="true" className="size-4" />
              <Trans>Create account</Trans>
            </Link>
          </div>
        </div>
      ) : otherAddress ? (
        <div className="mt-6">
          <Alert tone="warning" title={t`Another account`}>
            <Trans>
              You are signed in as <bdi>{current}</bdi>. This invitation is for <bdi>{invited}</bdi>: sign in with that address to
              accept it.
            </Trans>
          </Alert>
        </div>
      ) : (
        <Form method="post" className="mt-6">
          <input type="hidden" name="intent" value="accept" />
          <Button type="submit">
            <Trans>Accept and join</Trans>
          </Button>
        </Form>
      )}
      <Form method="post" className="mt-4">
        <input type="hidden" name="intent" value="decline" />
        <Button type="submit" variant="outline">
          <Trans>Decline the invitation</Trans>
        </Button>
      </Form>
    </section>
  );
}

export const meta = privatePageMeta({
  title: msg`Invitation`,
  description: msg`An invitation to join an organization.`,
  path: "/invitations",
});

export { RouteErrorBoundary as ErrorBoundary };
