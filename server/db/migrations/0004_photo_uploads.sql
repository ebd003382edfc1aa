CREATE TABLE "photo_uploads" (
	"photo_url" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "photo_uploads" ADD CONSTRAINT "photo_uploads_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "photo_uploads_user_idx" ON "photo_uploads" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "consultants_photo_url_idx" ON "consultants" USING btree ("profile_photo_url") WHERE "consultants"."profile_photo_url" is not null;