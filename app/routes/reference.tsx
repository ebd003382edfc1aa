import { parseWithZod } from "@conform-to/zod/v4";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Form, useNavigation } from "react-router";
import { referenceConfirmSchema } from "#common/references.ts";
import { monthLabel } from "#common/track-record-lists.ts";
import { confirmReference, declineReference, viewReferenceRequest } from "#server/services/references/index.ts";
import { LinkOutcome } from "../components/layout/link-outcome.tsx";
import { RouteErrorBoundary } from "../components/layout/route-error-boundary.tsx";
import { Alert } from "../components/ui/alert.tsx";
import { Button } from "../components/ui/button.tsx";
import { inputClasses } from "../components/ui/field.tsx";
import { PageHeading } from "../components/ui/page-heading.tsx";
import { appContext } from "../context.ts";
import { translateText } from "../i18n/translate-text.ts";
import { useLocale } from "../i18n/use-locale.ts";
import { errorAnswer, type FormAnswer, failed, formErrorOf, succeeded } from "../lib/form-answer.ts";
import { privatePageMeta } from "../lib/meta.ts";
import { keepPageOnFailure, revalidateUnlessRequestFailed } from "../lib/page-action.ts";
import { answer, invalidAnswer, refusedAnswer } from "../lib/service-errors.server.ts";
import { loadTokenPage } from "../lib/token-page.server.ts";
import type { Route } from "./+types/reference";

// /references/{token}: the page a referee reaches from the e-mail, without an account (issue 34).
// They confirm the assignment (its dates and role editable), may add a statement and a score from
// 1 to 10, or decline. The link works once: after an answer, or after 30 days, it says so.

export async function loader({ params, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  return loadTokenPage(params.token ?? "", async (token) => ({ request: await viewReferenceRequest(app, token) }));
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const token = params.token ?? "";
  const formData = await request.formData();
  const intent = formData.get("intent") === "decline" ? "decline" : "confirm";
  const submission = parseWithZod(formData, { schema: referenceConfirmSchema });
  try {
    if (intent === "decline") {
      await declineReference(app, { token });
      return answer({ intent, result: { status: "success" } });
    }
    if (submission.status !== "success") return invalidAnswer(submission, { intent });
    await confirmReference(app, { token, body: submission.value });
    return answer({ intent, result: submission.reply() });
  } catch (error) {
    return refusedAnswer(error, { submission, intent });
  }
}

/** A request that fails on its way keeps the page and what was typed; the form says why. */
export async function clientAction(args: Route.ClientActionArgs) {
  return keepPageOnFailure(args, (message, formData) =>
    errorAnswer(message, { intent: formData.get("intent") === "decline" ? ("decline" as const) : ("confirm" as const) }),
  );
}

/** After an answer the page thanks the referee; the link is used up, so its data would only answer 404. */
export function shouldRevalidate(args: Parameters<typeof revalidateUnlessRequestFailed>[0]) {
  return succeeded(args.actionResult as FormAnswer | undefined) ? false : revalidateUnlessRequestFailed(args);
}

function Unusable() {
  return (
    <LinkOutcome worked={false} title={<Trans>This link cannot be used</Trans>}>
      <Trans>
        Reference links work once and expire after 30 days. If the assignment still needs confirming, the consultant can send you
        a new request.
      </Trans>
    </LinkOutcome>
  );
}

export default function ReferencePage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const { t, i18n } = useLingui();
  const locale = useLocale();
  if (succeeded(actionData)) {
    return (
      <LinkOutcome worked title={<Trans>Thank you</Trans>} announce>
        {actionData?.intent === "confirm"
          ? t`The assignment is confirmed. Your name and organization will show with it; your e-mail address never will.`
          : t`You declined this request. Nothing will show on the profile.`}
      </LinkOutcome>
    );
  }
  if (loaderData.state !== "open") return <Unusable />;
  const { request } = loaderData;
  const { refereeName, consultantName, consultantTitle } = request;
  const errors = (failed(actionData) ? (actionData?.result.error ?? {}) : {}) as Record<string, string[] | undefined>;
  const refusal = formErrorOf(actionData);
  const formError = refusal ? translateText(i18n, refusal) : refusal;
  const pending = navigation.state !== "idle";
  const fieldError = (name: string) =>
    errors[name]?.[0] ? (
      <p id={`reference-${name}-error`} className="mt-1 text-sm font-medium text-red-700">
        {translateText(i18n, errors[name]?.[0] ?? "")}
      </p>
    ) : null;
  const described = (name: string) => (errors[name]?.[0] ? `reference-${name}-error` : undefined);
  // A control's id, name, look and ARIA wiring to its error.
  const wired = (name: string, id: string) => ({
    id,
    name,
    className: `${inputClasses} mt-1`,
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": described(name),
  });
  return (
    <section className="mx-auto max-w-2xl px-4 py-10">
      <PageHeading title={<Trans>Confirm an assignment</Trans>}>
        <Trans>
          Dear <bdi>{refereeName}</bdi>, <bdi>{consultantName}</bdi> (<bdi>{consultantTitle}</bdi>) asks you to confirm this
          assignment. You need no account. Your name and organization will show with the assignment; your e-mail address never
          will.
        </Trans>
      </PageHeading>
      <div className="mt-6 rounded-xl border border-slate-200 bg-white p-4">
        <h2 dir="auto" className="text-lg font-semibold text-ink">
          {request.assignmentTitle}
        </h2>
        <p dir="auto" className="text-sm text-muted">
          {request.organization}
        </p>
        <p className="mt-1 text-sm text-ink">
          {monthLabel(request.startMonth, locale)} – {request.endMonth ? monthLabel(request.endMonth, locale) : t`present`}
          {request.role ? (
            <>
              {" · "}
              <bdi>{request.role}</bdi>
            </>
          ) : null}
        </p>
      </div>
      {formError && (
        <div className="mt-4">
          <Alert tone="error" live>
            {formError}
          </Alert>
        </div>
      )}
      <Form method="post" className="mt-6 grid gap-4 sm:grid-cols-2" noValidate>
        <p className="text-sm text-muted sm:col-span-2">
          <Trans>Correct the role or the dates if they are not right.</Trans>
        </p>
        <ReferenceField
          className="sm:col-span-2"
          control="reference-role"
          label={<Trans>Role or position</Trans>}
          error={fieldError("role")}
        >
          <input {...wired("role", "reference-role")} defaultValue={request.role ?? ""} maxLength={255} />
        </ReferenceField>
        <ReferenceField control="reference-start" label={<Trans>Start month</Trans>} error={fieldError("startMonth")}>
          <input {...wired("startMonth", "reference-start")} type="month" defaultValue={request.startMonth} />
        </ReferenceField>
        <ReferenceField control="reference-end" label={<Trans>End month</Trans>} error={fieldError("endMonth")}>
          <input {...wired("endMonth", "reference-end")} type="month" defaultValue={request.endMonth ?? ""} />
        </ReferenceField>
        <ReferenceField
          className="sm:col-span-2"
          control="reference-statement"
          label={<Trans>Statement (optional)</Trans>}
          error={fieldError("statement")}
        >
          <textarea
            {...wired("statement", "reference-statement")}
            rows={4}
            maxLength={1000}
            aria-describedby={described("statement") ?? "reference-statement-hint"}
          />
          <p id="reference-statement-hint" className="mt-0.5 text-xs text-muted">
            <Trans>A few words on the work, shown with the reference. At most 1000 characters.</Trans>
          </p>
        </ReferenceField>
        <ReferenceField control="reference-score" label={<Trans>Score (optional)</Trans>} error={fieldError("score")}>
          <select {...wired("score", "reference-score")} defaultValue="">
            <option value="">{t`No score`}</option>
            {[10, 9, 8, 7, 6, 5, 4, 3, 2, 1].map((score) => (
              <option key={score} value={score}>
                {t`${score} of 10`}
              </option>
            ))}
          </select>
        </ReferenceField>
        <div className="flex flex-wrap items-center gap-3 sm:col-span-2">
          <Button type="submit" name="intent" value="confirm" disabled={pending}>
            {pending ? t`Sending...` : t`Confirm the assignment`}
          </Button>
          <Button type="submit" name="intent" value="decline" variant="outline" disabled={pending}>
            <Trans>Decline</Trans>
          </Button>
        </div>
      </Form>
    </section>
  );
}

/** One of the form's fields: its label, the control (with whatever goes under it), the field's error. */
function ReferenceField({
  control,
  label,
  error,
  className,
  children,
}: {
  /** The control's id, for the label. */
  control: string;
  label: React.ReactNode;
  error: React.ReactNode;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <div className={className}>
      <label htmlFor={control} className="block text-sm font-medium text-ink">
        {label}
      </label>
      {children}
      {error}
    </div>
  );
}

export const meta = privatePageMeta({
  title: msg`Confirm an assignment`,
  description: msg`Confirm or decline a consultant's assignment.`,
  path: "/references",
});

export { RouteErrorBoundary as ErrorBoundary };
