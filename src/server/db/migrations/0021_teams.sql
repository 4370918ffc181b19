-- Teams (issue 29, docs/decisions/0040). Every owner gets a team whose id is their user id, named
-- after them, with them as its owner; their plan (tier, manual tier), billing customer, checkouts,
-- subscriptions and checklists move to it. Nothing is deleted: the billing tables' user_id becomes
-- team_id with the same values, and every checklist keeps its creator (user_id) and gains its team.
CREATE TABLE "teams" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"tier" text DEFAULT 'free' NOT NULL,
	"manual_tier" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "team_members" (
	"team_id" text NOT NULL,
	"user_id" text NOT NULL,
	"role" text NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_members_team_id_user_id_pk" PRIMARY KEY("team_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "team_invitations" (
	"id" text PRIMARY KEY NOT NULL,
	"team_id" text NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_by" text,
	"withdrawn_at" timestamp with time zone,
	CONSTRAINT "team_invitations_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "team_departures" (
	"team_id" text NOT NULL,
	"user_id" text NOT NULL,
	"left_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_departures_team_id_user_id_pk" PRIMARY KEY("team_id","user_id")
);
--> statement-breakpoint
-- Every existing owner's team: their id, their name ('Ana's team', else the address's local part), their plan.
INSERT INTO "teams" ("id", "name", "tier", "manual_tier", "created_at", "updated_at")
SELECT u."id",
	left(coalesce(nullif(btrim(u."display_name"), ''), split_part(u."email", '@', 1), 'My') || '''s team', 100),
	u."tier", u."manual_tier", u."created_at", now()
FROM "users" u;--> statement-breakpoint
INSERT INTO "team_members" ("team_id", "user_id", "role", "joined_at")
SELECT u."id", u."id", 'owner', u."created_at" FROM "users" u;--> statement-breakpoint
-- Checklists: the creator's team; nobody assigned yet. The backfill announces nothing: with the
-- deferred notice trigger on, its events would wait for the commit, and PostgreSQL refuses to ALTER a
-- table with pending trigger events (the migrations run in one transaction).
ALTER TABLE "checklists" ADD COLUMN "team_id" text;--> statement-breakpoint
ALTER TABLE "checklists" DISABLE TRIGGER "checklists_notify";--> statement-breakpoint
UPDATE "checklists" SET "team_id" = "user_id";--> statement-breakpoint
ALTER TABLE "checklists" ENABLE TRIGGER "checklists_notify";--> statement-breakpoint
ALTER TABLE "checklists" ALTER COLUMN "team_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "checklists" ADD COLUMN "assignee_uid" text;--> statement-breakpoint
-- Billing: the same keys, now naming the owner's team.
ALTER TABLE "billing_checkouts" DROP CONSTRAINT "billing_checkouts_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "billing_customers" DROP CONSTRAINT "billing_customers_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "subscriptions" DROP CONSTRAINT "subscriptions_user_id_users_id_fk";--> statement-breakpoint
DROP INDEX "billing_checkouts_user_idx";--> statement-breakpoint
DROP INDEX "subscriptions_user_idx";--> statement-breakpoint
DROP INDEX "billing_checkouts_one_open_key";--> statement-breakpoint
ALTER TABLE "billing_checkouts" RENAME COLUMN "user_id" TO "team_id";--> statement-breakpoint
ALTER TABLE "billing_customers" RENAME COLUMN "user_id" TO "team_id";--> statement-breakpoint
ALTER TABLE "subscriptions" RENAME COLUMN "user_id" TO "team_id";--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_check";--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "by_name" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "active_team_id" text;--> statement-breakpoint
ALTER TABLE "team_departures" ADD CONSTRAINT "team_departures_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_departures" ADD CONSTRAINT "team_departures_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_invitations" ADD CONSTRAINT "team_invitations_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_invitations" ADD CONSTRAINT "team_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_invitations" ADD CONSTRAINT "team_invitations_accepted_by_users_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "team_invitations_team_idx" ON "team_invitations" USING btree ("team_id");--> statement-breakpoint
CREATE UNIQUE INDEX "team_invitations_open_email_key" ON "team_invitations" USING btree ("team_id","email") WHERE "team_invitations"."accepted_at" is null and "team_invitations"."withdrawn_at" is null;--> statement-breakpoint
CREATE INDEX "team_members_user_idx" ON "team_members" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "team_members_one_owner_key" ON "team_members" USING btree ("team_id") WHERE "team_members"."role" = 'owner';--> statement-breakpoint
ALTER TABLE "billing_checkouts" ADD CONSTRAINT "billing_checkouts_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_customers" ADD CONSTRAINT "billing_customers_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklists" ADD CONSTRAINT "checklists_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklists" ADD CONSTRAINT "checklists_assignee_uid_users_id_fk" FOREIGN KEY ("assignee_uid") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "billing_checkouts_team_idx" ON "billing_checkouts" USING btree ("team_id");--> statement-breakpoint
CREATE INDEX "checklists_team_id_created_at_idx" ON "checklists" USING btree ("team_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "subscriptions_team_idx" ON "subscriptions" USING btree ("team_id");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_checkouts_one_open_key" ON "billing_checkouts" USING btree ("team_id") WHERE "billing_checkouts"."status" = 'open';--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "tier";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "manual_tier";--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check" CHECK ("notifications"."kind" in ('submitted', 'first_tick', 'last_tick', 'code_not_received', 'link_locked', 'assigned'));--> statement-breakpoint
-- A change's notice names the checklist's team (each member's dashboard follows their active team).
CREATE OR REPLACE FUNCTION listsync_notify_checklist() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  current_row record;
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('listsync_changes', json_build_object(
      'kind', 'checklist', 'op', 'delete', 'checklistId', OLD.id, 'teamId', OLD.team_id
    )::text);
    RETURN NULL;
  END IF;
  IF current_setting('listsync.notice', true) = 'after-commit' THEN RETURN NULL; END IF;
  SELECT c.id, c.team_id, c.revision INTO current_row FROM checklists c WHERE c.id = NEW.id;
  -- Deleted later in the same transaction: its delete speaks for it.
  IF NOT FOUND THEN RETURN NULL; END IF;
  PERFORM pg_notify('listsync_changes', json_build_object(
    'kind', 'checklist', 'op', 'change', 'checklistId', current_row.id, 'teamId', current_row.team_id,
    'revision', current_row.revision,
    'actorShareId', nullif(current_setting('listsync.actor_share', true), '')
  )::text);
  RETURN NULL;
END $$;
