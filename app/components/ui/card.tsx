/** The surface for grouped content: white, hairline border, soft shadow. */
export function cardClasses(className = "") {
  return `rounded-2xl border border-line bg-white p-6 shadow-card ${className}`;
}

export function Card({
  as: Tag = "div",
  className = "",
  children,
  ...props
}: {
  as?: "div" | "article" | "section" | "aside" | "li";
  className?: string;
  children: React.ReactNode;
} & React.HTMLAttributes<HTMLElement>) {
  return (
    <Tag className={cardClasses(className)} {...props}>
      {children}
    </Tag>
  );
}

/** A round, tinted icon holder for a card's lucide icon. */
export function CardIcon({ children, tone = "brand" }: { children: React.ReactNode; tone?: "brand" | "accent" }) {
  return (
    <span
      aria-hidden="true"
      className={`grid size-11 shrink-0 place-items-center rounded-xl ${
        tone === "brand" ? "bg-brand-50 text-brand-700" : "bg-accent-100 text-accent-700"
      }`}
    >
      {children}
    </span>
  );
}
