ALTER TABLE "shares" ADD COLUMN "link_wrong_tries" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "shares" ADD COLUMN "link_locked_at" timestamp with time zone;--> statement-breakpoint
-- Names stored before withoutBidiControls (src/domain/display-text.ts) lose their explicit bidi
-- embeddings, overrides and isolates (U+202A-U+202E, U+2066-U+2069), as new ones do on input.
UPDATE "checklists" SET "name" = regexp_replace("name", '[\u202A-\u202E\u2066-\u2069]', '', 'g') WHERE "name" ~ '[\u202A-\u202E\u2066-\u2069]';--> statement-breakpoint
UPDATE "tasks" SET "description" = regexp_replace("description", '[\u202A-\u202E\u2066-\u2069]', '', 'g') WHERE "description" ~ '[\u202A-\u202E\u2066-\u2069]';--> statement-breakpoint
UPDATE "shares" SET "recipient_name" = regexp_replace("recipient_name", '[\u202A-\u202E\u2066-\u2069]', '', 'g') WHERE "recipient_name" ~ '[\u202A-\u202E\u2066-\u2069]';--> statement-breakpoint
UPDATE "users" SET "display_name" = regexp_replace("display_name", '[\u202A-\u202E\u2066-\u2069]', '', 'g'), "first_name" = regexp_replace("first_name", '[\u202A-\u202E\u2066-\u2069]', '', 'g'), "last_name" = regexp_replace("last_name", '[\u202A-\u202E\u2066-\u2069]', '', 'g') WHERE concat("display_name", "first_name", "last_name") ~ '[\u202A-\u202E\u2066-\u2069]';
