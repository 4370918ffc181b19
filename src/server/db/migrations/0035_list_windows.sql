DROP INDEX "checklists_team_id_created_at_idx";--> statement-breakpoint
CREATE INDEX "checklists_team_id_created_at_id_idx" ON "checklists" USING btree ("team_id","created_at","id");--> statement-breakpoint
CREATE INDEX "checklists_team_id_assignee_uid_created_at_id_idx" ON "checklists" USING btree ("team_id","assignee_uid","created_at","id");