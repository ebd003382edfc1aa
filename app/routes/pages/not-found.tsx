import { data } from "react-router";
import { ErrorScreen } from "#app/components/layout/error-screen.tsx";
import { pageMeta } from "#app/lib/meta.ts";
import type { Route } from "./+types/not-found";

export async function loader() {
  return data(null, { status: 404 });
}

export default function NotFound() {
  return (
    <ErrorScreen
      title="404 Page Not Found"
      text="The page you are looking for does not exist or has moved. Start again from the home page, or ask the Help Center."
      showHelp
    />
  );
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: "404 Page Not Found",
    description: "The page you asked for does not exist on this site. Start again from the home page or the Help Center.",
    noindex: true,
  });
}
