-- A second factor (issue 38): an authenticator app (TOTP) with its secret sealed by SECRETS_KEY,
-- single-use recovery codes (argon2id), the sign-in's second step, and browsers trusted for 30 days.
CREATE TABLE IF NOT EXISTS "user_totp" (
  "user_id" integer PRIMARY KEY NOT NULL REFERENCES "auth_users"("id") ON DELETE CASCADE,
  "secret_sealed" text NOT NULL,
  "confirmed_at" timestamp with time zone,
  "last_used_step" bigint,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "recovery_codes" (
  "id" serial PRIMARY KEY NOT NULL,
  "user_id" integer NOT NULL REFERENCES "auth_users"("id") ON DELETE CASCADE,
  "code_hash" text NOT NULL,
  "used_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "recovery_codes_user_idx" ON "recovery_codes" ("user_id");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "login_challenges" (
  "id" serial PRIMARY KEY NOT NULL,
  "user_id" integer NOT NULL REFERENCES "auth_users"("id") ON DELETE CASCADE,
  "token_hash" text NOT NULL UNIQUE,
  "failed_attempts" integer DEFAULT 0 NOT NULL,
  "expires_at" timestamp with time zone NOT NULL,
  "used_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "login_challenges_expires_idx" ON "login_challenges" ("expires_at");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "trusted_browsers" (
  "id" serial PRIMARY KEY NOT NULL,
  "user_id" integer NOT NULL REFERENCES "auth_users"("id") ON DELETE CASCADE,
  "token_hash" text NOT NULL UNIQUE,
  "expires_at" timestamp with time zone NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "trusted_browsers_user_idx" ON "trusted_browsers" ("user_id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "trusted_browsers_expires_idx" ON "trusted_browsers" ("expires_at");
--> statement-breakpoint
-- Every change to a factor is audited (the person's own, and the admin CLI's reset).
ALTER TABLE "audit_log" DROP CONSTRAINT IF EXISTS "audit_log_action_check";
--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_action_check"
  CHECK ("action" IN ('edit', 'delete', 'approve', 'reject', 'hide', 'unhide', 'promote', 'demote',
                      'change', 'submit_change', 'approve_change', 'reject_change', 'block', 'unblock',
                      'reference_ask', 'reference_confirm', 'reference_decline', 'reference_withdraw', 'reference_remove',
                      'create', 'verify', 'unverify', 'invite', 'withdraw_invite', 'join', 'decline',
                      'change_role', 'remove_member', 'leave', 'report', 'warn', 'dismiss',
                      'publish', 'submit', 'unpublish', 'close', 'add_synonym', 'end_sessions',
                      'factor_add', 'factor_remove', 'recovery_codes', 'factor_reset'));
