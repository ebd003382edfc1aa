-- The opportunities' words dictionary (issues 32 and 33): every word of the published
-- opportunities' titles and ToRs with how many of them use it, kept by statement-level triggers as
-- search_words keeps the listed profiles' (0007). The opportunities' search corrects a word that no
-- published opportunity uses to a similar one many of them use ("sanitaton" -> sanitation), and a
-- word one of them uses is never "corrected"; the consultants' corrector keeps reading search_words.
CREATE TABLE IF NOT EXISTS "opportunity_words" (
  "word" text PRIMARY KEY,
  "ndoc" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "opportunity_words_trgm_idx" ON "opportunity_words" USING gin ("word" gin_trgm_ops) WITH (fastupdate = off);
--> statement-breakpoint
-- The text whose words an opportunity's document holds (refreshSearchDocuments): title, ToR, and
-- the names in its lists, as search_profile_text is a profile's.
CREATE OR REPLACE FUNCTION opportunity_words_text(o opportunities) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT concat_ws(' ', o.title, o.description, array_to_string(o.specializations || o.donors || o.countries || o.languages, ' '))
$$;
--> statement-breakpoint
-- The words of opportunities' texts counted up or down, as search_words_apply counts a profile's.
CREATE OR REPLACE FUNCTION opportunity_words_apply(bodies text[], deltas integer[]) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO opportunity_words AS s (word, ndoc)
  SELECT word, sum(p.delta)::integer
  FROM unnest(bodies, deltas) AS p(body, delta),
       unnest(tsvector_to_array(to_tsvector('search_simple', p.body))) AS word
  WHERE length(word) BETWEEN 3 AND 40 AND word !~ '^[0-9]'
  GROUP BY word
  HAVING sum(p.delta) <> 0 AND ts_lexize('english_stem', word) <> '{}'
  ORDER BY word
  ON CONFLICT (word) DO UPDATE SET ndoc = s.ndoc + excluded.ndoc
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION opportunity_words_after_insert() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM opportunity_words_apply(array_agg(opportunity_words_text(n)), array_agg(1))
  FROM new_rows n WHERE n.status = 'published'
  HAVING count(*) > 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Only the rows whose state or text changed: a document refreshed or retagged changes neither.
CREATE OR REPLACE FUNCTION opportunity_words_after_update() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM opportunity_words_apply(array_agg(body), array_agg(delta))
  FROM (
    SELECT opportunity_words_text(o) AS body, -1 AS delta
    FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE o.status = 'published'
      AND (n.status <> 'published' OR opportunity_words_text(o) IS DISTINCT FROM opportunity_words_text(n))
    UNION ALL
    SELECT opportunity_words_text(n), 1
    FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE n.status = 'published'
      AND (o.status <> 'published' OR opportunity_words_text(o) IS DISTINCT FROM opportunity_words_text(n))
  ) changed
  HAVING count(*) > 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION opportunity_words_after_delete() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM opportunity_words_apply(array_agg(opportunity_words_text(o)), array_agg(-1))
  FROM old_rows o WHERE o.status = 'published'
  HAVING count(*) > 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION opportunity_words_after_truncate() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE opportunity_words;
  RETURN NULL;
END $$;
--> statement-breakpoint
TRUNCATE opportunity_words;
--> statement-breakpoint
SELECT opportunity_words_apply(array_agg(opportunity_words_text(o)), array_agg(1))
FROM opportunities o WHERE o.status = 'published'
HAVING count(*) > 0;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER opportunity_words_after_insert
  AFTER INSERT ON opportunities REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION opportunity_words_after_insert();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER opportunity_words_after_update
  AFTER UPDATE ON opportunities REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION opportunity_words_after_update();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER opportunity_words_after_delete
  AFTER DELETE ON opportunities REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION opportunity_words_after_delete();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER opportunity_words_after_truncate
  AFTER TRUNCATE ON opportunities
  FOR EACH STATEMENT EXECUTE FUNCTION opportunity_words_after_truncate();
