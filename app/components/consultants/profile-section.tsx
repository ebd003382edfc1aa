/** A titled card of the profile page. */
export function Section({ title, children, id }: { title: string; children: React.ReactNode; id: string }) {
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id={id} className="text-lg font-bold text-ink">
        {title}
      </h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}
