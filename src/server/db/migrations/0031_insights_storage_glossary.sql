CREATE TABLE "glossary_entries" (
	"id" text PRIMARY KEY NOT NULL,
	"team_id" text NOT NULL,
	"language" text NOT NULL,
	"source" text NOT NULL,
	"target" text NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "time_zone" text DEFAULT 'UTC' NOT NULL;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "storage_used_bytes" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "storage_warned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "glossary_entries" ADD CONSTRAINT "glossary_entries_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "glossary_entries" ADD CONSTRAINT "glossary_entries_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "glossary_entries_team_language_source_key" ON "glossary_entries" USING btree ("team_id","language",lower("source"));--> statement-breakpoint
CREATE INDEX "checklists_team_id_submitted_at_idx" ON "checklists" USING btree ("team_id","submitted_at") WHERE "checklists"."submitted_at" is not null;