ALTER TABLE "mailing_list_subscribers" ADD COLUMN "confirmation_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mailing_list_subscribers" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mailing_list_subscribers" ADD COLUMN "unsubscribed_at" timestamp with time zone;