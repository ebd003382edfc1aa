-- Track record (issue 12): assignments and education, languages with a level, availability and
-- a daily rate. Assignments feed the search: their titles, organizations and descriptions join
-- the search document (weight C: below title and specializations, above the bio), and their
-- donors and countries become two filter columns on the profile. Like the other search columns,
-- track_text, track_donors and track_countries are kept by triggers and not declared in the ORM.

CREATE TABLE IF NOT EXISTS consultant_assignments (
  id serial PRIMARY KEY,
  consultant_id integer NOT NULL REFERENCES consultants(id) ON DELETE CASCADE,
  position integer NOT NULL,
  title varchar(255) NOT NULL,
  organization varchar(255) NOT NULL,
  donors text[] NOT NULL,
  countries text[] NOT NULL,
  role varchar(255),
  start_date date NOT NULL,
  end_date date,
  sector varchar(120),
  description text,
  CONSTRAINT consultant_assignments_position_key UNIQUE (consultant_id, position),
  CONSTRAINT consultant_assignments_dates_check CHECK (end_date IS NULL OR end_date >= start_date),
  CONSTRAINT consultant_assignments_months_check CHECK (
    extract(day FROM start_date) = 1 AND (end_date IS NULL OR extract(day FROM end_date) = 1)),
  CONSTRAINT consultant_assignments_donors_check CHECK (
    cardinality(donors) BETWEEN 1 AND 10
    AND donors <@ ARRAY['World Bank', 'Asian Development Bank', 'European Union', 'UNDP', 'UNICEF', 'WHO', 'FAO',
      'ILO', 'UNFPA', 'UN Women', 'USAID', 'DFAT', 'FCDO', 'JICA', 'GIZ', 'KOICA', 'Global Fund', 'Gates Foundation',
      'Other']::text[]),
  CONSTRAINT consultant_assignments_countries_check CHECK (cardinality(countries) BETWEEN 1 AND 15),
  CONSTRAINT consultant_assignments_description_check CHECK (char_length(description) <= 2000)
);
--> statement-breakpoint

CREATE TABLE IF NOT EXISTS consultant_education (
  id serial PRIMARY KEY,
  consultant_id integer NOT NULL REFERENCES consultants(id) ON DELETE CASCADE,
  position integer NOT NULL,
  degree varchar(255) NOT NULL,
  field varchar(255),
  institution varchar(255) NOT NULL,
  year integer,
  CONSTRAINT consultant_education_position_key UNIQUE (consultant_id, position),
  CONSTRAINT consultant_education_year_check CHECK (year BETWEEN 1950 AND 2100)
);
--> statement-breakpoint

ALTER TABLE consultants
  ADD COLUMN IF NOT EXISTS language_levels jsonb NOT NULL DEFAULT '{}'::jsonb,
  ADD COLUMN IF NOT EXISTS available_from date,
  ADD COLUMN IF NOT EXISTS daily_rate_min integer,
  ADD COLUMN IF NOT EXISTS daily_rate_max integer,
  ADD COLUMN IF NOT EXISTS rate_currency varchar(3),
  ADD COLUMN IF NOT EXISTS rate_visibility varchar(10) NOT NULL DEFAULT 'hidden',
  ADD COLUMN IF NOT EXISTS track_text text NOT NULL DEFAULT '',
  ADD COLUMN IF NOT EXISTS track_donors text[] NOT NULL DEFAULT '{}'::text[],
  ADD COLUMN IF NOT EXISTS track_countries text[] NOT NULL DEFAULT '{}'::text[];
--> statement-breakpoint

ALTER TABLE consultants DROP CONSTRAINT IF EXISTS consultants_language_levels_check;
--> statement-breakpoint
ALTER TABLE consultants ADD CONSTRAINT consultants_language_levels_check CHECK (
  jsonb_typeof(language_levels) = 'object'
  AND NOT jsonb_path_exists(language_levels, '$.* ? (!(@ == "native" || @ == "fluent" || @ == "working" || @ == "basic"))'));
--> statement-breakpoint
ALTER TABLE consultants DROP CONSTRAINT IF EXISTS consultants_daily_rate_check;
--> statement-breakpoint
ALTER TABLE consultants ADD CONSTRAINT consultants_daily_rate_check CHECK (
  (daily_rate_min IS NULL AND daily_rate_max IS NULL AND rate_currency IS NULL)
  OR (daily_rate_min >= 1 AND daily_rate_max >= daily_rate_min AND rate_currency IS NOT NULL));
--> statement-breakpoint
ALTER TABLE consultants DROP CONSTRAINT IF EXISTS consultants_rate_visibility_check;
--> statement-breakpoint
ALTER TABLE consultants ADD CONSTRAINT consultants_rate_visibility_check CHECK (
  rate_visibility IN ('hidden', 'signed-in', 'public'));
--> statement-breakpoint

-- Languages in canonical form: "thai" and "THAI" become "Thai" (names of the list in
-- common/track-record.ts; any other name capitalised), duplicates dropped, first one kept.
CREATE OR REPLACE FUNCTION canonical_languages(languages text[]) RETURNS text[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT coalesce(array_agg(name ORDER BY first), '{}'::text[]) FROM (
    SELECT coalesce(k.name, initcap(btrim(u.language))) AS name, min(u.ord) AS first
    FROM unnest(languages) WITH ORDINALITY AS u(language, ord)
    LEFT JOIN (VALUES ('English'), ('Thai'), ('Vietnamese'), ('Indonesian'), ('Malay'), ('Mandarin'), ('Filipino'),
      ('Myanmar'), ('Khmer'), ('Lao'), ('Arabic'), ('Bengali'), ('Bisaya'), ('Cantonese'), ('Cebuano'), ('Dutch'),
      ('French'), ('German'), ('Hakka'), ('Hindi'), ('Hmong'), ('Hokkien'), ('Ilocano'), ('Italian'), ('Japanese'),
      ('Javanese'), ('Kachin'), ('Karen'), ('Korean'), ('Mon'), ('Nepali'), ('Portuguese'), ('Russian'), ('Shan'),
      ('Sign Language'), ('Spanish'), ('Sundanese'), ('Tamil'), ('Tetum'), ('Urdu')) AS k(name)
      ON lower(k.name) = lower(btrim(u.language))
    WHERE btrim(u.language) <> ''
    GROUP BY 1) s $$;
--> statement-breakpoint
UPDATE consultants SET languages = canonical_languages(languages)
WHERE languages IS DISTINCT FROM canonical_languages(languages);
--> statement-breakpoint
DROP FUNCTION canonical_languages(text[]);
--> statement-breakpoint

-- The searchable text now includes the assignments (track_text); the document puts them at C.
CREATE OR REPLACE FUNCTION search_profile_text(c consultants) RETURNS text
  LANGUAGE sql STABLE PARALLEL SAFE
  AS $$ SELECT concat_ws(' ', c.name, c.title, c.primary_specialization, array_to_string(c.secondary_specializations, ' '),
                         c.location, c.city, c.country, array_to_string(c.languages, ' '), c.track_text, c.bio) $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_profile_document(c consultants, head tsvector) RETURNS tsvector
  LANGUAGE sql STABLE PARALLEL SAFE
  AS $$ SELECT head
    || setweight(to_tsvector('search_english', coalesce(c.track_text, '')), 'C')
    || setweight(to_tsvector('search_english', coalesce(c.bio, '')), 'D') $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION consultants_search_refresh() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  NEW.static_score := search_profile_score(NEW);
  -- Parsing the bio is the costly part: skip it when no searchable text changed.
  IF TG_OP = 'INSERT' OR search_profile_text(NEW) IS DISTINCT FROM search_profile_text(OLD) THEN
    NEW.search_head := search_profile_head(NEW);
    NEW.search_document := search_profile_document(NEW, NEW.search_head);
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint

-- A profile's assignments, summed up on the profile row for the search: their text, and their
-- donors and countries, most frequent first (cards show the first donors).
CREATE OR REPLACE FUNCTION consultant_track_refresh(ids integer[]) RETURNS void
  LANGUAGE sql AS $$
  UPDATE consultants c SET
    track_text = t.track_text,
    track_donors = t.track_donors,
    track_countries = t.track_countries
  FROM (
    SELECT target.id,
      coalesce((SELECT string_agg(concat_ws(' ', a.title, a.organization, a.description), ' ' ORDER BY a.position)
                FROM consultant_assignments a WHERE a.consultant_id = target.id), '') AS track_text,
      array(SELECT d FROM consultant_assignments a, unnest(a.donors) AS d WHERE a.consultant_id = target.id
            GROUP BY d ORDER BY count(*) DESC, d) AS track_donors,
      array(SELECT n FROM consultant_assignments a, unnest(a.countries) AS n WHERE a.consultant_id = target.id
            GROUP BY n ORDER BY count(*) DESC, n) AS track_countries
    FROM (SELECT DISTINCT unnest(ids) AS id ORDER BY 1) target
  ) t
  WHERE c.id = t.id
    AND (c.track_text, c.track_donors, c.track_countries) IS DISTINCT FROM (t.track_text, t.track_donors, t.track_countries)
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION consultant_assignments_after_insert() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  PERFORM consultant_track_refresh(array(SELECT consultant_id FROM new_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION consultant_assignments_after_update() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  PERFORM consultant_track_refresh(array(SELECT consultant_id FROM new_rows UNION SELECT consultant_id FROM old_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION consultant_assignments_after_delete() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  PERFORM consultant_track_refresh(array(SELECT consultant_id FROM old_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER consultant_assignments_after_insert
  AFTER INSERT ON consultant_assignments REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION consultant_assignments_after_insert();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER consultant_assignments_after_update
  AFTER UPDATE ON consultant_assignments REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION consultant_assignments_after_update();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER consultant_assignments_after_delete
  AFTER DELETE ON consultant_assignments REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION consultant_assignments_after_delete();
--> statement-breakpoint

-- Rebuild the documents and the words dictionary (canonical languages may have changed words).
UPDATE consultants c SET
  search_head = search_profile_head(c),
  search_document = search_profile_document(c, search_profile_head(c));
--> statement-breakpoint
TRUNCATE search_words;
--> statement-breakpoint
SELECT search_words_apply(array_agg(search_profile_text(c)), array_agg(1))
FROM consultants c WHERE c.status = 'approved' HAVING count(*) > 0;
--> statement-breakpoint

CREATE INDEX IF NOT EXISTS consultant_assignments_consultant_idx ON consultant_assignments (consultant_id, position);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS consultant_education_consultant_idx ON consultant_education (consultant_id, position);
--> statement-breakpoint
-- The donor and workedIn filters, on listed profiles only (like the other filters).
CREATE INDEX IF NOT EXISTS consultants_track_donors_idx ON consultants USING gin (track_donors)
  WITH (fastupdate = off) WHERE status = 'approved';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS consultants_track_countries_idx ON consultants USING gin (track_countries)
  WITH (fastupdate = off) WHERE status = 'approved';
