-- What a tick costs PostgreSQL (issue 35, deliverable 3; docs/decisions/0071-triggers-that-run-only-to-act.md).
-- Two of the trail's row triggers ran work on every tick for nothing:
-- - the webhook trigger's "no webhook here" check called listsync_wants_webhook, a SQL function:
--   called from PL/pgSQL, its plan lives only as long as the calling expression's state, which
--   PL/pgSQL keeps per transaction, so it was parsed and planned again on every tick. As PL/pgSQL,
--   its query is planned once per connection. What it answers is unchanged (the other webhook
--   triggers ask it too).
-- - the actor trigger remembers a recipient's share for the checklist's notice: it has nothing to
--   remember when no share acted (an owner's or a member's action), and no longer runs then.

CREATE OR REPLACE FUNCTION listsync_wants_webhook(p_team text, p_event text) RETURNS boolean
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN EXISTS (SELECT 1 FROM webhooks WHERE team_id = p_team AND enabled AND p_event = ANY (events));
END
$$;
--> statement-breakpoint
DROP TRIGGER checklist_activity_actor ON checklist_activity;
--> statement-breakpoint
CREATE TRIGGER checklist_activity_actor AFTER INSERT ON checklist_activity
  FOR EACH ROW WHEN (NEW.share_id IS NOT NULL) EXECUTE FUNCTION listsync_remember_actor();
