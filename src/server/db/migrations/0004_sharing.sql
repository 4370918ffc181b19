CREATE TABLE "checklist_activity" (
	"id" text PRIMARY KEY NOT NULL,
	"checklist_id" text NOT NULL,
	"share_id" text,
	"actor_label" text,
	"action" text NOT NULL,
	"task_id" text,
	"at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "local_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "share_code_sends" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"share_id" text,
	"channel" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "share_grants" (
	"browser_hash" text NOT NULL,
	"share_id" text NOT NULL,
	"checklist_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "share_grants_browser_hash_share_id_pk" PRIMARY KEY("browser_hash","share_id")
);
--> statement-breakpoint
CREATE TABLE "shares" (
	"id" text PRIMARY KEY NOT NULL,
	"checklist_id" text NOT NULL,
	"recipient_id" text NOT NULL,
	"recipient_name" text,
	"channel" text NOT NULL,
	"contact" text NOT NULL,
	"target_language" text DEFAULT 'en' NOT NULL,
	"token_hash" text NOT NULL,
	"token_sealed" text NOT NULL,
	"code_hash" text,
	"code_expires_at" timestamp with time zone,
	"code_wrong_tries" integer DEFAULT 0 NOT NULL,
	"code_requested_at" timestamp with time zone,
	"verify_window_start" timestamp with time zone,
	"verify_window_count" integer DEFAULT 0 NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shares_channel_check" CHECK ("shares"."channel" in ('email', 'sms'))
);
--> statement-breakpoint
ALTER TABLE "checklist_activity" ADD CONSTRAINT "checklist_activity_checklist_id_checklists_id_fk" FOREIGN KEY ("checklist_id") REFERENCES "public"."checklists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_activity" ADD CONSTRAINT "checklist_activity_share_id_shares_id_fk" FOREIGN KEY ("share_id") REFERENCES "public"."shares"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_code_sends" ADD CONSTRAINT "share_code_sends_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_code_sends" ADD CONSTRAINT "share_code_sends_share_id_shares_id_fk" FOREIGN KEY ("share_id") REFERENCES "public"."shares"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_grants" ADD CONSTRAINT "share_grants_share_id_shares_id_fk" FOREIGN KEY ("share_id") REFERENCES "public"."shares"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_grants" ADD CONSTRAINT "share_grants_checklist_id_checklists_id_fk" FOREIGN KEY ("checklist_id") REFERENCES "public"."checklists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shares" ADD CONSTRAINT "shares_checklist_id_checklists_id_fk" FOREIGN KEY ("checklist_id") REFERENCES "public"."checklists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "checklist_activity_checklist_at_idx" ON "checklist_activity" USING btree ("checklist_id","at");--> statement-breakpoint
CREATE INDEX "checklist_activity_share_at_idx" ON "checklist_activity" USING btree ("share_id","at");--> statement-breakpoint
CREATE INDEX "share_code_sends_owner_sent_idx" ON "share_code_sends" USING btree ("owner_id","sent_at");--> statement-breakpoint
CREATE INDEX "share_grants_browser_checklist_idx" ON "share_grants" USING btree ("browser_hash","checklist_id");--> statement-breakpoint
CREATE INDEX "share_grants_share_id_idx" ON "share_grants" USING btree ("share_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shares_token_hash_key" ON "shares" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "shares_checklist_contact_key" ON "shares" USING btree ("checklist_id","channel","contact");