-- The concepts of the field glossary (common/glossary/field-glossary.json, issue 33) as facet
-- lexemes of the search documents: '#k:<concept id>' where any form of the concept is in the
-- profile ("M&E", "monitoring and evaluation", "giám sát và đánh giá" all tag
-- '#k:monitoring-evaluation'). A search term that is a form of a concept then matches one
-- lexeme, read from the document's index like a filter's facet, instead of twenty phrases whose
-- matches GIN cannot check without reading every document that has their words (100-1 100 ms at
-- 100 000 profiles). The lexeme carries the weight of the best field the form is in (A: name or
-- title ... D: bio), so ranking still puts a title above a bio mention; in the head too, for the
-- head matches of relevance.
-- The forms live in search_concept_forms, written from the glossary at start-up (and by an admin's
-- synonym), each as the tsquery a phrase makes and one of its lexemes to find candidates by.
-- Documents are tagged when written; after the forms change, a job tags every profile again
-- without parsing its text (server/services/search/concepts.ts).
CREATE TABLE IF NOT EXISTS search_concept_forms (
  concept text NOT NULL,
  form text NOT NULL,
  -- A lexeme every match of the form has (its rarest in the documents, as the statistics say):
  -- only forms whose lexeme a document has are tested.
  lexeme text NOT NULL,
  query tsquery NOT NULL,
  PRIMARY KEY (concept, form)
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS search_concept_forms_lexeme_idx ON search_concept_forms (lexeme);
--> statement-breakpoint
-- The concepts a tsvector holds a form of, each as '#k:<id>' at the weight of the best field it
-- is in (tested on the tsvector's A, A-B and A-C parts). About 0.3 ms a profile.
CREATE OR REPLACE FUNCTION search_concepts(doc tsvector) RETURNS tsvector
  LANGUAGE plpgsql STABLE PARALLEL SAFE
  AS $$
DECLARE
  a tsvector := ts_filter(doc, '{a}');
  ab tsvector := ts_filter(doc, '{a,b}');
  abc tsvector := ts_filter(doc, '{a,b,c}');
  found tsvector;
BEGIN
  SELECT coalesce(string_agg(quote_literal('#k:' || concept) || ':1' || weight, ' ' ORDER BY concept)::tsvector, ''::tsvector)
  INTO found
  FROM (
    SELECT f.concept,
      CASE WHEN bool_or(a @@ f.query) THEN 'A' WHEN bool_or(ab @@ f.query) THEN 'B'
           WHEN bool_or(abc @@ f.query) THEN 'C' ELSE 'D' END AS weight
    FROM search_concept_forms f
    WHERE f.lexeme = ANY (tsvector_to_array(doc)) AND doc @@ f.query
    GROUP BY f.concept
  ) tagged;
  RETURN found;
END $$;
--> statement-breakpoint
-- A tsvector without its concept lexemes.
CREATE OR REPLACE FUNCTION search_without_concepts(v tsvector) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT ts_delete(v, array(SELECT lexeme FROM unnest(v) WHERE lexeme LIKE '#k:%')) $$;
--> statement-breakpoint
-- A tsvector with its concept lexemes found again (the forms changed): no text parsed.
CREATE OR REPLACE FUNCTION search_retagged(v tsvector) RETURNS tsvector
  LANGUAGE sql STABLE PARALLEL SAFE
  AS $$ SELECT bare || search_concepts(bare) FROM search_without_concepts(v) bare $$;
--> statement-breakpoint
-- The head as before (0007), under a new name; search_profile_head, which the trigger calls by
-- name, becomes it with its concepts.
ALTER FUNCTION search_profile_head(consultants) RENAME TO search_profile_head_words;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_profile_head(c consultants) RETURNS tsvector
  LANGUAGE sql STABLE PARALLEL SAFE
  AS $$ SELECT h || search_concepts(h) FROM search_profile_head_words(c) h $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_profile_document(c consultants, head tsvector) RETURNS tsvector
  LANGUAGE sql STABLE PARALLEL SAFE
  AS $$ SELECT d || search_concepts(d) || array_to_tsvector(search_profile_facets(c))
  FROM (SELECT search_without_concepts(head)
      || setweight(to_tsvector('search_english', coalesce(c.track_text, '')), 'C')
      || setweight(to_tsvector('search_english', coalesce(c.bio, '')), 'D') AS d) parts $$;
--> statement-breakpoint
-- The forms admins add to the glossary's concepts (merged at load time; the file stays the source).
CREATE TABLE IF NOT EXISTS glossary_additions (
  id serial PRIMARY KEY,
  concept_id varchar(80) NOT NULL,
  language varchar(2) NOT NULL,
  text varchar(120) NOT NULL,
  case_sensitive boolean NOT NULL DEFAULT false,
  standalone boolean NOT NULL DEFAULT true,
  added_by integer REFERENCES auth_users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT glossary_additions_form_key UNIQUE (concept_id, language, text),
  CONSTRAINT glossary_additions_language_check CHECK (language IN ('en', 'id', 'vi', 'th', 'km', 'lo', 'my'))
);
--> statement-breakpoint
-- Searches that found nothing, counted per day and per search, never per person.
CREATE TABLE IF NOT EXISTS search_zero_results (
  day date NOT NULL,
  query text NOT NULL,
  searches integer NOT NULL,
  PRIMARY KEY (day, query),
  CONSTRAINT search_zero_results_query_check CHECK (length(query) <= 500)
);
--> statement-breakpoint
-- Where the tagging of every profile again has got to, while it is under way (one row at most):
-- the job that does it (server/jobs/workers.ts) goes on from here after a restart.
CREATE TABLE IF NOT EXISTS search_concept_retag (
  next_id integer NOT NULL
);
--> statement-breakpoint
-- The audit log records an admin's synonym added to a concept (the target id is the addition's).
ALTER TABLE "audit_log" DROP CONSTRAINT IF EXISTS "audit_log_action_check";
--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_action_check"
  CHECK ("action" IN ('edit', 'delete', 'approve', 'reject', 'hide', 'unhide', 'promote', 'demote',
                      'change', 'submit_change', 'approve_change', 'reject_change', 'block', 'unblock',
                      'reference_ask', 'reference_confirm', 'reference_decline', 'reference_withdraw', 'reference_remove',
                      'create', 'verify', 'unverify', 'invite', 'withdraw_invite', 'join', 'decline',
                      'change_role', 'remove_member', 'leave', 'report', 'warn', 'dismiss',
                      'publish', 'submit', 'unpublish', 'close', 'add_synonym'));
--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT IF EXISTS "audit_log_target_type_check";
--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_target_type_check"
  CHECK ("target_type" IN ('consultant', 'user', 'review', 'reference', 'organization', 'report', 'opportunity', 'concept'));
