// The featured order's quality tiers (migration 0017): each search document holds one lexeme
// '#q:<n>', n the whole tenths of its static score, so a profile of a higher tier always comes
// first in the featured order. The planner (planner.ts) reckons with their shares, the SQL writer
// (query.ts) reads from them; both take the tiers from here.

/** Tiers '#q:0' to '#q:10'. */
export const QUALITY_TIERS = 10;

/** A quality tier's lexeme in the search document, as migration 0017 writes it. */
export function tierLexeme(tier: number) {
  return `#q:${tier}`;
}
