CREATE TABLE "photos" (
	"id" text PRIMARY KEY NOT NULL,
	"checklist_id" text NOT NULL,
	"task_id" text NOT NULL,
	"display_key" text NOT NULL,
	"thumb_key" text NOT NULL,
	"content_type" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"source_format" text NOT NULL,
	"original_bytes" integer NOT NULL,
	"original_sha256" text NOT NULL,
	"captured_at" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"share_id" text
);
--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_checklist_id_checklists_id_fk" FOREIGN KEY ("checklist_id") REFERENCES "public"."checklists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_share_id_shares_id_fk" FOREIGN KEY ("share_id") REFERENCES "public"."shares"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "photos_checklist_task_idx" ON "photos" USING btree ("checklist_id","task_id");