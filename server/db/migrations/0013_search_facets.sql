-- The search's filters as reserved lexemes of the search document (issues 12 and 15): one GIN
-- index then answers words and filters together, intersecting posting lists inside the index,
-- instead of reading every row one filter's index offers and testing its (TOASTed) document.
--
-- A facet lexeme is '#' kind ':' value, the value folded like search_key (lower case, accents
-- off) with every run of other characters than letters, digits and '+' made one '-'. No word
-- lexeme starts with '#' (the parser never keeps it), so a keyword, even as a prefix, never
-- matches a facet, and the words dictionary (search_words, built from the text) never sees one.
--   #c:<country>  #s:<specialization, primary or secondary>  #l:<language>
--   #d:<donor of an assignment>  #w:<country an assignment took place in>
--   #a:yes | #a:no (available for work)  #x:<experience level, common/constants.ts EXPERIENCE_LEVELS>
-- Ranking is unchanged: ts_rank reads only the lexemes of the words' query.
CREATE OR REPLACE FUNCTION search_facet(kind text, value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT '#' || kind || ':' || btrim(regexp_replace(search_key(btrim(value)), '[^[:alnum:]+]+', '-', 'g'), '-') $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_profile_facets(c consultants) RETURNS text[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT coalesce(array_agg(DISTINCT f ORDER BY f), '{}'::text[]) FROM unnest(
      array[search_facet('c', c.country), search_facet('s', c.primary_specialization),
            CASE WHEN c.available_for_work THEN '#a:yes' ELSE '#a:no' END]
      || array(SELECT search_facet('s', s) FROM unnest(c.secondary_specializations) s)
      || array(SELECT search_facet('l', l) FROM unnest(c.languages) l)
      || array(SELECT search_facet('d', d) FROM unnest(c.track_donors) d)
      || array(SELECT search_facet('w', w) FROM unnest(c.track_countries) w)
      || array(SELECT '#x:' || v.level FROM (VALUES ('1-3', 1, 3), ('4-7', 4, 7), ('8-15', 8, 15), ('15+', 15, NULL)) v(level, low, high)
               WHERE c.years_experience >= v.low AND (v.high IS NULL OR c.years_experience <= v.high))
    ) f WHERE f IS NOT NULL AND f NOT LIKE '%:' $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_profile_document(c consultants, head tsvector) RETURNS tsvector
  LANGUAGE sql STABLE PARALLEL SAFE
  AS $$ SELECT head
    || setweight(to_tsvector('search_english', coalesce(c.track_text, '')), 'C')
    || setweight(to_tsvector('search_english', coalesce(c.bio, '')), 'D')
    || array_to_tsvector(search_profile_facets(c)) $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION consultants_search_refresh() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  NEW.static_score := search_profile_score(NEW);
  -- Parsing the bio is the costly part: skip it when no searchable text changed; when only a
  -- filtered value changed (availability, experience, donors…), swap the facet lexemes.
  IF TG_OP = 'INSERT' OR search_profile_text(NEW) IS DISTINCT FROM search_profile_text(OLD) THEN
    NEW.search_head := search_profile_head(NEW);
    NEW.search_document := search_profile_document(NEW, NEW.search_head);
  ELSIF search_profile_facets(NEW) IS DISTINCT FROM search_profile_facets(OLD) THEN
    NEW.search_document := ts_delete(NEW.search_document, search_profile_facets(OLD))
      || array_to_tsvector(search_profile_facets(NEW));
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
-- Add the facets to every document: without the index (one bulk build afterwards is far cheaper
-- than 40 index insertions per row with fastupdate off), and without re-parsing any text.
DROP INDEX IF EXISTS consultants_search_document_idx;
--> statement-breakpoint
UPDATE consultants c SET search_document = search_document || array_to_tsvector(search_profile_facets(c));
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS consultants_search_document_idx ON consultants USING gin (search_document)
  WITH (fastupdate = off) WHERE status = 'approved';
--> statement-breakpoint
-- The filters' own array indexes are no longer read by the search (the walks of an order's index
-- test the columns row by row; the reads through an index use the facets).
DROP INDEX IF EXISTS consultants_track_donors_idx;
--> statement-breakpoint
DROP INDEX IF EXISTS consultants_track_countries_idx;
--> statement-breakpoint
ANALYZE consultants;
