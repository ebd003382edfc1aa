// The home page's rare states, off its first load (home.tsx loads them when one is shown): a
// search with no match, a search that failed, a page past the end of the results.
export { EmptyPage } from "./empty-page.tsx";
export { LoadFailed } from "./home-sections.tsx";
export { NoResults } from "./no-results.tsx";
