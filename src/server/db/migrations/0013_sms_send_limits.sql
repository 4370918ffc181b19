ALTER TABLE "share_code_sends" ADD COLUMN "destination" text;--> statement-breakpoint
ALTER TABLE "share_code_sends" ADD COLUMN "requested_by" text DEFAULT 'owner' NOT NULL;--> statement-breakpoint
ALTER TABLE "share_code_sends" ADD COLUMN "requester_ip" text;--> statement-breakpoint
UPDATE "share_code_sends" SET "destination" = "shares"."contact" FROM "shares" WHERE "shares"."id" = "share_code_sends"."share_id";--> statement-breakpoint
CREATE INDEX "share_code_sends_share_sent_idx" ON "share_code_sends" USING btree ("share_id","sent_at");--> statement-breakpoint
CREATE INDEX "share_code_sends_destination_sent_idx" ON "share_code_sends" USING btree ("destination","sent_at");--> statement-breakpoint
CREATE INDEX "share_code_sends_ip_sent_idx" ON "share_code_sends" USING btree ("requester_ip","sent_at");--> statement-breakpoint
CREATE INDEX "share_code_sends_channel_sent_idx" ON "share_code_sends" USING btree ("channel","sent_at");--> statement-breakpoint
ALTER TABLE "share_code_sends" ADD CONSTRAINT "share_code_sends_requested_by_check" CHECK ("share_code_sends"."requested_by" in ('owner', 'link'));