-- Webhook events (docs/decisions/0050-webhook-deliveries.md): a transactional outbox. Each event
-- inserts one webhook_deliveries row per enabled endpoint of the checklist's (paid) team that wants
-- it, in the transaction of the change that caused it, so a committed change always has its
-- deliveries and a rolled-back one never does. The body is fixed here, once: every attempt sends
-- the same bytes. Contacts are masked (as src/domain/sharing.ts maskEmail and phone.ts maskPhone do);
-- no code, token or unmasked contact is ever put in a body.

CREATE FUNCTION listsync_iso(p_at timestamptz) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT to_char(p_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
$$;
--> statement-breakpoint
CREATE FUNCTION listsync_mask_contact(p_channel text, p_contact text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN p_contact IS NULL THEN NULL
    WHEN p_channel = 'sms' THEN
      '+' || repeat('•', greatest(0, length(regexp_replace(p_contact, '\D', '', 'g')) - 2))
        || right(regexp_replace(p_contact, '\D', '', 'g'), 2)
    WHEN p_contact !~ '^.+@[^@]*$' THEN '•••'
    ELSE (
      SELECT CASE WHEN length(l) <= 2 THEN left(l, 1) || '•••' ELSE left(l, 1) || '•••' || right(l, 1) END
        || '@' || d
      FROM (SELECT substring(p_contact FROM '^(.+)@[^@]*$') AS l, substring(p_contact FROM '^.+@([^@]*)$') AS d) AS parts
    )
  END
$$;
--> statement-breakpoint
CREATE FUNCTION listsync_webhook_checklist(p_id text) RETURNS jsonb LANGUAGE sql AS $$
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
    'submittedAt', listsync_iso(c.submitted_at))
  FROM checklists c,
    LATERAL (SELECT count(*)::int AS total, (count(*) FILTER (WHERE completed))::int AS done
             FROM tasks WHERE checklist_id = c.id) AS t
  WHERE c.id = p_id
$$;
--> statement-breakpoint
-- The deliveries of one event: one row per enabled endpoint of the team that wants it, paid teams only.
-- A NOTIFY (sent at commit, never for a rolled-back change) wakes the dispatchers at once.
CREATE FUNCTION listsync_enqueue_webhook(p_team text, p_event text, p_data jsonb) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  queued integer;
BEGIN
  INSERT INTO webhook_deliveries (id, webhook_id, team_id, event, body, give_up_at)
  SELECT 'msg_' || replace(gen_random_uuid()::text, '-', ''), w.id, w.team_id, p_event,
    jsonb_build_object('type', p_event, 'timestamp', listsync_iso(clock_timestamp()), 'data', p_data)::text,
    now() + interval '3 days'
  FROM webhooks w JOIN teams t ON t.id = w.team_id
  WHERE w.team_id = p_team AND w.enabled AND p_event = ANY (w.events) AND t.tier <> 'free';
  GET DIAGNOSTICS queued = ROW_COUNT;
  IF queued > 0 THEN
    PERFORM pg_notify('listsync_webhooks', '');
  END IF;
END
$$;
--> statement-breakpoint
CREATE FUNCTION listsync_wants_webhook(p_team text, p_event text) RETURNS boolean LANGUAGE sql AS $$
  SELECT EXISTS (SELECT 1 FROM webhooks WHERE team_id = p_team AND enabled AND p_event = ANY (events))
$$;
--> statement-breakpoint
CREATE FUNCTION listsync_activity_webhooks() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_event text := CASE NEW.action
    WHEN 'task_completed' THEN 'task.completed'
    WHEN 'task_uncompleted' THEN 'task.uncompleted'
    WHEN 'photo_added' THEN 'photo.added'
    WHEN 'remarks_changed' THEN 'remarks.changed'
    WHEN 'submitted' THEN 'checklist.submitted'
    WHEN 'share_verified' THEN 'share.verified' END;
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
  END IF;
  PERFORM listsync_enqueue_webhook(v_team, v_event, v_data);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER checklist_activity_webhooks AFTER INSERT ON checklist_activity FOR EACH ROW
  WHEN (NEW.action IN ('task_completed', 'task_uncompleted', 'photo_added', 'remarks_changed', 'submitted', 'share_verified'))
  EXECUTE FUNCTION listsync_activity_webhooks();
--> statement-breakpoint
-- Deferred to the commit, so the checklist's tasks (inserted after its row) are counted.
CREATE FUNCTION listsync_checklist_created_webhooks() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT listsync_wants_webhook(NEW.team_id, 'checklist.created')
     OR NOT EXISTS (SELECT 1 FROM checklists WHERE id = NEW.id) THEN
    RETURN NULL;
  END IF;
  PERFORM listsync_enqueue_webhook(NEW.team_id, 'checklist.created', jsonb_build_object(
    'checklist', listsync_webhook_checklist(NEW.id),
    'actor', jsonb_build_object('kind', 'owner', 'name', (
      SELECT coalesce(nullif(display_name, ''), listsync_mask_contact('email', email)) FROM users WHERE id = NEW.user_id)),
    'at', listsync_iso(NEW.created_at)));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER checklists_created_webhooks AFTER INSERT ON checklists
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  EXECUTE FUNCTION listsync_checklist_created_webhooks();
--> statement-breakpoint
CREATE FUNCTION listsync_checklist_overdue_webhooks() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT listsync_wants_webhook(NEW.team_id, 'checklist.overdue') THEN
    RETURN NULL;
  END IF;
  PERFORM listsync_enqueue_webhook(NEW.team_id, 'checklist.overdue', jsonb_build_object(
    'checklist', listsync_webhook_checklist(NEW.id),
    'dueAt', listsync_iso(NEW.due_at),
    'at', listsync_iso(NEW.overdue_at)));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER checklists_overdue_webhooks AFTER UPDATE OF overdue_at ON checklists FOR EACH ROW
  WHEN (OLD.overdue_at IS NULL AND NEW.overdue_at IS NOT NULL)
  EXECUTE FUNCTION listsync_checklist_overdue_webhooks();
