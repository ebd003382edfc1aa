-- Opportunities for you and the digest (issue 32) take the newest 200 open published opportunities
-- that ask for one of the profile's fields. Planned without the fields' values (force_generic_plan),
-- the statement read every match through the facets' index, each from its wide heap row, and sorted
-- them (7 634 rows from 3 398 pages for a profile of four fields at 20 000 opportunities, 32 ms).
-- This index holds the list's order with everything the candidates' filter and score read, so they
-- are walked newest first from the index alone and the walk stops at the 200th match (0.6 ms).
-- `published_at is not null` (true of every published opportunity: opportunities_published_check)
-- is a condition only that statement writes: the list's statements, which filter on the same
-- columns, cannot prove it and keep their own indexes and plans.
CREATE INDEX IF NOT EXISTS "opportunities_matching_idx" ON "opportunities" ("published_at" DESC, "id" DESC)
  INCLUDE ("deadline", "specializations", "countries", "is_remote", "donors", "languages", "min_years_experience")
  WHERE "status" = 'published' AND "published_at" IS NOT NULL;
