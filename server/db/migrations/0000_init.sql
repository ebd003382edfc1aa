CREATE TABLE "auth_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"session_token" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auth_sessions_session_token_unique" UNIQUE("session_token")
);
--> statement-breakpoint
CREATE TABLE "auth_users" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" varchar(255) NOT NULL,
	"hashed_password" text NOT NULL,
	"name" varchar(255) NOT NULL,
	"role" varchar(50) DEFAULT 'user' NOT NULL,
	"is_email_verified" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auth_users_role_check" CHECK ("auth_users"."role" in ('user', 'admin'))
);
--> statement-breakpoint
CREATE TABLE "consultants" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"name" varchar(255) NOT NULL,
	"title" varchar(255) NOT NULL,
	"email" varchar(255) NOT NULL,
	"phone" varchar(50),
	"location" varchar(255) NOT NULL,
	"city" varchar(120),
	"country" varchar(80) NOT NULL,
	"years_experience" integer NOT NULL,
	"languages" text[] DEFAULT '{}'::text[] NOT NULL,
	"primary_specialization" varchar(120) NOT NULL,
	"secondary_specializations" text[] DEFAULT '{}'::text[] NOT NULL,
	"bio" text NOT NULL,
	"profile_photo_url" text,
	"show_email" boolean DEFAULT false NOT NULL,
	"show_phone" boolean DEFAULT false NOT NULL,
	"available_for_work" boolean DEFAULT true NOT NULL,
	"rating" integer DEFAULT 50 NOT NULL,
	"projects_completed" integer DEFAULT 0 NOT NULL,
	"status" varchar(20) DEFAULT 'pending' NOT NULL,
	"status_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consultants_rating_check" CHECK ("consultants"."rating" between 0 and 100),
	CONSTRAINT "consultants_projects_check" CHECK ("consultants"."projects_completed" >= 0),
	CONSTRAINT "consultants_years_check" CHECK ("consultants"."years_experience" between 0 and 80),
	CONSTRAINT "consultants_status_check" CHECK ("consultants"."status" in ('pending', 'approved', 'rejected', 'hidden')),
	CONSTRAINT "consultants_bio_length_check" CHECK (char_length("consultants"."bio") between 10 and 5000)
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"consultant_id" integer NOT NULL,
	"sender_user_id" integer,
	"sender_name" varchar(255) NOT NULL,
	"sender_email" varchar(255) NOT NULL,
	"sender_organization" varchar(255),
	"subject" varchar(255) NOT NULL,
	"message" text NOT NULL,
	"is_read" boolean DEFAULT false NOT NULL,
	"replied_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "messages_length_check" CHECK (char_length("messages"."message") >= 10)
);
--> statement-breakpoint
ALTER TABLE "auth_sessions" ADD CONSTRAINT "auth_sessions_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultants" ADD CONSTRAINT "consultants_user_id_auth_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_consultant_id_consultants_id_fk" FOREIGN KEY ("consultant_id") REFERENCES "public"."consultants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_sender_user_id_auth_users_id_fk" FOREIGN KEY ("sender_user_id") REFERENCES "public"."auth_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auth_sessions_user_idx" ON "auth_sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "auth_sessions_expires_idx" ON "auth_sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "auth_users_email_lower_key" ON "auth_users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "auth_users_role_idx" ON "auth_users" USING btree ("role");--> statement-breakpoint
CREATE UNIQUE INDEX "consultants_email_lower_key" ON "consultants" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "consultants_user_id_key" ON "consultants" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "consultants_status_created_idx" ON "consultants" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "consultants_country_idx" ON "consultants" USING btree ("country");--> statement-breakpoint
CREATE INDEX "messages_consultant_created_idx" ON "messages" USING btree ("consultant_id","created_at" DESC NULLS LAST);