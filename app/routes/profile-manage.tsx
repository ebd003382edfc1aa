import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useState } from "react";
import { data } from "react-router";
import { ACCOUNT_DELETION_MESSAGES, accountProfileSchema, changePasswordFormSchema } from "#common/auth.ts";
import { inSentence } from "#common/bidi.ts";
import { formatDate } from "#common/format.ts";
import { parseId } from "#common/ids.ts";
import { responseFromField } from "#common/passkeys.ts";
import { serviceDeps } from "#server/http/context.ts";
import { clearSessionCookie } from "#server/http/cookies.ts";
import { changePassword, getAccount, updateAccountProfile } from "#server/services/accounts/account.ts";
import { accountDeletionBlockers, deleteOwnAccount } from "#server/services/accounts/account-deletion.ts";
import { endAccountSession, endOtherAccountSessions, listAccountSessions } from "#server/services/accounts/account-sessions.ts";
import { addPasskey, listPasskeys, removePasskey, renamePasskey } from "#server/services/accounts/passkeys.ts";
import {
  confirmTotpEnrolment,
  disableTotp,
  regenerateRecoveryCodes,
  secondFactorStatus,
  startTotpEnrolment,
} from "#server/services/accounts/second-factor.ts";
import { resendVerificationEmail } from "#server/services/accounts/verification.ts";
import { actorOf } from "#server/services/context.ts";
import { ValidationFailed } from "#server/services/errors.ts";
import {
  ACCOUNT_INTENTS,
  type AccountAnswerData,
  type AccountIntent,
  Section,
  useFormAnswer,
  VerificationStatus,
} from "../components/account/account-parts.tsx";
import { DeleteAccountSection } from "../components/account/delete-account-section.tsx";
import { PasskeysSection } from "../components/account/passkeys-section.tsx";
import { NewPasswordFields } from "../components/account/password-fields.tsx";
import { ReauthenticateFields } from "../components/account/reauthenticate-fields.tsx";
import { SecondFactorSection } from "../components/account/second-factor-section.tsx";
import { SessionsSection } from "../components/account/sessions-section.tsx";
import { SignOutForm } from "../components/layout/header-account-signed-in.tsx";
import { RouteErrorBoundary } from "../components/layout/route-error-boundary.tsx";
import { FormErrorAlert } from "../components/ui/alert.tsx";
import { Button } from "../components/ui/button.tsx";
import { InputField } from "../components/ui/field.tsx";
import { appContext } from "../context.ts";
import { i18nOfRequest, localeOfRequest } from "../i18n/i18n.ts";
import { useLocale } from "../i18n/use-locale.ts";
import { errorAnswer, type FormResult, failed, failureToast, succeeded, typedValues } from "../lib/form-answer.ts";
import { privatePageMeta } from "../lib/meta.ts";
import { keepPageOnFailure, revalidateUnlessRequestFailed } from "../lib/page-action.ts";
import { reauthenticateFromForm } from "../lib/reauthentication.server.ts";
import { answer, invalidAnswer, refusedAnswer } from "../lib/service-errors.server.ts";
import { requireSignedIn } from "../lib/signed-in.server.ts";
import { redirectWithToast } from "../lib/toast.server.ts";
import type { Route } from "./+types/profile-manage";
import type { SignedInHandle } from "./signed-in-layout.tsx";

// /profile/manage: the account page of spec section 2. Profile information (name, e-mail), a
// change-password form that opens and closes, and read-only account information with the e-mail's
// verification status. Each form posts with its own fetcher; without JavaScript, as a plain form.

export const handle: SignedInHandle = {
  signedOut: {
    heading: msg`Manage Account`,
    title: msg`Authentication Required`,
    text: msg`You need to be logged in to manage your account.`,
  },
};

export async function loader({ context, request }: Route.LoaderArgs) {
  const app = context.get(appContext);
  // Where an account sent to set up its second factor does it (ENFORCE_SECOND_FACTOR=all).
  const session = requireSignedIn(app, { enrolling: true });
  const deps = serviceDeps(app);
  const [{ sessions }, secondFactor, { passkeys }, deletionBlockers] = await Promise.all([
    // Each device in the page's language (the same words as the new-device e-mail).
    listAccountSessions(deps, actorOf(session), localeOfRequest(request)),
    secondFactorStatus(deps, actorOf(session)),
    listPasskeys(deps, actorOf(session)),
    accountDeletionBlockers(deps, actorOf(session)),
  ]);
  // ENFORCE_SECOND_FACTOR: this account must set up a factor first (an admin: before anything admin).
  const mustEnrol = session.mustEnrol ? { asAdmin: session.mustEnrol === "admin" } : null;
  return { account: getAccount(session), sessions, secondFactor, passkeys, mustEnrol, deletionBlockers };
}

/** Each form's toasts: the title on success, the title on failure (the reason below it). */
const TOASTS: Record<AccountIntent, { done: MessageDescriptor; failed: MessageDescriptor }> = {
  profile: { done: msg`Profile updated`, failed: msg`Update failed` },
  password: { done: msg`Password changed`, failed: msg`Password change failed` },
  "resend-verification": { done: msg`Verification email sent`, failed: msg`Could not send the verification email` },
  "end-session": { done: msg`Signed out`, failed: msg`Could not sign out that session` },
  "end-other-sessions": { done: msg`Signed out everywhere else`, failed: msg`Could not sign out the other sessions` },
  "totp-start": { done: msg`Scan the QR code`, failed: msg`Could not start two-step sign-in` },
  "totp-confirm": { done: msg`Two-step sign-in is on`, failed: msg`Could not turn on two-step sign-in` },
  "totp-disable": { done: msg`Two-step sign-in is off`, failed: msg`Could not turn off two-step sign-in` },
  "recovery-codes": { done: msg`New recovery codes`, failed: msg`Could not make new recovery codes` },
  "passkey-add": { done: msg`Passkey added`, failed: msg`Could not add the passkey` },
  "passkey-rename": { done: msg`Passkey renamed`, failed: msg`Could not rename the passkey` },
  "passkey-remove": { done: msg`Passkey removed`, failed: msg`Could not remove the passkey` },
  "delete-account": { done: msg`Account deleted`, failed: msg`Could not delete your account` },
};

/** A form's success, its toast in the page's language (i18n: the request's). */
function done(
  i18n: I18n,
  intent: AccountIntent,
  description: MessageDescriptor,
  result: FormResult = { status: "success" },
  extra: AccountAnswerData = {},
) {
  return answer<AccountIntent, AccountAnswerData>({
    intent,
    result,
    toast: { title: i18n._(TOASTS[intent].done), description: i18n._(description) },
    ...(Object.keys(extra).length === 0 ? {} : { data: extra }),
  });
}

const refusal = (i18n: I18n, intent: AccountIntent) => ({ intent, toast: failureToast(i18n._(TOASTS[intent].failed)) });

export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const formData = await request.formData();
  const intent = formData.get("intent");
  const i18n = i18nOfRequest(request);
  const ok = (intent: AccountIntent, description: MessageDescriptor, result?: FormResult, extra?: AccountAnswerData) =>
    done(i18n, intent, description, result, extra);
  const refused = (intent: AccountIntent) => refusal(i18n, intent);
  // Without JavaScript the password (or a code) comes with the form itself (issue 38).
  const named = ACCOUNT_INTENTS.find((candidate) => candidate === intent);
  const reauthentication = named ? await reauthenticateFromForm(app, formData, refused(named)) : null;
  if (reauthentication) return reauthentication;

  if (intent === "profile") {
    const submission = parseWithZod(formData, { schema: accountProfileSchema });
    if (submission.status !== "success") return invalidAnswer(submission, refused(intent));
    try {
      const { user, emailChanged } = await updateAccountProfile(serviceDeps(app), actorOf(app.session), submission.value);
      const email = user.email;
      const said = emailChanged ? msg`We sent a verification link to ${email}.` : msg`Your account information has been saved.`;
      return ok(intent, said, submission.reply());
    } catch (error) {
      return refusedAnswer(error, { ...refused(intent), submission });
    }
  }

  if (intent === "password") {
    const hideFields = ["currentPassword", "newPassword", "confirmPassword"];
    const submission = parseWithZod(formData, { schema: changePasswordFormSchema });
    if (submission.status !== "success") return invalidAnswer(submission, { ...refused(intent), hideFields });
    try {
      await changePassword(serviceDeps(app), actorOf(app.session), submission.value);
      const said = msg`Your password has been updated. Other devices have been signed out.`;
      return ok(intent, said, submission.reply({ resetForm: true }));
    } catch (error) {
      return refusedAnswer(error, { ...refused(intent), submission, hideFields });
    }
  }

  if (intent === "resend-verification") {
    try {
      const { email } = await resendVerificationEmail(serviceDeps(app), actorOf(app.session));
      return ok(intent, msg`Check your inbox at ${email}.`);
    } catch (error) {
      return refusedAnswer(error, refused(intent));
    }
  }

  if (intent === "end-session" || intent === "end-other-sessions") {
    try {
      if (intent === "end-session") {
        await endAccountSession(serviceDeps(app), actorOf(app.session), parseId(String(formData.get("sessionId") ?? "")) ?? 0);
        return ok(intent, msg`That device has been signed out.`);
      }
      const { ended } = await endOtherAccountSessions(serviceDeps(app), actorOf(app.session), { others: "1" });
      const message =
        ended === 1 ? msg`1 other session has been signed out.` : msg`${ended} other sessions have been signed out.`;
      return ok(intent, message, undefined, { ended });
    } catch (error) {
      return refusedAnswer(error, refused(intent));
    }
  }

  // Two-step sign-in (issue 38): set up an authenticator app, confirm it with a first code (the
  // answer carries the recovery codes, shown once), new recovery codes, turn it off.
  if (intent === "totp-start" || intent === "totp-confirm" || intent === "totp-disable" || intent === "recovery-codes") {
    const deps = serviceDeps(app);
    const actor = actorOf(app.session);
    try {
      if (intent === "totp-start") {
        const { secret, qrSvg } = await startTotpEnrolment(deps, actor);
        return ok(intent, msg`Scan the QR code with your authenticator app.`, undefined, { enrolment: { secret, qrSvg } });
      }
      if (intent === "totp-confirm") {
        const { recoveryCodes } = await confirmTotpEnrolment(deps, actor, { code: String(formData.get("code") ?? "") });
        return ok(intent, msg`Save your recovery codes.`, undefined, { recoveryCodes });
      }
      if (intent === "recovery-codes") {
        const { recoveryCodes } = await regenerateRecoveryCodes(deps, actor);
        return ok(intent, msg`Your old recovery codes no longer work.`, undefined, { recoveryCodes });
      }
      await disableTotp(deps, actor);
      return ok(intent, msg`You sign in with your password alone.`);
    } catch (error) {
      return refusedAnswer(error, refused(intent));
    }
  }

  // Passkeys (issue 38): the browser's answer to the options of POST /api/account/passkeys/options
  // comes as JSON text with its name; removing one asks for re-authentication (the service).
  if (intent === "passkey-add" || intent === "passkey-remove") {
    const deps = serviceDeps(app);
    const actor = actorOf(app.session);
    try {
      if (intent === "passkey-add") {
        const { passkey } = await addPasskey(deps, actor, {
          name: String(formData.get("name") ?? ""),
          response: responseFromField(formData.get("response")),
        });
        const name = inSentence(passkey.name);
        return ok(intent, msg`You can now sign in with "${name}" instead of your password.`);
      }
      await removePasskey(deps, actor, parseId(String(formData.get("passkeyId") ?? "")) ?? 0);
      return ok(intent, msg`It can no longer sign you in.`);
    } catch (error) {
      return refusedAnswer(error, refused(intent));
    }
  }

  // A passkey's new name (no re-authentication: a name is not a factor). What was typed comes back
  // with a refusal, with the passkey's id, so the row it was typed in shows it with the reason.
  if (intent === "passkey-rename") {
    const typed = typedValues(formData, ["passkeyId", "name"]);
    try {
      const { passkey } = await renamePasskey(serviceDeps(app), actorOf(app.session), {
        id: parseId(typed.passkeyId ?? "") ?? 0,
        body: { name: typed.name },
      });
      const name = inSentence(passkey.name);
      return ok(intent, msg`This passkey is now called "${name}".`, undefined, {
        passkey: { id: passkey.id, name: passkey.name },
      });
    } catch (error) {
      return refusedAnswer(error, { ...refused(intent), initialValue: typed });
    }
  }

  // Deleting the account (issue 38): the box ticked, then the service (a recent sign-in; refused
  // while the last admin or an organization's only owner). Done, home, signed out.
  if (intent === "delete-account") {
    try {
      if (formData.get("confirm") !== "yes") throw new ValidationFailed(ACCOUNT_DELETION_MESSAGES.notConfirmed);
      await deleteOwnAccount(serviceDeps(app), actorOf(app.session));
      // "/" is home in the page's language: React Router adds the URL's language prefix (the
      // router's basename) to a redirect, so "/th" here would land on /th/th, a 404.
      return redirectWithToast(
        app,
        "/",
        {
          title: i18n._(TOASTS[intent].done),
          description: i18n._(msg`Your account and everything that belonged to it are gone.`),
        },
        { headers: { "Set-Cookie": clearSessionCookie(app.config) } },
      );
    } catch (error) {
      return refusedAnswer(error, refused(intent));
    }
  }

  throw data("Unknown form", { status: 400 });
}

/** A failed request is the form's failure: its toast, and the form as it was. */
export async function clientAction(args: Route.ClientActionArgs) {
  return keepPageOnFailure(args, (message, formData) => {
    const intent = ACCOUNT_INTENTS.find((candidate) => candidate === formData.get("intent")) ?? "profile";
    const i18n = i18nOfRequest(args.request);
    return errorAnswer(message, { intent, toast: failureToast(i18n._(TOASTS[intent].failed))(message) });
  });
}

export const shouldRevalidate = revalidateUnlessRequestFailed;

type Account = NonNullable<Route.ComponentProps["loaderData"]["account"]>;

function ProfileForm({ account }: { account: Account }) {
  const { t } = useLingui();
  const { fetcher, answer, lastResult, pending } = useFormAnswer("profile");
  const [form, fields] = useForm({
    id: "account-profile",
    lastResult,
    defaultValue: { name: account.name, email: account.email },
    constraint: getZodConstraint(accountProfileSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: accountProfileSchema }),
  });
  return (
    <fetcher.Form method="post" className="space-y-4" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="profile" />
      <FormErrorAlert errors={form.errors} />
      <InputField field={fields.name} label={t`Full Name`} autoComplete="name" required />
      <InputField
        field={fields.email}
        label={t`Email`}
        hint={t`Changing it sends a verification link to the new address.`}
        type="email"
        autoComplete="email"
        required
      />
      <ReauthenticateFields answer={answer} />
      <Button type="submit" disabled={pending}>
        {pending ? t`Saving...` : t`Save Changes`}
      </Button>
    </fetcher.Form>
  );
}

function PasswordForm() {
  const { t } = useLingui();
  const { fetcher, answer, lastResult, pending } = useFormAnswer("password");
  // Open after a refused submission, also when posted without JavaScript.
  const [open, setOpen] = useState(() => failed(answer));
  const [form, fields] = useForm({
    id: "account-password",
    lastResult,
    constraint: getZodConstraint(changePasswordFormSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: changePasswordFormSchema }),
  });
  // On success the answer has reset the form; it closes too (spec section 4).
  useEffect(() => {
    if (fetcher.state !== "idle" || fetcher.data?.intent !== "password") return;
    setOpen(!succeeded(fetcher.data));
  }, [fetcher.state, fetcher.data]);
  return (
    <details open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className="inline-flex h-10 cursor-pointer list-none items-center rounded-lg bg-white px-4 text-sm font-semibold text-ink ring-1 ring-inset ring-slate-300 hover:bg-slate-50 [&::-webkit-details-marker]:hidden">
        <Trans>Change Password</Trans>
      </summary>
      <fetcher.Form method="post" className="mt-4 space-y-4" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="password" />
        <FormErrorAlert errors={form.errors} />
        <InputField
          field={fields.currentPassword}
          label={t`Current Password`}
          type="password"
          autoComplete="current-password"
          required
        />
        <NewPasswordFields password={fields.newPassword} confirm={fields.confirmPassword} />
        <div className="flex gap-2">
          <Button type="submit" disabled={pending}>
            {pending ? t`Updating...` : t`Update Password`}
          </Button>
          <Button
            variant="outline"
            onClick={() => {
              form.reset();
              setOpen(false);
            }}
          >
            <Trans>Cancel</Trans>
          </Button>
        </div>
      </fetcher.Form>
    </details>
  );
}

export default function ManageAccount({ loaderData }: Route.ComponentProps) {
  const { account, sessions, secondFactor, passkeys, mustEnrol, deletionBlockers } = loaderData;
  const { t } = useLingui();
  const locale = useLocale();
  const hasOtherSessions = sessions.some((session) => !session.isCurrent);
  return (
    <div className="mx-auto max-w-2xl space-y-6 px-4 py-12">
      <div>
        <h1 className="text-3xl font-bold text-ink">
          <Trans>Manage Account</Trans>
        </h1>
        <p className="mt-2 text-muted">
          <Trans>Update your profile information and password.</Trans>
        </p>
      </div>
      <Section title={t`Profile Information`} description={t`Your name and the email address you sign in with.`}>
        <ProfileForm account={account} />
      </Section>
      <Section title={t`Password`} description={t`Changing your password signs you out on your other devices.`}>
        <PasswordForm />
      </Section>
      <SecondFactorSection status={secondFactor} mustEnrol={mustEnrol} hasOtherSessions={hasOtherSessions} />
      <PasskeysSection passkeys={passkeys} hasOtherSessions={hasOtherSessions} />
      <SessionsSection sessions={sessions} />
      <Section title={t`Account Information`}>
        <dl className="grid gap-4 text-sm sm:grid-cols-[max-content_1fr] sm:gap-x-8">
          <dt className="font-medium text-muted">
            <Trans>Account ID</Trans>
          </dt>
          <dd className="font-mono text-ink">{account.id}</dd>
          <dt className="font-medium text-muted">
            <Trans>Member since</Trans>
          </dt>
          <dd className="text-ink">{formatDate(account.createdAt, locale)}</dd>
          <dt className="font-medium text-muted">
            <Trans>Email verified</Trans>
          </dt>
          <dd>
            <VerificationStatus account={account} />
          </dd>
        </dl>
      </Section>
      <DeleteAccountSection blockers={deletionBlockers} />
      <div className="flex justify-end">
        <SignOutForm />
      </div>
    </div>
  );
}

export const meta = privatePageMeta({
  title: msg`Manage Account`,
  description: msg`Manage your account: name, email address and password.`,
  path: "/profile/manage",
});

export { RouteErrorBoundary as ErrorBoundary };
