const TONES = {
  brand: "bg-brand-50 text-brand-800 ring-brand-200",
  solid: "bg-brand-700 text-white ring-brand-700",
  accent: "bg-accent-100 text-accent-700 ring-accent-500/40",
  neutral: "bg-slate-100 text-slate-700 ring-slate-200",
  live: "bg-rose-50 text-rose-800 ring-rose-200",
  success: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  danger: "bg-red-50 text-red-800 ring-red-200",
} as const;

export type BadgeTone = keyof typeof TONES;

/** A short label: a type, a status, a category. Text only, so it reads naturally aloud. */
export function Badge({
  tone = "brand",
  className = "",
  children,
}: {
  tone?: BadgeTone;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <span
      className={`inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${TONES[tone]} ${className}`}
    >
      {children}
    </span>
  );
}
