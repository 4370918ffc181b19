ALTER TABLE "photos" ADD COLUMN "kind" text DEFAULT 'proof' NOT NULL;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "reference_photo_url" text;