-- Organizations as teams (issue 31, docs/decisions/014-organizations.md): the organization, its
-- members with their roles (and which one each person acts for), invitations by e-mail, and the
-- organizations a consultant hides their profile from. Verified by a member's e-mail at the web
-- domain or by an admin; the verification stands for the name and website it was given for.
CREATE TABLE IF NOT EXISTS "organizations" (
  "id" serial PRIMARY KEY,
  "slug" varchar(90) NOT NULL,
  "name" varchar(160) NOT NULL,
  "kind" varchar(30) NOT NULL,
  "country" varchar(2) NOT NULL,
  "website" varchar(255),
  -- The website's host without "www.", kept with it: what domain verification compares against.
  "domain" varchar(255),
  "description" text DEFAULT '' NOT NULL,
  "logo_url" text,
  "verified_at" timestamp with time zone,
  "verification_method" varchar(10),
  "created_by" integer REFERENCES "auth_users"("id") ON DELETE SET NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "organizations_slug_key" UNIQUE ("slug"),
  CONSTRAINT "organizations_slug_check" CHECK ("slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  CONSTRAINT "organizations_name_check" CHECK (char_length("name") BETWEEN 2 AND 160),
  CONSTRAINT "organizations_kind_check" CHECK ("kind" IN ('ngo', 'un_agency', 'donor', 'implementing_firm', 'government', 'research', 'other')),
  CONSTRAINT "organizations_country_check" CHECK ("country" ~ '^[A-Z]{2}$'),
  CONSTRAINT "organizations_description_check" CHECK (char_length("description") <= 1000),
  CONSTRAINT "organizations_verification_check" CHECK (
    ("verified_at" IS NULL AND "verification_method" IS NULL)
    OR ("verified_at" IS NOT NULL AND "verification_method" IN ('domain', 'admin')))
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "organizations_name_trgm_idx" ON "organizations" USING gin (lower("name") gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "organizations_created_idx" ON "organizations" ("created_at" DESC, "id" DESC);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "organizations_logo_idx" ON "organizations" ("logo_url") WHERE "logo_url" IS NOT NULL;
--> statement-breakpoint

-- One row per member: the role, whether they are listed on the public page (their choice), and
-- whether this is the organization they act for (at most one per person: the header's switcher).
CREATE TABLE IF NOT EXISTS "organization_members" (
  "organization_id" integer NOT NULL REFERENCES "organizations"("id") ON DELETE CASCADE,
  "user_id" integer NOT NULL REFERENCES "auth_users"("id") ON DELETE CASCADE,
  "role" varchar(10) NOT NULL,
  "is_listed" boolean DEFAULT false NOT NULL,
  "is_acting" boolean DEFAULT false NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  PRIMARY KEY ("organization_id", "user_id"),
  CONSTRAINT "organization_members_role_check" CHECK ("role" IN ('owner', 'admin', 'member'))
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "organization_members_user_idx" ON "organization_members" ("user_id");
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "organization_members_acting_key" ON "organization_members" ("user_id") WHERE "is_acting";
--> statement-breakpoint

-- Invitations: a single-use link (only the SHA-256 of its 32 random bytes is kept), valid 7 days,
-- to one address; one waiting invitation per address and organization (inviting again replaces it).
CREATE TABLE IF NOT EXISTS "organization_invitations" (
  "id" serial PRIMARY KEY,
  "organization_id" integer NOT NULL REFERENCES "organizations"("id") ON DELETE CASCADE,
  "email" varchar(255) NOT NULL,
  "role" varchar(10) NOT NULL,
  "token_hash" text NOT NULL,
  "invited_by" integer REFERENCES "auth_users"("id") ON DELETE SET NULL,
  "expires_at" timestamp with time zone NOT NULL,
  "answered_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "organization_invitations_token_key" UNIQUE ("token_hash"),
  CONSTRAINT "organization_invitations_role_check" CHECK ("role" IN ('owner', 'admin', 'member'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "organization_invitations_open_key"
  ON "organization_invitations" ("organization_id", lower("email")) WHERE "answered_at" IS NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "organization_invitations_expires_idx" ON "organization_invitations" ("expires_at");
--> statement-breakpoint

-- "Hide my profile from these organizations": the members of a listed organization get 404 on the
-- profile and never see it in search, shortlists or exports. Read by member (the organization).
CREATE TABLE IF NOT EXISTS "consultant_hidden_from" (
  "consultant_id" integer NOT NULL REFERENCES "consultants"("id") ON DELETE CASCADE,
  "organization_id" integer NOT NULL REFERENCES "organizations"("id") ON DELETE CASCADE,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  PRIMARY KEY ("consultant_id", "organization_id")
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "consultant_hidden_from_organization_idx" ON "consultant_hidden_from" ("organization_id", "consultant_id");
--> statement-breakpoint

-- The audit log records what members do to their organizations and what admins do to them.
ALTER TABLE "audit_log" DROP CONSTRAINT IF EXISTS "audit_log_action_check";
--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_action_check"
  CHECK ("action" IN ('edit', 'delete', 'approve', 'reject', 'hide', 'unhide', 'promote', 'demote',
                      'change', 'submit_change', 'approve_change', 'reject_change', 'block', 'unblock',
                      'reference_ask', 'reference_confirm', 'reference_decline', 'reference_withdraw', 'reference_remove',
                      'create', 'verify', 'unverify', 'invite', 'withdraw_invite', 'join', 'decline',
                      'change_role', 'remove_member', 'leave', 'report', 'warn', 'dismiss'));
--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT IF EXISTS "audit_log_target_type_check";
--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_target_type_check"
  CHECK ("target_type" IN ('consultant', 'user', 'review', 'reference', 'organization', 'report'));
