CREATE TABLE "checklist_signatures" (
	"id" text PRIMARY KEY NOT NULL,
	"checklist_id" text NOT NULL,
	"share_id" text,
	"kind" text NOT NULL,
	"signer_name" text NOT NULL,
	"strokes" jsonb,
	"signed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "issued_reports" (
	"id" text PRIMARY KEY NOT NULL,
	"checklist_id" text,
	"pdf_sha256" text NOT NULL,
	"data_sha256" text NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "checklists" ADD COLUMN "approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "checklists" ADD COLUMN "approved_by_user_id" text;--> statement-breakpoint
ALTER TABLE "checklists" ADD COLUMN "approved_by_name" text;--> statement-breakpoint
ALTER TABLE "checklists" ADD COLUMN "require_signature" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "checklists" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "checklists" ADD COLUMN "address_latitude" double precision;--> statement-breakpoint
ALTER TABLE "checklists" ADD COLUMN "address_longitude" double precision;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "redo_note" text;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "redo_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "checklist_activity" ADD COLUMN "photo_captured_offset" text;--> statement-breakpoint
ALTER TABLE "checklist_activity" ADD COLUMN "photo_received_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "checklist_activity" ADD COLUMN "photo_capture_source" text;--> statement-breakpoint
ALTER TABLE "checklist_activity" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "photos" ADD COLUMN "captured_offset" text;--> statement-breakpoint
ALTER TABLE "photos" ADD COLUMN "capture_source" text;--> statement-breakpoint
ALTER TABLE "photos" ADD COLUMN "display_sha256" text;--> statement-breakpoint
ALTER TABLE "photos" ADD COLUMN "latitude" double precision;--> statement-breakpoint
ALTER TABLE "photos" ADD COLUMN "longitude" double precision;--> statement-breakpoint
ALTER TABLE "photos" ADD COLUMN "location_accuracy_m" integer;--> statement-breakpoint
ALTER TABLE "checklist_signatures" ADD CONSTRAINT "checklist_signatures_checklist_id_checklists_id_fk" FOREIGN KEY ("checklist_id") REFERENCES "public"."checklists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_signatures" ADD CONSTRAINT "checklist_signatures_share_id_shares_id_fk" FOREIGN KEY ("share_id") REFERENCES "public"."shares"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issued_reports" ADD CONSTRAINT "issued_reports_checklist_id_checklists_id_fk" FOREIGN KEY ("checklist_id") REFERENCES "public"."checklists"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "checklist_signatures_checklist_signed_idx" ON "checklist_signatures" USING btree ("checklist_id","signed_at");--> statement-breakpoint
CREATE INDEX "issued_reports_pdf_sha256_idx" ON "issued_reports" USING btree ("pdf_sha256");--> statement-breakpoint
CREATE INDEX "issued_reports_data_sha256_idx" ON "issued_reports" USING btree ("data_sha256");--> statement-breakpoint
CREATE INDEX "checklist_activity_photo_sha256_idx" ON "checklist_activity" USING btree ("photo_sha256") WHERE "checklist_activity"."photo_sha256" is not null and "checklist_activity"."action" = 'photo_added';--> statement-breakpoint
CREATE INDEX "photos_display_sha256_idx" ON "photos" USING btree ("display_sha256") WHERE "photos"."display_sha256" is not null;