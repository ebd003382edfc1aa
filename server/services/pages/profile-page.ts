import { viewConsultantProfile } from "../consultants/profile.ts";
import type { Actor, ServiceDeps } from "../context.ts";
import { isAdmin } from "../context.ts";
import { countProfileView, type Viewer } from "../insights/counter.ts";
import { reviewStateFor, reviewsPage } from "../reviews/reviews.ts";
import { consultantsOnLists } from "../shortlists/shortlists.ts";

// A consultant's page: the profile and its track record as this viewer may see them, a page of
// its reviews, what this viewer may do about reviews, and whether the consultant is on one of
// the viewer's shortlists (the bookmark says "Saved", issue 36). A person other than the owner or an
// admin opening a listed profile counts as a view. (The JSON door shows the same profile at
// /api/consultants/{id} through viewConsultantProfile.)

type Deps = Pick<ServiceDeps, "db" | "readDb" | "runtime" | "log">;

/**
 * NotFound for a missing id, and for an unlisted profile unless the viewer owns it or is an
 * admin. `reviewsPage` is the page of reviews asked for (out of range: the last or the first).
 */
export async function viewProfilePage(
  deps: Deps,
  actor: Actor,
  { id, reviewsPage: requestedPage, viewer }: { id: number; reviewsPage: number; viewer: Omit<Viewer, "userId"> },
) {
  const profile = await viewConsultantProfile(deps, actor, id);
  if (profile.countable) countProfileView(deps, id, { ...viewer, userId: actor?.id ?? null });
  // Reviews belong to listed profiles (a pending one has none yet); read only when there are
  // some, and the owner cannot review themselves, so a visitor's page stays one query.
  const reviewCount = profile.status === "approved" ? profile.reviewCount : 0;
  const [reviews, reviewer, onLists] = await Promise.all([
    reviewsPage(
      deps.db,
      { id, rating: profile.consultant.rating, reviewCount, ratedReviewCount: profile.ratedReviewCount },
      requestedPage,
    ),
    !actor || profile.isOwner
      ? { canReview: false, ownReview: null, isOwner: profile.isOwner, isAdmin: isAdmin(actor) }
      : reviewStateFor(deps, actor, id),
    // The bookmark's saved state (a visitor has no lists: no query): the page still shows without it.
    profile.isOwner
      ? new Set<number>()
      : consultantsOnLists(deps, actor, [id]).catch((error: unknown) => {
          deps.log.error({ err: error }, "loading the shortlisted consultants failed");
          return new Set<number>();
        }),
  ]);
  return { ...profile, reviews, reviewer, isSaved: onLists.has(id) };
}
