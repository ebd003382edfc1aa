// URL slugs (an opportunity's "/opportunities/12-monitoring-evaluation-specialist", an
// organization's "mekong-water-alliance"): one rule for both.

/**
 * A text as a URL part: lower-case ASCII letters and digits joined by hyphens, at most 80
 * characters. Accents are dropped and Vietnamese đ is d ("Đà Nẵng" is da-nang: NFKD leaves đ
 * whole); `fallback` when nothing is left (a title in Thai script, say).
 */
export function urlSlug(text: string, fallback: string): string {
  const slug = text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/đ/gi, "d")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/, "");
  return slug || fallback;
}
