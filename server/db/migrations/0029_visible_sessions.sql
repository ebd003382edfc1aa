-- Sessions you can see (issue 38): the account page lists each session's device and browser (from
-- the user agent), the network of its last address and when it was last used; re-authentication
-- reads when the session last proved the password or a factor. Existing sessions start from now.
ALTER TABLE "auth_sessions" ADD COLUMN IF NOT EXISTS "last_seen_at" timestamp with time zone DEFAULT now() NOT NULL;
--> statement-breakpoint
ALTER TABLE "auth_sessions" ADD COLUMN IF NOT EXISTS "user_agent" varchar(512);
--> statement-breakpoint
ALTER TABLE "auth_sessions" ADD COLUMN IF NOT EXISTS "ip" varchar(64);
--> statement-breakpoint
ALTER TABLE "auth_sessions" ADD COLUMN IF NOT EXISTS "authenticated_at" timestamp with time zone DEFAULT now() NOT NULL;
--> statement-breakpoint
-- An admin ending a user's sessions is audited.
ALTER TABLE "audit_log" DROP CONSTRAINT IF EXISTS "audit_log_action_check";
--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_action_check"
  CHECK ("action" IN ('edit', 'delete', 'approve', 'reject', 'hide', 'unhide', 'promote', 'demote',
                      'change', 'submit_change', 'approve_change', 'reject_change', 'block', 'unblock',
                      'reference_ask', 'reference_confirm', 'reference_decline', 'reference_withdraw', 'reference_remove',
                      'create', 'verify', 'unverify', 'invite', 'withdraw_invite', 'join', 'decline',
                      'change_role', 'remove_member', 'leave', 'report', 'warn', 'dismiss',
                      'publish', 'submit', 'unpublish', 'close', 'add_synonym', 'end_sessions'));
