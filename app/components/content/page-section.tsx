import { CardIcon } from "#app/components/ui/card.tsx";

/**
 * A titled section of an information page: its h2 (the section's accessible name) and an
 * optional lead paragraph, either on the page's background or on a white band between hairlines.
 */
export function PageSection({
  id,
  title,
  lead,
  band = false,
  large = true,
  container = "max-w-7xl py-16",
  children,
}: {
  /** The heading's id. */
  id: string;
  title: React.ReactNode;
  /** A paragraph under the heading; the two share a readable width. */
  lead?: React.ReactNode;
  /** On a white band across the page. */
  band?: boolean;
  /** A heading that grows on wider screens. */
  large?: boolean;
  /** The content's width and vertical padding. */
  container?: string;
  children: React.ReactNode;
}) {
  const heading = (
    <h2 id={id} className={`text-2xl font-bold tracking-tight text-ink${large ? " sm:text-3xl" : ""}`}>
      {title}
    </h2>
  );
  const content = (
    <>
      {lead ? (
        <div className="max-w-3xl">
          {heading}
          {lead}
        </div>
      ) : (
        heading
      )}
      {children}
    </>
  );
  return band ? (
    <section aria-labelledby={id} className="border-y border-line bg-white">
      <div className={`mx-auto px-4 ${container}`}>{content}</div>
    </section>
  ) : (
    <section aria-labelledby={id} className={`mx-auto px-4 ${container}`}>
      {content}
    </section>
  );
}

/** An icon beside a small heading and its text: a principle, a step, a point of an information page. */
export function IconPoint({
  icon: Icon,
  title,
  text,
  tone,
}: {
  icon: React.ComponentType<{ className?: string }>;
  title: string;
  text: string;
  tone?: "brand" | "accent";
}) {
  return (
    <>
      <CardIcon tone={tone}>
        <Icon className="size-5" />
      </CardIcon>
      <div>
        <h3 className="font-semibold text-ink">{title}</h3>
        <p className="mt-1 text-sm leading-relaxed text-muted">{text}</p>
      </div>
    </>
  );
}
