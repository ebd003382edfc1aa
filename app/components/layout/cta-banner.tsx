import { Trans } from "@lingui/react/macro";
import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { buttonClasses } from "../ui/button.tsx";

/** The dark closing band of an information page: a heading, one line of text and its actions. */
export function CtaBanner({
  id,
  title,
  text,
  children,
  className = "",
}: {
  id: string;
  className?: string;
  title: string;
  text: string;
  children: React.ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={`mx-auto max-w-7xl px-4 ${className}`}>
      <div className="on-dark flex flex-col items-start gap-6 rounded-3xl bg-brand-800 p-8 text-white sm:p-12 md:flex-row md:items-center md:justify-between">
        <div>
          <h2 id={id} className="text-2xl font-bold tracking-tight">
            {title}
          </h2>
          <p className="mt-2 max-w-xl text-brand-100">{text}</p>
        </div>
        <div className="flex flex-wrap gap-3">{children}</div>
      </div>
    </section>
  );
}

/** The link to the directory's search, the usual first action of an information page (a light button on the dark bands). */
export function BrowseConsultantsLink({
  arrow = false,
  className = buttonClasses({ variant: "inverse", size: "lg" }),
}: {
  arrow?: boolean;
  className?: string;
}) {
  return (
    <Link to="/#consultants" className={className}>
      <Trans>Browse Consultants</Trans>
      {arrow && <ArrowRight aria-hidden="true" className="size-5" />}
    </Link>
  );
}
