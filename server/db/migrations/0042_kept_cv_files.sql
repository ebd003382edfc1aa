-- A CV kept attached to a profile (issue 34): an imported file is deleted once read unless its
-- owner asks to keep it; then it is stored like photos (server/services/storage.ts), under a
-- private key no URL leads to, served only to its owner and to admins. One per account (an
-- account owns at most one profile): a new one replaces the old.
CREATE TABLE IF NOT EXISTS "kept_cv_files" (
  "id" serial PRIMARY KEY NOT NULL,
  "user_id" integer NOT NULL UNIQUE REFERENCES "auth_users"("id") ON DELETE CASCADE,
  "storage_key" text NOT NULL UNIQUE CHECK ("storage_key" ~ '^private/cv/[A-Za-z0-9_-]{24}\.(pdf|docx|xml)$'),
  "filename" varchar(120) NOT NULL CHECK (char_length("filename") BETWEEN 5 AND 120),
  "content_type" varchar(100) NOT NULL CHECK ("content_type" IN (
    'application/pdf',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    'application/xml')),
  "size" integer NOT NULL CHECK ("size" BETWEEN 1 AND 5242880),
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- The stored objects whose row is gone or names another object now (replaced, removed by the
-- owner, or deleted with the profile or the account, cascades included): a job removes them from
-- storage, then the line.
CREATE TABLE IF NOT EXISTS "stored_file_removals" (
  "storage_key" text PRIMARY KEY NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION kept_cv_file_forget() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' OR OLD.storage_key IS DISTINCT FROM NEW.storage_key THEN
    INSERT INTO stored_file_removals (storage_key) VALUES (OLD.storage_key) ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
COMMENT ON FUNCTION kept_cv_file_forget() IS 'A kept CV''s row is gone or replaced: its stored object is queued for removal (stored_file_removals).';
--> statement-breakpoint
CREATE TRIGGER kept_cv_files_forget AFTER DELETE OR UPDATE OF storage_key ON "kept_cv_files"
  FOR EACH ROW EXECUTE FUNCTION kept_cv_file_forget();
--> statement-breakpoint
-- The kept CV belongs to the profile: deleting the profile (by its owner or an admin) deletes it.
CREATE OR REPLACE FUNCTION consultant_forget_kept_cv() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM kept_cv_files WHERE user_id = OLD.user_id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
COMMENT ON FUNCTION consultant_forget_kept_cv() IS 'A deleted profile takes its owner''s kept CV with it (issue 34).';
--> statement-breakpoint
CREATE TRIGGER consultants_forget_kept_cv AFTER DELETE ON "consultants" FOR EACH ROW WHEN (OLD.user_id IS NOT NULL)
  EXECUTE FUNCTION consultant_forget_kept_cv();
