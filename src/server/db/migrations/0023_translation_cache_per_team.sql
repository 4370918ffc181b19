-- The translation cache per team (issue 30 item 2, docs/decisions/0044). A cache shared by every team
-- told an owner whether another team's exact text was ever translated (cached: translated at once;
-- not: 'pending'). The team becomes part of the key. The rows kept so far are dropped rather than
-- attributed: a row says only that some team translated a text, and giving it to every team whose
-- checklists hold that text would tell a team that held a guess that someone translated it. Each
-- team's texts are translated again once, on their next read or share (warmed at send).
DELETE FROM "translations";--> statement-breakpoint
ALTER TABLE "translations" DROP CONSTRAINT "translations_provider_source_lang_target_lang_text_hash_pk";--> statement-breakpoint
ALTER TABLE "translations" ADD COLUMN "team_id" text NOT NULL;--> statement-breakpoint
ALTER TABLE "translations" ADD CONSTRAINT "translations_team_id_provider_source_lang_target_lang_text_hash_pk" PRIMARY KEY("team_id","provider","source_lang","target_lang","text_hash");--> statement-breakpoint
ALTER TABLE "translations" ADD CONSTRAINT "translations_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;
