import { Trans, useLingui } from "@lingui/react/macro";
import { ArrowLeft } from "lucide-react";
import { isRouteErrorResponse, useRouteError } from "react-router";
import { ButtonLink } from "../ui/button.tsx";

/** The consultant page's error screen: a profile that does not exist or is not listed, or could not be loaded. */
export default function ConsultantNotFound() {
  const { t } = useLingui();
  const error = useRouteError();
  const isNotFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <section className="mx-auto max-w-2xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold text-ink">
        <Trans>Consultant Not Found</Trans>
      </h1>
      <p className="mt-4 text-muted">
        {isNotFound
          ? t`The consultant profile you are looking for does not exist or is not listed in the directory.`
          : t`We could not load this profile just now. Please try again in a moment.`}
      </p>
      <ButtonLink to="/#consultants" size="lg" className="mt-8" iconClassName="size-4" icon={ArrowLeft}>
        <Trans>Back to Consultants</Trans>
      </ButtonLink>
    </section>
  );
}
