-- The search documents stay in the row (issues 12 and 15). A profile with a track record is about
-- 3.2 kB, over the 2 kB at which PostgreSQL moves its largest values out to the TOAST table, and
-- the largest was search_document: every profile a search walked (deep pages, the quality pool)
-- or ranked cost three or four more page reads to fetch its document back. The documents and the
-- arrays the filters test are kept inline (STORAGE MAIN: compressed or moved out only as a last
-- resort), and rows may grow to 2.6 kB before the bio and the assignments' text (read only for
-- the twelve profiles shown, or for rebuilding the document) are compressed or moved out. Rows
-- stay three to a page, so reading matches through the index reads no more pages than before.
ALTER TABLE consultants SET (toast_tuple_target = 2600);
--> statement-breakpoint
ALTER TABLE consultants
  ALTER COLUMN search_document SET STORAGE MAIN,
  ALTER COLUMN search_head SET STORAGE MAIN,
  ALTER COLUMN languages SET STORAGE MAIN,
  ALTER COLUMN secondary_specializations SET STORAGE MAIN,
  ALTER COLUMN track_donors SET STORAGE MAIN,
  ALTER COLUMN track_countries SET STORAGE MAIN;
--> statement-breakpoint
-- Existing rows keep their old layout until written again: write them once, as they are, with
-- the triggers off (nothing in them changes, so nothing needs rebuilding or stamping).
ALTER TABLE consultants DISABLE TRIGGER USER;
--> statement-breakpoint
UPDATE consultants SET
  search_document = search_document || ''::tsvector,
  search_head = search_head || ''::tsvector,
  bio = bio || '',
  track_text = track_text || '';
--> statement-breakpoint
ALTER TABLE consultants ENABLE TRIGGER USER;
