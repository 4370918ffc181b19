CREATE TABLE "user_avatars" (
	"user_id" text PRIMARY KEY NOT NULL,
	"source_url" text NOT NULL,
	"image" "bytea",
	"fetched_at" timestamp with time zone NOT NULL,
	"failed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "user_avatars" ADD CONSTRAINT "user_avatars_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;