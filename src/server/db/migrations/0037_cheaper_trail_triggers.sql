-- What a tick costs PostgreSQL (issue 35, deliverable 3; docs/decisions/0071-a-tick-in-postgresql.md).
-- Two of the trail's row triggers ran PL/pgSQL on every tick for nothing:
-- - the webhook trigger's "no webhook here" check called a SQL function, re-planned in every
--   transaction; the check is now a query of the trigger's own, whose plan PL/pgSQL keeps for the
--   connection. What it enqueues, and when, is unchanged.
-- - the actor trigger remembers a recipient's share for the checklist's notice: it has nothing to
--   remember when no share acted (an owner's or a member's action), and no longer runs then.

CREATE OR REPLACE FUNCTION listsync_activity_webhooks() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_event text := CASE NEW.action
    WHEN 'task_completed' THEN 'task.completed'
    WHEN 'task_uncompleted' THEN 'task.uncompleted'
    WHEN 'photo_added' THEN 'photo.added'
    WHEN 'remarks_changed' THEN 'remarks.changed'
    WHEN 'submitted' THEN 'checklist.submitted'
    WHEN 'share_verified' THEN 'share.verified'
    WHEN 'approved' THEN 'checklist.approved'
    WHEN 'redo_requested' THEN 'checklist.redo_requested' END;
  v_team text;
  v_data jsonb;
BEGIN
  -- The cheap way out, in one query of this function's own: most teams have no webhook. (A call
  -- of listsync_wants_webhook here was planned again in every transaction: a SQL function's plan
  -- lives only as long as the calling expression's state, which PL/pgSQL keeps per transaction.)
  SELECT c.team_id INTO v_team FROM checklists c
  WHERE c.id = NEW.checklist_id
    AND EXISTS (SELECT 1 FROM webhooks w WHERE w.team_id = c.team_id AND w.enabled AND v_event = ANY (w.events));
  IF v_team IS NULL THEN
    RETURN NULL;
  END IF;
  v_data := jsonb_build_object(
    'checklist', listsync_webhook_checklist(NEW.checklist_id),
    'actor', jsonb_build_object(
      'kind', NEW.actor_kind,
      'name', CASE WHEN NEW.actor_kind = 'recipient'
        THEN coalesce(nullif(NEW.share_name, ''), listsync_mask_contact(NEW.share_channel, NEW.share_contact))
        ELSE NEW.actor_name END),
    'at', listsync_iso(NEW.at));
  IF NEW.task_id IS NOT NULL THEN
    v_data := v_data || jsonb_build_object('task', (
      SELECT jsonb_build_object('id', id, 'description', description, 'completed', completed)
      FROM tasks WHERE checklist_id = NEW.checklist_id AND id = NEW.task_id));
  END IF;
  IF v_event = 'photo.added' THEN
    v_data := v_data || jsonb_build_object('photo', jsonb_build_object(
      'sha256', NEW.photo_sha256, 'capturedAt', NEW.photo_captured_at, 'replaced', NEW.photo_replaced));
  ELSIF v_event = 'remarks.changed' THEN
    v_data := v_data || jsonb_build_object('remarks', (SELECT remarks FROM checklists WHERE id = NEW.checklist_id));
  ELSIF v_event = 'share.verified' THEN
    v_data := v_data || jsonb_build_object('recipient', jsonb_build_object(
      'name', NEW.share_name,
      'channel', NEW.share_channel,
      'maskedContact', listsync_mask_contact(NEW.share_channel, NEW.share_contact)));
  ELSIF v_event IN ('checklist.approved', 'checklist.redo_requested') THEN
    -- The team's note (null when they wrote none); a redo is one event per task sent back.
    v_data := v_data || jsonb_build_object('note', NEW.note);
  END IF;
  PERFORM listsync_enqueue_webhook(v_team, v_event, v_data);
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER checklist_activity_actor ON checklist_activity;
--> statement-breakpoint
CREATE TRIGGER checklist_activity_actor AFTER INSERT ON checklist_activity
  FOR EACH ROW WHEN (NEW.share_id IS NOT NULL) EXECUTE FUNCTION listsync_remember_actor();
