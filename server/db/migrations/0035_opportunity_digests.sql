-- The opportunities digest (issue 32): each consultant's choice (weekly by default, daily, or off),
-- the key that signs its unsubscribe link, when it was last sent; and which opportunities each
-- consultant was told about, so none is announced twice. A consultant without a row gets the
-- weekly digest; the row is written the first time a digest is considered for them.
CREATE TABLE IF NOT EXISTS "opportunity_digests" (
  "consultant_id" integer PRIMARY KEY NOT NULL REFERENCES "consultants"("id") ON DELETE CASCADE,
  "frequency" varchar(6) DEFAULT 'weekly' NOT NULL,
  "alert_key" text NOT NULL,
  "last_sent_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "opportunity_digests_frequency_check" CHECK ("frequency" in ('off', 'daily', 'weekly'))
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "opportunity_digest_sent" (
  "consultant_id" integer NOT NULL REFERENCES "consultants"("id") ON DELETE CASCADE,
  "opportunity_id" integer NOT NULL REFERENCES "opportunities"("id") ON DELETE CASCADE,
  "sent_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "opportunity_digest_sent_pkey" PRIMARY KEY ("consultant_id", "opportunity_id")
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "opportunity_digest_sent_opportunity_idx" ON "opportunity_digest_sent" ("opportunity_id");
