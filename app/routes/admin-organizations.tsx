import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { BadgeCheck, Search, ShieldOff } from "lucide-react";
import { Form, Link } from "react-router";
import { countryName } from "#common/countries.ts";
import { parseId } from "#common/ids.ts";
import {
  type AdminOrganization,
  type ConversationReport,
  ORGANIZATION_FILTERS,
  ORGANIZATION_KINDS,
  ORGANIZATION_ROLES,
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
import { RouteErrorBoundary } from "../components/layout/route-error-boundary.tsx";
import { OrganizationBadge, VerifiedMark } from "../components/organizations/organization-badge.tsx";
import { Button, buttonClasses } from "../components/ui/button.tsx";
import { Field, Input, Select } from "../components/ui/field.tsx";
import { LocalTime } from "../components/ui/local-time.tsx";
import { Options } from "../components/ui/options.tsx";
import { RefusalNotice } from "../components/ui/refusal-notice.tsx";
import { appContext } from "../context.ts";
import { i18nOfRequest } from "../i18n/i18n.ts";
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

export const handle: SignedInHandle = {
  signedOut: {
    heading: "Admin Access Required",
    text: "Please sign in with an administrator account to view the Admin Dashboard.",
    withHomeLink: true,
  },
};

const FILTER_LABELS: Record<OrganizationFilter, string> = {
  all: "All",
  verified: "Verified",
  unverified: "Unverified",
  reported: "Reported",
};

function readQuery(url: URL) {
  const filterParam = url.searchParams.get("filter");
  const page = Number(url.searchParams.get("page"));
  return {
    search: (url.searchParams.get("q") ?? "").trim().slice(0, 200),
    filter: ORGANIZATION_FILTERS.find((candidate) => candidate === filterParam) ?? "all",
    page: Number.isInteger(page) && page >= 1 && page <= 1_000_000 ? page : 1,
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
    // Names from the server, so the page hydrates with the same words.
    countries: Object.fromEntries(list.organizations.map((row) => [row.country, countryName(row.country)])),
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
  if (id === null) return answer(errorAnswer("Not found"), 404);
  const i18n = i18nOfRequest(request);
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
  return answer(errorAnswer("Unknown action"), 400);
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
  const failure = errorOf(actionData);
  const here = pageHref(query, { ...(query.page > 1 ? { page: query.page } : {}), ...(query.open ? { open: query.open } : {}) });
  const pageCount = Math.max(1, Math.ceil(list.total / list.limit));
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <Link to="/admin" className="text-sm font-medium text-brand-800 hover:underline">
        Admin Dashboard
      </Link>
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-ink">Organizations</h1>
      {failure && <RefusalNotice title="Not changed">{failure}</RefusalNotice>}

      <section aria-labelledby="reports-heading" className="mt-6 rounded-2xl border border-slate-200 bg-white p-4 sm:p-6">
        <h2 id="reports-heading" className="text-xl font-semibold text-ink">
          Reported conversations ({reports.length})
        </h2>
        {reports.length === 0 ? (
          <p className="mt-2 text-muted">No open reports.</p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-200">
            {reports.map((report) => (
              <ReportItem key={report.id} report={report} back={here} answer={actionData} />
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="table-heading" className="mt-6">
        <h2 id="table-heading" className="text-xl font-semibold text-ink">
          All organizations ({list.total})
        </h2>
        <Form method="get" className="mt-3 flex flex-wrap items-end gap-3">
          <Field label="Search organizations" className="min-w-0 flex-1">
            {(props) => (
              <Input {...props} name="q" type="search" defaultValue={query.search} placeholder="Name, website or slug" />
            )}
          </Field>
          <Field label="Show">
            {(props) => (
              <Select {...props} name="filter" defaultValue={query.filter}>
                <Options values={ORGANIZATION_FILTERS.map((value) => ({ value, label: FILTER_LABELS[value] }))} />
              </Select>
            )}
          </Field>
          <Button type="submit" variant="outline">
            <Search aria-hidden="true" className="size-4" />
            Search
          </Button>
        </Form>
        <div className="mt-4 overflow-x-auto rounded-2xl border border-slate-200 bg-white">
          <table className="w-full min-w-[48rem] text-left text-sm">
            <caption className="sr-only">Organizations, newest first</caption>
            <thead className="border-b border-slate-200 text-muted">
              <tr>
                <th scope="col" className="p-3 font-medium">
                  Organization
                </th>
                <th scope="col" className="p-3 font-medium">
                  Kind · country
                </th>
                <th scope="col" className="p-3 font-medium">
                  Members
                </th>
                <th scope="col" className="p-3 font-medium">
                  Open reports
                </th>
                <th scope="col" className="p-3 font-medium">
                  Verification
                </th>
              </tr>
            </thead>
            <tbody>
              {list.organizations.length === 0 && (
                <tr>
                  <td colSpan={5} className="p-4 text-muted">
                    No organizations match.
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
        {pageCount > 1 && (
          <nav aria-label="Organizations pages" className="mt-3 flex items-center gap-3 text-sm">
            {query.page > 1 && (
              <Link to={pageHref(query, { page: query.page - 1 })} className="font-medium text-brand-800 underline">
                Previous
              </Link>
            )}
            <span className="text-muted">
              Page {query.page} of {pageCount}
            </span>
            {query.page < pageCount && (
              <Link to={pageHref(query, { page: query.page + 1 })} className="font-medium text-brand-800 underline">
                Next
              </Link>
            )}
          </nav>
        )}
      </section>

      {opened && (
        <section aria-labelledby="members-heading" className="mt-6 rounded-2xl border border-slate-200 bg-white p-4 sm:p-6">
          <h2 id="members-heading" className="text-xl font-semibold text-ink">
            Members of {opened.name}
          </h2>
          <ul className="mt-3 divide-y divide-slate-200">
            {opened.members.map((member) => (
              <li key={member.userId} className="py-2 text-sm">
                <span className="font-medium text-ink">{member.name}</span>{" "}
                <span className="break-all text-muted">
                  · {member.email} · {ORGANIZATION_ROLES.labels[member.role]}
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
  return (
    <tr className="border-b border-slate-100 last:border-0" data-testid="organization-row">
      <td className="p-3 align-top">
        <span className="font-semibold text-ink">{row.name}</span>
        {row.website && <span className="block break-all text-xs text-muted">{row.website}</span>}
      </td>
      <td className="p-3 align-top text-slate-700">
        {ORGANIZATION_KINDS.labels[row.kind]} · {country}
      </td>
      <td className="p-3 align-top">
        <Link to={membersHref} className="font-medium text-brand-800 underline">
          {row.memberCount}
          <span className="sr-only"> members of {row.name}</span>
        </Link>
      </td>
      <td className="p-3 align-top">{row.openReports}</td>
      <td className="p-3 align-top">
        <div className="flex flex-wrap items-center gap-2">
          {row.verified ? (
            <>
              <VerifiedMark />
              <span className="text-xs text-muted">{row.verificationMethod === "domain" ? "by domain" : "by an admin"}</span>
            </>
          ) : (
            <span className="text-muted">Not verified</span>
          )}
          <Form method="post">
            <input type="hidden" name="intent" value={row.verified ? "unverify" : "verify"} />
            <input type="hidden" name="id" value={row.id} />
            <input type="hidden" name="back" value={back} />
            <button type="submit" className={buttonClasses({ variant: "outline", size: "sm" })}>
              {row.verified ? (
                <ShieldOff aria-hidden="true" className="size-4" />
              ) : (
                <BadgeCheck aria-hidden="true" className="size-4" />
              )}
              {row.verified ? "Unverify" : "Verify"}
              <span className="sr-only"> {row.name}</span>
            </button>
            <ReauthenticateFields answer={askedAgain(answer, row.verified ? "unverify" : "verify", row.id)} />
          </Form>
        </div>
      </td>
    </tr>
  );
}

function ReportItem({ report, back, answer }: { report: ConversationReport; back: string; answer: PageAnswer }) {
  const again = askedAgain(answer, "report", report.id);
  const typed = typedOf(again);
  return (
    <li className="py-4" data-testid="report">
      <p className="font-semibold text-ink">{report.subject}</p>
      <p className="mt-0.5 text-sm text-slate-700">
        From {report.senderName}
        {report.organization && (
          <>
            {" "}
            for <OrganizationBadge organization={report.organization} />
          </>
        )}{" "}
        · reported by {report.reporterName ?? "a consultant"} on <LocalTime value={report.createdAt} />
      </p>
      <p className="mt-2 whitespace-pre-line break-words text-sm text-slate-800">“{report.reason}”</p>
      <Form method="post" className="mt-3 grid gap-3 sm:grid-cols-[14rem_1fr_auto] sm:items-end">
        <input type="hidden" name="intent" value="report" />
        <input type="hidden" name="id" value={report.id} />
        <input type="hidden" name="back" value={back} />
        <Field label="Action">
          {(props) => (
            <Select {...props} name="action" defaultValue={typed.action ?? "warn"}>
              <Options values={REPORT_ACTIONS.options.filter((option) => option.value !== "unverify" || report.organization)} />
            </Select>
          )}
        </Field>
        <Field label="Message to the sender (for a warning)">
          {(props) => <Input {...props} name="message" maxLength={1000} defaultValue={typed.message} />}
        </Field>
        <Button type="submit" variant="outline">
          Apply<span className="sr-only"> to the report about “{report.subject}”</span>
        </Button>
        {again && (
          <div className="sm:col-span-3">
            <ReauthenticateFields answer={again} />
          </div>
        )}
      </Form>
    </li>
  );
}

export const meta = privatePageMeta({
  title: "Organizations",
  description: "The admins' table of organizations and reported conversations.",
  path: "/admin/organizations",
});

export { RouteErrorBoundary as ErrorBoundary };
