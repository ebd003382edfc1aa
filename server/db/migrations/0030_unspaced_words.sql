-- Thai, Lao, Khmer and Burmese words searchable (issue 37). Those scripts write words without
-- spaces and PostgreSQL's parser keeps a whole run as one token, so a word inside a bio matched
-- nothing. The app cuts each run into words with ICU's dictionaries (Intl.Segmenter) when a profile
-- is written (server/db/unspaced-words.ts) and keeps them here, space-separated;
-- the search document and the words dictionary read them like the rest of the profile's text.
ALTER TABLE "consultants" ADD COLUMN "search_unspaced" text;--> statement-breakpoint
-- 0028_search_concepts's document, with the cut words beside the bio (weight D); the glossary's
-- concepts are read from them too (a Thai term of the glossary inside a Thai bio).
CREATE OR REPLACE FUNCTION search_profile_document(c consultants, head tsvector) RETURNS tsvector
  LANGUAGE sql STABLE PARALLEL SAFE
  AS $$ SELECT d || search_concepts(d) || array_to_tsvector(search_profile_facets(c))
  FROM (SELECT search_without_concepts(head)
      || setweight(to_tsvector('search_english', coalesce(c.track_text, '')), 'C')
      || setweight(to_tsvector('search_english', coalesce(c.bio, '')), 'D')
      || setweight(to_tsvector('search_english', coalesce(c.search_unspaced, '')), 'D') AS d) parts $$;
--> statement-breakpoint

CREATE OR REPLACE FUNCTION public.search_profile_text(c consultants)
 RETURNS text
 LANGUAGE sql
 STABLE PARALLEL SAFE
AS $function$ SELECT concat_ws(' ', c.name, c.title, c.primary_specialization, array_to_string(c.secondary_specializations, ' '),
                         c.location, c.city, c.country, array_to_string(c.languages, ' '), c.track_text, c.bio,
                         c.search_unspaced) $function$;
