-- An acronym that is also an ordinary word ("WASH", "MEL", "ToT": the glossary's case-sensitive
-- forms with standalone: false) tags a document with its concept only as written in capitals
-- (issue 33). The documents lose their letter case when parsed, so they keep the words written
-- with capitals beside: '#u:<word as written>' for each word of 2 to 10 letters or digits with a
-- capital that is not simply capitalized ("WASH", "ToT", "P3"; not "Wash", "wash"), at the weight
-- of its field. search_concept_forms holds such a form as the query '#u:WASH' (concepts.ts), so
-- search_concepts tags '#k:wash' from it as from any form, and the retag job (which parses no
-- text) keeps finding it. The forms' rows are written by the app at start-up, which then tags
-- every document again.
CREATE OR REPLACE FUNCTION search_capitals(t text) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT coalesce(string_agg(DISTINCT quote_literal('#u:' || w) || ':1', ' ')::tsvector, ''::tsvector)
  FROM regexp_split_to_table(coalesce(t, ''), '[^[:alnum:]]+') w
  WHERE length(w) BETWEEN 2 AND 10 AND w ~ '[[:upper:]]' AND w !~ '^[[:upper:]][[:lower:]]+$' $$;
--> statement-breakpoint
-- A profile's head's capitals: title (A), specializations (B).
CREATE OR REPLACE FUNCTION search_profile_head_capitals(c consultants) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT setweight(search_capitals(c.title), 'A')
    || setweight(search_capitals(concat_ws(' ', c.primary_specialization, array_to_string(c.secondary_specializations, ' '))), 'B') $$;
--> statement-breakpoint
-- The rest of a profile's capitals: track record (C), bio (D).
CREATE OR REPLACE FUNCTION search_profile_body_capitals(c consultants) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT setweight(search_capitals(c.track_text), 'C') || setweight(search_capitals(c.bio), 'D') $$;
--> statement-breakpoint
-- An opportunity's capitals: title (A), specializations and donors (B), ToR (D); read by
-- refreshSearchDocuments (server/services/opportunities/opportunities.ts).
CREATE OR REPLACE FUNCTION search_opportunity_capitals(o opportunities) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT setweight(search_capitals(o.title), 'A')
    || setweight(search_capitals(array_to_string(o.specializations || o.donors, ' ')), 'B')
    || setweight(search_capitals(o.description), 'D') $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_profile_head(c consultants) RETURNS tsvector
  LANGUAGE sql STABLE PARALLEL SAFE
  AS $$ SELECT h || search_concepts(h) FROM (SELECT search_profile_head_words(c) || search_profile_head_capitals(c) AS h) parts $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_profile_document(c consultants, head tsvector) RETURNS tsvector
  LANGUAGE sql STABLE PARALLEL SAFE
  AS $$ SELECT d || search_concepts(d) || array_to_tsvector(search_profile_facets(c))
  FROM (SELECT search_without_concepts(head)
      || setweight(to_tsvector('search_english', coalesce(c.track_text, '')), 'C')
      || setweight(to_tsvector('search_english', coalesce(c.bio, '')), 'D')
      || setweight(to_tsvector('search_english', coalesce(c.search_unspaced, '')), 'D')
      || search_profile_body_capitals(c) AS d) parts $$;
--> statement-breakpoint
-- The documents written before get their capitals without their text parsed again (a regular
-- expression over it), the profiles' without their indexes as 0017 did (one build after is far
-- cheaper than an index insertion per lexeme of every row); their concepts follow at start-up.
DROP INDEX IF EXISTS consultants_search_document_idx;
--> statement-breakpoint
DROP INDEX IF EXISTS consultants_head_tier_idx;
--> statement-breakpoint
UPDATE consultants c SET search_head = c.search_head || caps.head, search_document = c.search_document || caps.head || caps.body
FROM (SELECT id, search_profile_head_capitals(c) AS head, search_profile_body_capitals(c) AS body FROM consultants c) caps
WHERE c.id = caps.id AND c.search_document IS NOT NULL AND (length(caps.head) > 0 OR length(caps.body) > 0);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS consultants_search_document_idx ON consultants USING gin (search_document)
  WITH (fastupdate = off) WHERE status = 'approved';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS consultants_head_tier_idx ON consultants USING gin ((search_head || search_tier(static_score)))
  WITH (fastupdate = off) WHERE status = 'approved';
--> statement-breakpoint
UPDATE opportunities o SET search_document = o.search_document || caps.doc
FROM (SELECT id, search_opportunity_capitals(o) AS doc FROM opportunities o) caps
WHERE o.id = caps.id AND o.search_document IS NOT NULL AND length(caps.doc) > 0;
--> statement-breakpoint
ANALYZE consultants;
--> statement-breakpoint
ANALYZE opportunities;
