import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { BadgeCheck, ShieldOff } from "lucide-react";
import { Link } from "react-router";
import { countryName } from "#common/countries.ts";
import { parseId } from "#common/ids.ts";
import {
  type AdminOrganization,
  type ConversationReport,
  ORGANIZATION_FILTERS,
  type OrganizationFilter,
  REPORT_ACTIONS,
} from "#common/organizations.ts";
import { backToPage } from "#common/redirect.ts";
import { serviceDeps } from "#server/http/context.ts";
import { actorOf } from "#server/services/context.ts";
import { listReports, resolveReport } from "#server/services/conversations/reports.ts";
import { getOrganizationForAdmin, listOrganizationsForAdmin } from "#server/services/organizations/admin.ts";
import { unverifyOrganization, verifyOrganization } from "#server/services/organizations/verification.ts";
import { ReauthenticateFields } from "../components/account/reauthenticate-fields.tsx";
import { ADMIN_HANDLE, AdminPageHeader, AdminRowForm, AdminTableHead, adminPageOf } from "../components/admin/admin-page.tsx";
import { adminText } from "../components/admin/admin-words.ts";
import { RouteErrorBoundary } from "../components/layout/route-error-boundary.tsx";
import { kindLabel, reportActionLabel, roleLabel } from "../components/organizations/labels.ts";
import { OrganizationBadge, VerifiedMark } from "../components/organizations/organization-badge.tsx";
import { Button, buttonClasses } from "../components/ui/button.tsx";
import { Field, Input, Select } from "../components/ui/field.tsx";
import { FindForm } from "../components/ui/list-forms.tsx";
import { ListSection } from "../components/ui/list-section.tsx";
import { LocalTime } from "../components/ui/local-time.tsx";
import { Options } from "../components/ui/options.tsx";
import { Pagination } from "../components/ui/pagination.tsx";
import { appContext } from "../context.ts";
import { i18nOfRequest, localeOfRequest } from "../i18n/i18n.ts";
import { errorAnswer, errorOf, type FormAnswer, typedOf, typedValues } from "../lib/form-answer.ts";
import { privatePageMeta } from "../lib/meta.ts";
import { keepPageOnFailure } from "../lib/page-action.ts";
import { reauthenticateFromForm } from "../lib/reauthentication.server.ts";
import { answer, refusedAnswer } from "../lib/service-errors.server.ts";
import { requireAdminPage, requireSignedIn } from "../lib/signed-in.server.ts";
import { redirectWithToast } from "../lib/toast.server.ts";
import type { Route } from "./+types/admin-organizations";
import type { SignedInHandle } from "./signed-in-layout.tsx";

// /admin/organizations (issue 31): the site admins' Organizations table (search, filter verified /
// unverified / reported), verify or unverify by hand, an organization's members, and the queue of
// reported conversations (warn, block the sender, unverify the organization, dismiss). Every
// change goes through the services that audit it.

export const handle: SignedInHandle = ADMIN_HANDLE;

const FILTER_LABELS: Record<OrganizationFilter, MessageDescriptor> = {
  all: msg`All`,
  verified: msg`Verified`,
  unverified: msg`Unverified`,
  reported: msg`Reported`,
};

function readQuery(url: URL) {
  const filterParam = url.searchParams.get("filter");
  return {
    search: (url.searchParams.get("q") ?? "").trim().slice(0, 200),
    filter: ORGANIZATION_FILTERS.find((candidate) => candidate === filterParam) ?? "all",
    page: adminPageOf(url.searchParams),
    open: parseId(url.searchParams.get("open") ?? ""),
  };
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const session = requireAdminPage(app, { comeBack: request });
  const actor = actorOf(session);
  const deps = serviceDeps(app);
  const query = readQuery(new URL(request.url));
  const [list, reports, opened] = await Promise.all([
    listOrganizationsForAdmin(deps, actor, {
      search: query.search || undefined,
      filter: query.filter,
      page: query.page,
      limit: 25,
    }),
    listReports(deps, actor, { status: "open", limit: 25 }),
    query.open ? getOrganizationForAdmin(deps, actor, query.open).catch(() => null) : null,
  ]);
  return {
    query,
    list,
    reports: reports.reports,
    opened,
    // Names from the server in the page's language, so the page hydrates with the same words.
    countries: Object.fromEntries(
      list.organizations.map((row) => [row.country, countryName(row.country, localeOfRequest(request))]),
    ),
  };
}

/** The toast after an admin acts on a report: what became of it. */
const REPORT_RESOLVED: Record<ConversationReport["status"], MessageDescriptor> = {
  open: msg`Report open`,
  warned: msg`Report warned`,
  blocked: msg`Report blocked`,
  unverified: msg`Report unverified`,
  dismissed: msg`Report dismissed`,
};

export async function action({ context, request }: Route.ActionArgs) {
  const app = context.get(appContext);
  requireSignedIn(app, { comeBack: request });
  const deps = serviceDeps(app);
  const form = await request.formData();
  const intent = form.get("intent");
  const id = parseId(String(form.get("id") ?? ""));
  const back = backToPage(form.get("back"), "/admin/organizations") ?? "/admin/organizations";
  const i18n = i18nOfRequest(request);
  if (id === null) return answer(errorAnswer(i18n._(msg`Not found`)), 404);
  const known = intent === "verify" || intent === "unverify" || intent === "report" ? intent : undefined;
  // Without JavaScript the password (or code) comes in the form itself (issue 38): confirmed first.
  const refused = await reauthenticateFromForm(app, form, { intent: known });
  if (refused) return refused;
  const actor = actorOf(app.session);
  try {
    if (intent === "verify") {
      await verifyOrganization(deps, actor, { id, body: { method: "admin" } });
      return redirectWithToast(app, back, { title: i18n._(msg`Organization verified`) });
    }
    if (intent === "unverify") {
      await unverifyOrganization(deps, actor, id);
      return redirectWithToast(app, back, { title: i18n._(msg`Verification taken back`) });
    }
    if (intent === "report") {
      const resolved = await resolveReport(deps, actor, {
        id,
        body: { action: form.get("action"), message: form.get("message") || undefined },
      });
      return redirectWithToast(app, back, { title: i18n._(REPORT_RESOLVED[resolved.status]) });
    }
  } catch (error) {
    // Which form was refused (and what it said), so a request for the password shows in that form.
    return refusedAnswer(error, { intent: known, initialValue: typedValues(form, ["id", "action", "message"]) });
  }
  return answer(errorAnswer(i18n._(msg`Unknown action`)), 400);
}

/** A failed request keeps the page (app/lib/page-action.ts). */
export async function clientAction(args: Route.ClientActionArgs) {
  return keepPageOnFailure(args, (message) => errorAnswer(message));
}

function pageHref(query: { search: string; filter: string }, extra: Record<string, string | number> = {}) {
  const params = new URLSearchParams();
  if (query.search) params.set("q", query.search);
  if (query.filter !== "all") params.set("filter", query.filter);
  for (const [key, value] of Object.entries(extra)) params.set(key, String(value));
  const text = params.toString();
  return `/admin/organizations${text ? `?${text}` : ""}`;
}

export default function AdminOrganizationsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { query, list, reports, opened, countries } = loaderData;
  const { t, i18n } = useLingui();
  const failure = errorOf(actionData);
  const here = pageHref(query, { ...(query.page > 1 ? { page: query.page } : {}), ...(query.open ? { open: query.open } : {}) });
  const pageCount = Math.max(1, Math.ceil(list.total / list.limit));
  const reportCount = reports.length;
  const total = list.total;
  const openedName = opened?.name;
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <AdminPageHeader title={<Trans>Organizations</Trans>} failure={failure && adminText(i18n, failure)} />

      <ListSection
        id="reports-heading"
        title={<Trans>Reported conversations ({reportCount})</Trans>}
        className="mt-6 rounded-2xl border border-slate-200 bg-white p-4 sm:p-6"
        items={reports}
        empty={<Trans>No open reports.</Trans>}
        listClassName="mt-3 divide-y divide-slate-200"
      >
        {(report) => <ReportItem key={report.id} report={report} back={here} answer={actionData} />}
      </ListSection>

      <section aria-labelledby="table-heading" className="mt-6">
        <h2 id="table-heading" className="text-xl font-semibold text-ink">
          <Trans>All organizations ({total})</Trans>
        </h2>
        <FindForm className="mt-3" button={<Trans>Search</Trans>}>
          <Field label={t`Search organizations`} className="min-w-[min(100%,16rem)] flex-1">
            {(props) => (
              <Input {...props} name="q" type="search" defaultValue={query.search} placeholder={t`Name, website or slug`} />
            )}
          </Field>
          <Field label={t`Show`}>
            {(props) => (
              <Select {...props} name="filter" defaultValue={query.filter}>
                <Options values={ORGANIZATION_FILTERS.map((value) => ({ value, label: i18n._(FILTER_LABELS[value]) }))} />
              </Select>
            )}
          </Field>
        </FindForm>
        {/* relative: the table's sr-only texts (absolutely placed) stay in this scroller, or the page scrolls sideways on a phone. */}
        <div className="relative mt-4 overflow-x-auto rounded-2xl border border-slate-200 bg-white">
          <table className="w-full min-w-[48rem] text-left text-sm">
            <AdminTableHead
              caption={t`Organizations, newest first`}
              columns={[t`Organization`, t`Kind · country`, t`Members`, t`Open reports`, t`Verification`]}
              className="border-b border-slate-200 text-muted"
              cellClassName="p-3 font-medium"
            />
            <tbody>
              {list.organizations.length === 0 && (
                <tr>
                  <td colSpan={5} className="p-4 text-muted">
                    <Trans>No organizations match.</Trans>
                  </td>
                </tr>
              )}
              {list.organizations.map((row) => (
                <OrganizationRow
                  key={row.id}
                  row={row}
                  country={countries[row.country] ?? row.country}
                  back={here}
                  answer={actionData}
                  membersHref={pageHref(query, { ...(query.page > 1 ? { page: query.page } : {}), open: row.id })}
                />
              ))}
            </tbody>
          </table>
        </div>
        <div className="mt-3">
          <Pagination
            page={query.page}
            pageCount={pageCount}
            href={(page) => pageHref(query, page > 1 ? { page } : {})}
            label={t`Organizations pages`}
            keepScroll
          />
        </div>
      </section>

      {opened && (
        <section aria-labelledby="members-heading" className="mt-6 rounded-2xl border border-slate-200 bg-white p-4 sm:p-6">
          <h2 id="members-heading" className="text-xl font-semibold text-ink">
            <Trans>
              Members of <bdi>{openedName}</bdi>
            </Trans>
          </h2>
          <ul className="mt-3 divide-y divide-slate-200">
            {opened.members.map((member) => (
              <li key={member.userId} className="py-2 text-sm">
                <bdi className="font-medium text-ink">{member.name}</bdi>{" "}
                <span className="break-all text-muted">
                  · <bdi>{member.email}</bdi> · {roleLabel(i18n, member.role)}
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

type PageAnswer = FormAnswer<"verify" | "unverify" | "report"> | undefined;

/**
 * The answer to this form (its intent, its row) when it asks for the password again: without
 * JavaScript (or with the dialog cancelled) the form then shows the password and code fields.
 */
function askedAgain(answer: PageAnswer, intent: "verify" | "unverify" | "report", id: number): PageAnswer {
  return answer?.reauthenticate && answer.intent === intent && typedOf(answer).id === String(id) ? answer : undefined;
}

function OrganizationRow({
  row,
  country,
  back,
  answer,
  membersHref,
}: {
  row: AdminOrganization;
  country: string;
  back: string;
  answer: PageAnswer;
  membersHref: string;
}) {
  const { t, i18n } = useLingui();
  const name = row.name;
  const members = row.memberCount;
  return (
    <tr className="border-b border-slate-100 last:border-0" data-testid="organization-row">
      <td className="p-3 align-top">
        <bdi className="font-semibold text-ink">{name}</bdi>
        {row.website && (
          <bdi className="block break-all text-xs text-muted" dir="ltr">
            {row.website}
          </bdi>
        )}
      </td>
      <td className="p-3 align-top text-slate-700">
        {kindLabel(i18n, row.kind)} · {country}
      </td>
      <td className="p-3 align-top">
        <Link to={membersHref} className="font-medium text-brand-800 underline">
          {members}
          <span className="sr-only">
            {" "}
            <Trans>
              <Plural value={members} one="member" other="members" /> of <bdi>{name}</bdi>
            </Trans>
          </span>
        </Link>
      </td>
      <td className="p-3 align-top">{row.openReports}</td>
      <td className="p-3 align-top">
        <div className="flex flex-wrap items-center gap-2">
          {row.verified ? (
            <>
              <VerifiedMark />
              <span className="text-xs text-muted">{row.verificationMethod === "domain" ? t`by domain` : t`by an admin`}</span>
            </>
          ) : (
            <span className="text-muted">
              <Trans>Not verified</Trans>
            </span>
          )}
          <AdminRowForm id={row.id} back={back} intent={row.verified ? "unverify" : "verify"}>
            <button type="submit" className={buttonClasses({ variant: "outline", size: "sm" })}>
              {row.verified ? (
                <ShieldOff aria-hidden="true" className="size-4" />
              ) : (
                <BadgeCheck aria-hidden="true" className="size-4" />
              )}
              {row.verified ? t`Unverify` : t`Verify`}
              <span className="sr-only">
                {" "}
                <bdi>{name}</bdi>
              </span>
            </button>
            <ReauthenticateFields answer={askedAgain(answer, row.verified ? "unverify" : "verify", row.id)} />
          </AdminRowForm>
        </div>
      </td>
    </tr>
  );
}

function ReportItem({ report, back, answer }: { report: ConversationReport; back: string; answer: PageAnswer }) {
  const { t, i18n } = useLingui();
  const again = askedAgain(answer, "report", report.id);
  const typed = typedOf(again);
  const sender = report.senderName;
  const reporter = report.reporterName;
  const subject = report.subject;
  return (
    <li className="py-4" data-testid="report">
      <p className="font-semibold text-ink">
        <bdi>{subject}</bdi>
      </p>
      <p className="mt-0.5 text-sm text-slate-700">
        {report.organization ? (
          <Trans>
            From <bdi>{sender}</bdi> for <OrganizationBadge organization={report.organization} />
          </Trans>
        ) : (
          <Trans>
            From <bdi>{sender}</bdi>
          </Trans>
        )}{" "}
        ·{" "}
        {reporter ? (
          <Trans>
            reported by <bdi>{reporter}</bdi> on <LocalTime value={report.createdAt} />
          </Trans>
        ) : (
          <Trans>
            reported by a consultant on <LocalTime value={report.createdAt} />
          </Trans>
        )}
      </p>
      <p className="mt-2 whitespace-pre-line break-words text-sm text-slate-800">
        “<bdi>{report.reason}</bdi>”
      </p>
      <AdminRowForm
        id={report.id}
        back={back}
        intent="report"
        className="mt-3 grid gap-3 sm:grid-cols-[14rem_1fr_auto] sm:items-end"
      >
        <Field label={t`Action`}>
          {(props) => (
            <Select {...props} name="action" defaultValue={typed.action ?? "warn"}>
              <Options
                values={REPORT_ACTIONS.values
                  .filter((value) => value !== "unverify" || report.organization)
                  .map((value) => ({ value, label: reportActionLabel(i18n, value) }))}
              />
            </Select>
          )}
        </Field>
        <Field label={t`Message to the sender (for a warning)`}>
          {(props) => <Input {...props} name="message" maxLength={1000} defaultValue={typed.message} />}
        </Field>
        <Button type="submit" variant="outline">
          <Trans>
            Apply
            <span className="sr-only">
              {" "}
              to the report about “<bdi>{subject}</bdi>”
            </span>
          </Trans>
        </Button>
        {again && (
          <div className="sm:col-span-3">
            <ReauthenticateFields answer={again} />
          </div>
        )}
      </AdminRowForm>
    </li>
  );
}

export const meta = privatePageMeta({
  title: msg`Organizations`,
  description: msg`The admins' table of organizations and reported conversations.`,
  path: "/admin/organizations",
});

export { RouteErrorBoundary as ErrorBoundary };
