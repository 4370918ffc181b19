ALTER TABLE "checklist_activity" ADD COLUMN "actor_kind" text DEFAULT 'owner' NOT NULL;--> statement-breakpoint
ALTER TABLE "checklist_activity" ADD COLUMN "share_name" text;--> statement-breakpoint
ALTER TABLE "checklist_activity" ADD COLUMN "share_channel" text;--> statement-breakpoint
ALTER TABLE "checklist_activity" ADD COLUMN "share_contact" text;--> statement-breakpoint
ALTER TABLE "checklist_activity" ADD COLUMN "photo_sha256" text;--> statement-breakpoint
ALTER TABLE "checklist_activity" ADD COLUMN "photo_captured_at" text;--> statement-breakpoint
ALTER TABLE "checklist_activity" ADD COLUMN "photo_replaced" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Hand-written (issue 17): the record as it was, in the trail's terms. Actions take the names of the
-- API (DESIGN.md "Proof"); a recipient's entry gets their name, channel and contact from the share.
UPDATE "checklist_activity" SET "action" = CASE "action"
  WHEN 'task_reopened' THEN 'task_uncompleted'
  WHEN 'remarks_updated' THEN 'remarks_changed'
  WHEN 'verified' THEN 'share_verified'
  ELSE "action" END;--> statement-breakpoint
UPDATE "checklist_activity" AS a SET "actor_kind" = 'recipient', "share_name" = s."recipient_name",
  "share_channel" = s."channel", "share_contact" = s."contact"
  FROM "shares" AS s WHERE s."id" = a."share_id";--> statement-breakpoint
UPDATE "checklist_activity" SET "actor_kind" = 'recipient'
  WHERE "share_id" IS NULL AND "actor_label" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "checklist_activity" DROP COLUMN "actor_label";--> statement-breakpoint
-- The trail is append-only: nothing may change or remove an entry, except the cascade of deleting
-- its checklist (the checklist row is then already gone) and the share's ON DELETE SET NULL (which
-- changes only share_id, to null: the entry keeps its own copy of who acted).
CREATE FUNCTION listsync_activity_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF NOT EXISTS (SELECT 1 FROM checklists WHERE id = OLD.checklist_id) THEN RETURN OLD; END IF;
  ELSIF NEW.share_id IS NULL AND OLD.share_id IS NOT NULL
    AND (to_jsonb(NEW) - 'share_id') = (to_jsonb(OLD) - 'share_id') THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'checklist_activity is append-only: % refused', TG_OP
    USING ERRCODE = 'restrict_violation';
END $$;--> statement-breakpoint
CREATE TRIGGER checklist_activity_append_only BEFORE UPDATE OR DELETE ON checklist_activity
  FOR EACH ROW EXECUTE FUNCTION listsync_activity_append_only();