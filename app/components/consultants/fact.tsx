import type { LucideIcon } from "lucide-react";

/** One fact of a consultant's summary line (location, experience, rating): a term for screen readers, an icon, the value. */
export function Fact({
  term,
  icon: Icon,
  className,
  children,
}: {
  term: string;
  icon?: LucideIcon;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <div className={className}>
      <dt className="sr-only">{term}</dt>
      {Icon && <Icon aria-hidden="true" className="size-4" />}
      <dd>{children}</dd>
    </div>
  );
}
