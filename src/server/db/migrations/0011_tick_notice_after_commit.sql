-- A tick's notice is sent by the application once the tick has committed (docs/decisions/0015).
-- PostgreSQL serialises the commits of every transaction that sent a NOTIFY, database-wide, through
-- the flush of its commit record (so that notices arrive in commit order): with the notice inside the
-- tick's transaction, ticks on different checklists committed one at a time. A transaction whose
-- statement sets `listsync.notice` to 'after-commit' has its checklist notice sent by the
-- application (repositories/change-notices.ts), in a transaction of its own; every other change is
-- announced here as before (migration 0008).
CREATE OR REPLACE FUNCTION listsync_notify_checklist() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  current_row record;
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('listsync_changes', json_build_object(
      'kind', 'checklist', 'op', 'delete', 'checklistId', OLD.id, 'ownerId', OLD.user_id
    )::text);
    RETURN NULL;
  END IF;
  IF current_setting('listsync.notice', true) = 'after-commit' THEN RETURN NULL; END IF;
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
