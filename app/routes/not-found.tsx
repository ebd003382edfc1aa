import { data } from "react-router";
import { pageMeta } from "../lib/meta.ts";
import type { Route } from "./+types/not-found";

export async function loader() {
  return data(null, { status: 404 });
}

export default function NotFound() {
  return (
    <section className="mx-auto max-w-2xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold text-ink">404 Page Not Found</h1>
      <p className="mt-4 text-muted">The page you are looking for does not exist or has moved.</p>
      <a href="/" className="mt-8 inline-block rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800">
        Go to Home
      </a>
    </section>
  );
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: "404 Page Not Found", description: "This page does not exist.", noindex: true });
}
