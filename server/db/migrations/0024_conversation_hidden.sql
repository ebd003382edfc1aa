-- Spam stops at the door (issue 36 item 5): a party may delete a conversation from their own view.
-- The other party keeps it, and it comes back when an entry newer than the deletion arrives.
CREATE TABLE IF NOT EXISTS "conversation_hidden" (
  "conversation_id" integer NOT NULL REFERENCES "conversations"("id") ON DELETE CASCADE,
  "user_id" integer NOT NULL REFERENCES "auth_users"("id") ON DELETE CASCADE,
  "hidden_at" timestamp with time zone DEFAULT now() NOT NULL,
  PRIMARY KEY ("user_id", "conversation_id")
);
--> statement-breakpoint
-- The boxes and the unread counts ask, per message, whether its sender's account is blocked.
CREATE INDEX IF NOT EXISTS "auth_users_blocked_idx" ON "auth_users" ("id") WHERE "blocked_at" IS NOT NULL;
