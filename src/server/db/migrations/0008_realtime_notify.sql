-- Realtime fan-out (docs/decisions/0005): every committed change to a checklist, whoever made it and
-- through whichever route, is announced on the channel 'listsync_changes', so every server instance
-- (PostgreSQL LISTEN, or PGlite's listen on its one connection) can push it to its subscribers.
--
-- The checklist trigger is a deferred constraint trigger: it runs once per changed row at commit,
-- reads the row as it is then, and sends one payload naming the final revision. Several changes to
-- one checklist in one transaction send identical payloads, which NOTIFY folds into one. Nothing is
-- sent for a transaction that rolls back.

-- The share of the recipient who acted, for the update's recipientId: the activity record of a
-- recipient's action names their share, and this remembers it until the transaction ends.
CREATE FUNCTION listsync_remember_actor() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.share_id IS NOT NULL THEN
    PERFORM set_config('listsync.actor_share', NEW.share_id, true);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER checklist_activity_actor AFTER INSERT ON checklist_activity
  FOR EACH ROW EXECUTE FUNCTION listsync_remember_actor();
--> statement-breakpoint
CREATE FUNCTION listsync_notify_checklist() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  current_row record;
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('listsync_changes', json_build_object(
      'kind', 'checklist', 'op', 'delete', 'checklistId', OLD.id, 'ownerId', OLD.user_id
    )::text);
    RETURN NULL;
  END IF;
  SELECT c.id, c.user_id, c.revision INTO current_row FROM checklists c WHERE c.id = NEW.id;
  -- Deleted later in the same transaction: its delete speaks for it.
  IF NOT FOUND THEN RETURN NULL; END IF;
  PERFORM pg_notify('listsync_changes', json_build_object(
    'kind', 'checklist', 'op', 'change', 'checklistId', current_row.id, 'ownerId', current_row.user_id,
    'revision', current_row.revision,
    'actorShareId', nullif(current_setting('listsync.actor_share', true), '')
  )::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER checklists_notify AFTER INSERT OR UPDATE OR DELETE ON checklists
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION listsync_notify_checklist();
--> statement-breakpoint
-- Access that ends: a share revoked or its link replaced deletes its grants; the recipients following
-- that checklist are checked again at once (their access may be gone).
CREATE FUNCTION listsync_notify_grants_ended() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ended record;
BEGIN
  FOR ended IN SELECT DISTINCT checklist_id FROM ended_grants LOOP
    PERFORM pg_notify('listsync_changes', json_build_object(
      'kind', 'access', 'checklistId', ended.checklist_id
    )::text);
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER share_grants_ended AFTER DELETE ON share_grants
  REFERENCING OLD TABLE AS ended_grants
  FOR EACH STATEMENT EXECUTE FUNCTION listsync_notify_grants_ended();
--> statement-breakpoint
-- A session that ends (sign-out, expiry sweep): sockets opened with it are closed.
CREATE FUNCTION listsync_notify_sessions_ended() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ended record;
BEGIN
  FOR ended IN SELECT id_hash FROM ended_sessions LOOP
    PERFORM pg_notify('listsync_changes', json_build_object(
      'kind', 'session-ended', 'sessionHash', ended.id_hash
    )::text);
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sessions_ended AFTER DELETE ON sessions
  REFERENCING OLD TABLE AS ended_sessions
  FOR EACH STATEMENT EXECUTE FUNCTION listsync_notify_sessions_ended();
