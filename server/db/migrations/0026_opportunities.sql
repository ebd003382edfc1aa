-- Opportunities (issue 32, docs/decisions/016-opportunities.md): Terms of Reference posted by an
-- organization, their attached PDF, members allowed to post, reports, and expressions of interest.
CREATE TABLE IF NOT EXISTS "opportunities" (
  "id" serial PRIMARY KEY NOT NULL,
  "organization_id" integer NOT NULL REFERENCES "organizations"("id") ON DELETE CASCADE,
  "slug" varchar(90) NOT NULL,
  "title" varchar(160) NOT NULL,
  "description" text NOT NULL,
  "description_html" text NOT NULL,
  "specializations" text[] DEFAULT '{}'::text[] NOT NULL,
  "countries" text[] DEFAULT '{}'::text[] NOT NULL,
  "is_remote" boolean DEFAULT false NOT NULL,
  "donors" text[] DEFAULT '{}'::text[] NOT NULL,
  "languages" text[] DEFAULT '{}'::text[] NOT NULL,
  "min_years_experience" integer DEFAULT 0 NOT NULL,
  "start_date" date,
  "duration_value" integer NOT NULL,
  "duration_unit" varchar(6) NOT NULL,
  "level_of_effort" varchar(120),
  "budget_min" integer,
  "budget_max" integer,
  "budget_currency" varchar(3),
  "budget_kind" varchar(5),
  "is_budget_hidden" boolean DEFAULT false NOT NULL,
  "deadline_date" date NOT NULL,
  "deadline" timestamp with time zone NOT NULL,
  "time_zone" varchar(64) NOT NULL,
  "contact_user_id" integer REFERENCES "auth_users"("id") ON DELETE SET NULL,
  "created_by" integer REFERENCES "auth_users"("id") ON DELETE SET NULL,
  "status" varchar(10) DEFAULT 'draft' NOT NULL,
  "is_held_for_review" boolean DEFAULT false NOT NULL,
  "moderation_reason" text,
  "published_at" timestamp with time zone,
  "closed_at" timestamp with time zone,
  "search_document" tsvector,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "opportunities_status_check" CHECK ("status" IN ('draft', 'pending', 'published', 'closed', 'filled')),
  CONSTRAINT "opportunities_title_check" CHECK (char_length("title") BETWEEN 5 AND 160),
  CONSTRAINT "opportunities_description_check" CHECK (char_length("description") <= 20000),
  CONSTRAINT "opportunities_years_check" CHECK ("min_years_experience" BETWEEN 0 AND 50),
  CONSTRAINT "opportunities_duration_check" CHECK ("duration_value" > 0 AND "duration_unit" IN ('days', 'months')),
  CONSTRAINT "opportunities_budget_check" CHECK (("budget_kind" IS NULL) = ("budget_currency" IS NULL)
    AND ("budget_kind" IS NULL OR "budget_kind" IN ('total', 'daily'))
    AND ("budget_min" IS NULL OR "budget_max" IS NULL OR "budget_min" <= "budget_max")),
  CONSTRAINT "opportunities_lists_check" CHECK (cardinality("countries") <= 10 AND cardinality("specializations") <= 10
    AND cardinality("donors") <= 10 AND cardinality("languages") <= 10),
  CONSTRAINT "opportunities_published_check" CHECK ("status" NOT IN ('published', 'closed', 'filled') OR "published_at" IS NOT NULL)
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "opportunities_organization_idx" ON "opportunities" ("organization_id", "status");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "opportunities_published_idx" ON "opportunities" ("published_at" DESC, "id" DESC) WHERE "status" = 'published';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "opportunities_deadline_idx" ON "opportunities" ("deadline", "id") WHERE "status" = 'published';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "opportunities_pending_idx" ON "opportunities" ("updated_at") WHERE "status" = 'pending';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "opportunities_search_idx" ON "opportunities" USING gin ("search_document") WHERE "status" = 'published';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "opportunities_facets_idx" ON "opportunities" USING gin ("specializations", "countries", "donors", "languages") WHERE "status" = 'published';
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "opportunity_documents" (
  "opportunity_id" integer PRIMARY KEY NOT NULL REFERENCES "opportunities"("id") ON DELETE CASCADE,
  "name" varchar(200) NOT NULL,
  "body" bytea NOT NULL,
  "bytes" integer NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "opportunity_documents_bytes_check" CHECK ("bytes" BETWEEN 1 AND 5242880)
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "opportunity_posters" (
  "organization_id" integer NOT NULL REFERENCES "organizations"("id") ON DELETE CASCADE,
  "user_id" integer NOT NULL REFERENCES "auth_users"("id") ON DELETE CASCADE,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  PRIMARY KEY ("organization_id", "user_id")
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "opportunity_reports" (
  "id" serial PRIMARY KEY NOT NULL,
  "opportunity_id" integer NOT NULL REFERENCES "opportunities"("id") ON DELETE CASCADE,
  "reporter_id" integer REFERENCES "auth_users"("id") ON DELETE SET NULL,
  "reason" varchar(20) NOT NULL,
  "details" text DEFAULT '' NOT NULL,
  "resolved_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "opportunity_reports_reason_check" CHECK ("reason" IN ('spam', 'scam', 'discriminatory')),
  CONSTRAINT "opportunity_reports_details_check" CHECK (char_length("details") <= 1000)
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "opportunity_reports_open_idx" ON "opportunity_reports" ("opportunity_id") WHERE "resolved_at" IS NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "opportunity_reports_once_key" ON "opportunity_reports" ("opportunity_id", "reporter_id") WHERE "resolved_at" IS NULL;
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "opportunity_interests" (
  "id" serial PRIMARY KEY NOT NULL,
  "opportunity_id" integer NOT NULL REFERENCES "opportunities"("id") ON DELETE CASCADE,
  "consultant_id" integer NOT NULL REFERENCES "consultants"("id") ON DELETE CASCADE,
  "note" text NOT NULL,
  "available_from" date,
  "daily_rate" integer,
  "daily_rate_currency" varchar(3),
  "stage" varchar(12) DEFAULT 'new' NOT NULL,
  "cv_pdf" bytea,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "opportunity_interests_one_key" UNIQUE ("opportunity_id", "consultant_id"),
  CONSTRAINT "opportunity_interests_stage_check" CHECK ("stage" IN ('new', 'shortlisted', 'interview', 'selected', 'declined')),
  CONSTRAINT "opportunity_interests_note_check" CHECK (char_length("note") BETWEEN 50 AND 3000),
  CONSTRAINT "opportunity_interests_rate_check" CHECK ("daily_rate" IS NULL OR ("daily_rate" >= 0 AND "daily_rate_currency" IS NOT NULL))
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "opportunity_interests_consultant_idx" ON "opportunity_interests" ("consultant_id");
--> statement-breakpoint
-- Admins approve, reject and unpublish opportunities; members publish and close them: all audited.
ALTER TABLE "audit_log" DROP CONSTRAINT IF EXISTS "audit_log_action_check";
--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_action_check"
  CHECK ("action" IN ('edit', 'delete', 'approve', 'reject', 'hide', 'unhide', 'promote', 'demote',
                      'change', 'submit_change', 'approve_change', 'reject_change', 'block', 'unblock',
                      'reference_ask', 'reference_confirm', 'reference_decline', 'reference_withdraw', 'reference_remove',
                      'create', 'verify', 'unverify', 'invite', 'withdraw_invite', 'join', 'decline',
                      'change_role', 'remove_member', 'leave', 'report', 'warn', 'dismiss',
                      'publish', 'submit', 'unpublish', 'close'));
--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT IF EXISTS "audit_log_target_type_check";
--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_target_type_check"
  CHECK ("target_type" IN ('consultant', 'user', 'review', 'reference', 'organization', 'report', 'opportunity'));
