import { listNewestConsultants } from "../../server/services/consultants.ts";
import { ConsultantCard } from "../components/consultant-card.tsx";
import { appContext } from "../context.ts";
import { pageMeta } from "../lib/meta.ts";
import type { Route } from "./+types/home";

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = context.get(appContext);
  const { consultants, total } = await listNewestConsultants(db, { page: 1 });
  return { consultants, total };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { consultants, total } = loaderData;
  return (
    <>
      <section className="bg-gradient-to-br from-brand-900 via-brand-800 to-brand-700 text-white">
        <div className="mx-auto max-w-7xl px-4 py-16 sm:py-20">
          <h1 className="max-w-3xl text-3xl font-bold leading-tight sm:text-5xl">
            Find the right development consultant in Southeast Asia
          </h1>
          <p className="mt-4 max-w-2xl text-lg text-brand-100">
            Search {total.toLocaleString("en-US")} vetted experts in health, education, governance, climate, finance and more,
            across all ten ASEAN countries.
          </p>
        </div>
      </section>
      <section id="consultants" aria-labelledby="consultants-heading" className="mx-auto max-w-7xl scroll-mt-20 px-4 py-12">
        <h2 id="consultants-heading" className="text-2xl font-bold text-ink">
          Featured Consultants
        </h2>
        <ul className="mt-6 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {consultants.map((consultant) => (
            <li key={consultant.id} className="flex">
              <ConsultantCard consultant={consultant} />
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    description:
      "Find and message international development consultants working across Southeast Asia: health, education, governance, agriculture, climate and more.",
    path: "/",
  });
}
