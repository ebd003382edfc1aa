-- CVs as made (issue 35): each is laid out once per version of what it shows (the digest covers
-- the layout's code and the CV's data, so the profile's updatedAt and the audience's fields) and
-- served from here until the profile changes. Deleted with the profile; old versions are purged.
CREATE TABLE IF NOT EXISTS "cv_documents" (
  "consultant_id" integer NOT NULL REFERENCES "consultants"("id") ON DELETE CASCADE,
  "format" text NOT NULL,
  "digest" text NOT NULL,
  "body" bytea NOT NULL,
  "bytes" integer NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  PRIMARY KEY ("consultant_id", "format", "digest")
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "cv_documents_created_idx" ON "cv_documents" ("created_at");
--> statement-breakpoint
-- PDFs are compressed already: storing them as they are saves TOAST compressing them again.
ALTER TABLE "cv_documents" ALTER COLUMN "body" SET STORAGE EXTERNAL;
