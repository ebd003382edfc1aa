const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/** "2026-11" as "November 2026" (the month a guide was last checked against its sources). */
export function formatChecked(month: string) {
  const [year, number] = month.split("-").map(Number);
  return `${MONTHS[(number ?? 1) - 1] ?? ""} ${year ?? ""}`.trim();
}
