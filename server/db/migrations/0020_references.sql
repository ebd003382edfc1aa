-- Confirmed references (issue 34): a consultant asks a person at a past client to confirm an
-- assignment; the referee answers through a single-use link (30 days) without an account. The
-- token travels only in the e-mail; the database keeps its SHA-256. What the request was about
-- (the assignment as it stood) is kept with it, so the referee's page and the audit log read the
-- same whatever the consultant edits later. The referee's e-mail is never shown on the profile.
CREATE TABLE IF NOT EXISTS "assignment_references" (
  "id" serial PRIMARY KEY,
  "consultant_id" integer NOT NULL REFERENCES "consultants"("id") ON DELETE CASCADE,
  "assignment_id" integer NOT NULL REFERENCES "consultant_assignments"("id") ON DELETE CASCADE,
  "referee_name" varchar(120) NOT NULL,
  "referee_email" varchar(255) NOT NULL,
  "token_hash" text NOT NULL,
  "status" varchar(12) DEFAULT 'requested' NOT NULL,
  "assignment_title" varchar(255) NOT NULL,
  "organization" varchar(255) NOT NULL,
  "role" varchar(255),
  "start_month" varchar(7) NOT NULL,
  "end_month" varchar(7),
  "statement" text,
  "score" smallint,
  "requested_at" timestamp with time zone DEFAULT now() NOT NULL,
  "expires_at" timestamp with time zone NOT NULL,
  "answered_at" timestamp with time zone,
  "closed_at" timestamp with time zone,
  CONSTRAINT "assignment_references_token_hash_key" UNIQUE ("token_hash"),
  CONSTRAINT "assignment_references_status_check" CHECK ("status" IN ('requested', 'confirmed', 'declined', 'withdrawn', 'removed')),
  CONSTRAINT "assignment_references_score_check" CHECK ("score" IS NULL OR "score" BETWEEN 1 AND 10),
  CONSTRAINT "assignment_references_months_check" CHECK ("end_month" IS NULL OR "end_month" >= "start_month"),
  CONSTRAINT "assignment_references_statement_check" CHECK ("statement" IS NULL OR length("statement") <= 1000)
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "assignment_references_consultant_idx" ON "assignment_references" ("consultant_id", "status");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "assignment_references_assignment_idx" ON "assignment_references" ("assignment_id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "assignment_references_referee_idx" ON "assignment_references" (lower("referee_email"), "requested_at");
--> statement-breakpoint
-- The audit log records each step of a reference (asked, confirmed, declined, withdrawn, removed).
ALTER TABLE audit_log DROP CONSTRAINT IF EXISTS audit_log_action_check;
--> statement-breakpoint
ALTER TABLE audit_log ADD CONSTRAINT audit_log_action_check
  CHECK (action IN ('edit', 'delete', 'approve', 'reject', 'hide', 'unhide', 'promote', 'demote',
                    'change', 'submit_change', 'approve_change', 'reject_change', 'block', 'unblock',
                    'reference_ask', 'reference_confirm', 'reference_decline', 'reference_withdraw', 'reference_remove'));
--> statement-breakpoint
ALTER TABLE audit_log DROP CONSTRAINT IF EXISTS audit_log_target_type_check;
--> statement-breakpoint
ALTER TABLE audit_log ADD CONSTRAINT audit_log_target_type_check CHECK (target_type IN ('consultant', 'user', 'review', 'reference'));
