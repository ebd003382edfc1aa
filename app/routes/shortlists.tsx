import { msg } from "@lingui/core/macro";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { Bookmark, Share2 } from "lucide-react";
import { Form, Link } from "react-router";
import { inSentence } from "#common/bidi.ts";
import { safeRedirect } from "#common/redirect.ts";
import { SHORTLIST_LIMITS } from "#common/shortlists.ts";
import { serviceDeps } from "#server/http/context.ts";
import { actorOf } from "#server/services/context.ts";
import { findMessageRecipient } from "#server/services/messages/send.ts";
import { listMemberships } from "#server/services/organizations/membership.ts";
import { putShortlistEntry } from "#server/services/shortlists/entries.ts";
import { createShortlist, listShortlists, listsHolding } from "#server/services/shortlists/shortlists.ts";
import { RouteErrorBoundary } from "../components/layout/route-error-boundary.tsx";
import { InboxFrame } from "../components/messages/inbox-states.tsx";
import { OrganizationBadge } from "../components/organizations/organization-badge.tsx";
import { NotSaved } from "../components/shortlists/shortlist-views.tsx";
import { Button } from "../components/ui/button.tsx";
import { EmptyState } from "../components/ui/empty-state.tsx";
import { Field, Input, Select } from "../components/ui/field.tsx";
import { appContext } from "../context.ts";
import { i18nOfRequest } from "../i18n/i18n.ts";
import { errorAnswer, errorOf } from "../lib/form-answer.ts";
import { idFrom } from "../lib/ids.server.ts";
import { privatePageMeta } from "../lib/meta.ts";
import { keepPageOnFailure } from "../lib/page-action.ts";
import { refusedAnswer } from "../lib/service-errors.server.ts";
import { requireSignedIn } from "../lib/signed-in.server.ts";
import { redirectWithToast } from "../lib/toast.server.ts";
import type { Route } from "./+types/shortlists";

// /shortlists: the signed-in user's named lists, and a form to start one. With ?consultant=ID
// (the bookmark control, route id "shortlists-add"), the page first offers to save that consultant
// to a list, an existing one or a new one.

export async function loader({ context, request }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const user = actorOf(requireSignedIn(app, { comeBack: request }));
  const deps = serviceDeps(app);
  const query = new URL(request.url).searchParams;
  const consultantId = idFrom(query.get("consultant"));
  const consultant = consultantId ? await findMessageRecipient({ db: app.db }, null, consultantId) : null;
  return {
    lists: await listShortlists(deps, user),
    // Team lists (issue 31): a new list may belong to one of the person's organizations.
    memberships: await listMemberships(deps, user),
    consultant,
    // Where the bookmark was (a results page, a profile): saving comes back there.
    back: consultant ? safeRedirect(query.get("back"), `/consultant/${consultant.id}`) : null,
    holding: consultant ? await listsHolding(deps, user, consultant.id) : [],
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const app = context.get(appContext);
  const user = actorOf(requireSignedIn(app, { comeBack: request }));
  const deps = serviceDeps(app);
  const form = await request.formData();
  const consultantId = idFrom(form.get("consultantId"));
  try {
    let listId = idFrom(form.get("shortlistId"));
    const newName = String(form.get("name") ?? "").trim();
    if (!listId || newName) {
      listId = (await createShortlist(deps, user, { name: form.get("name"), organizationId: form.get("organizationId") ?? "" }))
        .id;
    }
    if (consultantId) {
      const list = await putShortlistEntry(deps, user, { id: listId, consultantId, body: {} });
      const i18n = i18nOfRequest(request);
      const name = inSentence(list.name);
      return redirectWithToast(app, safeRedirect(form.get("back"), `/consultant/${consultantId}`), {
        title: i18n._(msg`Saved to shortlist`),
        description: i18n._(msg`Added to “${name}”.`),
      });
    }
    return redirectWithToast(app, `/shortlists/${listId}`, { title: i18nOfRequest(request)._(msg`Shortlist created`) });
  } catch (error) {
    return refusedAnswer(error);
  }
}

/** A failed request keeps the page and what was typed (app/lib/page-action.ts). */
export async function clientAction(args: Route.ClientActionArgs) {
  return keepPageOnFailure(args, (message) => errorAnswer(message));
}

export default function ShortlistsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useLingui();
  const { lists, consultant, holding, back, memberships } = loaderData;
  const acting = memberships.find((membership) => membership.acting);
  const owner =
    memberships.length > 0 ? (
      <Field label={t`For`} hint={t`A team list is seen and edited by every member of the organization.`}>
        {(props) => (
          <Select {...props} name="organizationId" defaultValue={acting ? String(acting.id) : ""}>
            <option value="">{t`Myself (a private list)`}</option>
            {memberships.map((membership) => (
              <option key={membership.id} value={membership.id}>
                {t`${membership.name} (team list)`}
              </option>
            ))}
          </Select>
        )}
      </Field>
    ) : null;
  const error = errorOf(actionData);
  const name = consultant?.name ?? "";
  return (
    <InboxFrame
      title={consultant ? t`Save ${name} to a shortlist` : t`Shortlists`}
      lead={
        <p>
          <Trans>Keep consultants for an assignment together, with a private note on each, and compare or share them.</Trans>
        </p>
      }
    >
      <NotSaved message={error} className="mb-6" />
      {consultant ? (
        <Form method="post" className="space-y-4 rounded-2xl border border-slate-200 bg-white p-5">
          <input type="hidden" name="consultantId" value={consultant.id} />
          <input type="hidden" name="back" value={back ?? `/consultant/${consultant.id}`} />
          {lists.length > 0 && (
            <Field label={t`Add to an existing list`}>
              {(props) => (
                <Select {...props} name="shortlistId" defaultValue={String(lists[0]?.id ?? "")}>
                  {lists.map((list) => (
                    <option key={list.id} value={list.id}>
                      {list.name}
                      {holding.includes(list.id) ? ` ${t`(already on it)`}` : ""}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
          )}
          <Field
            label={lists.length > 0 ? t`Or start a new list` : t`Name of the new list`}
            hint={t`For example: Mekong WASH evaluation — team leader`}
            required={lists.length === 0}
          >
            {(props) => <Input {...props} name="name" maxLength={SHORTLIST_LIMITS.name} required={lists.length === 0} />}
          </Field>
          {owner}
          <div className="flex flex-wrap gap-3">
            <Button type="submit">
              <Bookmark aria-hidden="true" className="size-4" />
              <Trans>Save to shortlist</Trans>
            </Button>
            <Link
              to={back ?? `/consultant/${consultant.id}`}
              className="self-center text-sm font-medium text-brand-700 underline"
            >
              <Trans>Cancel</Trans>
            </Link>
          </div>
        </Form>
      ) : (
        <>
          {lists.length === 0 ? (
            <EmptyState title={<Trans>No shortlists yet</Trans>}>
              <Trans>Use “Save to shortlist” on a consultant's card or profile, or start a list here.</Trans>
            </EmptyState>
          ) : (
            <ul
              aria-label={t`Your shortlists`}
              className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white"
            >
              {lists.map((list) => (
                <li key={list.id}>
                  <Link
                    to={`/shortlists/${list.id}`}
                    className="flex items-center justify-between gap-3 px-4 py-4 hover:bg-slate-50"
                    data-testid="shortlist-item"
                  >
                    <span className="min-w-0">
                      <bdi className="block truncate font-semibold text-ink">{list.name}</bdi>
                      {list.organization && (
                        <span className="block text-sm text-muted">
                          <Trans>Team list</Trans> · <OrganizationBadge organization={list.organization} />
                        </span>
                      )}
                    </span>
                    <span className="flex shrink-0 items-center gap-3 text-sm text-muted">
                      {list.shared && (
                        <span className="inline-flex items-center gap-1">
                          <Share2 aria-hidden="true" className="size-4" />
                          <Trans>Shared</Trans>
                        </span>
                      )}
                      <Plural value={list.count} one="# consultant" other="# consultants" />
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
          <Form method="post" className="mt-6 flex flex-wrap items-end gap-3 rounded-2xl border border-slate-200 bg-white p-5">
            <Field label={t`New shortlist`} className="min-w-0 flex-1" required>
              {(props) => <Input {...props} name="name" maxLength={SHORTLIST_LIMITS.name} required />}
            </Field>
            {owner && <div className="min-w-0 flex-1">{owner}</div>}
            <Button type="submit">
              <Trans>Create</Trans>
            </Button>
          </Form>
        </>
      )}
    </InboxFrame>
  );
}

export const meta = privatePageMeta({
  title: msg`Shortlists`,
  description: msg`Your shortlists of consultants.`,
  path: "/shortlists",
});

export { RouteErrorBoundary as ErrorBoundary };
