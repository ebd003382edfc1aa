import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { data } from "react-router";
import { ErrorScreen } from "#app/components/layout/error-screen.tsx";
import { metaI18n, pageMeta } from "#app/lib/meta.ts";
import type { Route } from "./+types/not-found";

export async function loader() {
  return data(null, { status: 404 });
}

export default function NotFound() {
  const { t } = useLingui();
  return (
    <ErrorScreen
      title={t`404 Page Not Found`}
      text={t`The page you are looking for does not exist or has moved. Start again from the home page, or ask the Help Center.`}
      showHelp
    />
  );
}

export function meta(args: Route.MetaArgs) {
  const i18n = metaI18n(args);
  return pageMeta(args, {
    title: i18n._(msg`404 Page Not Found`),
    description: i18n._(
      msg`The page you asked for does not exist on this site. Start again from the home page or the Help Center.`,
    ),
    noindex: true,
  });
}
