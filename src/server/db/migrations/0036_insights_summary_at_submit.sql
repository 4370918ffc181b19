-- Insights at team scale (issue 35, docs/insights.md, decision 0068): what the insights statements read
-- of a submitted checklist's trail, kept beside it. One row a submitted checklist (its first tick before
-- the submit, its latest `submitted` entry) and one a task it ticked (the minutes since the tick before
-- each of its ticks but the checklist's first), written by listsync_write_checklist_insights, which
-- computes them from the trail exactly as the statements of decision 0052 did. A trigger on the trail's
-- `submitted` entries runs it in the submit's transaction (a resubmit rewrites the rows); the end of
-- this file runs it for the checklists submitted before.
CREATE TABLE "checklist_insight_tasks" (
	"checklist_id" text NOT NULL,
	"task_id" text NOT NULL,
	"minutes" double precision[] NOT NULL,
	CONSTRAINT "checklist_insight_tasks_checklist_id_task_id_pk" PRIMARY KEY("checklist_id","task_id")
);
--> statement-breakpoint
CREATE TABLE "checklist_insights" (
	"checklist_id" text PRIMARY KEY NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL,
	"first_tick_at" timestamp with time zone,
	"actor_kind" text,
	"actor_user_id" text,
	"actor_name" text,
	"share_name" text,
	"share_channel" text,
	"share_contact" text
);
--> statement-breakpoint
ALTER TABLE "checklist_insight_tasks" ADD CONSTRAINT "checklist_insight_tasks_checklist_id_checklists_id_fk" FOREIGN KEY ("checklist_id") REFERENCES "public"."checklists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_insights" ADD CONSTRAINT "checklist_insights_checklist_id_checklists_id_fk" FOREIGN KEY ("checklist_id") REFERENCES "public"."checklists"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE FUNCTION listsync_write_checklist_insights(ids text[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM checklist_insight_tasks WHERE checklist_id = ANY (ids);
  DELETE FROM checklist_insights WHERE checklist_id = ANY (ids);
  INSERT INTO checklist_insights (checklist_id, submitted_at, first_tick_at, actor_kind, actor_user_id,
                                  actor_name, share_name, share_channel, share_contact)
  SELECT c.id, c.submitted_at,
         (SELECT min(a.at) FROM checklist_activity a
           WHERE a.checklist_id = c.id AND a.action = 'task_completed' AND a.at <= c.submitted_at),
         s.actor_kind, s.actor_user_id, s.actor_name, s.share_name, s.share_channel, s.share_contact
    FROM checklists c
    LEFT JOIN LATERAL (
      SELECT a.actor_kind, a.actor_user_id, a.actor_name, a.share_name, a.share_channel, a.share_contact
        FROM checklist_activity a WHERE a.checklist_id = c.id AND a.action = 'submitted'
       ORDER BY a.at DESC LIMIT 1) s ON true
   WHERE c.id = ANY (ids) AND c.submitted_at IS NOT NULL;
  -- Every tick counts as the one before the next (a tick without a task too); a checklist's first
  -- tick has none before it and is not kept, nor a tick without a task (it names no task).
  INSERT INTO checklist_insight_tasks (checklist_id, task_id, minutes)
  SELECT k.checklist_id, k.task_id,
         array_agg((extract(epoch FROM k.at - k.previous) / 60)::float8 ORDER BY k.at, k.id)
    FROM (
      SELECT a.checklist_id, a.id, a.task_id, a.at,
             lag(a.at) OVER (PARTITION BY a.checklist_id ORDER BY a.at, a.id) AS previous
        FROM checklists c JOIN checklist_activity a ON a.checklist_id = c.id
       WHERE c.id = ANY (ids) AND c.submitted_at IS NOT NULL
         AND a.action = 'task_completed' AND a.at <= c.submitted_at) k
   WHERE k.previous IS NOT NULL AND k.task_id IS NOT NULL
   GROUP BY k.checklist_id, k.task_id;
END $$;
--> statement-breakpoint
-- The submit writes its trail entry after checklists.submitted_at (services/checklist-completion.ts), in
-- the same transaction: the rows describe that submit.
CREATE FUNCTION listsync_checklist_submitted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM listsync_write_checklist_insights(ARRAY[NEW.checklist_id]);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER checklist_activity_submitted AFTER INSERT ON checklist_activity
  FOR EACH ROW WHEN (NEW.action = 'submitted') EXECUTE FUNCTION listsync_checklist_submitted();
--> statement-breakpoint
-- The backfill: every checklist submitted now.
SELECT listsync_write_checklist_insights(array(SELECT id FROM checklists WHERE submitted_at IS NOT NULL));
