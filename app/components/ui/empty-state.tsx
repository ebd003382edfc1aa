import { Link } from "react-router";
import { buttonClasses } from "./button.tsx";

/**
 * What a signed-in list shows while it is empty (saved searches, shortlists, conversations,
 * applications): a dashed card with an optional heading, a sentence on how the list fills, and
 * optionally a link to where that starts.
 */
export function EmptyState({
  title,
  children,
  link,
  className,
}: {
  title?: React.ReactNode;
  children: React.ReactNode;
  link?: { to: string; label: React.ReactNode };
  /** Spacing from what stands above it. */
  className?: string;
}) {
  return (
    <div
      className={`${className ? `${className} ` : ""}rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center`}
    >
      {title && <h2 className="text-lg font-semibold text-ink">{title}</h2>}
      <p className={title ? "mt-2 text-muted" : "text-muted"}>{children}</p>
      {link && (
        <Link to={link.to} className={buttonClasses({ variant: "outline", className: "mt-4" })}>
          {link.label}
        </Link>
      )}
    </div>
  );
}
