-- The opportunities' words and filters in one index (issues 32 and 33). Every connection plans a
-- statement once, without its values (force_generic_plan), and a search with keywords and one
-- filter ("water supply" in Vietnam) was planned on the filters' index alone: the 2 437 published
-- opportunities of Vietnam were read and each one's search document taken out of its TOAST to test
-- the words (22-43 ms a statement at 20 000 opportunities; a search that finds nothing counts up
-- to five such statements for its relaxations). With the document in the same GIN index as the
-- filters, one index scan intersects both and the heap reads only the matches (0.3-2 ms). It
-- replaces the document's own index: a search by words alone reads the same posting lists from it.
DROP INDEX IF EXISTS "opportunities_search_idx";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "opportunities_words_facets_idx" ON "opportunities" USING gin ("search_document", "specializations", "countries", "donors", "languages") WHERE "status" = 'published';
