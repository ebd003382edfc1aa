-- Team shortlists with a hiring pipeline (issue 31): a shortlist belongs to a person or to an
-- organization (every member sees and edits it); each entry has a stage and internal notes.
-- Existing lists stay their owner's; existing entries start at 'considering'.
ALTER TABLE "shortlists" ALTER COLUMN "user_id" DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE "shortlists" ADD COLUMN IF NOT EXISTS "organization_id" integer REFERENCES "organizations"("id") ON DELETE CASCADE;
--> statement-breakpoint
-- Who made a team list (a member may leave; the list stays the organization's).
ALTER TABLE "shortlists" ADD COLUMN IF NOT EXISTS "created_by" integer REFERENCES "auth_users"("id") ON DELETE SET NULL;
--> statement-breakpoint
UPDATE "shortlists" SET "created_by" = "user_id" WHERE "created_by" IS NULL;
--> statement-breakpoint
ALTER TABLE "shortlists" ADD CONSTRAINT "shortlists_owner_check" CHECK (("user_id" IS NULL) <> ("organization_id" IS NULL));
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "shortlists_organization_idx" ON "shortlists" ("organization_id", "updated_at" DESC)
  WHERE "organization_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "shortlists_created_by_idx" ON "shortlists" ("created_by") WHERE "created_by" IS NOT NULL;
--> statement-breakpoint
ALTER TABLE "shortlist_entries" ADD COLUMN IF NOT EXISTS "stage" varchar(12) DEFAULT 'considering' NOT NULL;
--> statement-breakpoint
ALTER TABLE "shortlist_entries" ADD COLUMN IF NOT EXISTS "stage_changed_at" timestamp with time zone DEFAULT now() NOT NULL;
--> statement-breakpoint
ALTER TABLE "shortlist_entries" ADD COLUMN IF NOT EXISTS "added_by" integer REFERENCES "auth_users"("id") ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE "shortlist_entries" ADD CONSTRAINT "shortlist_entries_stage_check"
  CHECK ("stage" IN ('considering', 'contacted', 'replied', 'interview', 'selected', 'declined'));
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "shortlist_entries_added_by_idx" ON "shortlist_entries" ("added_by") WHERE "added_by" IS NOT NULL;
--> statement-breakpoint

-- Internal notes on an entry: who wrote them and when (the name is copied, so a note stays
-- readable after its author leaves). The consultant never sees them; deleted with the entry.
CREATE TABLE IF NOT EXISTS "shortlist_notes" (
  "id" serial PRIMARY KEY,
  "shortlist_id" integer NOT NULL,
  "consultant_id" integer NOT NULL,
  "author_id" integer REFERENCES "auth_users"("id") ON DELETE SET NULL,
  "author_name" varchar(255) NOT NULL,
  "body" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "shortlist_notes_entry_fkey" FOREIGN KEY ("shortlist_id", "consultant_id")
    REFERENCES "shortlist_entries" ("shortlist_id", "consultant_id") ON DELETE CASCADE,
  CONSTRAINT "shortlist_notes_body_check" CHECK (char_length("body") BETWEEN 1 AND 2000)
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "shortlist_notes_entry_idx" ON "shortlist_notes" ("shortlist_id", "consultant_id", "created_at");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "shortlist_notes_author_idx" ON "shortlist_notes" ("author_id") WHERE "author_id" IS NOT NULL;
