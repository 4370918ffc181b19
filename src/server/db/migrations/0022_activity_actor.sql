-- Who of the team acted (issue 29, docs/teams.md): an owner-kind entry names the member and their name then.
ALTER TABLE "checklist_activity" ADD COLUMN "actor_user_id" text;--> statement-breakpoint
ALTER TABLE "checklist_activity" ADD COLUMN "actor_name" text;