import { ChevronLeft, ChevronRight, Search } from "lucide-react";
import { useEffect, useRef } from "react";
import { Form, Link, useFetcher } from "react-router";
import { ADMIN_TOASTS, APPROVAL_STATUS_LABELS, APPROVAL_STATUSES, type ApprovalStatus } from "../../../common/admin-schema.ts";
import { buttonClasses } from "../ui/button.tsx";
import { Input, Select } from "../ui/field.tsx";
import { toast } from "../ui/toast.tsx";

// Pieces the four tabs of the Admin Dashboard share: the action hook with its toasts, the search
// box, the pagination, the loading line, badges and dates.

export const ADMIN_TABS = ["consultants", "users", "queue", "audit"] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];

export type AdminIntent = "update" | "delete" | "approve" | "reject" | "hide" | "promote" | "demote";

export type AdminActionResult =
  | { ok: true; intent: AdminIntent; message: string }
  | { ok: false; intent: AdminIntent | null; message: string; errors?: { path: string; message: string }[] };

/** The toast texts of spec section 8 (and the approval queue's, in the same pattern). */
export const INTENT_TOASTS: Record<AdminIntent, { success: string; failure: string }> = {
  update: { success: ADMIN_TOASTS.consultantUpdated, failure: ADMIN_TOASTS.updateFailed },
  delete: { success: ADMIN_TOASTS.consultantDeleted, failure: ADMIN_TOASTS.deleteFailed },
  promote: { success: ADMIN_TOASTS.userPromoted, failure: ADMIN_TOASTS.promoteFailed },
  demote: { success: ADMIN_TOASTS.userDemoted, failure: ADMIN_TOASTS.demoteFailed },
  approve: { success: ADMIN_TOASTS.consultantApproved, failure: ADMIN_TOASTS.approveFailed },
  reject: { success: ADMIN_TOASTS.consultantRejected, failure: ADMIN_TOASTS.rejectFailed },
  hide: { success: ADMIN_TOASTS.consultantHidden, failure: ADMIN_TOASTS.hideFailed },
};

/**
 * A fetcher for the /admin action that shows the Success or Error toast once per answer and
 * calls `onResult`. It reacts as soon as the answer arrives (while the lists revalidate), so it
 * still fires when the revalidation removes the row or, after demoting oneself, leaves the page.
 * Keep it in a component that outlives the row it acts on.
 */
export function useAdminAction(onResult?: (result: AdminActionResult) => void) {
  const fetcher = useFetcher<AdminActionResult>();
  const handled = useRef<AdminActionResult | null>(null);
  const callback = useRef(onResult);
  callback.current = onResult;
  useEffect(() => {
    const result = fetcher.data;
    if (!result || fetcher.state === "submitting" || handled.current === result) return;
    handled.current = result;
    toast(
      result.ok
        ? { title: ADMIN_TOASTS.success, description: result.message }
        : { title: ADMIN_TOASTS.error, description: result.message, variant: "destructive" },
    );
    callback.current?.(result);
  }, [fetcher.data, fetcher.state]);
  const submit = (fields: Record<string, string>) => fetcher.submit(fields, { method: "post", action: "/admin" });
  /** The id the pending request acts on, if any: that row shows it is busy. */
  const pendingId = fetcher.state === "idle" ? null : (fetcher.formData?.get("id")?.toString() ?? null);
  const pendingIntent = fetcher.state === "idle" ? null : (fetcher.formData?.get("intent")?.toString() ?? null);
  return { fetcher, submit, pendingId, pendingIntent, isBusy: fetcher.state !== "idle" };
}

/** What narrows a table: the search text and, on the Consultants tab, the approval status. */
export type AdminFilters = { search: string; status?: ApprovalStatus };

export function adminHref(tab: AdminTab, filters: AdminFilters, page = 1): string {
  const params = new URLSearchParams({ tab });
  if (filters.search) params.set("q", filters.search);
  if (filters.status) params.set("status", filters.status);
  if (page > 1) params.set("page", String(page));
  return `/admin?${params.toString()}`;
}

/** A GET form: works without JavaScript, and with it the navigation shows the loading text. */
export function AdminSearch({
  tab,
  filters,
  label,
  placeholder,
  withStatus = false,
}: {
  tab: AdminTab;
  filters: AdminFilters;
  label: string;
  placeholder: string;
  /** Adds the approval status filter (the Consultants tab). */
  withStatus?: boolean;
}) {
  const inputId = `admin-search-${tab}`;
  const { search, status } = filters;
  return (
    <Form
      method="get"
      action="/admin"
      role="search"
      aria-label={label}
      className="flex flex-wrap items-center gap-2"
      preventScrollReset
    >
      <input type="hidden" name="tab" value={tab} />
      <label htmlFor={inputId} className="sr-only">
        {label}
      </label>
      <div className="relative w-full sm:w-auto sm:max-w-sm sm:flex-1">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-500"
        />
        <Input
          key={`${tab}:${search}`}
          id={inputId}
          type="search"
          name="q"
          defaultValue={search}
          placeholder={placeholder}
          className="pl-9"
        />
      </div>
      {withStatus && (
        <div className="w-full sm:w-48">
          <label htmlFor={`${inputId}-status`} className="sr-only">
            Approval status
          </label>
          <Select key={`${tab}:${status ?? ""}`} id={`${inputId}-status`} name="status" defaultValue={status ?? ""}>
            <option value="">All statuses</option>
            {APPROVAL_STATUSES.map((value) => (
              <option key={value} value={value}>
                {APPROVAL_STATUS_LABELS[value]}
              </option>
            ))}
          </Select>
        </div>
      )}
      <button type="submit" className={buttonClasses({ variant: "secondary" })}>
        Search
      </button>
      {(search || status) && (
        <Link to={adminHref(tab, { search: "" })} className={buttonClasses({ variant: "ghost" })} preventScrollReset>
          Clear search
        </Link>
      )}
    </Form>
  );
}

/** Page numbers as spec section 9 draws them: up to five, then an ellipsis and the last page. */
export function pageNumbers(page: number, totalPages: number): (number | "ellipsis")[] {
  if (totalPages <= 6) return Array.from({ length: totalPages }, (_, i) => i + 1);
  // Five pages around the current one, ending before the last page, which is always shown.
  const start = Math.max(1, Math.min(page - 2, totalPages - 5));
  const window = Array.from({ length: 5 }, (_, i) => start + i);
  return start + 4 === totalPages - 1 ? [...window, totalPages] : [...window, "ellipsis", totalPages];
}

export function AdminPagination({
  tab,
  filters,
  page,
  limit,
  total,
  noun,
}: {
  tab: AdminTab;
  filters: AdminFilters;
  page: number;
  limit: number;
  total: number;
  noun: string;
}) {
  const totalPages = Math.max(1, Math.ceil(total / limit));
  const first = total === 0 ? 0 : (page - 1) * limit + 1;
  const last = Math.min(total, page * limit);
  const linkClasses = "inline-flex h-9 min-w-9 items-center justify-center rounded-md px-2 text-sm font-medium";
  return (
    <nav aria-label={`${noun} pages`} className="mt-4 flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-muted">
        {total === 0 ? `No ${noun.toLowerCase()}` : `Showing ${first}–${last} of ${total.toLocaleString("en-US")}`}
      </p>
      {totalPages > 1 && (
        <ul className="flex flex-wrap items-center gap-1">
          <li>
            {page > 1 ? (
              <Link
                to={adminHref(tab, filters, page - 1)}
                className={`${linkClasses} text-brand-800 hover:bg-brand-50`}
                preventScrollReset
              >
                <ChevronLeft aria-hidden="true" className="size-4" />
                Previous
              </Link>
            ) : (
              <span className={`${linkClasses} text-slate-500`} aria-disabled="true">
                <ChevronLeft aria-hidden="true" className="size-4" />
                Previous
              </span>
            )}
          </li>
          {pageNumbers(page, totalPages).map((n, index) =>
            n === "ellipsis" ? (
              <li key={`ellipsis-${index}`} aria-hidden="true" className="px-1 text-muted">
                …
              </li>
            ) : (
              <li key={n}>
                <Link
                  to={adminHref(tab, filters, n)}
                  aria-label={`Page ${n}`}
                  aria-current={n === page ? "page" : undefined}
                  className={`${linkClasses} ${n === page ? "bg-brand-700 text-white" : "text-brand-800 hover:bg-brand-50"}`}
                  preventScrollReset
                >
                  {n}
                </Link>
              </li>
            ),
          )}
          <li>
            {page < totalPages ? (
              <Link
                to={adminHref(tab, filters, page + 1)}
                className={`${linkClasses} text-brand-800 hover:bg-brand-50`}
                preventScrollReset
              >
                Next
                <ChevronRight aria-hidden="true" className="size-4" />
              </Link>
            ) : (
              <span className={`${linkClasses} text-slate-500`} aria-disabled="true">
                Next
                <ChevronRight aria-hidden="true" className="size-4" />
              </span>
            )}
          </li>
        </ul>
      )}
    </nav>
  );
}

export function LoadingText({ children }: { children: string }) {
  return (
    <p role="status" className="py-12 text-center text-sm font-medium text-muted">
      {children}
    </p>
  );
}

export function EmptyRow({ colSpan, children }: { colSpan: number; children: string }) {
  return (
    <tr>
      <td colSpan={colSpan} className="px-4 py-10 text-center text-sm text-muted">
        {children}
      </td>
    </tr>
  );
}

const APPROVAL_BADGE: Record<ApprovalStatus, string> = {
  pending: "bg-accent-100 text-accent-700",
  approved: "bg-brand-50 text-brand-800",
  rejected: "bg-red-50 text-red-800",
  hidden: "bg-slate-100 text-slate-700",
};

export function ApprovalBadge({ status }: { status: ApprovalStatus }) {
  return (
    <span className={`inline-flex whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ${APPROVAL_BADGE[status]}`}>
      {APPROVAL_STATUS_LABELS[status]}
    </span>
  );
}

export function AvailabilityBadge({ available }: { available: boolean }) {
  return (
    <span
      className={`inline-flex whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ${
        available ? "bg-emerald-50 text-emerald-800" : "bg-slate-100 text-slate-700"
      }`}
    >
      {available ? "Available" : "Unavailable"}
    </span>
  );
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/**
 * Dates in UTC, written out by hand: the server and the browser must render the same text
 * (hydration), whatever their time zone or ICU version.
 */
export function formatDate(value: Date | string): string {
  const date = new Date(value);
  return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

export function formatDateTime(value: Date | string): string {
  const date = new Date(value);
  const time = `${String(date.getUTCHours()).padStart(2, "0")}:${String(date.getUTCMinutes()).padStart(2, "0")}`;
  return `${formatDate(date)}, ${time} UTC`;
}

export const tableClasses = {
  wrapper: "mt-4 overflow-x-auto rounded-xl border border-slate-200 bg-white",
  table: "min-w-full divide-y divide-slate-200 text-left text-sm",
  head: "bg-slate-50 text-xs font-semibold uppercase tracking-wide text-slate-700",
  th: "px-4 py-3",
  td: "px-4 py-3 align-top",
  row: "hover:bg-slate-50/60",
};
