CREATE TABLE "calendar_reservations" (
	"calendar_id" text NOT NULL,
	"uid" text NOT NULL,
	"checkout_date" text NOT NULL,
	"next_checkin_date" text,
	"checklist_id" text,
	"state" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_reservations_state_check" CHECK ("calendar_reservations"."state" in ('active', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "calendar_runs" (
	"id" text PRIMARY KEY NOT NULL,
	"calendar_id" text NOT NULL,
	"at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	"added" integer DEFAULT 0 NOT NULL,
	"moved" integer DEFAULT 0 NOT NULL,
	"cancelled" integer DEFAULT 0 NOT NULL,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "calendars" (
	"id" text PRIMARY KEY NOT NULL,
	"team_id" text NOT NULL,
	"creator_id" text NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"template_id" text NOT NULL,
	"timezone" text NOT NULL,
	"checkout_time" text DEFAULT '11:00' NOT NULL,
	"checkin_time" text DEFAULT '16:00' NOT NULL,
	"share" jsonb,
	"next_sync_at" timestamp with time zone DEFAULT now() NOT NULL,
	"manual_sync_at" timestamp with time zone,
	"last_sync_at" timestamp with time zone,
	"last_error" text,
	"failing_since" timestamp with time zone,
	"failing_told_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "calendar_reservations" ADD CONSTRAINT "calendar_reservations_calendar_id_calendars_id_fk" FOREIGN KEY ("calendar_id") REFERENCES "public"."calendars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_reservations" ADD CONSTRAINT "calendar_reservations_checklist_id_checklists_id_fk" FOREIGN KEY ("checklist_id") REFERENCES "public"."checklists"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_runs" ADD CONSTRAINT "calendar_runs_calendar_id_calendars_id_fk" FOREIGN KEY ("calendar_id") REFERENCES "public"."calendars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendars" ADD CONSTRAINT "calendars_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendars" ADD CONSTRAINT "calendars_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_reservations_uid_key" ON "calendar_reservations" USING btree ("calendar_id","uid");--> statement-breakpoint
CREATE INDEX "calendar_runs_calendar_at_idx" ON "calendar_runs" USING btree ("calendar_id","at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "calendars_team_idx" ON "calendars" USING btree ("team_id","created_at");--> statement-breakpoint
CREATE INDEX "calendars_next_sync_idx" ON "calendars" USING btree ("next_sync_at");