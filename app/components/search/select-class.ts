/** The look of the search filters' selects (the filter bar and the track-record filters). */
export const selectClass =
  "rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-ink focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600";
