import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { redirect, useNavigate, useNavigation, useRouteLoaderData } from "react-router";
import { ADMIN_PAGE_SIZE, ADMIN_TOASTS, APPROVAL_STATUSES, type ApprovalStatus } from "#common/admin-schema.ts";
import { formatCount } from "#common/format.ts";
import { parseId } from "#common/ids.ts";
import { toLocale } from "#common/locales.ts";
import { backToPage } from "#common/redirect.ts";
import { serviceDeps } from "#server/http/context.ts";
import { endUserSessionsAsAdmin } from "#server/services/accounts/account-sessions.ts";
import { listAuditLog } from "#server/services/admin/audit.ts";
import { blockUser, unblockUser } from "#server/services/admin/block.ts";
import { demoteUser, listUsersForAdmin, promoteUser } from "#server/services/admin/users.ts";
import { deleteConsultantAsAdmin, listConsultantsForAdmin } from "#server/services/consultants/admin-list.ts";
import {
  approveChange,
  countApprovalQueue,
  listApprovalQueue,
  rejectChange,
  reviewedFieldNames,
} from "#server/services/consultants/change-review.ts";
import { ADMIN_EDIT, editConsultant } from "#server/services/consultants/edit.ts";
import { moderateConsultant } from "#server/services/consultants/moderation.ts";
import { type Actor, actorOf, type ServiceDeps } from "#server/services/context.ts";
import { keptCvsOfConsultants } from "#server/services/cv-import/kept-file.ts";
import { Forbidden, NotFound, Unauthorized } from "#server/services/errors.ts";
import { SignInPrompt } from "../components/account/sign-in-prompt.tsx";
import { ADMIN_HANDLE, AdminPageLinks, adminPageOf } from "../components/admin/admin-page.tsx";
import { AdminSearch } from "../components/admin/admin-search.tsx";
import {
  ADMIN_INTENTS,
  ADMIN_TABS,
  type AdminIntent,
  type AdminTab,
  ASKING_INTENTS,
  type AskingIntent,
  adminFailureToast,
  INTENT_TOASTS,
  TAB_TEXT,
} from "../components/admin/admin-tabs.ts";
import { AskPanel, type AskTarget } from "../components/admin/ask-panel.tsx";
import { AuditTable } from "../components/admin/audit-panel.tsx";
import { ConsultantsTable } from "../components/admin/consultants-panel.tsx";
import { EditPanel } from "../components/admin/edit-consultant-dialog.tsx";
import { AdminPlaceProvider } from "../components/admin/plain-forms.tsx";
import { QueueTable, ReviewPanel } from "../components/admin/queue-panel.tsx";
import { TablePages } from "../components/admin/table-pages.tsx";
import { UsersTable } from "../components/admin/users-panel.tsx";
import { RouteErrorBoundary } from "../components/layout/route-error-boundary.tsx";
import { Alert } from "../components/ui/alert.tsx";
import { LoadingText } from "../components/ui/loading-text.tsx";
import { PageHeading } from "../components/ui/page-heading.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../components/ui/tabs.tsx";
import { appContext } from "../context.ts";
import { i18nOfRequest, localeOfRequest } from "../i18n/i18n.ts";
import { translateText } from "../i18n/translate-text.ts";
import { useLocale } from "../i18n/use-locale.ts";
import { errorAnswer, type FormAnswer, typedValues } from "../lib/form-answer.ts";
import { formValues } from "../lib/form-values.ts";
import { idFrom } from "../lib/ids.server.ts";
import { privatePageMeta } from "../lib/meta.ts";
import { keepPageOnFailure, revalidateUnlessRequestFailed } from "../lib/page-action.ts";
import { reauthenticateFromForm } from "../lib/reauthentication.server.ts";
import { REAUTHENTICATE_FIELDS } from "../lib/reauthentication.ts";
import { answer, refusedAnswer } from "../lib/service-errors.server.ts";
import { requireAdminPage } from "../lib/signed-in.server.ts";
import { redirectWithToast } from "../lib/toast.server.ts";
import type { RootData } from "../lib/user.ts";
import type { Route } from "./+types/admin";
import type { SignedInHandle } from "./signed-in-layout.tsx";

type View = {
  tab: AdminTab;
  search: string;
  status?: ApprovalStatus;
  page: number;
  /** A row action's question, asked in the page (without JavaScript): app/components/admin/ask-panel.tsx. */
  ask?: { intent: AskingIntent; id: number };
  /** The queue entry whose review is open in the page (without JavaScript): ReviewPanel. */
  review?: number;
  /** The consultant whose Edit form is open in the page (without JavaScript): EditPanel. */
  edit?: number;
};

/** Which table, search and page the address asks for; anything odd falls back to the first page. */
function readView(search: string): View {
  const params = new URLSearchParams(search);
  const tabParam = params.get("tab");
  const tab = ADMIN_TABS.find((candidate) => candidate === tabParam) ?? "consultants";
  const statusParam = params.get("status");
  const askIntent = ASKING_INTENTS.find((candidate) => candidate === params.get("confirm"));
  const askId = parseId(params.get("id") ?? "");
  return {
    tab,
    search: (params.get("q") ?? "").trim().slice(0, 200),
    // The status filter belongs to the Consultants tab (the queue is the pending ones).
    status: tab === "consultants" ? APPROVAL_STATUSES.find((candidate) => candidate === statusParam) : undefined,
    page: adminPageOf(params),
    ...(askIntent && askId !== null ? { ask: { intent: askIntent, id: askId } } : {}),
    ...(tab === "queue" && params.get("review") === "1" && askId !== null ? { review: askId } : {}),
    ...(tab === "consultants" && params.get("edit") === "1" && askId !== null ? { edit: askId } : {}),
  };
}

export const handle: SignedInHandle = ADMIN_HANDLE;

export async function loader({ context, request }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const session = requireAdminPage(app);
  const actor = actorOf(session);
  const view = readView(new URL(request.url).search);
  const query = { search: view.search || undefined, page: view.page, limit: ADMIN_PAGE_SIZE };
  // Only the open tab's table is read; switching tabs loads the next one ('Loading users...').
  const tablePromise = (async () => {
    switch (view.tab) {
      case "consultants": {
        const page = await listConsultantsForAdmin(app, actor, { ...query, status: view.status });
        // The CVs their owners kept with the profiles (issue 34): admins may download them.
        const keptCvs = await keptCvsOfConsultants(
          app,
          actor,
          page.consultants.map((consultant) => consultant.id),
        );
        return { tab: view.tab, ...page, keptCvs };
      }
      case "queue": {
        // The changed fields' names in the page's language (the services' words for them).
        const [list, fieldNames] = await Promise.all([
          listApprovalQueue(app, actor, query),
          reviewedFieldNames(localeOfRequest(request)),
        ]);
        return { tab: view.tab, ...list, fieldNames };
      }
      case "users":
        return { tab: view.tab, ...(await listUsersForAdmin(app, actor, query)) };
      case "audit":
        return { tab: view.tab, ...(await listAuditLog(app, actor, query)) };
    }
  })();
  try {
    const [table, pendingCount] = await Promise.all([tablePromise, countApprovalQueue(app, actor)]);
    return { access: "admin" as const, view, table, pendingCount, currentUserId: session.user.id };
  } catch (error) {
    // Demoted or deleted between reading the session and reading the tables.
    if (error instanceof Forbidden) throw redirect("/");
    if (error instanceof Unauthorized) return { access: "signed-out" as const };
    throw error;
  }
}

/** What each of the dashboard's forms asks of the services (`id` names the consultant or the user). */
const ACTIONS: Record<AdminIntent, (deps: ServiceDeps, actor: Actor, id: number, form: FormData) => Promise<unknown>> = {
  update: (deps, actor, id, form) => editConsultant(deps, actor, { id, body: formValues(form) }, ADMIN_EDIT),
  delete: (deps, actor, id) => deleteConsultantAsAdmin(deps, actor, id),
  approve: (deps, actor, id, form) => moderateConsultant(deps, actor, { id, action: "approve", body: reasonOf(form) }),
  reject: (deps, actor, id, form) => moderateConsultant(deps, actor, { id, action: "reject", body: reasonOf(form) }),
  hide: (deps, actor, id, form) => moderateConsultant(deps, actor, { id, action: "hide", body: reasonOf(form) }),
  promote: (deps, actor, id) => promoteUser(deps, actor, id),
  demote: (deps, actor, id) => demoteUser(deps, actor, id),
  block: (deps, actor, id) => blockUser(deps, actor, id),
  unblock: (deps, actor, id) => unblockUser(deps, actor, id),
  "end-sessions": (deps, actor, id) => endUserSessionsAsAdmin(deps, actor, id),
  "approve-change": (deps, actor, id) => approveChange(deps, actor, id),
  "reject-change": (deps, actor, id, form) => rejectChange(deps, actor, { id, body: reasonOf(form) }),
};

/** How many sessions ending them ended ("2 sessions ended"), in the page's language. */
function sessionsEnded(i18n: I18n, done: unknown): string | undefined {
  if (typeof done !== "object" || done === null || !("ended" in done) || typeof done.ended !== "number") return undefined;
  if (done.ended === 1) return i18n._(msg`1 session ended`);
  const count = formatCount(done.ended, toLocale(i18n.locale));
  return i18n._(msg`${count} sessions ended`);
}

/**
 * Each field's value as sent (a switch's last: its checkbox's "true" after the hidden "false"),
 * never a password or code typed to confirm it is you.
 */
function lastValues(form: FormData): Record<string, string> {
  const secret: string[] = Object.values(REAUTHENTICATE_FIELDS);
  const values: Record<string, string> = {};
  for (const [name, value] of form) if (typeof value === "string" && !secret.includes(name)) values[name] = value;
  return values;
}

function reasonOf(form: FormData) {
  return { reason: form.get("reason") ?? undefined };
}

export async function action({ context, request }: Route.ActionArgs) {
  const app = context.get(appContext);
  const form = await request.formData();
  const intentValue = form.get("intent");
  const intent = ADMIN_INTENTS.find((candidate) => candidate === intentValue) ?? null;
  if (!intent) return answer(errorAnswer("Unknown action", { toast: adminFailureToast("Unknown action") }), 400);
  const failureToast = () => adminFailureToast(INTENT_TOASTS[intent].failure);
  // Without JavaScript the password (or code) comes in the form itself (issue 38): confirmed first.
  const refused = await reauthenticateFromForm(app, form, { intent, toast: failureToast });
  if (refused) return refused;
  const actor = actorOf(app.session);
  const deps = serviceDeps(app);
  // A plain form comes back to the dashboard's address it was sent from; a fetcher's request has
  // no `back` (null) and stays on the page.
  const back = backToPage(form.get("back"), "/admin");
  try {
    const id = idFrom(form.get("id"));
    if (id === null) throw new NotFound("Not found");
    const done = await ACTIONS[intent](deps, actor, id, form);
    // Ending sessions says how many ended ("2 sessions ended"): none is worth knowing too.
    const said = intent === "end-sessions" ? sessionsEnded(i18nOfRequest(request), done) : undefined;
    const toast = { title: ADMIN_TOASTS.success, description: said ?? INTENT_TOASTS[intent].success };
    // A plain form goes back to the table it was sent from (a reload does not send it again).
    if (back) return redirectWithToast(app, back, toast);
    return answer({ intent, result: { status: "success" }, toast });
  } catch (error) {
    // The spec's failure text in the toast; what the service said about a field, beside the field.
    // What was typed comes back with the refusal: the reason, or the whole Edit form (its page's form).
    const initialValue = intent === "update" ? lastValues(form) : typedValues(form, ["reason"]);
    return refusedAnswer(error, { intent, toast: failureToast, initialValue });
  }
}

/** A failed request is the action's failure: the 'Error' toast with the spec's text; the table stays. */
export async function clientAction(args: Route.ClientActionArgs) {
  return keepPageOnFailure(args, (message, formData) => {
    const intent = ADMIN_INTENTS.find((candidate) => candidate === formData.get("intent"));
    return errorAnswer(message, { intent, toast: adminFailureToast(intent ? INTENT_TOASTS[intent].failure : message) });
  });
}

export const shouldRevalidate = revalidateUnlessRequestFailed;

export default function AdminDashboard({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.access === "signed-out") return <SignInPrompt {...ADMIN_HANDLE.signedOut} />;
  return <Dashboard data={loaderData} answer={actionData ?? undefined} />;
}

type DashboardData = Extract<Route.ComponentProps["loaderData"], { access: "admin" }>;

/** The page's own answer: a plain form's (a fetcher's answer is the fetcher's). */
type PageAnswer = FormAnswer<AdminIntent> | undefined;

function Dashboard({ data: loaded, answer: pageAnswer }: { data: DashboardData; answer: PageAnswer }) {
  const navigation = useNavigation();
  const navigate = useNavigate();
  // While a search, a page or a tab is loading, the new tab shows at once with its loading text.
  const pending =
    navigation.state !== "idle" && navigation.location?.pathname === "/admin" ? readView(navigation.location.search) : null;
  const tab = pending?.tab ?? loaded.view.tab;
  const table = loaded.table;
  const isLoading = (name: AdminTab) => tab === name && (pending !== null || table.tab !== name);
  const { i18n, t } = useLingui();
  const locale = useLocale();
  const place = {
    tab: loaded.view.tab,
    filters: { search: loaded.view.search, status: loaded.view.status },
    page: loaded.view.page,
  };

  return (
    <section className="mx-auto max-w-7xl px-4 py-10">
      <PageHeading title={<Trans>Admin Dashboard</Trans>}>
        <Trans>Manage consultants, users and profile approvals.</Trans>
      </PageHeading>
      <DoneWithoutScript />
      <AdminPageLinks />
      <Tabs
        value={tab}
        onValueChange={(value) => navigate(`/admin?tab=${value}`, { preventScrollReset: true })}
        className="mt-8"
        activationMode="manual"
      >
        <TabsList label={t`Admin sections`} className="max-sm:grid-flow-row max-sm:grid-cols-2">
          <TabsTrigger value="consultants">
            <Trans>Consultants</Trans>
          </TabsTrigger>
          <TabsTrigger value="users">
            <Trans>Users</Trans>
          </TabsTrigger>
          <TabsTrigger value="queue">
            <Trans>Approval queue</Trans>
            {loaded.pendingCount > 0 && (
              <span className="ml-2 inline-flex min-w-5 justify-center rounded-full bg-accent-500 px-1.5 text-xs text-ink">
                {formatCount(loaded.pendingCount, locale)}
                <span className="sr-only"> {t`waiting`}</span>
              </span>
            )}
          </TabsTrigger>
          <TabsTrigger value="audit">
            <Trans>Audit log</Trans>
          </TabsTrigger>
        </TabsList>

        {ADMIN_TABS.map((name) => (
          <TabsContent key={name} value={name} className="mt-6 focus-visible:outline-none">
            <AdminSearch
              tab={name}
              filters={
                pending?.tab === name
                  ? { search: pending.search, status: pending.status }
                  : table.tab === name
                    ? { search: loaded.view.search, status: loaded.view.status }
                    : { search: "" }
              }
              withStatus={name === "consultants"}
              label={i18n._(TAB_TEXT[name].searchLabel)}
              placeholder={i18n._(TAB_TEXT[name].placeholder)}
            />
            {isLoading(name) ? (
              <LoadingText>{i18n._(TAB_TEXT[name].loading)}</LoadingText>
            ) : (
              <AdminPlaceProvider value={place}>
                <AskQuestion data={loaded} answer={pageAnswer} />
                <TablePanel table={table} data={loaded} />
              </AdminPlaceProvider>
            )}
          </TabsContent>
        ))}
      </Tabs>
    </section>
  );
}

/**
 * What a plain form did (no JavaScript): the toast its redirect carried, said in the page, since
 * the toast itself needs scripts. Hidden where scripts run: the toast says it there.
 */
function DoneWithoutScript() {
  const { i18n } = useLingui();
  const said = useRouteLoaderData<RootData>("root")?.toast;
  if (!said) return null;
  return (
    <div role="status" className="mt-4 hidden noscript:block">
      <Alert tone={said.variant === "destructive" ? "error" : "info"} title={translateText(i18n, said.title)}>
        {said.description && translateText(i18n, said.description)}
      </Alert>
    </div>
  );
}

/** The row the address asks about (`?confirm=…&id=…`) in the open table, if it is there. */
function askTarget(table: DashboardData["table"], id: number): AskTarget | undefined {
  switch (table.tab) {
    case "consultants":
      return table.consultants.find((row) => row.id === id);
    case "queue":
      return table.entries.find((row) => row.id === id);
    case "users":
      return table.users.find((row) => row.id === id);
    case "audit":
      return undefined;
  }
}

/** The question the address asks (the table is the one it names: the loader read that tab). */
function AskQuestion({ data: loaded, answer: pageAnswer }: { data: DashboardData; answer: PageAnswer }) {
  const { table } = loaded;
  const ask = loaded.view.ask;
  const target = ask ? askTarget(table, ask.id) : undefined;
  if (!ask || !target) {
    // A review asked for in the address (the queue's Review without JavaScript), when no question is.
    const entry = table.tab === "queue" ? table.entries.find((row) => row.id === loaded.view.review) : undefined;
    if (entry && table.tab === "queue") return <ReviewPanel entry={entry} fieldNames={table.fieldNames} />;
    // The same for a consultant's Edit form (the Consultants tab's Edit without JavaScript).
    const editing = table.tab === "consultants" ? table.consultants.find((row) => row.id === loaded.view.edit) : undefined;
    if (!editing) return null;
    return <EditPanel consultant={editing} answer={pageAnswer?.intent === "update" ? pageAnswer : undefined} />;
  }
  return (
    <AskPanel
      intent={ask.intent}
      target={target}
      isSelf={table.tab === "users" && target.id === loaded.currentUserId}
      answer={pageAnswer?.intent === ask.intent ? pageAnswer : undefined}
    />
  );
}

function TablePanel({ table, data: loaded }: { table: DashboardData["table"]; data: DashboardData }) {
  const filters = { search: loaded.view.search, status: loaded.view.status };
  const paging = { tab: table.tab, filters, page: table.page, limit: table.limit, total: table.total };
  return (
    <>
      <TabTable table={table} currentUserId={loaded.currentUserId} />
      <TablePages {...paging} text={TAB_TEXT[table.tab]} />
    </>
  );
}

function TabTable({ table, currentUserId }: { table: DashboardData["table"]; currentUserId: DashboardData["currentUserId"] }) {
  switch (table.tab) {
    case "consultants":
      return <ConsultantsTable consultants={table.consultants} keptCvs={table.keptCvs} />;
    case "queue":
      return <QueueTable entries={table.entries} fieldNames={table.fieldNames} />;
    case "users":
      return <UsersTable users={table.users} adminCount={table.adminCount} currentUserId={currentUserId} />;
    case "audit":
      return <AuditTable entries={table.entries} />;
  }
}

export function headers() {
  // Admin pages show private data: never kept by a shared cache or the back-forward cache.
  return { "Cache-Control": "private, no-store" };
}

export const meta = privatePageMeta({
  title: msg`Admin Dashboard`,
  description: msg`Manage consultants, users and profile approvals.`,
  path: "/admin",
});

export { RouteErrorBoundary as ErrorBoundary };
