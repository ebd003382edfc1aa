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
      {/* Decorative contour lines, like a relief map of an archipelago (app/app.css .hero-contours:
          a stylesheet image, so its drawing is not in every content page's JavaScript). */}
      <div aria-hidden="true" className="hero-contours absolute inset-y-0 right-0 -z-10 h-full w-full max-w-3xl opacity-60" />
      <div className="mx-auto max-w-7xl px-4 py-14 sm:py-20">
        <p className="text-sm font-semibold uppercase tracking-wider text-accent-300">{eyebrow}</p>
        <h1 className="mt-3 max-w-3xl text-3xl font-bold leading-tight tracking-tight text-balance sm:text-5xl">{title}</h1>
        <div className="mt-5 max-w-2xl text-lg leading-relaxed text-brand-100">{lead}</div>
        {children && <div className="mt-8 flex flex-wrap gap-3">{children}</div>}
      </div>
    </section>
  );
}
