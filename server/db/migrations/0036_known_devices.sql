-- Issue 38: the devices an account has signed in from, so a sign-in from a new one is e-mailed to
-- its owner. A device is known by either of two keys, each stored only as a SHA-256: the browser's
-- long-lived device cookie, or the device's few words ("Chrome on Windows") with the address's
-- network ("203.0.113.x"). `signed_in_at` is null for what only the registration taught.
CREATE TABLE IF NOT EXISTS "known_devices" (
  "id" serial PRIMARY KEY NOT NULL,
  "user_id" integer NOT NULL REFERENCES "auth_users"("id") ON DELETE CASCADE,
  "key_hash" text NOT NULL,
  "first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
  "last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
  "signed_in_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "known_devices_user_key_idx" ON "known_devices" ("user_id", "key_hash");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "known_devices_last_seen_idx" ON "known_devices" ("last_seen_at");
