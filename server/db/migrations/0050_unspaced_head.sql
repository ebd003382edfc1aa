-- Thai, Lao, Khmer and Burmese words of a profile's name and title, and of a ToR's title, ranked as
-- the name and title (issue 37: "ranked like any other word"). The app cut them with the rest of the
-- text into search_unspaced, which the document reads at weight D: "สุขาภิบาล" in a Thai title
-- ranked that profile below English ones that only named the concept, and the head (name and title)
-- never held them. The app now also keeps the head's own words (server/db/unspaced-words.ts), which
-- the head reads at weight A. Rows with such a head are cut again at start-up (backfillUnspacedWords).
ALTER TABLE "consultants" ADD COLUMN IF NOT EXISTS "search_unspaced_head" text;
--> statement-breakpoint
ALTER TABLE "opportunities" ADD COLUMN IF NOT EXISTS "search_unspaced_head" text;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_profile_head_words(c consultants) RETURNS tsvector
  LANGUAGE sql STABLE PARALLEL SAFE
  AS $$ SELECT
       setweight(to_tsvector('search_english', concat_ws(' ', c.name, c.title, c.search_unspaced_head)), 'A')
    || setweight(to_tsvector('search_english',
         concat_ws(' ', c.primary_specialization, array_to_string(c.secondary_specializations, ' '))), 'B')
    || setweight(to_tsvector('search_english',
         concat_ws(' ', c.location, c.city, c.country, array_to_string(c.languages, ' '))), 'C') $$;
--> statement-breakpoint
-- What the document is made of: a change to any of it parses the profile again (the trigger).
CREATE OR REPLACE FUNCTION search_profile_text(c consultants) RETURNS text
  LANGUAGE sql STABLE PARALLEL SAFE
  AS $$ SELECT concat_ws(' ', c.name, c.title, c.primary_specialization, array_to_string(c.secondary_specializations, ' '),
                         c.location, c.city, c.country, array_to_string(c.languages, ' '), c.track_text, c.bio,
                         c.search_unspaced, c.search_unspaced_head) $$;
