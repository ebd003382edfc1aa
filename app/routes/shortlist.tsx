import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { Copy, Download, Link2, Trash2 } from "lucide-react";
import { useState } from "react";
import { data, Form, Link } from "react-router";
import { SHORTLIST_LIMITS, SHORTLIST_STAGES, SHORTLIST_TEXTS, type ShortlistEntry } from "#common/shortlists.ts";
import { serviceDeps } from "#server/http/context.ts";
import { actorOf } from "#server/services/context.ts";
import {
  addShortlistNote,
  patchShortlistEntry,
  putShortlistEntry,
  removeShortlistEntry,
} from "#server/services/shortlists/entries.ts";
import {
  deleteShortlist,
  getShortlist,
  renameShortlist,
  revokeShortlistShare,
  shareShortlist,
} from "#server/services/shortlists/shortlists.ts";
import { RouteErrorBoundary } from "../components/layout/route-error-boundary.tsx";
import { stageLabel, stageOptions } from "../components/organizations/labels.ts";
import { OrganizationBadge } from "../components/organizations/organization-badge.tsx";
import { CompareTable, NotSaved, ShortlistConsultantSummary } from "../components/shortlists/shortlist-views.tsx";
import { Alert } from "../components/ui/alert.tsx";
import { Button } from "../components/ui/button.tsx";
import { CardSection } from "../components/ui/card-section.tsx";
import { Field, Input, Select, Textarea } from "../components/ui/field.tsx";
import { LocalTime } from "../components/ui/local-time.tsx";
import { Options } from "../components/ui/options.tsx";
import { appContext } from "../context.ts";
import { i18nOfRequest } from "../i18n/i18n.ts";
import { errorAnswer, errorOf, succeeded } from "../lib/form-answer.ts";
import { idFrom, pathIdOr404 } from "../lib/ids.server.ts";
import { privatePageMeta } from "../lib/meta.ts";
import { keepPageOnFailure } from "../lib/page-action.ts";
import { answer, orPageError, refusedAnswer } from "../lib/service-errors.server.ts";
import { requireSignedIn } from "../lib/signed-in.server.ts";
import { redirectWithToast } from "../lib/toast.server.ts";
import { useHydrated } from "../lib/use-hydrated.ts";
import type { Route } from "./+types/shortlist";

// /shortlists/{id}: one of the user's lists, or a team list of their organization (issue 31): the
// consultants as a board of stages (columns on a wide screen, a list grouped by stage on a phone;
// a stage is changed with a select and a button, never by dragging), each with its note and, on a
// team list, the members' internal notes; compare (up to four, chosen with ?compare=), export as
// CSV, share by a revocable link, rename, delete.

const listIdOf = (value: string | undefined) => pathIdOr404(value, SHORTLIST_TEXTS.notFound);

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const user = actorOf(requireSignedIn(app, { comeBack: request }));
  const list = await orPageError(getShortlist(serviceDeps(app), user, listIdOf(params.id)));
  const chosen = new URL(request.url).searchParams.getAll("compare").map(idFrom);
  const compare = list.entries
    .filter((entry) => chosen.includes(entry.consultant.id))
    .slice(0, SHORTLIST_LIMITS.compare)
    .map((entry) => entry.consultant);
  return { list, compare, tooMany: chosen.length > SHORTLIST_LIMITS.compare };
}

export async function action({ context, params, request }: Route.ActionArgs) {
  const app = context.get(appContext);
  const user = actorOf(requireSignedIn(app, { comeBack: request }));
  const deps = serviceDeps(app);
  const id = listIdOf(params.id);
  const form = await request.formData();
  const intent = form.get("intent");
  const consultantId = idFrom(form.get("consultantId"));
  const i18n = i18nOfRequest(request);
  const back = (title: MessageDescriptor) => redirectWithToast(app, `/shortlists/${id}`, { title: i18n._(title) });
  try {
    switch (intent) {
      case "note":
        if (!consultantId) break;
        await putShortlistEntry(deps, user, { id, consultantId, body: { note: form.get("note") ?? "" } });
        return back(msg`Note saved`);
      case "stage":
        if (!consultantId) break;
        await patchShortlistEntry(deps, user, { id, consultantId, body: { stage: form.get("stage") } });
        return back(msg`Stage changed`);
      case "team-note":
        if (!consultantId) break;
        await addShortlistNote(deps, user, { id, consultantId, body: { text: form.get("text") } });
        return back(msg`Note added`);
      case "remove":
        if (!consultantId) break;
        await removeShortlistEntry(deps, user, { id, consultantId });
        return back(msg`Removed from the list`);
      case "rename":
        await renameShortlist(deps, user, { id, body: { name: form.get("name") } });
        return back(msg`Shortlist renamed`);
      case "share": {
        // The link is shown once, now: its token is stored only as a hash.
        const shared = await shareShortlist(deps, user, id);
        return answer({ intent: "share", result: { status: "success" }, data: shared });
      }
      case "revoke":
        await revokeShortlistShare(deps, user, id);
        return back(msg`Share link revoked`);
      case "delete":
        await deleteShortlist(deps, user, id);
        return redirectWithToast(app, "/shortlists", { title: i18n._(msg`Shortlist deleted`) });
    }
  } catch (error) {
    return refusedAnswer(error, { notFoundPage: true });
  }
  throw data("Unknown action", { status: 400 });
}

/** A failed request keeps the page and what was typed (app/lib/page-action.ts). */
export async function clientAction(args: Route.ClientActionArgs) {
  return keepPageOnFailure(args, (message) => errorAnswer(message));
}

export default function ShortlistPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useLingui();
  const { list, compare, tooMany } = loaderData;
  const limit = SHORTLIST_LIMITS.compare;
  const shared = succeeded(actionData) ? actionData?.data : null;
  const error = errorOf(actionData);
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <Link to="/shortlists" className="text-sm font-medium text-brand-700 underline-offset-4 hover:underline">
        <Trans>All shortlists</Trans>
      </Link>
      <h1 dir="auto" className="mt-3 break-words text-3xl font-bold tracking-tight text-ink">
        {list.name}
      </h1>
      <p className="mt-1 text-muted">
        <Plural value={list.count} one="# consultant" other="# consultants" />
        {list.organization && (
          <>
            {" "}
            · <Trans>team list of</Trans> <OrganizationBadge organization={list.organization} />
          </>
        )}
      </p>
      <NotSaved message={error} className="mt-4" />

      <div className="mt-6 flex flex-wrap gap-3">
        <a
          href={`/api/shortlists/${list.id}/export.csv`}
          download
          className="inline-flex items-center gap-2 rounded-lg px-3 py-2 text-sm font-semibold text-brand-800 ring-1 ring-inset ring-brand-300 hover:bg-brand-50"
        >
          <Download aria-hidden="true" className="size-4" />
          <Trans>Export CSV</Trans>
        </a>
        {/* The notes (one's own and the team's internal ones) only when asked for (issue 31: ?notes=1). */}
        <a
          href={`/api/shortlists/${list.id}/export.csv?notes=1`}
          download
          className="inline-flex items-center gap-2 rounded-lg px-3 py-2 text-sm font-semibold text-brand-800 ring-1 ring-inset ring-brand-300 hover:bg-brand-50"
        >
          <Download aria-hidden="true" className="size-4" />
          <Trans>Export CSV with notes</Trans>
        </a>
        <Form method="post">
          <input type="hidden" name="intent" value="share" />
          <Button type="submit" variant="outline">
            <Link2 aria-hidden="true" className="size-4" />
            {list.shared ? t`Create a new share link` : t`Share a read-only link`}
          </Button>
        </Form>
        {list.shared && (
          <Form method="post">
            <input type="hidden" name="intent" value="revoke" />
            <Button type="submit" variant="outline">
              <Trans>Revoke the share link</Trans>
            </Button>
          </Form>
        )}
      </div>
      {shared && (
        <div className="mt-4">
          <Alert tone="info" title={t`Share link created`}>
            <p>
              <Trans>
                Anyone with this link can see the list (without your notes) until you revoke it. It is shown only now:
              </Trans>
            </p>
            <ShareLink url={shared.url} />
          </Alert>
        </div>
      )}

      {compare.length > 0 && (
        <section aria-labelledby="compare-heading" className="mt-8">
          <h2 id="compare-heading" className="mb-3 text-xl font-bold text-ink">
            <Trans>Compare</Trans>
          </h2>
          {tooMany && (
            <p className="mb-3 text-sm text-muted">
              <Trans>Only the first {limit} are compared.</Trans>
            </p>
          )}
          <CompareTable consultants={compare} />
        </section>
      )}

      <section aria-labelledby="entries-heading" className="mt-8">
        <h2 id="entries-heading" className="text-xl font-bold text-ink">
          <Trans>Consultants</Trans>
        </h2>
        {list.entries.length === 0 ? (
          <p className="mt-3 text-muted">
            <Trans>No consultants yet. Use “Save to shortlist” on a card or a profile.</Trans>{" "}
            <Link to="/" className="font-semibold text-brand-700 underline">
              <Trans>Find consultants</Trans>
            </Link>
          </p>
        ) : (
          <>
            <Form method="get" id="compare-form" className="mt-3">
              <Button type="submit" variant="outline">
                <Trans>Compare the chosen (up to {limit})</Trans>
              </Button>
            </Form>
            <Board entries={list.entries} team={list.organization !== null} compare={compare.map((c) => c.id)} />
          </>
        )}
      </section>

      <CardSection id="settings-heading" title={t`List settings`} className="mt-10 p-5" bodyClassName="">
        <Form method="post" className="mt-3 flex flex-wrap items-end gap-3">
          <input type="hidden" name="intent" value="rename" />
          <Field label={t`Name`} className="min-w-0 flex-1" required>
            {(props) => <Input {...props} name="name" defaultValue={list.name} maxLength={SHORTLIST_LIMITS.name} required />}
          </Field>
          <Button type="submit" variant="outline">
            <Trans>Rename</Trans>
          </Button>
        </Form>
        <Form method="post" className="mt-4">
          <input type="hidden" name="intent" value="delete" />
          <Button type="submit" variant="outline">
            <Trans>Delete this shortlist</Trans>
          </Button>
        </Form>
      </CardSection>
    </div>
  );
}

/**
 * The share link, shown once: selectable text (one click selects it all), and with JavaScript a
 * Copy button that puts it on the clipboard and says so (or says to copy it by hand when the
 * browser refuses).
 */
function ShareLink({ url }: { url: string }) {
  const isHydrated = useHydrated();
  const [copied, setCopied] = useState<"yes" | "no" | null>(null);
  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      setCopied("yes");
    } catch {
      setCopied("no");
    }
  }
  return (
    <div className="mt-2 flex flex-wrap items-center gap-3">
      <p className="min-w-0 select-all break-all font-mono text-sm" data-testid="share-url">
        {url}
      </p>
      {isHydrated && (
        <Button type="button" variant="outline" size="sm" onClick={copy}>
          <Copy aria-hidden="true" className="size-4" />
          <Trans>Copy link</Trans>
        </Button>
      )}
      <p role="status" className="w-full text-sm font-medium text-ink empty:hidden" data-testid="share-copy-status">
        {copied === "yes" ? <Trans>Link copied to the clipboard.</Trans> : null}
        {copied === "no" ? <Trans>Could not copy: select the link and copy it yourself.</Trans> : null}
      </p>
    </div>
  );
}

/** The entries by stage: a column each on a wide screen, one after another on a phone. */
function Board({ entries, team, compare }: { entries: ShortlistEntry[]; team: boolean; compare: number[] }) {
  const { i18n } = useLingui();
  return (
    <div className="mt-4 gap-4 lg:grid lg:auto-cols-[19rem] lg:grid-flow-col lg:overflow-x-auto lg:pb-2" data-testid="board">
      {SHORTLIST_STAGES.options.map((stage) => {
        const inStage = entries.filter((entry) => entry.stage === stage.value);
        return (
          <section
            key={stage.value}
            aria-labelledby={`stage-${stage.value}`}
            className="mb-4 rounded-2xl bg-slate-100 p-3 lg:mb-0"
            data-testid={`stage-${stage.value}`}
          >
            <h3 id={`stage-${stage.value}`} className="px-1 font-semibold text-ink">
              {stageLabel(i18n, stage.value)} <span className="font-normal text-muted">({inStage.length})</span>
            </h3>
            {inStage.length > 0 && (
              <ul className="mt-2 space-y-3">
                {inStage.map((entry) => (
                  <EntryCard
                    key={entry.consultant.id}
                    entry={entry}
                    team={team}
                    compared={compare.includes(entry.consultant.id)}
                  />
                ))}
              </ul>
            )}
          </section>
        );
      })}
    </div>
  );
}

/** A form about one consultant of the list: it posts its intent and the consultant's id. */
function EntryForm({
  intent,
  consultantId,
  className,
  children,
}: {
  intent: string;
  consultantId: number;
  className: string;
  children: React.ReactNode;
}) {
  return (
    <Form method="post" className={className}>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="consultantId" value={consultantId} />
      {children}
    </Form>
  );
}

function EntryCard({ entry, team, compared }: { entry: ShortlistEntry; team: boolean; compared: boolean }) {
  const { t, i18n } = useLingui();
  const { consultant } = entry;
  const name = consultant.name;
  const addedBy = entry.addedBy;
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-3" data-testid="shortlist-entry">
      <ShortlistConsultantSummary consultant={consultant} />
      {entry.addedBy && (
        <p className="mt-1 text-xs text-muted">
          <Trans>
            Added by <bdi>{addedBy}</bdi>
          </Trans>
        </p>
      )}
      <label className="mt-2 flex items-center gap-2 text-sm font-medium text-ink">
        <input
          type="checkbox"
          name="compare"
          value={consultant.id}
          form="compare-form"
          defaultChecked={compared}
          className="size-4"
        />
        <Trans>
          Compare <bdi>{name}</bdi>
        </Trans>
      </label>
      <EntryForm intent="stage" consultantId={consultant.id} className="mt-3 flex flex-wrap items-end gap-2">
        <Field label={t`Stage of ${name}`} className="min-w-0 flex-1">
          {(props) => (
            <Select {...props} name="stage" defaultValue={entry.stage}>
              <Options values={stageOptions(i18n)} />
            </Select>
          )}
        </Field>
        <Button type="submit" variant="outline" size="sm">
          <Trans>
            Move<span className="sr-only"> {name}</span>
          </Trans>
        </Button>
      </EntryForm>
      <EntryForm intent="note" consultantId={consultant.id} className="mt-3 space-y-2">
        <Field label={team ? t`Note on ${name}` : t`Private note on ${name}`}>
          {(props) => <Textarea {...props} name="note" rows={2} maxLength={SHORTLIST_LIMITS.note} defaultValue={entry.note} />}
        </Field>
        <Button type="submit" variant="outline" size="sm">
          <Trans>Save note</Trans>
        </Button>
      </EntryForm>
      {team && <TeamNotes entry={entry} />}
      <EntryForm intent="remove" consultantId={consultant.id} className="mt-2">
        <button type="submit" className="inline-flex items-center gap-1 text-sm font-medium text-red-800 underline">
          <Trash2 aria-hidden="true" className="size-4" />
          <Trans>
            Remove <bdi>{name}</bdi>
          </Trans>
        </button>
      </EntryForm>
    </li>
  );
}

/** The team's internal notes on an entry (author and time; the consultant never sees them). */
function TeamNotes({ entry }: { entry: ShortlistEntry }) {
  const { t } = useLingui();
  const { consultant, notes } = entry;
  const name = consultant.name;
  const count = notes.length;
  return (
    <details className="mt-3 rounded-lg bg-slate-50 p-2" open={notes.length > 0}>
      <summary className="cursor-pointer text-sm font-semibold text-ink">
        <Trans>Team notes ({count})</Trans>
      </summary>
      {notes.length > 0 && (
        <ul className="mt-2 space-y-2" aria-label={t`Team notes on ${name}`}>
          {notes.map((note) => (
            <li key={note.id} className="text-sm">
              <p dir="auto" className="whitespace-pre-line break-words text-slate-800">
                {note.text}
              </p>
              <p className="text-xs text-muted">
                <bdi>{note.author}</bdi> · <LocalTime value={note.createdAt} />
              </p>
            </li>
          ))}
        </ul>
      )}
      <EntryForm intent="team-note" consultantId={consultant.id} className="mt-2 space-y-2">
        <Field label={t`Add a team note on ${name}`} hint={t`Only your organization's members see it.`}>
          {(props) => <Textarea {...props} name="text" rows={2} maxLength={SHORTLIST_LIMITS.note} required />}
        </Field>
        <Button type="submit" variant="outline" size="sm">
          <Trans>Add note</Trans>
        </Button>
      </EntryForm>
    </details>
  );
}

const ownMeta = privatePageMeta({
  title: msg`Shortlist`,
  description: msg`A shortlist of consultants.`,
  path: (params) => `/shortlists/${params.id}`,
});

export function meta(args: Route.MetaArgs) {
  const tags = ownMeta(args);
  // On its error screen the screen's own <title> is the document's one (two are invalid HTML); the other tags stay.
  return args.error ? tags.filter((tag) => !("title" in tag)) : tags;
}

export { RouteErrorBoundary as ErrorBoundary };
