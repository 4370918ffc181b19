-- Review webhooks (issue 34, docs/decisions/0057-review-and-redo.md): the team's approval and its
-- requests for a redo become events, `checklist.approved` and `checklist.redo_requested`, delivered
-- as every other event of migration 0030 is (the transactional outbox), and the checklist object of
-- every event now says when it was approved (`approvedAt`, null until then).

CREATE OR REPLACE FUNCTION listsync_webhook_checklist(p_id text) RETURNS jsonb LANGUAGE sql AS $$
  SELECT jsonb_build_object(
    'id', c.id,
    'name', c.name,
    'status', CASE
      WHEN c.submitted_at IS NOT NULL THEN 'completed'
      WHEN t.total = 0 OR t.done = 0 THEN 'not-started'
      WHEN t.done >= t.total THEN 'completed'
      ELSE 'in-progress' END,
    'tasksDone', t.done,
    'tasksTotal', t.total,
    'dueAt', listsync_iso(c.due_at),
    'submittedAt', listsync_iso(c.submitted_at),
    'approvedAt', listsync_iso(c.approved_at))
  FROM checklists c,
    LATERAL (SELECT count(*)::int AS total, (count(*) FILTER (WHERE completed))::int AS done
             FROM tasks WHERE checklist_id = c.id) AS t
  WHERE c.id = p_id
$$;
--> statement-breakpoint
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
  SELECT team_id INTO v_team FROM checklists WHERE id = NEW.checklist_id;
  -- The cheap way out: most teams have no webhook.
  IF v_team IS NULL OR NOT listsync_wants_webhook(v_team, v_event) THEN
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
DROP TRIGGER checklist_activity_webhooks ON checklist_activity;
--> statement-breakpoint
CREATE TRIGGER checklist_activity_webhooks AFTER INSERT ON checklist_activity FOR EACH ROW
  WHEN (NEW.action IN ('task_completed', 'task_uncompleted', 'photo_added', 'remarks_changed', 'submitted',
    'share_verified', 'approved', 'redo_requested'))
  EXECUTE FUNCTION listsync_activity_webhooks();
