-- Thai, Lao, Khmer and Burmese words of a ToR searchable (issue 37 for issue 32's opportunities), as
-- a profile's are (0030_unspaced_words): the app cuts each run of those scripts in the title and the
-- ToR into words with ICU's dictionaries when it writes the search document
-- (refreshSearchDocuments) and keeps them here, space-separated; the document reads them (weight D),
-- and the glossary's concepts are found in them too. Opportunities written before are cut at start-up.
ALTER TABLE "opportunities" ADD COLUMN IF NOT EXISTS "search_unspaced" text;
