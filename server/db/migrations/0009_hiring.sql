-- The hiring side (issue 13): conversations, shortlists, saved searches with alerts.
-- The job queue (pg-boss) installs its own schema `pgboss` at start-up; nothing of it is here.

-- Conversations: one per sender account and consultant. Each message from the sender (the spec's
-- form or an answer in the product) is a row of `messages`; each answer from the consultant is a
-- row of `message_replies`. Read state per party: messages.is_read (read by the consultant),
-- message_replies.is_read (read by the sender).
CREATE TABLE "conversations" (
  "id" serial PRIMARY KEY NOT NULL,
  "consultant_id" integer NOT NULL REFERENCES "consultants"("id") ON DELETE CASCADE,
  "sender_user_id" integer REFERENCES "auth_users"("id") ON DELETE SET NULL,
  "subject" varchar(255) NOT NULL,
  "last_message_at" timestamp with time zone DEFAULT now() NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "first_message_id" integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_pair_key" ON "conversations" ("consultant_id", "sender_user_id");
--> statement-breakpoint
CREATE INDEX "conversations_sender_idx" ON "conversations" ("sender_user_id", "last_message_at" DESC);
--> statement-breakpoint
CREATE INDEX "conversations_consultant_idx" ON "conversations" ("consultant_id", "last_message_at" DESC);
--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "conversation_id" integer REFERENCES "conversations"("id") ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE "message_replies" ADD COLUMN "is_read" boolean DEFAULT false NOT NULL;
--> statement-breakpoint

-- Existing messages: one conversation per sender account and consultant; a message whose sender
-- account is gone is a conversation of its own. Existing replies were e-mailed: they count as read.
INSERT INTO "conversations" ("consultant_id", "sender_user_id", "subject", "last_message_at", "created_at", "first_message_id")
SELECT DISTINCT ON ("consultant_id", coalesce("sender_user_id", -"id"))
  "consultant_id", "sender_user_id", "subject", "created_at", "created_at", "id"
FROM "messages"
ORDER BY "consultant_id", coalesce("sender_user_id", -"id"), "created_at", "id";
--> statement-breakpoint
UPDATE "messages" m SET "conversation_id" = c."id"
FROM "conversations" c
WHERE c."consultant_id" = m."consultant_id"
  AND ((m."sender_user_id" IS NOT NULL AND c."sender_user_id" = m."sender_user_id") OR c."first_message_id" = m."id");
--> statement-breakpoint
UPDATE "conversations" c SET "last_message_at" = greatest(
  (SELECT max(m."created_at") FROM "messages" m WHERE m."conversation_id" = c."id"),
  (SELECT max(r."created_at") FROM "message_replies" r JOIN "messages" m ON m."id" = r."message_id" WHERE m."conversation_id" = c."id"),
  c."last_message_at");
--> statement-breakpoint
UPDATE "message_replies" SET "is_read" = true;
--> statement-breakpoint
ALTER TABLE "conversations" DROP COLUMN "first_message_id";
--> statement-breakpoint
ALTER TABLE "messages" ALTER COLUMN "conversation_id" SET NOT NULL;
--> statement-breakpoint
CREATE INDEX "messages_conversation_idx" ON "messages" ("conversation_id", "created_at");
--> statement-breakpoint
CREATE INDEX "message_replies_unread_idx" ON "message_replies" ("message_id") WHERE NOT "is_read";
--> statement-breakpoint

-- Whatever inserts a message (the spec's endpoint, an answer in the product, seeds, tests), it
-- opens or continues the conversation of its sender and consultant; every message and reply moves
-- the conversation's last_message_at.
CREATE OR REPLACE FUNCTION messages_open_conversation() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  at timestamptz := coalesce(NEW.created_at, now());
BEGIN
  IF NEW.conversation_id IS NULL AND NEW.sender_user_id IS NOT NULL THEN
    INSERT INTO conversations (consultant_id, sender_user_id, subject, last_message_at, created_at)
    VALUES (NEW.consultant_id, NEW.sender_user_id, NEW.subject, at, at)
    ON CONFLICT (consultant_id, sender_user_id)
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
CREATE TRIGGER messages_open_conversation BEFORE INSERT ON "messages"
  FOR EACH ROW EXECUTE FUNCTION messages_open_conversation();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION message_replies_touch_conversation() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE conversations c SET last_message_at = greatest(c.last_message_at, coalesce(NEW.created_at, now()))
  FROM messages m WHERE m.id = NEW.message_id AND c.id = m.conversation_id;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER message_replies_touch_conversation AFTER INSERT ON "message_replies"
  FOR EACH ROW EXECUTE FUNCTION message_replies_touch_conversation();
--> statement-breakpoint

-- Shortlists: private named lists of consultants with a note per entry; a share link is a random
-- token of which only the SHA-256 is stored.
CREATE TABLE "shortlists" (
  "id" serial PRIMARY KEY NOT NULL,
  "user_id" integer NOT NULL REFERENCES "auth_users"("id") ON DELETE CASCADE,
  "name" varchar(120) NOT NULL,
  "share_token_hash" text,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "shortlists_name_check" CHECK (char_length("name") between 1 and 120)
);
--> statement-breakpoint
CREATE INDEX "shortlists_user_idx" ON "shortlists" ("user_id", "updated_at" DESC);
--> statement-breakpoint
CREATE UNIQUE INDEX "shortlists_share_token_key" ON "shortlists" ("share_token_hash");
--> statement-breakpoint
CREATE TABLE "shortlist_entries" (
  "shortlist_id" integer NOT NULL REFERENCES "shortlists"("id") ON DELETE CASCADE,
  "consultant_id" integer NOT NULL REFERENCES "consultants"("id") ON DELETE CASCADE,
  "note" text DEFAULT '' NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "shortlist_entries_pkey" PRIMARY KEY ("shortlist_id", "consultant_id"),
  CONSTRAINT "shortlist_entries_note_check" CHECK (char_length("note") <= 2000)
);
--> statement-breakpoint
CREATE INDEX "shortlist_entries_consultant_idx" ON "shortlist_entries" ("consultant_id");
--> statement-breakpoint

-- Saved searches with alerts. `listed_at` records when a profile last became listed (approved), so
-- an alert can name profiles that are new since the search was saved; the notified table makes
-- sure no consultant is announced twice for one saved search.
CREATE TABLE "saved_searches" (
  "id" serial PRIMARY KEY NOT NULL,
  "user_id" integer NOT NULL REFERENCES "auth_users"("id") ON DELETE CASCADE,
  "name" varchar(120) NOT NULL,
  "query" text NOT NULL,
  "frequency" varchar(10) DEFAULT 'off' NOT NULL,
  "last_alerted_at" timestamp with time zone,
  -- Per search: signs the unsubscribe link of its alerts (HMAC), so it works without signing in.
  "alert_key" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "saved_searches_name_check" CHECK (char_length("name") between 1 and 120),
  CONSTRAINT "saved_searches_query_check" CHECK (char_length("query") <= 2000),
  CONSTRAINT "saved_searches_frequency_check" CHECK ("frequency" in ('off', 'daily', 'weekly'))
);
--> statement-breakpoint
CREATE INDEX "saved_searches_user_idx" ON "saved_searches" ("user_id", "created_at" DESC);
--> statement-breakpoint
CREATE INDEX "saved_searches_alert_idx" ON "saved_searches" ("frequency", "last_alerted_at") WHERE "frequency" <> 'off';
--> statement-breakpoint
CREATE TABLE "saved_search_notified" (
  "saved_search_id" integer NOT NULL REFERENCES "saved_searches"("id") ON DELETE CASCADE,
  "consultant_id" integer NOT NULL REFERENCES "consultants"("id") ON DELETE CASCADE,
  "notified_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "saved_search_notified_pkey" PRIMARY KEY ("saved_search_id", "consultant_id")
);
--> statement-breakpoint
CREATE INDEX "saved_search_notified_consultant_idx" ON "saved_search_notified" ("consultant_id");
--> statement-breakpoint
ALTER TABLE "consultants" ADD COLUMN "listed_at" timestamp with time zone;
--> statement-breakpoint
UPDATE "consultants" SET "listed_at" = "created_at" WHERE "status" = 'approved';
--> statement-breakpoint
CREATE INDEX "consultants_listed_idx" ON "consultants" ("listed_at" DESC) WHERE "status" = 'approved';
--> statement-breakpoint
CREATE OR REPLACE FUNCTION consultants_set_listed_at() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status = 'approved' AND (TG_OP = 'INSERT' OR OLD.status IS DISTINCT FROM 'approved') THEN
    NEW.listed_at := now();
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER consultants_listed_at BEFORE INSERT OR UPDATE OF status ON "consultants"
  FOR EACH ROW EXECUTE FUNCTION consultants_set_listed_at();
