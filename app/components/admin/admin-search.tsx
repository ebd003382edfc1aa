import { Trans, useLingui } from "@lingui/react/macro";
import { Search } from "lucide-react";
import { Form, Link } from "react-router";
import { APPROVAL_STATUSES } from "#common/admin-schema.ts";
import { buttonClasses } from "../ui/button.tsx";
import { Input, Select } from "../ui/field.tsx";
import { Options } from "../ui/options.tsx";
import { type AdminFilters, type AdminTab, adminHref } from "./admin-tabs.ts";
import { APPROVAL_LABELS } from "./admin-words.ts";

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
  const { i18n, t } = useLingui();
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
            <Trans>Approval status</Trans>
          </label>
          <Select key={`${tab}:${status ?? ""}`} id={`${inputId}-status`} name="status" defaultValue={status ?? ""}>
            <Options placeholder={t`All statuses`} values={APPROVAL_STATUSES} label={(value) => i18n._(APPROVAL_LABELS[value])} />
          </Select>
        </div>
      )}
      <button type="submit" className={buttonClasses({ variant: "secondary" })}>
        <Trans>Search</Trans>
      </button>
      {(search || status) && (
        <Link to={adminHref(tab, { search: "" })} className={buttonClasses({ variant: "ghost" })} preventScrollReset>
          <Trans>Clear search</Trans>
        </Link>
      )}
    </Form>
  );
}
