import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { BadgeCheck, ImageUp, Mail, Trash2, UserMinus } from "lucide-react";
import { data, Form, Link } from "react-router";
import { i18nOfRequest, localeOfRequest } from "#app/i18n/i18n.ts";
import { countryName, countryOptions } from "#common/countries.ts";
import { parseId } from "#common/ids.ts";
import { MANAGING_ROLES, ORGANIZATION_LIMITS, type OrganizationMember, type OrganizationRole } from "#common/organizations.ts";
import { serviceDeps } from "#server/http/context.ts";
import { actorOf } from "#server/services/context.ts";
import { inviteMember, listInvitations, withdrawInvitation } from "#server/services/organizations/invitations.ts";
import { LOGO_FIELD, removeOrganizationLogo, setOrganizationLogo } from "#server/services/organizations/logo.ts";
import { listMembers, removeMember, updateMember } from "#server/services/organizations/members.ts";
import { deleteOrganization, getOrganization, updateOrganization } from "#server/services/organizations/organizations.ts";
import { domainRefusal, verifyOrganization } from "#server/services/organizations/verification.ts";
import { ReauthenticateFields } from "../components/account/reauthenticate-fields.tsx";
import { RouteErrorBoundary } from "../components/layout/route-error-boundary.tsx";
import { kindLabel, roleLabel, roleOptions } from "../components/organizations/labels.ts";
import { VerifiedMark } from "../components/organizations/organization-badge.tsx";
import { OrganizationForm } from "../components/organizations/organization-fields.tsx";
import { OrganizationLogo } from "../components/organizations/organization-logo.tsx";
import { Button, buttonClasses } from "../components/ui/button.tsx";
import { Field, Input, Select } from "../components/ui/field.tsx";
import { LocalTime } from "../components/ui/local-time.tsx";
import { Options } from "../components/ui/options.tsx";
import { RefusalNotice } from "../components/ui/refusal-notice.tsx";
import { appContext } from "../context.ts";
import { translateText } from "../i18n/translate-text.ts";
import {
  answerOf,
  errorAnswer,
  errorOf,
  type FormAnswer,
  failed,
  firstFieldErrors,
  typedOf,
  typedValues,
} from "../lib/form-answer.ts";
import { privatePageMeta } from "../lib/meta.ts";
import { keepPageOnFailure } from "../lib/page-action.ts";
import { reauthenticateFromForm } from "../lib/reauthentication.server.ts";
import { answer, orPageError, refusedAnswer } from "../lib/service-errors.server.ts";
import { requireSignedIn } from "../lib/signed-in.server.ts";
import { redirectWithToast } from "../lib/toast.server.ts";
import type { Route } from "./+types/my-organization";
import type { SignedInHandle } from "./signed-in-layout.tsx";

// /my-organizations/{id} (issue 31): one organization as its members see it. Everyone: the record,
// the members, leaving, and whether they are listed on the public page. Owners and admins: the
// details, verification by e-mail domain, roles, removing members, invitations, deleting it. Not a
// member: 404, as for a missing organization; every request asks again (a removed member's open
// page answers 404 at their next step).

export const handle: SignedInHandle = {
  signedOut: {
    heading: msg`Organization`,
    title: msg`Please sign in`,
    text: msg`You need to be signed in to work with organizations.`,
  },
};

function organizationIdOf(params: { id?: string }): number {
  const id = parseId(params.id ?? "");
  if (id === null) throw data("Organization not found", { status: 404 });
  return id;
}

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const session = requireSignedIn(app, { comeBack: request });
  const user = actorOf(session);
  const id = organizationIdOf(params);
  const deps = serviceDeps(app);
  const locale = localeOfRequest(request);
  const organization = await orPageError(getOrganization(deps, user, id));
  // A verified organization is readable by anyone: this page is its members' only.
  if (organization.role === null) throw data("Organization not found", { status: 404 });
  const manages = organization.role !== null && MANAGING_ROLES.includes(organization.role);
  const [{ members }, invitations] = await Promise.all([
    orPageError(listMembers(deps, user, id)),
    manages ? orPageError(listInvitations(deps, user, id)).then((answer) => answer.invitations) : Promise.resolve([]),
  ]);
  return {
    organization,
    // Names from the server, so the page hydrates with the same words (a browser's Intl may differ).
    countries: manages ? countryOptions(locale) : [],
    countryLabel: countryName(organization.country, locale),
    members,
    invitations,
    me: { id: session.user.id, email: session.user.email, emailVerified: session.user.isEmailVerified },
    // Why this member's address cannot verify the domain (another domain, free mail, unconfirmed),
    // said before a click rather than after it (null: the button works).
    verifyRefusal: organization.verified
      ? null
      : (domainRefusal(organization, { email: session.user.email, isEmailVerified: session.user.isEmailVerified })?.message ??
        null),
  };
}

/** What comes back of a refused form: the typed fields, and which member's row it was sent from. */
const TYPED_FIELDS = ["name", "kind", "country", "website", "description", "email", "role", "userId"] as const;

/** A refusal no service decided (an unknown form, a failed request): the one answer shape. */
function failureAnswer(message: string, form: FormData): FormAnswer {
  return errorAnswer(message, { intent: String(form.get("intent") ?? ""), initialValue: typedValues(form, TYPED_FIELDS) });
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const app = context.get(appContext);
  requireSignedIn(app, { comeBack: request });
  const id = organizationIdOf(params);
  const deps = serviceDeps(app);
  const form = await request.formData();
  const intent = form.get("intent");
  // Without JavaScript the password (or code) comes in the form itself (issue 38): confirmed first.
  const refused = await reauthenticateFromForm(app, form, { intent: String(intent ?? "") });
  if (refused) return refused;
  const user = actorOf(app.session);
  const userId = parseId(String(form.get("userId") ?? ""));
  const here = `/my-organizations/${id}`;
  // The toasts in the page's language (issue 37).
  const i18n = i18nOfRequest(request);
  try {
    switch (intent) {
      case "update":
        await updateOrganization(deps, user, {
          id,
          body: {
            name: form.get("name"),
            kind: form.get("kind"),
            country: form.get("country"),
            website: form.get("website"),
            description: form.get("description"),
          },
        });
        return redirectWithToast(app, here, { title: i18n._(msg`Organization updated`) });
      case "logo":
        // The picture comes with the form (multipart; no JavaScript needed), as the API takes it.
        await setOrganizationLogo(deps, user, { id, file: form.get(LOGO_FIELD) });
        return redirectWithToast(app, here, { title: i18n._(msg`Logo saved`) });
      case "remove-logo":
        await removeOrganizationLogo(deps, user, id);
        return redirectWithToast(app, here, { title: i18n._(msg`Logo removed`) });
      case "verify":
        await verifyOrganization(deps, user, { id, body: { method: "domain" } });
        return redirectWithToast(app, here, { title: i18n._(msg`Organization verified`) });
      case "invite": {
        const { email } = await inviteMember(deps, user, { id, body: { email: form.get("email"), role: form.get("role") } });
        return redirectWithToast(app, here, {
          title: i18n._(msg`Invitation sent`),
          description: i18n._(msg`An e-mail is on its way to ${email}.`),
        });
      }
      case "withdraw": {
        const invitationId = parseId(String(form.get("invitationId") ?? ""));
        if (invitationId === null) break;
        await withdrawInvitation(deps, user, { id, invitationId });
        return redirectWithToast(app, here, { title: i18n._(msg`Invitation withdrawn`) });
      }
      case "role":
        if (userId === null) break;
        await updateMember(deps, user, { id, userId, body: { role: form.get("role") } });
        return redirectWithToast(app, here, { title: i18n._(msg`Role changed`) });
      case "posting": {
        // Issue 32: owners and admins let a plain member post the organization's opportunities.
        if (userId === null) break;
        const allowed = form.get("canPost") === "true";
        await updateMember(deps, user, { id, userId, body: { canPost: allowed } });
        return redirectWithToast(app, here, {
          title: allowed ? i18n._(msg`Allowed to post opportunities`) : i18n._(msg`No longer allowed to post opportunities`),
        });
      }
      case "listed":
        if (userId === null) break;
        await updateMember(deps, user, { id, userId, body: { listed: form.get("listed") === "true" } });
        return redirectWithToast(app, here, {
          title:
            form.get("listed") === "true"
              ? i18n._(msg`You are listed on the public page`)
              : i18n._(msg`You are no longer listed`),
        });
      case "remove": {
        if (userId === null) break;
        const { left } = await removeMember(deps, user, { id, userId });
        if (left) return redirectWithToast(app, "/my-organizations", { title: i18n._(msg`You left the organization`) });
        return redirectWithToast(app, here, { title: i18n._(msg`Member removed`) });
      }
      case "delete":
        // The page's box to tick (the API's DELETE /api/organizations/{id} is unchanged).
        if (form.get("confirmDelete") !== "yes") {
          return answer(failureAnswer(i18n._(msg`Tick the box to confirm that the organization is to be deleted.`), form), {
            status: 400,
          });
        }
        await deleteOrganization(deps, user, id);
        return redirectWithToast(app, "/my-organizations", { title: i18n._(msg`Organization deleted`) });
    }
  } catch (error) {
    // The one mapper (issue 38's reauthenticate flag included: deleting opens the password dialog).
    // Not (or no longer) a member: the page is gone for them.
    return refusedAnswer(error, {
      intent: String(intent ?? ""),
      initialValue: typedValues(form, TYPED_FIELDS),
      notFoundPage: true,
    });
  }
  return answer(failureAnswer("Unknown action", form), { status: 400 });
}

/** A failed request keeps the page and what was typed (app/lib/page-action.ts). */
export async function clientAction(args: Route.ClientActionArgs) {
  return keepPageOnFailure(args, failureAnswer);
}

const sectionClasses = "mt-6 rounded-2xl border border-slate-200 bg-white p-4 sm:p-6";

export default function MyOrganizationPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useLingui();
  const { organization, members, invitations, me, countries, countryLabel, verifyRefusal } = loaderData;
  const failure = failed(actionData) ? (actionData as FormAnswer) : null;
  const failureText = (answer: FormAnswer | null | undefined) => translateText(i18n, errorOf(answer) ?? "");
  const role = organization.role as OrganizationRole;
  const manages = MANAGING_ROLES.includes(role);
  const myself = members.find((member) => member.userId === me.id);
  const failureOf = (intent: string) => answerOf(failure, intent) ?? null;
  const kind = kindLabel(i18n, organization.kind);
  const roleName = roleLabel(i18n, role);
  const domain = organization.domain ?? "";
  const email = me.email;
  const days = ORGANIZATION_LIMITS.invitationDays;
  const memberCount = members.length;
  const ownerCount = members.filter((member) => member.role === "owner").length;
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <Link to="/my-organizations" className="text-sm font-medium text-brand-800 hover:underline">
        <Trans>All your organizations</Trans>
      </Link>
      <h1 className="mt-2 flex flex-wrap items-center gap-3 text-3xl font-bold tracking-tight text-ink">
        <OrganizationLogo name={organization.name} logoUrl={organization.logoUrl} />
        <bdi className="break-words">{organization.name}</bdi>
        {organization.verified && <VerifiedMark />}
      </h1>
      <p className="mt-1 text-muted">
        {kind} · {countryLabel} · <Trans>your role: {roleName}</Trans>
      </p>
      {failure && !["update", "invite", "logo", "remove-logo"].includes(failure.intent ?? "") && (
        <RefusalNotice title={t`Not changed`}>{failureText(failure)}</RefusalNotice>
      )}

      <section aria-labelledby="verification-heading" className={sectionClasses}>
        <h2 id="verification-heading" className="text-lg font-semibold text-ink">
          <Trans>Verification</Trans>
        </h2>
        {organization.verified ? (
          <p className="mt-2 text-slate-700">
            {organization.verificationMethod === "domain" ? (
              <Trans>Verified by the e-mail domain {domain}.</Trans>
            ) : (
              <Trans>Verified by an administrator.</Trans>
            )}{" "}
            <Link to={`/organizations/${organization.slug}`} className="font-medium text-brand-800 underline">
              <Trans>See the public page</Trans>
            </Link>
          </p>
        ) : (
          <>
            <p className="mt-2 text-slate-700">
              <Trans>
                Not verified yet. Consultants see your messages without the verified badge, your reviews do not count toward
                ratings, and the organization has no public page.
              </Trans>
            </p>
            <p className="mt-2 text-sm text-muted">
              {domain ? (
                <Trans>
                  A member whose confirmed sign-in address is at {domain} verifies it with one click (free e-mail providers never
                  do). An administrator can also verify it by hand.
                </Trans>
              ) : (
                <Trans>Add the organization's website first: the domain is checked against it.</Trans>
              )}
            </p>
            {verifyRefusal ? (
              organization.domain && (
                <p className="mt-3 text-sm text-slate-700" data-testid="verify-refusal">
                  {translateText(i18n, verifyRefusal)}
                </p>
              )
            ) : (
              <Form method="post" className="mt-3">
                <input type="hidden" name="intent" value="verify" />
                {/* One text in the button (its flex row would split the words, the address and the
                    brackets into columns on a phone), wrapping over lines as it needs. */}
                <Button type="submit" variant="outline" className="h-auto! min-h-10 py-2 text-left">
                  <BadgeCheck aria-hidden="true" className="size-4 shrink-0" />
                  <span className="min-w-0 [overflow-wrap:anywhere]">
                    <Trans>
                      Verify with my e-mail address (<bdi>{email}</bdi>)
                    </Trans>
                  </span>
                </Button>
              </Form>
            )}
          </>
        )}
      </section>

      <section aria-labelledby="members-heading" className={sectionClasses}>
        <h2 id="members-heading" className="text-lg font-semibold text-ink">
          <Trans>Members ({memberCount})</Trans>
        </h2>
        <ul className="mt-3 divide-y divide-slate-200">
          {members.map((member) => (
            <MemberRow
              key={member.userId}
              member={member}
              isMe={member.userId === me.id}
              myRole={role}
              soleOwner={member.role === "owner" && ownerCount === 1}
              failure={typedOf(failure).userId === String(member.userId) ? failureText(failure) : null}
            />
          ))}
        </ul>
        {myself && (
          <Form method="post" className="mt-4 flex flex-wrap items-center gap-3 border-t border-slate-200 pt-4">
            <input type="hidden" name="intent" value="listed" />
            <input type="hidden" name="userId" value={me.id} />
            <input type="hidden" name="listed" value={myself.listed ? "false" : "true"} />
            <p className="text-sm text-slate-700">
              {myself.listed ? (
                <Trans>Your name is shown on the organization's public page.</Trans>
              ) : (
                <Trans>Your name is not shown on the organization's public page.</Trans>
              )}
            </p>
            <Button type="submit" variant="outline" size="sm">
              {myself.listed ? <Trans>Stop showing my name</Trans> : <Trans>Show my name on the public page</Trans>}
            </Button>
          </Form>
        )}
      </section>

      {manages && (
        <section aria-labelledby="invite-heading" className={sectionClasses}>
          <h2 id="invite-heading" className="text-lg font-semibold text-ink">
            <Trans>Invite a colleague</Trans>
          </h2>
          <p className="mt-1 text-sm text-muted">
            <Trans>They get an e-mail with a link that works once, for {days} days.</Trans>
          </p>
          {failureOf("invite") && (
            <RefusalNotice className="mt-3" title={t`The invitation was not sent`}>
              {failureText(failureOf("invite"))}
            </RefusalNotice>
          )}
          {/* A new form once the waiting list changes (an invitation sent or replaced): the address
              typed is gone, as after a page load; a refusal leaves the list and the typed address. */}
          <Form
            key={invitations.map((invitation) => `${invitation.id}@${invitation.expiresAt}`).join()}
            method="post"
            className="mt-3 grid gap-3 sm:grid-cols-[1fr_10rem_auto] sm:items-end"
          >
            <input type="hidden" name="intent" value="invite" />
            <Field label={t`E-mail address`} required error={firstFieldErrors(failureOf("invite")).email}>
              {(props) => (
                <Input
                  {...props}
                  name="email"
                  type="email"
                  autoComplete="off"
                  defaultValue={typedOf(failureOf("invite")).email ?? ""}
                  maxLength={255}
                />
              )}
            </Field>
            <Field label={t`Role`}>
              {(props) => (
                <Select {...props} name="role" defaultValue={typedOf(failureOf("invite")).role || "member"}>
                  <Options values={roleOptions(i18n, grantable(role))} />
                </Select>
              )}
            </Field>
            <Button type="submit">
              <Mail aria-hidden="true" className="size-4" />
              <Trans>Send invitation</Trans>
            </Button>
          </Form>
          {invitations.length > 0 && (
            <>
              <h3 className="mt-5 font-semibold text-ink">
                <Trans>Waiting for an answer</Trans>
              </h3>
              <ul className="mt-2 divide-y divide-slate-200">
                {invitations.map((invitation) => {
                  const invited = invitation.email;
                  return (
                    <li key={invitation.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                      <span className="break-all text-sm text-slate-800">
                        <bdi>{invited}</bdi> · {roleLabel(i18n, invitation.role)} · <Trans>until</Trans>{" "}
                        <LocalTime value={invitation.expiresAt} />
                      </span>
                      <Form method="post">
                        <input type="hidden" name="intent" value="withdraw" />
                        <input type="hidden" name="invitationId" value={invitation.id} />
                        <button type="submit" className="text-sm font-medium text-red-800 underline">
                          <Trans>
                            Withdraw
                            <span className="sr-only">
                              {" "}
                              the invitation to <bdi>{invited}</bdi>
                            </span>
                          </Trans>
                        </button>
                      </Form>
                    </li>
                  );
                })}
              </ul>
            </>
          )}
        </section>
      )}

      {manages && <LogoSection organization={organization} failure={failureOf("logo") ?? failureOf("remove-logo")} />}

      <section aria-labelledby="details-heading" className={sectionClasses}>
        <h2 id="details-heading" className="text-lg font-semibold text-ink">
          <Trans>Details</Trans>
        </h2>
        {manages ? (
          <>
            {organization.verified && (
              <p className="mt-1 text-sm text-muted">
                <Trans>Changing the name or the website takes the verification back.</Trans>
              </p>
            )}
            {failureOf("update") && (
              <RefusalNotice className="mt-3" title={t`The details were not saved`}>
                {failureText(failureOf("update"))}
              </RefusalNotice>
            )}
            <OrganizationForm
              intent="update"
              failure={failureOf("update")}
              current={organization}
              countries={countries}
              label={<Trans>Save details</Trans>}
            />
            {/* Deleting cannot be undone and takes the team's work with it: a disclosure (no
                JavaScript needed) and a box to tick, as deleting an account. */}
            <details className="mt-6 border-t border-slate-200 pt-4" open={failureOf("delete") ? true : undefined}>
              <summary
                className={`${buttonClasses({ variant: "outline", size: "sm" })} cursor-pointer list-none text-red-700 [&::-webkit-details-marker]:hidden`}
              >
                <Trash2 aria-hidden="true" className="size-4" />
                <Trans>Delete this organization…</Trans>
              </summary>
              <Form method="post" className="mt-3">
                <input type="hidden" name="intent" value="delete" />
                <p className="text-sm text-muted">
                  <Trans>
                    Deleting the organization removes its members, invitations and team shortlists. Its conversations stay with
                    the consultants.
                  </Trans>
                </p>
                <label className="mt-3 flex items-start gap-2 text-sm text-ink">
                  <input
                    type="checkbox"
                    name="confirmDelete"
                    value="yes"
                    required
                    defaultChecked={failureOf("delete")?.reauthenticate ? true : undefined}
                    className="mt-0.5 size-4 shrink-0"
                  />
                  <Trans>I understand: its members, invitations and team shortlists are removed for everyone.</Trans>
                </label>
                {failureOf("delete") && !failureOf("delete")?.reauthenticate && (
                  <RefusalNotice className="mt-3" title={t`Not changed`}>
                    {failureText(failureOf("delete"))}
                  </RefusalNotice>
                )}
                {failureOf("delete")?.reauthenticate && (
                  <div className="mt-2">
                    <ReauthenticateFields answer={failureOf("delete")} />
                  </div>
                )}
                <Button type="submit" variant="outline" size="sm" className="mt-3">
                  <Trash2 aria-hidden="true" className="size-4" />
                  <Trans>Delete organization</Trans>
                </Button>
              </Form>
            </details>
          </>
        ) : (
          <>
            {organization.website && <p className="mt-2 break-all text-slate-700">{organization.website}</p>}
            {organization.description && (
              <p className="mt-2 whitespace-pre-line text-slate-700" dir="auto">
                {organization.description}
              </p>
            )}
          </>
        )}
      </section>
    </div>
  );
}

/**
 * The logo (owners and admins): upload, replace or remove it. Plain forms: the picture goes with
 * the form, so it works without JavaScript; the server checks it as it checks a profile photo.
 */
function LogoSection({
  organization,
  failure,
}: {
  organization: { name: string; logoUrl: string | null };
  failure: FormAnswer | null;
}) {
  const { t, i18n } = useLingui();
  const fieldError = firstFieldErrors(failure).logo;
  const failureText = failure && !fieldError ? translateText(i18n, errorOf(failure) ?? "") : null;
  return (
    <section aria-labelledby="logo-heading" className={sectionClasses}>
      <h2 id="logo-heading" className="text-lg font-semibold text-ink">
        <Trans>Logo</Trans>
      </h2>
      <p className="mt-1 text-sm text-muted">
        <Trans>
          Shown on the public page and beside the organization's name. A JPEG, PNG or GIF of at most 1.5 MB; it is fitted into a
          square. Without one, the initials are shown.
        </Trans>
      </p>
      {failureText && (
        <RefusalNotice className="mt-3" title={t`The logo was not changed`}>
          {failureText}
        </RefusalNotice>
      )}
      <div className="mt-4 flex flex-wrap items-start gap-4">
        <OrganizationLogo name={organization.name} logoUrl={organization.logoUrl} size="lg" />
        <div className="min-w-0 flex-1 space-y-3">
          <Form method="post" encType="multipart/form-data" className="flex flex-wrap items-end gap-3">
            <input type="hidden" name="intent" value="logo" />
            <Field label={organization.logoUrl ? t`New logo` : t`Logo picture`} required error={fieldError}>
              {(props) => (
                <input
                  {...props}
                  type="file"
                  name="logo"
                  accept="image/jpeg,image/png,image/gif"
                  required
                  className="block w-full max-w-xs text-sm text-slate-800 file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:font-medium file:text-slate-800"
                />
              )}
            </Field>
            <Button type="submit" variant="outline">
              <ImageUp aria-hidden="true" className="size-4" />
              {organization.logoUrl ? <Trans>Replace logo</Trans> : <Trans>Upload logo</Trans>}
            </Button>
          </Form>
          {organization.logoUrl && (
            <Form method="post">
              <input type="hidden" name="intent" value="remove-logo" />
              <Button type="submit" variant="outline" size="sm">
                <Trash2 aria-hidden="true" className="size-4" />
                <Trans>Remove logo</Trans>
              </Button>
            </Form>
          )}
        </div>
      </div>
    </section>
  );
}

/** The roles a member with `role` may give: an owner any, an admin all but owner. */
function grantable(role: OrganizationRole): OrganizationRole[] {
  return role === "owner" ? ["owner", "admin", "member"] : ["admin", "member"];
}

function MemberRow({
  member,
  isMe,
  myRole,
  soleOwner,
  failure,
}: {
  member: OrganizationMember;
  isMe: boolean;
  myRole: OrganizationRole;
  /** The organization's only owner: it cannot be without one, so they cannot leave yet. */
  soleOwner: boolean;
  /** Why the last form sent from this member's row was refused. */
  failure: string | null;
}) {
  const { i18n } = useLingui();
  const manages = MANAGING_ROLES.includes(myRole);
  // An admin manages members and admins; owners are an owner's to change.
  const canChange = manages && !isMe && (myRole === "owner" || member.role !== "owner");
  const name = member.name;
  return (
    <li className="py-3" data-testid="member">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <p className="font-medium text-ink">
            <bdi>{name}</bdi>
            {isMe && (
              <span className="font-normal text-muted">
                {" "}
                <Trans>(you)</Trans>
              </span>
            )}
          </p>
          <p className="break-all text-sm text-muted">
            <bdi>{member.email}</bdi> · {roleLabel(i18n, member.role)}
            {member.role === "member" && member.canPost && (
              <>
                {" · "}
                <Trans>may post opportunities</Trans>
              </>
            )}
          </p>
        </div>
        <div className="flex flex-wrap items-end gap-2">
          {canChange && (
            <Form method="post" className="flex items-end gap-2">
              <input type="hidden" name="intent" value="role" />
              <input type="hidden" name="userId" value={member.userId} />
              <Field
                label={
                  <span className="sr-only">
                    <Trans>Role of {name}</Trans>
                  </span>
                }
              >
                {(props) => (
                  <Select {...props} name="role" defaultValue={member.role}>
                    <Options values={roleOptions(i18n, grantable(myRole))} />
                  </Select>
                )}
              </Field>
              <Button type="submit" variant="outline" size="sm">
                <Trans>
                  Change role<span className="sr-only"> of {name}</span>
                </Trans>
              </Button>
            </Form>
          )}
          {canChange && member.role === "member" && (
            <Form method="post">
              <input type="hidden" name="intent" value="posting" />
              <input type="hidden" name="userId" value={member.userId} />
              <input type="hidden" name="canPost" value={member.canPost ? "false" : "true"} />
              <Button type="submit" variant="outline" size="sm">
                {member.canPost ? (
                  <Trans>
                    Stop posting<span className="sr-only"> opportunities for {name}</span>
                  </Trans>
                ) : (
                  <Trans>
                    Allow to post opportunities<span className="sr-only"> for {name}</span>
                  </Trans>
                )}
              </Button>
            </Form>
          )}
          {(canChange || (isMe && !soleOwner)) && (
            <Form method="post">
              <input type="hidden" name="intent" value="remove" />
              <input type="hidden" name="userId" value={member.userId} />
              <Button type="submit" variant="outline" size="sm">
                <UserMinus aria-hidden="true" className="size-4" />
                {isMe ? (
                  <Trans>Leave the organization</Trans>
                ) : (
                  <Trans>
                    Remove<span className="sr-only"> {name}</span>
                  </Trans>
                )}
              </Button>
            </Form>
          )}
        </div>
      </div>
      {/* Leaving would answer 409 (the last owner): say what to do instead of offering it. */}
      {isMe && soleOwner && (
        <p className="mt-1 text-sm text-muted" data-testid="sole-owner">
          <Trans>
            You are the only owner, so you cannot leave yet: first make another member an owner, or delete the organization.
          </Trans>
        </p>
      )}
      {failure && (
        <p className="mt-1 text-sm text-red-800" role="alert">
          {failure}
        </p>
      )}
    </li>
  );
}

export function meta(args: Route.MetaArgs) {
  const name = args.loaderData?.organization.name;
  const tags = privatePageMeta({
    title: name ?? msg`Organization`,
    description: name ? msg`${name}: members, invitations and verification.` : msg`Members, invitations and verification.`,
    path: "/my-organizations",
  })(args);
  // On its error screen the screen's own <title> is the document's one (two are invalid HTML); the other tags stay.
  return args.error ? tags.filter((tag) => !("title" in tag)) : tags;
}

export { RouteErrorBoundary as ErrorBoundary };
