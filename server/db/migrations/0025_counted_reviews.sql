-- Reviews that count (issue 31, docs/decisions/014-organizations.md): a review moves the rating
-- only when its author wrote for a verified organization (the organization whose conversation with
-- the consultant qualified the review), and only one review per organization and consultant counts
-- (the earliest visible one). Other reviews stay visible, marked "reviewer not verified".
-- `review_count` stays the visible reviews (the profile pages through them); `rated_review_count`
-- is the reviews behind the rating. Verifying or unverifying an organization recomputes the
-- ratings of the consultants its members reviewed.
--
-- Existing reviews were written before organizations existed: none was written for a verified
-- organization, so none counts from now on (their ratings return to the default, 50, with no
-- rated review) and all stay visible. This is the case the issue describes: six throwaway
-- accounts each answered once could lift a profile to 100; they no longer move it.
ALTER TABLE "reviews" ADD COLUMN IF NOT EXISTS "organization_id" integer REFERENCES "organizations"("id") ON DELETE SET NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "reviews_organization_idx" ON "reviews" ("organization_id", "consultant_id") WHERE "organization_id" IS NOT NULL;
--> statement-breakpoint
ALTER TABLE "consultants" ADD COLUMN IF NOT EXISTS "rated_review_count" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION refresh_consultant_ratings(ids integer[]) RETURNS void LANGUAGE sql AS $$
  UPDATE consultants c SET rating = coalesce(s.rating, 50), review_count = s.n, rated_review_count = s.rated
  FROM (
    SELECT x.id,
           (SELECT count(*) FROM reviews r WHERE r.consultant_id = x.id AND r.hidden_at IS NULL)::int AS n,
           counted.rating, counted.rated
    FROM unnest(ids) AS x(id)
    CROSS JOIN LATERAL (
      SELECT round(avg(f.score) * 10)::int AS rating, count(*)::int AS rated
      FROM (
        SELECT DISTINCT ON (r.organization_id) r.score
        FROM reviews r JOIN organizations o ON o.id = r.organization_id AND o.verified_at IS NOT NULL
        WHERE r.consultant_id = x.id AND r.hidden_at IS NULL
        ORDER BY r.organization_id, r.created_at, r.id
      ) f
    ) counted
  ) s
  WHERE c.id = s.id
    AND (c.rating IS DISTINCT FROM coalesce(s.rating, 50) OR c.review_count IS DISTINCT FROM s.n
         OR c.rated_review_count IS DISTINCT FROM s.rated);
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION reviews_refresh_rating() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_consultant_ratings(array(SELECT DISTINCT consultant_id FROM changed_reviews));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION organizations_refresh_ratings() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (OLD.verified_at IS NULL) <> (NEW.verified_at IS NULL) THEN
    PERFORM refresh_consultant_ratings(array(SELECT DISTINCT consultant_id FROM reviews WHERE organization_id = NEW.id));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER organizations_refresh_ratings AFTER UPDATE OF verified_at ON "organizations"
  FOR EACH ROW EXECUTE FUNCTION organizations_refresh_ratings();
--> statement-breakpoint
SELECT refresh_consultant_ratings(array(SELECT DISTINCT consultant_id FROM reviews));
