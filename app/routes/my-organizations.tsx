import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Building2 } from "lucide-react";
import { Form, Link } from "react-router";
import { i18nOfRequest, localeOfRequest } from "#app/i18n/i18n.ts";
import { countryOptions } from "#common/countries.ts";
import { safeRedirect } from "#common/redirect.ts";
import { serviceDeps } from "#server/http/context.ts";
import { actorOf } from "#server/services/context.ts";
import { listMemberships, setActingOrganization } from "#server/services/organizations/membership.ts";
import { createOrganization } from "#server/services/organizations/organizations.ts";
import { RouteErrorBoundary } from "../components/layout/route-error-boundary.tsx";
import { namedOptions, roleLabel } from "../components/organizations/labels.ts";
import { OrganizationBadge } from "../components/organizations/organization-badge.tsx";
import { OrganizationForm } from "../components/organizations/organization-fields.tsx";
import { Button, buttonClasses } from "../components/ui/button.tsx";
import { Field, Select } from "../components/ui/field.tsx";
import { ListSection } from "../components/ui/list-section.tsx";
import { Options } from "../components/ui/options.tsx";
import { PageHeading } from "../components/ui/page-heading.tsx";
import { RefusalNotice } from "../components/ui/refusal-notice.tsx";
import { appContext } from "../context.ts";
import { translateText } from "../i18n/translate-text.ts";
import { answerOf, errorAnswer, errorOf, type FormAnswer, failed, typedValues } from "../lib/form-answer.ts";
import { privatePageMeta } from "../lib/meta.ts";
import { keepPageOnFailure } from "../lib/page-action.ts";
import { answer, refusedAnswer } from "../lib/service-errors.server.ts";
import { requireSignedIn } from "../lib/signed-in.server.ts";
import { redirectWithToast } from "../lib/toast.server.ts";
import type { Route } from "./+types/my-organizations";
import type { SignedInHandle } from "./signed-in-layout.tsx";

// /my-organizations (issue 31): the organizations the signed-in person belongs to, the one they
// act for (the same switch as the header menu's), and the form that creates one (its creator is
// its owner and acts for it). Each organization is managed on /my-organizations/{id}.

export const handle: SignedInHandle = {
  signedOut: {
    heading: msg`Organizations`,
    title: msg`Please sign in`,
    text: msg`You need to be signed in to work with organizations.`,
  },
};

export async function loader({ context, request }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const user = actorOf(requireSignedIn(app, { comeBack: request }));
  // The countries by name from the server, in the page's language (a browser's Intl may name some differently).
  const locale = localeOfRequest(request);
  return { memberships: await listMemberships(serviceDeps(app), user), countries: countryOptions(locale) };
}

/** What comes back of a refused form: the new organization's fields as typed. */
const TYPED_FIELDS = ["name", "kind", "country", "website", "description"] as const;

/** A refusal no service decided (an unknown form, a failed request): the one answer shape. */
function failureAnswer(message: string, form: FormData): FormAnswer {
  return errorAnswer(message, { intent: String(form.get("intent") ?? ""), initialValue: typedValues(form, TYPED_FIELDS) });
}

export async function action({ context, request }: Route.ActionArgs) {
  const app = context.get(appContext);
  const user = actorOf(requireSignedIn(app, { comeBack: request }));
  const deps = serviceDeps(app);
  const form = await request.formData();
  const intent = form.get("intent");
  // The toasts in the page's language (issue 37).
  const i18n = i18nOfRequest(request);
  try {
    if (intent === "act") {
      const { acting } = await setActingOrganization(deps, user, { organizationId: form.get("organizationId") ?? "" });
      const name = acting?.name;
      // Back to the page the header's switch was on: a page of this site only (common/redirect.ts).
      return redirectWithToast(app, safeRedirect(form.get("redirectTo"), "/my-organizations"), {
        title: name ? i18n._(msg`You now act for ${name}`) : i18n._(msg`You now act for yourself`),
      });
    }
    if (intent === "create") {
      const created = await createOrganization(deps, user, {
        name: form.get("name"),
        kind: form.get("kind"),
        country: form.get("country"),
        website: form.get("website"),
        description: form.get("description"),
      });
      return redirectWithToast(app, `/my-organizations/${created.id}`, { title: i18n._(msg`Organization created`) });
    }
  } catch (error) {
    return refusedAnswer(error, { intent: String(intent ?? ""), initialValue: typedValues(form, TYPED_FIELDS) });
  }
  return answer(failureAnswer("Unknown action", form), { status: 400 });
}

/** A failed request keeps the page and what was typed (app/lib/page-action.ts). */
export async function clientAction(args: Route.ClientActionArgs) {
  return keepPageOnFailure(args, failureAnswer);
}

export default function MyOrganizationsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useLingui();
  const { memberships, countries } = loaderData;
  const failure = failed(actionData) ? (actionData as FormAnswer) : null;
  const createFailure = answerOf(failure, "create") ?? null;
  const acting = memberships.find((membership) => membership.acting) ?? null;
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <PageHeading title={<Trans>Organizations</Trans>}>
        <Trans>
          Work as a team: shortlists and conversations of an organization belong to all its members. A verified organization shows
          a badge on its messages, reviews and shared shortlists.
        </Trans>
      </PageHeading>
      {failure && failure.intent !== "create" && (
        <RefusalNotice title={t`Not changed`}>{translateText(i18n, errorOf(failure) ?? "")}</RefusalNotice>
      )}
      {memberships.length > 0 && (
        <section aria-labelledby="acting-heading" className="mt-6 rounded-2xl border border-slate-200 bg-white p-4 sm:p-5">
          <h2 id="acting-heading" className="text-lg font-semibold text-ink">
            <Trans>Acting for</Trans>
          </h2>
          <p className="mt-1 text-sm text-muted">
            <Trans>
              Messages you send and shortlists you create belong to the organization you act for. You can also switch in the
              account menu.
            </Trans>
          </p>
          <Form method="post" className="mt-3 flex flex-wrap items-end gap-3">
            <input type="hidden" name="intent" value="act" />
            <Field label={t`Act for`} className="min-w-56 flex-1">
              {(props) => (
                <Select {...props} name="organizationId" defaultValue={acting ? String(acting.id) : ""}>
                  <Options placeholder={t`Myself`} values={namedOptions(memberships)} />
                </Select>
              )}
            </Field>
            <Button type="submit" variant="outline">
              <Trans>Switch</Trans>
            </Button>
          </Form>
        </section>
      )}
      <ListSection
        id="mine-heading"
        title={<Trans>Your organizations</Trans>}
        items={memberships}
        empty={<Trans>You do not belong to an organization yet. Create one below, or accept an invitation.</Trans>}
        listClassName="mt-3 space-y-3"
      >
        {(membership) => {
          const name = membership.name;
          const role = roleLabel(i18n, membership.role);
          return (
            <li
              key={membership.id}
              className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-slate-200 bg-white p-4"
              data-testid="membership"
            >
              <div className="min-w-0">
                <p className="font-semibold text-ink">
                  <OrganizationBadge organization={membership} />
                </p>
                <p className="mt-0.5 text-sm text-muted">
                  <Trans>Your role: {role}</Trans>
                  {membership.acting && (
                    <>
                      {" · "}
                      <Trans>you act for it</Trans>
                    </>
                  )}
                </p>
              </div>
              <div className="flex flex-wrap gap-2">
                {membership.verified && (
                  <Link to={`/organizations/${membership.slug}`} className={buttonClasses({ variant: "outline", size: "sm" })}>
                    <Trans>
                      Public page<span className="sr-only"> of {name}</span>
                    </Trans>
                  </Link>
                )}
                <Link to={`/my-organizations/${membership.id}`} className={buttonClasses({ size: "sm" })}>
                  <Building2 aria-hidden="true" className="size-4" />
                  <Trans>
                    Open<span className="sr-only"> {name}</span>
                  </Trans>
                </Link>
              </div>
            </li>
          );
        }}
      </ListSection>
      <section aria-labelledby="create-heading" className="mt-8 rounded-2xl border border-slate-200 bg-white p-4 sm:p-6">
        <h2 id="create-heading" className="text-xl font-semibold text-ink">
          <Trans>Create an organization</Trans>
        </h2>
        <p className="mt-1 text-sm text-muted">
          <Trans>You become its owner. Invite your colleagues once it is created.</Trans>
        </p>
        {createFailure && (
          <RefusalNotice title={t`The organization was not created`}>
            {translateText(i18n, errorOf(createFailure) ?? "")}
          </RefusalNotice>
        )}
        <OrganizationForm
          intent="create"
          failure={createFailure}
          countries={countries}
          label={<Trans>Create organization</Trans>}
        />
      </section>
    </div>
  );
}

export const meta = privatePageMeta({
  title: msg`Organizations`,
  description: msg`Your organizations, the one you act for, and a new one.`,
  path: "/my-organizations",
});

export { RouteErrorBoundary as ErrorBoundary };
