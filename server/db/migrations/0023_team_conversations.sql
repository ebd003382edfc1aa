-- Team conversations (issue 31): a message sent while acting for an organization belongs to the
-- organization's conversation with the consultant (one per organization and consultant); every
-- member reads and answers it. A personal conversation stays one per sender account and
-- consultant. The organization's name is kept on the conversation: when the organization is
-- deleted, the consultant still reads who wrote, and the member who started it keeps it.
ALTER TABLE "conversations" ADD COLUMN IF NOT EXISTS "organization_id" integer REFERENCES "organizations"("id") ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN IF NOT EXISTS "organization_name" varchar(160);
--> statement-breakpoint
DROP INDEX IF EXISTS "conversations_pair_key";
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "conversations_pair_key" ON "conversations" ("consultant_id", "sender_user_id")
  WHERE "organization_name" IS NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "conversations_team_key" ON "conversations" ("consultant_id", "organization_id")
  WHERE "organization_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "conversations_organization_idx" ON "conversations" ("organization_id", "last_message_at" DESC)
  WHERE "organization_id" IS NOT NULL;
--> statement-breakpoint
-- The organization a message was sent for: the trigger files it under the team's conversation.
ALTER TABLE "messages" ADD COLUMN IF NOT EXISTS "organization_id" integer REFERENCES "organizations"("id") ON DELETE SET NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "messages_organization_idx" ON "messages" ("organization_id") WHERE "organization_id" IS NOT NULL;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION messages_open_conversation() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  at timestamptz := coalesce(NEW.created_at, now());
BEGIN
  IF NEW.conversation_id IS NULL AND NEW.organization_id IS NOT NULL THEN
    INSERT INTO conversations (consultant_id, sender_user_id, organization_id, organization_name, subject, last_message_at, created_at)
    SELECT NEW.consultant_id, NEW.sender_user_id, o.id, o.name, NEW.subject, at, at FROM organizations o WHERE o.id = NEW.organization_id
    ON CONFLICT (consultant_id, organization_id) WHERE organization_id IS NOT NULL
      DO UPDATE SET last_message_at = greatest(conversations.last_message_at, EXCLUDED.last_message_at)
    RETURNING id INTO NEW.conversation_id;
  ELSIF NEW.conversation_id IS NULL AND NEW.sender_user_id IS NOT NULL THEN
    INSERT INTO conversations (consultant_id, sender_user_id, subject, last_message_at, created_at)
    VALUES (NEW.consultant_id, NEW.sender_user_id, NEW.subject, at, at)
    ON CONFLICT (consultant_id, sender_user_id) WHERE organization_name IS NULL
      DO UPDATE SET last_message_at = greatest(conversations.last_message_at, EXCLUDED.last_message_at)
    RETURNING id INTO NEW.conversation_id;
  ELSIF NEW.conversation_id IS NULL THEN
    INSERT INTO conversations (consultant_id, sender_user_id, subject, last_message_at, created_at)
    VALUES (NEW.consultant_id, NULL, NEW.subject, at, at)
    RETURNING id INTO NEW.conversation_id;
  ELSE
    UPDATE conversations SET last_message_at = greatest(last_message_at, at) WHERE id = NEW.conversation_id;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint

-- The pipeline moves itself: a message to the consultant moves a 'considering' entry to
-- 'contacted', the consultant's reply moves 'considering' or 'contacted' to 'replied', in the
-- lists of whoever the conversation belongs to: the organization's team lists for a team
-- conversation, the sender's own lists for a personal one. Whatever inserts the message or reply.
CREATE OR REPLACE FUNCTION shortlist_stages_follow(conversation integer, moved_to text, moved_from text[]) RETURNS void
LANGUAGE sql AS $$
  UPDATE shortlist_entries e SET stage = moved_to, stage_changed_at = now()
  FROM conversations c, shortlists s
  WHERE c.id = conversation
    AND e.shortlist_id = s.id AND e.consultant_id = c.consultant_id AND e.stage = ANY (moved_from)
    AND ((c.organization_id IS NOT NULL AND s.organization_id = c.organization_id)
      OR (c.organization_name IS NULL AND c.sender_user_id IS NOT NULL AND s.user_id = c.sender_user_id));
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION messages_move_shortlist_stages() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM shortlist_stages_follow(NEW.conversation_id, 'contacted', ARRAY['considering']);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER messages_move_shortlist_stages AFTER INSERT ON "messages"
  FOR EACH ROW EXECUTE FUNCTION messages_move_shortlist_stages();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION message_replies_move_shortlist_stages() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM shortlist_stages_follow(m.conversation_id, 'replied', ARRAY['considering', 'contacted'])
  FROM messages m WHERE m.id = NEW.message_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER message_replies_move_shortlist_stages AFTER INSERT ON "message_replies"
  FOR EACH ROW EXECUTE FUNCTION message_replies_move_shortlist_stages();
--> statement-breakpoint

-- "Report this sender": a consultant sends a received conversation to the admins' queue with a
-- reason. The sender's name, the subject and the organization are copied in, so the report stays
-- readable whatever is deleted later. One open report per conversation.
CREATE TABLE IF NOT EXISTS "conversation_reports" (
  "id" serial PRIMARY KEY,
  "conversation_id" integer REFERENCES "conversations"("id") ON DELETE SET NULL,
  "reporter_id" integer REFERENCES "auth_users"("id") ON DELETE SET NULL,
  "sender_user_id" integer REFERENCES "auth_users"("id") ON DELETE SET NULL,
  "organization_id" integer REFERENCES "organizations"("id") ON DELETE SET NULL,
  "sender_name" varchar(255) NOT NULL,
  "subject" varchar(255) NOT NULL,
  "reason" text NOT NULL,
  "status" varchar(12) DEFAULT 'open' NOT NULL,
  "resolved_by" integer REFERENCES "auth_users"("id") ON DELETE SET NULL,
  "resolved_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "conversation_reports_reason_check" CHECK (char_length("reason") BETWEEN 1 AND 1000),
  CONSTRAINT "conversation_reports_status_check" CHECK ("status" IN ('open', 'warned', 'blocked', 'unverified', 'dismissed'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "conversation_reports_open_key" ON "conversation_reports" ("conversation_id") WHERE "status" = 'open';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "conversation_reports_created_idx" ON "conversation_reports" ("created_at" DESC, "id" DESC);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "conversation_reports_organization_idx" ON "conversation_reports" ("organization_id") WHERE "status" = 'open';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "conversation_reports_sender_idx" ON "conversation_reports" ("sender_user_id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "conversation_reports_reporter_idx" ON "conversation_reports" ("reporter_id");
