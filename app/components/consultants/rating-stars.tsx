import { plural } from "@lingui/core/macro";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { formatRating } from "#common/format.ts";

/**
 * Five stars filled to the rating (5 stars for 10/10), plus rating/10 with one decimal. Drawn
 * with text and one clipped overlay (not 5 SVGs a card), which keeps a 12-card page light on slow
 * networks. With a review count: "8.6 (4 reviews)", spoken "Rated 8.6 out of 10 from 4 reviews";
 * with none, greyed stars and "No reviews yet" instead of a number nobody earned.
 */
export function RatingStars({
  rating,
  reviewCount,
  emptyLabel,
}: {
  rating: number;
  /** The reviews behind the rating (issue 31: by verified organizations). */
  reviewCount?: number;
  /** What a profile without a rating says ("No reviews yet" by default): "Not rated yet" when it has reviews that do not count. */
  emptyLabel?: string;
}) {
  const { t } = useLingui();
  if (reviewCount === 0) {
    return (
      <span className="inline-flex items-center gap-1">
        <span aria-hidden="true" className="leading-none tracking-tight text-slate-300">
          ★★★★★
        </span>
        <span className="text-sm text-muted">{emptyLabel ?? <Trans>No reviews yet</Trans>}</span>
      </span>
    );
  }
  const percent = Math.max(0, Math.min(100, rating));
  const score = formatRating(rating);
  const label =
    reviewCount === undefined
      ? t`Rated ${score} out of 10`
      : t`Rated ${score} out of 10 from ${plural(reviewCount, { one: "# review", other: "# reviews" })}`;
  return (
    <span className="inline-flex items-center gap-1" role="img" aria-label={label}>
      <span aria-hidden="true" className="relative inline-block leading-none tracking-tight text-slate-300">
        ★★★★★
        <span className="absolute inset-0 overflow-hidden whitespace-nowrap text-accent-500" style={{ width: `${percent}%` }}>
          ★★★★★
        </span>
      </span>
      <span aria-hidden="true" className="text-sm font-semibold text-ink">
        {formatRating(rating)}
        {reviewCount !== undefined && (
          <span className="font-normal text-muted">
            {" "}
            (<Plural value={reviewCount} one="# review" other="# reviews" />)
          </span>
        )}
      </span>
    </span>
  );
}
