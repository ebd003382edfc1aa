import { Trans, useLingui } from "@lingui/react/macro";
import { EyeOff } from "lucide-react";
import { Form } from "react-router";
import { translateText } from "#app/i18n/translate-text.ts";
import type { OrganizationBadge as Badge } from "#common/organizations.ts";
import { ORGANIZATION_LIMITS } from "#common/organizations.ts";
import { Button } from "../ui/button.tsx";
import { Field, Input } from "../ui/field.tsx";
import { FindForm } from "../ui/list-forms.tsx";
import { RefusalNotice } from "../ui/refusal-notice.tsx";
import { OrganizationBadge } from "./organization-badge.tsx";

// "Hide my profile from these organizations" (issue 31), on the consultant's own profile page: the
// organizations the profile is hidden from, each with "Stop hiding", and a search by name (a GET
// form, so it works without JavaScript) whose results each offer "Hide from". Members of a listed
// organization get "not found" on the profile and never see it in search, shortlists or exports.

export function HiddenFromPanel({
  hidden,
  search,
  found,
  error,
}: {
  hidden: Badge[];
  search: string;
  found: Badge[];
  error: string | null;
}) {
  const { t, i18n } = useLingui();
  const hiddenIds = new Set(hidden.map((organization) => organization.id));
  const limit = ORGANIZATION_LIMITS.hiddenFrom;
  return (
    <section id="hidden-from" aria-labelledby="hidden-from-heading" className="mx-auto max-w-6xl scroll-mt-20 px-4 pb-8">
      <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        <h2 id="hidden-from-heading" className="flex items-center gap-2 text-xl font-bold text-ink">
          <EyeOff aria-hidden="true" className="size-5" />
          <Trans>Hide my profile from these organizations</Trans>
        </h2>
        <p className="mt-1 text-sm text-muted">
          <Trans>
            Looking for work while employed? Members of the organizations listed here cannot open your profile and never find it
            in search, shortlists or exports. Everyone else sees it as before (at most {limit}).
          </Trans>
        </p>
        {error && <RefusalNotice title={t`Not changed`}>{translateText(i18n, error)}</RefusalNotice>}
        {hidden.length === 0 ? (
          <p className="mt-4 text-slate-700">
            <Trans>Your profile is not hidden from any organization.</Trans>
          </p>
        ) : (
          <ul className="mt-4 divide-y divide-slate-200" aria-label={t`Organizations your profile is hidden from`}>
            {hidden.map((organization) => (
              <li key={organization.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <OrganizationBadge organization={organization} />
                <HidingForm intent="unhide" organizationId={organization.id}>
                  <StopHiding name={organization.name} />
                </HidingForm>
              </li>
            ))}
          </ul>
        )}
        <FindForm action="/my-consultant-profile#hidden-from" className="mt-5" button={<Trans>Find</Trans>}>
          <Field label={t`Find an organization by name`} className="min-w-0 flex-1">
            {(props) => <Input {...props} name="hideSearch" type="search" defaultValue={search} minLength={2} maxLength={100} />}
          </Field>
        </FindForm>
        {search.length >= 2 &&
          (found.length === 0 ? (
            <p className="mt-3 text-sm text-muted">
              <Trans>
                No organization's name contains “<bdi>{search}</bdi>”.
              </Trans>
            </p>
          ) : (
            <ul className="mt-3 divide-y divide-slate-200" aria-label={t`Organizations found`}>
              {found.map((organization) => (
                <li key={organization.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                  <OrganizationBadge organization={organization} />
                  {hiddenIds.has(organization.id) ? (
                    <span className="text-sm text-muted">
                      <Trans>Hidden from it</Trans>
                    </span>
                  ) : (
                    <HidingForm intent="hide" organizationId={organization.id}>
                      <HideFrom name={organization.name} />
                    </HidingForm>
                  )}
                </li>
              ))}
            </ul>
          ))}
      </div>
    </section>
  );
}

/** Hides the profile from an organization, or stops: posted back to this panel, which keeps its place. */
function HidingForm({
  intent,
  organizationId,
  children,
}: {
  intent: "hide" | "unhide";
  organizationId: number;
  children: React.ReactNode;
}) {
  return (
    <Form method="post" action="/my-consultant-profile#hidden-from" preventScrollReset>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="organizationId" value={organizationId} />
      <Button type="submit" variant="outline" size="sm">
        {children}
      </Button>
    </Form>
  );
}

function StopHiding({ name }: { name: string }) {
  return (
    <Trans>
      Stop hiding<span className="sr-only"> from {name}</span>
    </Trans>
  );
}

function HideFrom({ name }: { name: string }) {
  return (
    <Trans>
      Hide from<span className="sr-only"> {name}</span>
    </Trans>
  );
}
