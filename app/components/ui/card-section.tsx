import { useId } from "react";

/**
 * A titled card of a page (the profile page's parts, the profile form's, the account page's):
 * a section named by its h2, with an optional description under the title.
 */
export function CardSection({
  id,
  title,
  description,
  className = "p-6",
  bodyClassName = "mt-3",
  children,
}: {
  /** The heading's id; a generated one by default. */
  id?: string;
  title: string;
  description?: string;
  /** The card's padding (and any other class of the section). */
  className?: string;
  /** The class of the box around the content. */
  bodyClassName?: string;
  children: React.ReactNode;
}) {
  const generated = useId();
  const headingId = id ?? generated;
  return (
    <section aria-labelledby={headingId} className={`rounded-2xl border border-slate-200 bg-white shadow-sm ${className}`}>
      <h2 id={headingId} className="text-lg font-bold text-ink">
        {title}
      </h2>
      {description && <p className="mt-1 text-sm text-muted">{description}</p>}
      <div className={bodyClassName}>{children}</div>
    </section>
  );
}
