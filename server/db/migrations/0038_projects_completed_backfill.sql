-- Projects completed is the number of completed assignments (those with an end date) once a
-- profile has assignments (product.md; issue 36: "55 projects completed" beside 7 assignments).
-- Saving a track record recounts it (server/services/consultants/track-record.ts) since
-- 26d695f; profiles saved before keep the number they were given until their assignments are
-- saved again. This recounts them once. A profile without assignments keeps its number: the rule
-- applies once assignments exist. Only rows whose number differs are written (the search
-- trigger recomputes their static score from it).
UPDATE "consultants" AS c
SET "projects_completed" = counted.completed
FROM (
  SELECT "consultant_id", count(*) FILTER (WHERE "end_date" IS NOT NULL)::int AS completed
  FROM "consultant_assignments"
  GROUP BY "consultant_id"
) AS counted
WHERE counted."consultant_id" = c."id"
  AND c."projects_completed" IS DISTINCT FROM counted.completed;
