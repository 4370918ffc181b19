DROP INDEX "share_code_sends_ip_sent_idx";--> statement-breakpoint
ALTER TABLE "share_code_sends" ADD COLUMN "requester_network" text;--> statement-breakpoint
ALTER TABLE "share_code_sends" ADD COLUMN "sender_established" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "share_code_sends" SET "requester_network" = "requester_ip" WHERE "sent_at" > now() - interval '1 day';--> statement-breakpoint
CREATE INDEX "mailing_list_subscribers_confirmation_sent_idx" ON "mailing_list_subscribers" USING btree ("confirmation_sent_at");--> statement-breakpoint
CREATE INDEX "share_code_sends_network_sent_idx" ON "share_code_sends" USING btree ("requester_network","sent_at");