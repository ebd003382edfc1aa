/**
 * The opening band of an information page: a small eyebrow, the page's one h1, a lead paragraph
 * and optional actions, on the brand's deep teal with a faint contour drawing.
 */
export function PageHero({
  eyebrow,
  title,
  lead,
  children,
}: {
  eyebrow: string;
  title: string;
  lead: React.ReactNode;
  children?: React.ReactNode;
}) {
  return (
    <section className="on-dark relative isolate overflow-hidden bg-brand-900 text-white">
      <Contours />
      <div className="mx-auto max-w-7xl px-4 py-14 sm:py-20">
        <p className="text-sm font-semibold uppercase tracking-wider text-accent-300">{eyebrow}</p>
        <h1 className="mt-3 max-w-3xl text-3xl font-bold leading-tight tracking-tight text-balance sm:text-5xl">{title}</h1>
        <div className="mt-5 max-w-2xl text-lg leading-relaxed text-brand-100">{lead}</div>
        {children && <div className="mt-8 flex flex-wrap gap-3">{children}</div>}
      </div>
    </section>
  );
}

/** Decorative contour lines, like a relief map of an archipelago. */
function Contours() {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      viewBox="0 0 600 400"
      preserveAspectRatio="xMaxYMid slice"
      className="absolute inset-y-0 right-0 -z-10 h-full w-full max-w-3xl text-brand-700 opacity-60"
    >
      <g fill="none" stroke="currentColor" strokeWidth="1.5">
        <path d="M420 60c60-10 120 20 130 70s-30 90-90 95-110-20-115-70 15-85 75-95Z" />
        <path d="M425 90c40-6 80 14 86 46s-20 58-58 61-72-13-75-45 7-56 47-62Z" />
        <path d="M430 118c20-3 40 7 43 23s-10 29-29 30-36-6-37-22 3-28 23-31Z" />
        <path d="M250 250c50-20 110-10 130 30s-10 80-70 85-100-15-110-50 0-50 50-65Z" />
        <path d="M262 275c32-12 70-6 82 19s-6 50-44 53-64-9-70-31 0-32 32-41Z" />
        <path d="M520 260c30-8 60 8 62 32s-22 40-48 40-44-14-44-36 10-30 30-36Z" />
        <path d="M120 120c30-15 70-10 80 15s-10 50-45 52-60-10-62-30 0-27 27-37Z" />
      </g>
    </svg>
  );
}
