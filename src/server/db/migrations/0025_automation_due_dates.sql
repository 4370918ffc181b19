ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_check";--> statement-breakpoint
ALTER TABLE "notifications" ALTER COLUMN "checklist_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "checklists" ADD COLUMN "due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "checklists" ADD COLUMN "overdue_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "checklists" ADD COLUMN "due_reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "checklists" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "reason" text;--> statement-breakpoint
CREATE INDEX "checklists_due_at_idx" ON "checklists" USING btree ("due_at") WHERE "checklists"."due_at" is not null;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check" CHECK ("notifications"."kind" in ('submitted', 'first_tick', 'last_tick', 'code_not_received', 'link_locked', 'assigned', 'overdue', 'due_soon', 'schedule_skipped', 'calendar_failing'));