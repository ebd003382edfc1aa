import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { data, Form, redirect } from "react-router";
import { COUNTRIES, LANGUAGES, PROFILE_SPECIALIZATIONS } from "#common/constants.ts";
import { parseId } from "#common/ids.ts";
import { OPPORTUNITY_LIMITS, OPPORTUNITY_TEXTS, type OpportunityView } from "#common/opportunities.ts";
import { DONORS, RATE_CURRENCIES } from "#common/track-record-lists.ts";
import { serviceDeps } from "#server/http/context.ts";
import { actorOf } from "#server/services/context.ts";
import { AppError } from "#server/services/errors.ts";
import { listContactChoices, listPostingOrganizations } from "#server/services/opportunities/access.ts";
import { checkDocument, putDocument } from "#server/services/opportunities/document.ts";
import { createOpportunity, getOpportunity, updateOpportunity } from "#server/services/opportunities/opportunities.ts";
import { actingOrganization } from "#server/services/organizations/membership.ts";
import { RouteErrorBoundary } from "../components/layout/route-error-boundary.tsx";
import { namedOptions } from "../components/organizations/labels.ts";
import { Alert } from "../components/ui/alert.tsx";
import { Button } from "../components/ui/button.tsx";
import { Field, Input, Select, Textarea } from "../components/ui/field.tsx";
import { Options } from "../components/ui/options.tsx";
import { PageHeading } from "../components/ui/page-heading.tsx";
import { RefusalNotice } from "../components/ui/refusal-notice.tsx";
import { appContext } from "../context.ts";
import { i18nOfRequest } from "../i18n/i18n.ts";
import { valueLabel } from "../i18n/labels.ts";
import { translateText } from "../i18n/translate-text.ts";
import { errorAnswer, type FormResult, firstFieldErrors, formErrorOf } from "../lib/form-answer.ts";
import { privatePageMeta } from "../lib/meta.ts";
import { keepPageOnFailure } from "../lib/page-action.ts";
import { answer, orPageError } from "../lib/service-errors.server.ts";
import { requireSignedIn } from "../lib/signed-in.server.ts";
import { redirectWithToast } from "../lib/toast.server.ts";
import type { Route } from "./+types/opportunity-form";
import type { SignedInHandle } from "./signed-in-layout.tsx";

// /opportunities/new and /opportunities/{id}/edit (issue 32): the posting form for an
// organization's posters. A plain multipart form (it works without JavaScript, the PDF included);
// the service validates with the shared schema and the page shows each field's message.

export const handle: SignedInHandle = {
  signedOut: { heading: msg`Post an opportunity`, title: msg`Please sign in`, text: OPPORTUNITY_TEXTS.signIn },
};

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const actor = actorOf(requireSignedIn(app, { comeBack: request }));
  const deps = serviceDeps(app);
  // The contact person is one of the organization's members (issue 32); the poster by default.
  const withContacts = async (opportunity: OpportunityView | null, organizations: { id: number; name: string }[]) => ({
    opportunity,
    organizations,
    contacts: await listContactChoices(
      deps,
      actor,
      organizations.map(({ id }) => id),
    ),
    me: actor?.id ?? null,
    // A new opportunity is for the organization the person acts for (the header's switcher), when
    // they may post for it: not the first of the list, which may be another, unverified one.
    acting: params.id === undefined ? ((await actingOrganization(deps, actor))?.id ?? null) : null,
  });
  if (params.id === undefined) return withContacts(null, await listPostingOrganizations(deps, actor));
  const id = parseId(params.id);
  if (id === null) throw data(OPPORTUNITY_TEXTS.notFound, { status: 404 });
  const opportunity = await orPageError(getOpportunity(deps, actor, id));
  if (!opportunity.canManage) throw data(OPPORTUNITY_TEXTS.notFound, { status: 404 });
  return withContacts(opportunity, [{ id: opportunity.organization.id, name: opportunity.organization.name }]);
}

type Values = Record<string, string | string[]>;

function valuesOf(form: FormData): Values {
  const values: Values = {};
  for (const key of new Set(form.keys())) {
    if (key === "document") continue;
    const all = form.getAll(key).map(String);
    values[key] = ["specializations", "countries", "donors", "languages"].includes(key) ? all : (all.at(-1) ?? "");
  }
  return values;
}

function bodyOf(values: Values, creating: boolean) {
  const one = (key: string) => {
    const value = values[key];
    return typeof value === "string" ? value : "";
  };
  const list = (key: string) => (Array.isArray(values[key]) ? (values[key] as string[]) : []);
  const other = one("otherLanguages")
    .split(",")
    .map((value) => value.trim())
    .filter(Boolean);
  const hasBudget = one("budgetMin") !== "" || one("budgetMax") !== "";
  return {
    ...(creating ? { organizationId: one("organizationId") } : {}),
    title: one("title"),
    description: one("description"),
    specializations: list("specializations"),
    countries: list("countries"),
    remote: one("remote") === "true",
    donors: list("donors"),
    languages: [...list("languages"), ...other],
    minYearsExperience: one("minYearsExperience") || "0",
    startDate: one("startDate") || null,
    duration: { value: one("durationValue"), unit: one("durationUnit") },
    levelOfEffort: one("levelOfEffort"),
    deadline: one("deadline"),
    ...(one("timeZone") ? { timeZone: one("timeZone") } : {}),
    ...(one("contactUserId") ? { contactUserId: one("contactUserId") } : {}),
    budget: hasBudget
      ? {
          min: one("budgetMin"),
          max: one("budgetMax"),
          currency: one("budgetCurrency"),
          kind: one("budgetKind"),
          hidden: one("budgetHidden") === "true",
        }
      : null,
  };
}

export async function action({ context, params, request }: Route.ActionArgs) {
  const app = context.get(appContext);
  const actor = actorOf(requireSignedIn(app, { comeBack: request }));
  const deps = serviceDeps(app);
  const form = await request.formData();
  const values = valuesOf(form);
  const editing = params.id !== undefined ? parseId(params.id) : null;
  if (params.id !== undefined && editing === null) throw data(OPPORTUNITY_TEXTS.notFound, { status: 404 });
  try {
    // The PDF is checked before the opportunity is saved: a refused file changes nothing.
    const file = form.get("document");
    const document = file instanceof File && file.size > 0 ? new Uint8Array(await file.arrayBuffer()) : null;
    if (document) checkDocument(document);
    const saved =
      editing === null
        ? await createOpportunity(deps, actor, bodyOf(values, true))
        : await updateOpportunity(deps, actor, { id: editing, body: bodyOf(values, false) });
    if (document && file instanceof File) await putDocument(deps, actor, { id: saved.id, bytes: document, name: file.name });
    // The toast in the page's language (issue 37).
    const i18n = i18nOfRequest(request);
    return redirectWithToast(app, saved.path, {
      title: editing === null ? i18n._(msg`Draft saved: check it, then publish it`) : i18n._(msg`Opportunity saved`),
    });
  } catch (error) {
    if (!(error instanceof AppError) || error.status >= 500) throw error;
    if (error.status === 401) throw redirect("/sign-in");
    // The one answer shape: each field's first error beside it (a budget's parts beside the
    // budget), the reason above the form, and what was typed given back.
    const fieldErrors: Record<string, string[]> = {};
    for (const item of error.errors ?? []) {
      const key = item.path.split(".")[0] ?? item.path;
      fieldErrors[key] ??= [item.message];
    }
    const result: FormResult = { status: "error", error: { ...fieldErrors, "": [error.message] }, initialValue: values };
    return answer({ result }, { status: error.status });
  }
}

/** A failed request (offline, timeout) keeps the page and what was typed (app/lib/page-action.ts). */
export async function clientAction(args: Route.ClientActionArgs) {
  return keepPageOnFailure(args, (message, form) => {
    const failure = errorAnswer(message);
    failure.result.initialValue = valuesOf(form);
    return failure;
  });
}

export default function OpportunityFormPage({ loaderData, actionData }: Route.ComponentProps) {
  const { opportunity, organizations, contacts, me, acting } = loaderData;
  const { t, i18n } = useLingui();
  const minTitle = OPPORTUNITY_LIMITS.titleMin;
  const maxTitle = OPPORTUNITY_LIMITS.title;
  const failed = actionData ?? null;
  const errors = firstFieldErrors(failed);
  if (!opportunity && organizations.length === 0) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-10">
        <h1 className="text-3xl font-bold tracking-tight text-ink">
          <Trans>Post an opportunity</Trans>
        </h1>
        <Alert tone="info" title={t`Post for an organization`}>
          <p>
            <Trans>
              Opportunities are posted by organizations. Create your organization, or ask its owner to make you an admin or to
              allow you to post, then come back here.
            </Trans>
          </p>
        </Alert>
      </div>
    );
  }
  const initial = (failed?.result.initialValue as Values | null | undefined) ?? initialValues(opportunity);
  const value = (key: string) => {
    const item = initial[key];
    return typeof item === "string" ? item : "";
  };
  const checked = (key: string, item: string) => {
    const list = initial[key];
    return Array.isArray(list) && list.includes(item);
  };
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:py-10">
      <PageHeading title={opportunity ? t`Edit the opportunity` : t`Post an opportunity`}>
        {opportunity
          ? t`Changes show at once on the opportunity's page.`
          : t`It is saved as a draft, visible to your organization only, until you publish it.`}
      </PageHeading>
      {failed && <RefusalNotice title={t`Not saved`}>{translateText(i18n, formErrorOf(failed) ?? "")}</RefusalNotice>}
      <Form method="post" encType="multipart/form-data" className="mt-6 space-y-6" noValidate>
        {!opportunity && (
          <Field label={t`Organization`} required error={errors.organizationId}>
            {(props) => (
              <Select
                {...props}
                name="organizationId"
                defaultValue={
                  value("organizationId") || (organizations.some(({ id }) => id === acting) ? String(acting) : undefined)
                }
              >
                <Options values={namedOptions(organizations)} />
              </Select>
            )}
          </Field>
        )}
        <Field label={t`Title`} required error={errors.title} hint={t`${minTitle}–${maxTitle} characters`}>
          {(props) => <Input {...props} name="title" defaultValue={value("title")} maxLength={OPPORTUNITY_LIMITS.title} />}
        </Field>
        <Field
          label={t`Terms of Reference`}
          required
          error={errors.description}
          hint={t`Objectives, deliverables, qualifications. Simple formatting: # Heading, - list item, **bold**, [link text](https://…).`}
        >
          {(props) => (
            <Textarea
              {...props}
              name="description"
              rows={14}
              defaultValue={value("description")}
              maxLength={OPPORTUNITY_LIMITS.description}
            />
          )}
        </Field>
        <Choices
          legend={t`Specializations`}
          name="specializations"
          options={PROFILE_SPECIALIZATIONS}
          checked={checked}
          error={errors.specializations}
          required
        />
        <Choices
          legend={t`Countries where the work happens`}
          name="countries"
          options={COUNTRIES}
          checked={checked}
          error={errors.countries}
        >
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" name="remote" value="true" defaultChecked={value("remote") === "true"} className="size-4" />
            <Trans>Remote (can be done from anywhere)</Trans>
          </label>
        </Choices>
        <Choices legend={t`Donor / funder`} name="donors" options={DONORS} checked={checked} error={errors.donors} />
        <Choices legend={t`Languages required`} name="languages" options={LANGUAGES} checked={checked} error={errors.languages}>
          <Field label={t`Other languages`} hint={t`Comma-separated, e.g. Tetum, French`}>
            {(props) => <Input {...props} name="otherLanguages" defaultValue={value("otherLanguages")} />}
          </Field>
        </Choices>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={t`Minimum years of experience`} error={errors.minYearsExperience}>
            {(props) => (
              <Input
                {...props}
                name="minYearsExperience"
                type="number"
                min={0}
                max={OPPORTUNITY_LIMITS.minYears}
                defaultValue={value("minYearsExperience")}
              />
            )}
          </Field>
          <Field label={t`Start date`} error={errors.startDate}>
            {(props) => <Input {...props} name="startDate" type="date" defaultValue={value("startDate")} />}
          </Field>
          <Field label={t`Duration`} required error={errors.duration}>
            {(props) => <Input {...props} name="durationValue" type="number" min={1} defaultValue={value("durationValue")} />}
          </Field>
          <Field label={t`Days or months`}>
            {(props) => (
              <Select {...props} name="durationUnit" defaultValue={value("durationUnit") || "months"}>
                <option value="days">{t`days`}</option>
                <option value="months">{t`months`}</option>
              </Select>
            )}
          </Field>
          <Field label={t`Level of effort`} hint={t`e.g. 40 working days over 4 months`} error={errors.levelOfEffort}>
            {(props) => (
              <Input
                {...props}
                name="levelOfEffort"
                defaultValue={value("levelOfEffort")}
                maxLength={OPPORTUNITY_LIMITS.levelOfEffort}
              />
            )}
          </Field>
          <Field
            label={t`Application deadline`}
            required
            error={errors.deadline}
            hint={t`The end of this day in your organization's time zone`}
          >
            {(props) => <Input {...props} name="deadline" type="date" defaultValue={value("deadline")} />}
          </Field>
        </div>
        {contacts.length > 0 && (
          <Field
            label={t`Contact person`}
            error={errors.contactUserId}
            hint={t`A member of the organization, named on the opportunity's page.`}
          >
            {(props) => (
              <Select {...props} name="contactUserId" defaultValue={value("contactUserId") || String(me ?? "")}>
                {organizations.length === 1
                  ? contacts.map((contact) => (
                      <option key={contact.userId} value={contact.userId}>
                        {contact.name}
                      </option>
                    ))
                  : organizations.map((organization) => (
                      <optgroup key={organization.id} label={organization.name}>
                        {contacts
                          .filter((contact) => contact.organizationId === organization.id)
                          .map((contact) => (
                            <option key={contact.userId} value={contact.userId}>
                              {contact.name}
                            </option>
                          ))}
                      </optgroup>
                    ))}
              </Select>
            )}
          </Field>
        )}
        <fieldset className="rounded-2xl border border-line p-4">
          <legend className="px-1 text-sm font-medium text-ink">
            <Trans>Budget or daily rate (optional)</Trans>
          </legend>
          {errors.budget && (
            <p className="mb-2 text-sm text-red-700" role="alert">
              {translateText(i18n, errors.budget)}
            </p>
          )}
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label={t`From`}>
              {(props) => <Input {...props} name="budgetMin" type="number" min={0} defaultValue={value("budgetMin")} />}
            </Field>
            <Field label={t`To`}>
              {(props) => <Input {...props} name="budgetMax" type="number" min={0} defaultValue={value("budgetMax")} />}
            </Field>
            <Field label={t`Currency`}>
              {(props) => (
                <Select {...props} name="budgetCurrency" defaultValue={value("budgetCurrency") || "USD"}>
                  {RATE_CURRENCIES.map((currency) => (
                    <option key={currency}>{currency}</option>
                  ))}
                </Select>
              )}
            </Field>
            <Field label={t`It is`}>
              {(props) => (
                <Select {...props} name="budgetKind" defaultValue={value("budgetKind") || "daily"}>
                  <option value="total">{t`Total budget`}</option>
                  <option value="daily">{t`Daily rate`}</option>
                </Select>
              )}
            </Field>
          </div>
          <label className="mt-3 flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              name="budgetHidden"
              value="true"
              defaultChecked={value("budgetHidden") === "true"}
              className="size-4"
            />
            <Trans>Hide it from the public page (your organization still sees it)</Trans>
          </label>
        </fieldset>
        <Field label={t`ToR as a PDF (optional)`} hint={t`At most 5 MB`} error={errors.document}>
          {(props) => <Input {...props} name="document" type="file" accept="application/pdf,.pdf" />}
        </Field>
        <Button type="submit" size="lg">
          {opportunity ? t`Save changes` : t`Save draft`}
        </Button>
      </Form>
    </div>
  );
}

function Choices({
  legend,
  name,
  options,
  checked,
  error,
  required,
  children,
}: {
  legend: string;
  name: string;
  options: readonly string[];
  checked: (name: string, value: string) => boolean;
  error?: string;
  required?: boolean;
  children?: React.ReactNode;
}) {
  const { i18n } = useLingui();
  const errorId = `${name}-error`;
  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className="text-sm font-medium text-ink">
        {legend}
        {required && <span aria-hidden="true"> *</span>}
      </legend>
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {translateText(i18n, error)}
        </p>
      )}
      <div className="mt-2 grid grid-cols-1 gap-2 sm:grid-cols-2">
        {options.map((option) => (
          <label key={option} className="flex items-center gap-2 text-sm">
            <input type="checkbox" name={name} value={option} defaultChecked={checked(name, option)} className="size-4" />
            {valueLabel(i18n, option, name === "languages" ? "language" : undefined)}
          </label>
        ))}
      </div>
      {children && <div className="mt-3 space-y-3">{children}</div>}
    </fieldset>
  );
}

function initialValues(opportunity: OpportunityView | null): Values {
  if (!opportunity) return { durationUnit: "months", minYearsExperience: "0" };
  return {
    title: opportunity.title,
    description: opportunity.description,
    specializations: opportunity.specializations,
    countries: opportunity.countries,
    remote: opportunity.remote ? "true" : "",
    donors: opportunity.donors,
    languages: opportunity.languages.filter((language) => (LANGUAGES as readonly string[]).includes(language)),
    otherLanguages: opportunity.languages.filter((language) => !(LANGUAGES as readonly string[]).includes(language)).join(", "),
    minYearsExperience: String(opportunity.minYearsExperience),
    startDate: opportunity.startDate ?? "",
    durationValue: String(opportunity.duration.value),
    durationUnit: opportunity.duration.unit,
    levelOfEffort: opportunity.levelOfEffort ?? "",
    deadline: opportunity.deadlineDate,
    contactUserId: opportunity.contact ? String(opportunity.contact.userId) : "",
    budgetMin: opportunity.budget?.min?.toString() ?? "",
    budgetMax: opportunity.budget?.max?.toString() ?? "",
    budgetCurrency: opportunity.budget?.currency ?? "USD",
    budgetKind: opportunity.budget?.kind ?? "daily",
    budgetHidden: opportunity.budget?.hidden ? "true" : "",
  };
}

const ownMeta = privatePageMeta({
  title: msg`Post an opportunity`,
  description: msg`Write Terms of Reference for your organization.`,
});

export function meta(args: Route.MetaArgs) {
  const tags = ownMeta(args);
  // On its error screen the screen's own <title> is the document's one (two are invalid HTML); the other tags stay.
  return args.error ? tags.filter((tag) => !("title" in tag)) : tags;
}

export { RouteErrorBoundary as ErrorBoundary };
