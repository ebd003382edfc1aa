import { CircleAlert, CircleCheck } from "lucide-react";

/**
 * What an e-mailed link's page says when there is nothing more to fill in: it worked (a check
 * mark) or the link cannot be used (a warning); a heading, a sentence, and what to do next.
 * The public reset-password and verify-email pages keep their own copy: shared, this part went
 * into the forms family's common chunk and cost sign-in and contact 0.3 KB of their first load.
 */
export function LinkOutcome({
  worked,
  title,
  children,
  announce = false,
  next,
}: {
  worked: boolean;
  title: React.ReactNode;
  /** The sentence under the heading. */
  children: React.ReactNode;
  /** The sentence is announced (role="status"): it replaced a form the person just sent. */
  announce?: boolean;
  /** A link or control to go on with, under the sentence. */
  next?: React.ReactNode;
}) {
  return (
    <section className="mx-auto max-w-xl px-4 py-20 text-center">
      {worked ? (
        <CircleCheck aria-hidden="true" className="mx-auto size-12 text-brand-700" />
      ) : (
        <CircleAlert aria-hidden="true" className="mx-auto size-12 text-accent-700" />
      )}
      <h1 className="mt-4 text-3xl font-bold text-ink">{title}</h1>
      <p className="mt-4 text-muted" role={announce ? "status" : undefined}>
        {children}
      </p>
      {next}
    </section>
  );
}
