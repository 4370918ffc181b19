CREATE TABLE "job_runs" (
	"name" text PRIMARY KEY NOT NULL,
	"next_run_at" timestamp with time zone NOT NULL,
	"last_started_at" timestamp with time zone NOT NULL,
	"last_runner" text NOT NULL
);
--> statement-breakpoint
-- UNLOGGED (written by hand into the generated file, before it was ever applied): rate-limit counts
-- need no crash safety, and each hit's upsert then writes no WAL (docs/decisions/0020).
CREATE UNLOGGED TABLE "rate_limit_windows" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "rate_limit_windows_expires_at_idx" ON "rate_limit_windows" USING btree ("expires_at");