-- The featured order's quality tiers as facet lexemes of the search document (issue 15): '#q:<n>',
-- n the whole tenths of the profile's static_score (0 to 10). A profile of a higher tier comes
-- before every profile of a lower one in the featured order (static_score desc, id desc), so when
-- more than the cap match, the best hundred of them by quality are the best hundred of those that
-- also match the top tiers, as soon as those hold a hundred: one GIN intersection reads a few
-- hundred rows where reading every match ("cocoa": 3 300) to keep a hundred cost 5 ms.
-- The tier follows static_score: the trigger sets the score before it compares the facets, so a
-- new rating or a new photo swaps the lexeme like any other facet. Ranking is unchanged: ts_rank
-- reads only the lexemes of the words' query.
-- 0013's facets keep their function under a new name; search_profile_facets, which the trigger
-- and search_profile_document call by name, becomes them plus the tier.
ALTER FUNCTION search_profile_facets(consultants) RENAME TO search_profile_filter_facets;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_profile_facets(c consultants) RETURNS text[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT search_profile_filter_facets(c) || ('#q:' || floor(c.static_score * 10)::int) $$;
--> statement-breakpoint
-- Add the tier to every document as 0013 added the facets: without the index, rebuilt once after.
DROP INDEX IF EXISTS consultants_search_document_idx;
--> statement-breakpoint
UPDATE consultants c SET search_document = search_document || array_to_tsvector(array['#q:' || floor(c.static_score * 10)::int]);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS consultants_search_document_idx ON consultants USING gin (search_document)
  WITH (fastupdate = off) WHERE status = 'approved';
--> statement-breakpoint
ANALYZE consultants;
