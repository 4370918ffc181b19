ALTER TABLE "shares" ADD COLUMN "link_wrong_tries" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "shares" ADD COLUMN "link_locked_at" timestamp with time zone;