-- The list's remote=true page (issue 32) read every open published opportunity: no index holds
-- is_remote (17.7 ms p50 in process at 20 000 opportunities, the others 4.0-5.3). The remote
-- ones' own index, in the list's order; the search writes the filter as a literal predicate so
-- that the generic plan (force_generic_plan) can prove this index usable.
CREATE INDEX IF NOT EXISTS "opportunities_remote_idx" ON "opportunities" ("published_at" DESC, "id" DESC) WHERE "status" = 'published' AND "is_remote";
