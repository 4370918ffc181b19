CREATE TABLE "translations" (
	"provider" text NOT NULL,
	"source_lang" text NOT NULL,
	"target_lang" text NOT NULL,
	"text_hash" text NOT NULL,
	"translated_text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "translations_provider_source_lang_target_lang_text_hash_pk" PRIMARY KEY("provider","source_lang","target_lang","text_hash")
);
--> statement-breakpoint
ALTER TABLE "checklists" ADD COLUMN "remarks_language" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;