-- Storage counting (issue 33, docs/storage.md, decision 0053). Each photo keeps its team and the bytes
-- its objects take in the store (display + thumbnail); statement triggers on photos keep
-- teams.storage_used_bytes equal to the sum of its photos' stored_bytes in the same statement as every
-- insert, delete (also a checklist's or a team's cascade) and change of a photo row.
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_check";--> statement-breakpoint
ALTER TABLE "photos" ADD COLUMN "team_id" text;--> statement-breakpoint
ALTER TABLE "photos" ADD COLUMN "stored_bytes" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "storage_full_told_at" timestamp with time zone;--> statement-breakpoint
-- The photos kept before: their team is their checklist's; their stored bytes are not known here (the
-- store is not reachable from SQL), so an estimate: the display copy (JPEG quality 82, width x height
-- as kept) at about a quarter of a byte a pixel but never more than the original, plus the thumbnail
-- (at most 320 px a side, quality 75) at about 0.3 bytes a pixel. `npm run admin -- recount-storage`
-- replaces the estimates with the objects' sizes (docs/storage.md says to run it after this upgrade).
UPDATE "photos" p SET
	"team_id" = c."team_id",
	"stored_bytes" = least(p."original_bytes"::bigint, ceil(p."width"::numeric * p."height" * 0.25)::bigint)
		+ ceil(least(p."width"::numeric * p."height",
			p."width"::numeric * p."height" * power(320.0 / greatest(p."width", p."height", 1), 2)) * 0.3)::bigint
FROM "checklists" c WHERE c."id" = p."checklist_id";--> statement-breakpoint
ALTER TABLE "photos" ALTER COLUMN "team_id" SET NOT NULL;--> statement-breakpoint
UPDATE "teams" t SET "storage_used_bytes" = coalesce(
	(SELECT sum(p."stored_bytes") FROM "photos" p WHERE p."team_id" = t."id"), 0);--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "photos_team_id_idx" ON "photos" USING btree ("team_id");--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check" CHECK ("notifications"."kind" in ('submitted', 'first_tick', 'last_tick', 'code_not_received', 'link_locked', 'assigned', 'overdue', 'due_soon', 'schedule_skipped', 'calendar_failing', 'share_not_sent', 'storage_warning', 'storage_full'));--> statement-breakpoint
-- One UPDATE of each team touched per statement (a checklist's delete takes all its photos at once).
CREATE FUNCTION listsync_photos_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE teams t SET storage_used_bytes = t.storage_used_bytes + s.bytes
	FROM (SELECT team_id, sum(stored_bytes) AS bytes FROM added GROUP BY team_id) s
	WHERE t.id = s.team_id AND s.bytes <> 0;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION listsync_photos_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE teams t SET storage_used_bytes = t.storage_used_bytes - s.bytes
	FROM (SELECT team_id, sum(stored_bytes) AS bytes FROM removed GROUP BY team_id) s
	WHERE t.id = s.team_id AND s.bytes <> 0;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION listsync_photos_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE teams t SET storage_used_bytes = t.storage_used_bytes + s.bytes
	FROM (
		SELECT team_id, sum(bytes) AS bytes FROM (
			SELECT team_id, stored_bytes AS bytes FROM after_change
			UNION ALL SELECT team_id, -stored_bytes FROM before_change
		) d GROUP BY team_id
	) s
	WHERE t.id = s.team_id AND s.bytes <> 0;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER photos_storage_added AFTER INSERT ON photos
	REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION listsync_photos_added();--> statement-breakpoint
CREATE TRIGGER photos_storage_removed AFTER DELETE ON photos
	REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION listsync_photos_removed();--> statement-breakpoint
CREATE TRIGGER photos_storage_changed AFTER UPDATE ON photos
	REFERENCING OLD TABLE AS before_change NEW TABLE AS after_change FOR EACH STATEMENT
	EXECUTE FUNCTION listsync_photos_changed();
