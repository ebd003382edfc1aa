-- The language a consultant writes their profile in (issue 37): a BCP 47 code from the list in
-- common/profile-languages.ts (the schemas keep to the list; the check keeps to the form of a
-- code, so a longer list needs no migration). Null: not stated. The pages mark the profile's own
-- words (bio, title, assignments) with it as their `lang`.
ALTER TABLE "consultants" ADD COLUMN IF NOT EXISTS "profile_language" varchar(12)
  CONSTRAINT "consultants_profile_language_check" CHECK ("profile_language" ~ '^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$');
