-- The opportunities' search documents carry the field glossary's concepts as the profiles' do
-- (0028_search_concepts, issue 33 for issue 32's "the same search experience as consultants"):
-- '#k:<concept>' for each concept a ToR names in any form, at the weight of the best field it is
-- in, so "M&E" finds a ToR that says "monitoring and evaluation" and "nước sạch" one about water
-- supply. The app writes them with the document (refreshSearchDocuments); the ones written before
-- are tagged here, without their text parsed again (search_retagged; about 1 ms a ToR: some 20 s
-- at the bench's 20 000).
UPDATE opportunities o SET search_document = t.document
FROM (SELECT id, search_retagged(search_document) AS document FROM opportunities WHERE search_document IS NOT NULL) t
WHERE o.id = t.id AND t.document IS DISTINCT FROM o.search_document;
--> statement-breakpoint
-- When the glossary's forms change, the retag job goes through the profiles, then the
-- opportunities: which documents the one row of progress is about.
ALTER TABLE search_concept_retag ADD COLUMN IF NOT EXISTS documents text NOT NULL DEFAULT 'consultants'
  CONSTRAINT search_concept_retag_documents_check CHECK (documents IN ('consultants', 'opportunities'));
