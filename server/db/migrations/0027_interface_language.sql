-- The account's interface language (issue 37): e-mails to the account are written in it. Pages
-- take their language from the URL; viewing a page in another language moves this along.
ALTER TABLE "auth_users" ADD COLUMN "locale" varchar(2) DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "auth_users" ADD CONSTRAINT "auth_users_locale_check" CHECK ("auth_users"."locale" in ('en', 'id', 'vi', 'th'));
