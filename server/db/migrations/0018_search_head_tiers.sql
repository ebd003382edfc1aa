-- The head's matches by quality tier (issue 15): past the cap, relevance ranks the best head
-- matches in quality order (keywordPage's head pool), and for a word in thousands of heads
-- ("climate", "water supply": 2 500) reading every one of them to keep the best hundred cost
-- 4 ms, most of a search. The head with its profile's quality tier (the '#q:<n>' lexeme of 0017,
-- from the same expression) in one GIN index intersects the words with the top tiers, as the
-- document's index does for the quality pool: a few hundred rows instead (0.4-0.9 ms).
-- An expression index, so that nothing else changes: the head itself, the triggers and the
-- document stay as they are, and PostgreSQL keeps the index current whenever the head or the
-- score changes.
CREATE OR REPLACE FUNCTION search_tier(score real) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT array_to_tsvector(array['#q:' || floor(score * 10)::int]) $$;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS consultants_head_tier_idx ON consultants USING gin ((search_head || search_tier(static_score)))
  WITH (fastupdate = off) WHERE status = 'approved';
--> statement-breakpoint
ANALYZE consultants;
