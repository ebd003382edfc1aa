import { Trans } from "@lingui/react/macro";
import { Compass, Home, LifeBuoy, RotateCw } from "lucide-react";
import { Button, ButtonLink } from "../ui/button.tsx";

/** A full-width message with a way home: the 404 screen and every error boundary use it. */
export function ErrorScreen({
  title,
  text,
  showHelp = false,
  onRetry,
}: {
  title: string;
  text: string;
  showHelp?: boolean;
  /** Offers "Try again" (a page whose code could not be loaded). */
  onRetry?: () => void;
}) {
  return (
    <section className="mx-auto max-w-2xl px-4 py-20 text-center sm:py-28">
      <span aria-hidden="true" className="mx-auto grid size-14 place-items-center rounded-2xl bg-brand-50 text-brand-700">
        <Compass className="size-7" />
      </span>
      <h1 className="mt-6 text-3xl font-bold tracking-tight text-ink sm:text-4xl">{title}</h1>
      <p className="mt-4 text-lg text-muted">{text}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {onRetry && (
          <Button size="lg" onClick={onRetry}>
            <RotateCw aria-hidden="true" className="size-5" />
            <Trans>Try again</Trans>
          </Button>
        )}
        <ButtonLink to="/" size="lg" icon={Home}>
          <Trans>Go to Home</Trans>
        </ButtonLink>
        {showHelp && (
          <ButtonLink to="/help-center" variant="outline" size="lg" icon={LifeBuoy}>
            <Trans>Help Center</Trans>
          </ButtonLink>
        )}
      </div>
    </section>
  );
}
