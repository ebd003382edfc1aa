-- Passkeys (issue 38): WebAuthn credentials an account signs in with instead of the password, or
-- proves itself with as its second factor. Several per account, each named by its owner.
CREATE TABLE IF NOT EXISTS "passkeys" (
  "id" serial PRIMARY KEY NOT NULL,
  "user_id" integer NOT NULL REFERENCES "auth_users"("id") ON DELETE CASCADE,
  "credential_id" text NOT NULL UNIQUE CHECK (char_length("credential_id") BETWEEN 1 AND 1400),
  "public_key" text NOT NULL,
  "counter" bigint DEFAULT 0 NOT NULL CHECK ("counter" >= 0),
  "transports" text[] DEFAULT '{}' NOT NULL,
  "name" varchar(60) NOT NULL CHECK (char_length(btrim("name")) >= 1),
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "last_used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "passkeys_user_idx" ON "passkeys" ("user_id");
--> statement-breakpoint
-- The challenges the server handed out (never trusted from the client): single-use, 5 minutes.
-- Found again by the SHA-256 of the challenge the authenticator signed.
CREATE TABLE IF NOT EXISTS "passkey_challenges" (
  "id" serial PRIMARY KEY NOT NULL,
  "challenge_hash" text NOT NULL UNIQUE,
  "purpose" text NOT NULL CHECK ("purpose" IN ('register', 'sign-in', 'reauthenticate')),
  "user_id" integer REFERENCES "auth_users"("id") ON DELETE CASCADE,
  "expires_at" timestamp with time zone NOT NULL,
  "used_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "passkey_challenges_expires_idx" ON "passkey_challenges" ("expires_at");
