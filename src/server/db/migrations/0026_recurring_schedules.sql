CREATE TABLE "schedule_occurrences" (
	"id" text PRIMARY KEY NOT NULL,
	"schedule_id" text NOT NULL,
	"occurrence_key" text NOT NULL,
	"scheduled_for" timestamp with time zone NOT NULL,
	"manual" boolean DEFAULT false NOT NULL,
	"local_date" text NOT NULL,
	"checklist_id" text,
	"status" text NOT NULL,
	"reason" text,
	"share_status" text,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	CONSTRAINT "schedule_occurrences_status_check" CHECK ("schedule_occurrences"."status" in ('made', 'skipped', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "schedules" (
	"id" text PRIMARY KEY NOT NULL,
	"team_id" text NOT NULL,
	"created_by" text,
	"template_id" text NOT NULL,
	"name" text NOT NULL,
	"recurrence" jsonb NOT NULL,
	"starts_on" text NOT NULL,
	"due_after_minutes" integer,
	"assignee_uid" text,
	"share" jsonb,
	"paused" boolean DEFAULT false NOT NULL,
	"next_run_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "schedule_occurrences" ADD CONSTRAINT "schedule_occurrences_schedule_id_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_occurrences" ADD CONSTRAINT "schedule_occurrences_checklist_id_checklists_id_fk" FOREIGN KEY ("checklist_id") REFERENCES "public"."checklists"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_assignee_uid_users_id_fk" FOREIGN KEY ("assignee_uid") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "schedule_occurrences_claim_key" ON "schedule_occurrences" USING btree ("schedule_id","occurrence_key");--> statement-breakpoint
CREATE INDEX "schedule_occurrences_recent_idx" ON "schedule_occurrences" USING btree ("schedule_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "schedules_team_idx" ON "schedules" USING btree ("team_id","created_at");--> statement-breakpoint
CREATE INDEX "schedules_due_idx" ON "schedules" USING btree ("next_run_at") WHERE not "schedules"."paused";