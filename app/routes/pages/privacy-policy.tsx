import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { lazy, Suspense } from "react";
import { PageHero } from "#app/components/layout/page-hero.tsx";
import { RouteErrorBoundary } from "#app/components/layout/route-error-boundary.tsx";
import { LAST_UPDATED } from "#app/content/privacy-date.ts";
import { appContext } from "#app/context.ts";
import { intlOf } from "#app/i18n/formats.ts";
import { useLocale } from "#app/i18n/use-locale.ts";
import { metaI18n, pageMeta } from "#app/lib/meta.ts";
import type { Route } from "./+types/privacy-policy";

// The policy's text (its sections, the table of laws, the contents) hydrates beside the page's
// first load: the server HTML has it whole, and it has only links to click.
const PrivacyBody = lazy(() => import("#app/components/content/privacy-body.tsx"));

export async function loader({ context }: Route.LoaderArgs) {
  const { config } = context.get(appContext);
  return { supportEmail: config.supportEmail, siteName: config.siteName };
}

export default function PrivacyPolicy({ loaderData }: Route.ComponentProps) {
  const { supportEmail, siteName } = loaderData;
  const { t } = useLingui();
  const locale = useLocale();
  const lastUpdated = new Intl.DateTimeFormat(intlOf(locale), { dateStyle: "long", timeZone: "UTC" }).format(
    new Date(`${LAST_UPDATED}T00:00:00Z`),
  );
  return (
    <>
      <PageHero
        eyebrow={t`Privacy Policy`}
        title={t`How we handle your personal data`}
        lead={
          <p>
            <Trans>
              <span className="font-semibold text-white">Last updated: {lastUpdated}.</span> This policy explains what {siteName}{" "}
              collects, why, who sees it, and the choices and rights you have.
            </Trans>
          </p>
        }
      />
      <Suspense fallback={null}>
        <PrivacyBody supportEmail={supportEmail} siteName={siteName} />
      </Suspense>
    </>
  );
}

export function meta(args: Route.MetaArgs) {
  const i18n = metaI18n(args);
  return pageMeta(args, {
    title: i18n._(msg`Privacy Policy`),
    description: i18n._(
      msg`What personal data DevConsult SEA collects, why, who sees it, how long it is kept, and your rights under the data protection laws of Singapore, Thailand, Malaysia, the Philippines, Indonesia and Vietnam.`,
    ),
  });
}

export { RouteErrorBoundary as ErrorBoundary };
