-- Search (issue 4): weighted, accent-insensitive, stemmed full-text search over listed profiles,
-- a static quality score for ranking, and a dictionary of the words in listed profiles for
-- prefix completion and did-you-mean. See docs/decisions/006-search-engine.md.
--
-- The search columns, the words table and the triggers are deliberately NOT declared in
-- server/db/schema.ts: they are internal, and keeping them out of the ORM means no
-- `select()` can carry a search document to a client. Everything below is idempotent.

CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint

-- search_key(text): lower case without accents ("Hà Nội" -> "ha noi"). unaccent() itself is only
-- STABLE (it finds its dictionary by name at run time); naming the dictionary's schema makes the
-- result fixed, so the function may be IMMUTABLE and used in indexes.
DO $$
DECLARE
  ext_schema text;
BEGIN
  SELECT n.nspname INTO ext_schema
  FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace
  WHERE e.extname = 'unaccent';
  EXECUTE format(
    'CREATE OR REPLACE FUNCTION search_key(value text) RETURNS text
       LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
       AS $f$ SELECT lower(%I.unaccent(%L::regdictionary, value)) $f$',
    ext_schema, ext_schema || '.unaccent');
END $$;
--> statement-breakpoint

-- Two text search configurations that strip accents inside the parser's pipeline:
-- search_english stems ("evaluations" -> "evalu"), search_simple keeps whole words (dictionary).
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_ts_config WHERE cfgname = 'search_english') THEN
    CREATE TEXT SEARCH CONFIGURATION search_english (COPY = english);
    ALTER TEXT SEARCH CONFIGURATION search_english
      ALTER MAPPING FOR hword, hword_part, word WITH unaccent, english_stem;
  END IF;
  IF NOT EXISTS (SELECT 1 FROM pg_ts_config WHERE cfgname = 'search_simple') THEN
    CREATE TEXT SEARCH CONFIGURATION search_simple (COPY = simple);
    ALTER TEXT SEARCH CONFIGURATION search_simple
      ALTER MAPPING FOR hword, hword_part, word WITH unaccent, simple;
  END IF;
END $$;
--> statement-breakpoint

-- search_head: name and title (A), specializations (B), location and languages (C): small, kept
-- inline, used to rank and to find the strongest matches. search_document adds the bio (D) and
-- decides what matches. static_score: a query-independent quality score in [0, 1] (rating,
-- projects, availability, a photo) that orders empty searches and breaks near-ties in relevance.
-- All three are written by the trigger below (not generated columns: those would pin the types
-- of the columns they read).
ALTER TABLE consultants
  ADD COLUMN IF NOT EXISTS search_head tsvector NOT NULL DEFAULT ''::tsvector,
  ADD COLUMN IF NOT EXISTS search_document tsvector NOT NULL DEFAULT ''::tsvector,
  ADD COLUMN IF NOT EXISTS static_score real NOT NULL DEFAULT 0;
--> statement-breakpoint

-- The searchable text of a profile, its weighted head and its quality score, each in one place:
-- the trigger, the backfill below and the words dictionary all read them.
CREATE OR REPLACE FUNCTION search_profile_text(c consultants) RETURNS text
  LANGUAGE sql STABLE PARALLEL SAFE
  AS $$ SELECT concat_ws(' ', c.name, c.title, c.primary_specialization, array_to_string(c.secondary_specializations, ' '),
                         c.location, c.city, c.country, array_to_string(c.languages, ' '), c.bio) $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_profile_head(c consultants) RETURNS tsvector
  LANGUAGE sql STABLE PARALLEL SAFE
  AS $$ SELECT
       setweight(to_tsvector('search_english', concat_ws(' ', c.name, c.title)), 'A')
    || setweight(to_tsvector('search_english',
         concat_ws(' ', c.primary_specialization, array_to_string(c.secondary_specializations, ' '))), 'B')
    || setweight(to_tsvector('search_english',
         concat_ws(' ', c.location, c.city, c.country, array_to_string(c.languages, ' '))), 'C') $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_profile_score(c consultants) RETURNS real
  LANGUAGE sql STABLE PARALLEL SAFE
  AS $$ SELECT (0.5 * c.rating / 100.0
              + 0.3 * least(c.projects_completed, 50) / 50.0
              + CASE WHEN c.available_for_work THEN 0.1 ELSE 0 END
              + CASE WHEN c.profile_photo_url IS NOT NULL THEN 0.1 ELSE 0 END)::real $$;
--> statement-breakpoint

CREATE OR REPLACE FUNCTION consultants_search_refresh() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  NEW.static_score := search_profile_score(NEW);
  -- Parsing the bio is the costly part: skip it when no searchable text changed.
  IF TG_OP = 'INSERT' OR search_profile_text(NEW) IS DISTINCT FROM search_profile_text(OLD) THEN
    NEW.search_head := search_profile_head(NEW);
    NEW.search_document := NEW.search_head || setweight(to_tsvector('search_english', coalesce(NEW.bio, '')), 'D');
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint

CREATE OR REPLACE TRIGGER consultants_search_refresh
  BEFORE INSERT OR UPDATE ON consultants FOR EACH ROW EXECUTE FUNCTION consultants_search_refresh();
--> statement-breakpoint

-- Profiles already there (the trigger skips a no-op update, so fill them directly).
UPDATE consultants c SET
  static_score = search_profile_score(c),
  search_head = search_profile_head(c),
  search_document = search_profile_head(c) || setweight(to_tsvector('search_english', coalesce(c.bio, '')), 'D');
--> statement-breakpoint

-- The words of listed profiles with the number of listed profiles containing each: prefix
-- completion ("agri" -> agriculture) and did-you-mean ("helthcare" -> healthcare, by trigram
-- similarity on this small table rather than on the large profile columns).
CREATE TABLE IF NOT EXISTS search_words (
  word text COLLATE "C" PRIMARY KEY,
  ndoc integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS search_words_trgm_idx ON search_words USING gin (word gin_trgm_ops) WITH (fastupdate = off);
--> statement-breakpoint

-- Adds delta (+1 or -1) per profile for every word of the given profiles. Words are written in
-- sorted order, so two transactions changing overlapping words never deadlock; stop words,
-- numbers and very short or long tokens are left out. A count that drifts can never make a
-- profile write fail: there is no check on ndoc, and readers ignore counts below 1.
CREATE OR REPLACE FUNCTION search_words_apply(profiles text[], deltas integer[]) RETURNS void
  LANGUAGE sql AS $$
  INSERT INTO search_words AS s (word, ndoc)
  SELECT word, sum(p.delta)::integer
  FROM unnest(profiles, deltas) AS p(body, delta),
       unnest(tsvector_to_array(to_tsvector('search_simple', p.body))) AS word
  WHERE length(word) BETWEEN 3 AND 40 AND word !~ '^[0-9]'
  GROUP BY word
  HAVING sum(p.delta) <> 0 AND ts_lexize('english_stem', word) <> '{}'
  ORDER BY word
  ON CONFLICT (word) DO UPDATE SET ndoc = s.ndoc + excluded.ndoc
$$;
--> statement-breakpoint

CREATE OR REPLACE FUNCTION search_words_after_insert() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search_words_apply(array_agg(search_profile_text(n)), array_agg(1))
  FROM new_rows n WHERE n.status = 'approved'
  HAVING count(*) > 0;
  RETURN NULL;
END $$;
--> statement-breakpoint

CREATE OR REPLACE FUNCTION search_words_after_update() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search_words_apply(array_agg(body), array_agg(delta))
  FROM (
    SELECT search_profile_text(o) AS body, -1 AS delta
    FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE o.status = 'approved'
      AND (n.status <> 'approved' OR search_profile_text(o) IS DISTINCT FROM search_profile_text(n))
    UNION ALL
    SELECT search_profile_text(n), 1
    FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE n.status = 'approved'
      AND (o.status <> 'approved' OR search_profile_text(o) IS DISTINCT FROM search_profile_text(n))
  ) changed
  HAVING count(*) > 0;
  RETURN NULL;
END $$;
--> statement-breakpoint

CREATE OR REPLACE FUNCTION search_words_after_delete() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search_words_apply(array_agg(search_profile_text(o)), array_agg(-1))
  FROM old_rows o WHERE o.status = 'approved'
  HAVING count(*) > 0;
  RETURN NULL;
END $$;
--> statement-breakpoint

CREATE OR REPLACE FUNCTION search_words_after_truncate() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE search_words;
  RETURN NULL;
END $$;
--> statement-breakpoint

-- Build the dictionary from the profiles already there, then keep it current.
TRUNCATE search_words;
--> statement-breakpoint
SELECT search_words_apply(array_agg(search_profile_text(c)), array_agg(1))
FROM consultants c WHERE c.status = 'approved' HAVING count(*) > 0;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER search_words_after_insert
  AFTER INSERT ON consultants REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_words_after_insert();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER search_words_after_update
  AFTER UPDATE ON consultants REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_words_after_update();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER search_words_after_delete
  AFTER DELETE ON consultants REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_words_after_delete();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER search_words_after_truncate
  AFTER TRUNCATE ON consultants
  FOR EACH STATEMENT EXECUTE FUNCTION search_words_after_truncate();
--> statement-breakpoint

-- Indexes for listed profiles only (the only ones searched). GIN with fastupdate off: a directory
-- is read-mostly, and a pending list would be scanned by every search until it is merged.
CREATE INDEX IF NOT EXISTS consultants_search_document_idx ON consultants USING gin (search_document)
  WITH (fastupdate = off) WHERE status = 'approved';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS consultants_search_head_idx ON consultants USING gin (search_head)
  WITH (fastupdate = off) WHERE status = 'approved';
--> statement-breakpoint
-- Expertise matches the primary or a secondary specialization: two indexes the planner can
-- estimate from column statistics (an index on the concatenated array would get none).
CREATE INDEX IF NOT EXISTS consultants_primary_specialization_idx ON consultants (primary_specialization)
  WHERE status = 'approved';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS consultants_secondary_specializations_idx ON consultants USING gin (secondary_specializations)
  WITH (fastupdate = off) WHERE status = 'approved';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS consultants_languages_idx ON consultants USING gin (languages)
  WITH (fastupdate = off) WHERE status = 'approved';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS consultants_featured_idx ON consultants (static_score DESC, id DESC)
  WHERE status = 'approved';
--> statement-breakpoint
-- One B-tree per sort order, each matching its ORDER BY exactly (DESC means NULLS FIRST).
CREATE INDEX IF NOT EXISTS consultants_recent_idx ON consultants (created_at DESC, id DESC)
  WHERE status = 'approved';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS consultants_experience_idx ON consultants (years_experience DESC, static_score DESC, id DESC)
  WHERE status = 'approved';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS consultants_location_idx ON consultants (country, search_key(city), static_score DESC, id DESC)
  WHERE status = 'approved';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS consultants_city_idx ON consultants (search_key(city)) WHERE status = 'approved';
