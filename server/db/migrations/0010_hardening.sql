-- Hardening (issue 16). A consultant's e-mail address was unique over all profiles, so saving a
-- profile with another consultant's hidden address answered 409 and told the caller that the
-- hidden address belongs to someone. Now no two profiles may SHOW the same address (a 409 then
-- reveals only what is public); a hidden address may be shared. Lookups by address keep an index.
DROP INDEX IF EXISTS "consultants_email_lower_key";--> statement-breakpoint
CREATE INDEX "consultants_email_lower_idx" ON "consultants" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "consultants_shown_email_lower_key" ON "consultants" USING btree (lower("email")) WHERE "consultants"."show_email";
