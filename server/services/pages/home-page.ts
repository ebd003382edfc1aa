import type { SearchParams } from "#common/search.ts";
import type { PublicConsultant } from "#common/views.ts";
import { cardDonors } from "../consultants/track-record.ts";
import type { Actor, ServiceDeps } from "../context.ts";
import { countSearchAppearances, isPerson, type Viewer } from "../insights/counter.ts";
import { searchDirectoryAs } from "../organizations/hidden-from.ts";
import { reviewCounts } from "../reviews/reviews.ts";
import type { SearchResult } from "../search/index.ts";
import { consultantsOnLists } from "../shortlists/shortlists.ts";
import { type DirectoryStats, directoryStats } from "../stats.ts";

// The home page, which is the directory's search: the stats strip, one page of results with what
// each card shows, and the profiles on that page counted as seen. (The JSON door answers the same
// search at /api/consultants and the stats at /api/stats.)

/**
 * A result as its card shows it: the profile, its visible reviews, its first donors (issue 12) and,
 * for a signed-in person, whether it is on one of their shortlists (issue 36).
 */
export type ResultCard = PublicConsultant & { reviewCount: number; donors: string[]; isSaved: boolean };

export type HomePage = {
  /** Null when they could not be read (logged): the page goes without its stats strip. */
  stats: DirectoryStats | null;
  /** Null when the search failed (logged): the page says so and answers 503. */
  results: (Omit<SearchResult, "consultants"> & { consultants: ResultCard[] }) | null;
};

type Deps = Pick<ServiceDeps, "db" | "readDb" | "runtime" | "log">;

/**
 * The stats and a page of results, read at once; each may fail without the other. The profiles
 * shown count as search appearances for this viewer (a person, not a bot).
 */
export async function viewHomePage(
  deps: Deps,
  params: SearchParams,
  viewer: Pick<Viewer, "userAgent">,
  actor: Actor = null,
): Promise<HomePage> {
  const { readDb, log } = deps;
  const [stats, results] = await Promise.all([
    directoryStats(deps).catch((error: unknown) => {
      log.error({ err: error }, "loading the directory stats failed");
      return null;
    }),
    // Profiles hidden from the signed-in person's organizations are left out (issue 31); for a
    // visitor (and the page cache, which serves visitors only) the search is unchanged. A search
    // may lag a moment behind the last write: the replica, when there is one.
    searchDirectoryAs(deps, actor, params, { countZeroResults: () => isPerson(viewer) }).catch((error: unknown) => {
      log.error({ err: error }, "searching consultants failed");
      return null;
    }),
  ]);
  if (!results) return { stats, results: null };
  const ids = results.consultants.map((consultant) => consultant.id);
  countSearchAppearances(deps, ids, viewer);
  // What the cards show is read where the search was (the replica, when there is one): a visitor's
  // home page keeps working while the primary is down (issue 35; only the bookmarks, a signed-in
  // person's own lists, read the primary).
  const [counts, donors, saved] = await Promise.all([
    reviewCounts(readDb, ids).catch((error: unknown) => {
      log.error({ err: error }, "loading review counts failed");
      return new Map<number, number>();
    }),
    cardDonors(readDb, ids),
    // The bookmarks' saved state: the cards still show without it.
    consultantsOnLists(deps, actor, ids).catch((error: unknown) => {
      log.error({ err: error }, "loading the shortlisted consultants failed");
      return new Set<number>();
    }),
  ]);
  const consultants = results.consultants.map((consultant) => ({
    ...consultant,
    reviewCount: counts.get(consultant.id) ?? 0,
    donors: donors[consultant.id] ?? [],
    isSaved: saved.has(consultant.id),
  }));
  return { stats, results: { ...results, consultants } };
}
