// The public pages (React Router route ids) held to the first-load budget of issue 37: 130 KB
// gzip in English, 8 KB more for a translated page's strings. bench/budget.ts measures them and
// build-tools/client-chunks.ts cuts their code by these families: pages of one family share a
// chunk of what they have in common (the directory's cards and labels, the content pages' hero
// and banners, the forms' fields and answers).
const CONTENT_PAGES = [
  "routes/pages/about",
  "routes/pages/resources",
  "routes/pages/resource-guide",
  "routes/pages/help-center",
  "routes/pages/privacy-policy",
  "routes/pages/not-found",
] as const;

export const PUBLIC_PAGE_FAMILIES = {
  directory: ["routes/home", "routes/consultant", "routes/shortlist-shared"],
  content: CONTENT_PAGES,
  // What the contact page shares with the content pages (the hero, the banners, the cards).
  site: [...CONTENT_PAGES, "routes/contact"],
  forms: ["routes/contact", "routes/sign-in", "routes/reset-password", "routes/verify-email", "routes/saved-search-unsubscribe"],
} as const;

type Family = keyof typeof PUBLIC_PAGE_FAMILIES;

export const PUBLIC_ROUTES: readonly string[] = [...new Set(Object.values(PUBLIC_PAGE_FAMILIES).flat())];

/** The first family that has every one of these public routes, if any. */
export function familyOfAll(routes: readonly string[]): Family | undefined {
  const families = Object.entries(PUBLIC_PAGE_FAMILIES) as [Family, readonly string[]][];
  return families.find(([, members]) => routes.every((route) => members.includes(route)))?.[0];
}
