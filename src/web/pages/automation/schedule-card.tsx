import { CalendarClock, Loader2, Pause, Pencil, Play, Trash2, Zap } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import type { Schedule, ScheduleOccurrence } from '#domain/schedules-response';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/dialog.tsx';
import { useScheduleActions } from '../../hooks/use-schedules.ts';
import { teamFailure } from '../../hooks/use-team-actions.ts';
import { useToast } from '../../hooks/use-toast.ts';

/** One schedule: what it does in words, its next and last runs, and (for managers) its actions. */

function whenIn(instant: string, timeZone: string): string {
  return new Intl.DateTimeFormat(undefined, {
    timeZone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(instant));
}

const STATUS_TEXT: Record<ScheduleOccurrence['status'], string> = {
  made: 'Made',
  skipped: 'Skipped',
  failed: 'Failed',
};

function RunRow({ run, schedule }: { run: ScheduleOccurrence; schedule: Schedule }) {
  const name = `${schedule.name} — ${run.localDate}`;
  return (
    <li className="flex flex-wrap items-baseline gap-x-2 gap-y-0.5 text-sm">
      <span className={run.status === 'made' ? 'font-medium text-emerald-700' : 'font-medium text-amber-700'}>
        {STATUS_TEXT[run.status]}
      </span>
      {run.checklistId ? (
        <Link href={`/checklist/${run.checklistId}`} className="text-indigo-700 underline underline-offset-2">
          {name}
        </Link>
      ) : (
        <span className="text-slate-700">{name}</span>
      )}
      {run.manual && <span className="text-slate-500">(run now)</span>}
      {run.shareStatus === 'sent' && <span className="text-slate-500">· shared</span>}
      {run.reason && <span className="basis-full text-slate-600">{run.reason}</span>}
    </li>
  );
}

export function ScheduleCard({
  schedule,
  canManage,
  onEdit,
}: {
  schedule: Schedule;
  canManage: boolean;
  onEdit(schedule: Schedule): void;
}) {
  return (
    <li className="rounded-xl border border-slate-200 p-4" data-testid="schedule-card">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="break-words font-semibold text-slate-900">{schedule.name}</h3>
          <p className="text-sm text-slate-700">{schedule.description}</p>
          <p className="text-sm text-slate-600">
            From {schedule.templateName ? `“${schedule.templateName}”` : 'a deleted template'}
            {schedule.assignee && ` · assigned to ${schedule.assignee.displayName}`}
            {schedule.share && ` · shared with ${schedule.share.recipientName}`}
          </p>
        </div>
        {schedule.pausedByPlan ? (
          <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-medium text-amber-800">
            Paused by plan
          </span>
        ) : schedule.paused ? (
          <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-700">
            Paused
          </span>
        ) : null}
      </div>
      {!schedule.templateName && (
        <p className="mt-2 text-sm text-amber-800">
          Its template was deleted: runs are skipped until you choose another.
        </p>
      )}
      <RunsOverview schedule={schedule} />
      {canManage && <ScheduleActions schedule={schedule} onEdit={onEdit} />}
    </li>
  );
}

function RunsOverview({ schedule }: { schedule: Schedule }) {
  const halted = schedule.paused || schedule.pausedByPlan;
  return (
    <div className="mt-3 grid gap-3 sm:grid-cols-2">
      <section aria-label={`Next runs of ${schedule.name}`}>
        <h4 className="flex items-center gap-1.5 text-xs font-semibold uppercase tracking-wide text-slate-500">
          <CalendarClock className="h-3.5 w-3.5" aria-hidden="true" /> Next runs
        </h4>
        {halted ? (
          <p className="mt-1 text-sm text-slate-600">None while paused.</p>
        ) : (
          <ul className="mt-1 space-y-0.5 text-sm text-slate-800">
            {schedule.upcoming.slice(0, 3).map((instant) => (
              <li key={instant}>{whenIn(instant, schedule.recurrence.timezone)}</li>
            ))}
          </ul>
        )}
      </section>
      <section aria-label={`Last runs of ${schedule.name}`}>
        <h4 className="text-xs font-semibold uppercase tracking-wide text-slate-500">Last runs</h4>
        {schedule.recentRuns.length === 0 ? (
          <p className="mt-1 text-sm text-slate-600">None yet.</p>
        ) : (
          <ul className="mt-1 space-y-1">
            {schedule.recentRuns.slice(0, 5).map((occurrence) => (
              <RunRow key={occurrence.id} run={occurrence} schedule={schedule} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

/** What 'Run now', 'Pause'/'Resume' and 'Delete' do, each telling how it went. */
function useCardActions(schedule: Schedule) {
  const { toast } = useToast();
  const [, navigate] = useLocation();
  const actions = useScheduleActions();
  const failed = (title: string, error: unknown) =>
    toast({ title, description: teamFailure(error), variant: 'destructive' });
  return {
    ...actions,
    async runNow() {
      try {
        const { occurrence } = await actions.run.mutateAsync(schedule.id);
        const made = occurrence.checklistId;
        toast({
          title: made ? `“${schedule.name} — ${occurrence.localDate}” was made` : 'Nothing was made',
          ...(occurrence.reason ? { description: occurrence.reason } : {}),
          ...(made ? { action: { label: 'Open', onSelect: () => navigate(`/checklist/${made}`) } } : {}),
        });
      } catch (error) {
        failed('Run now failed', error);
      }
    },
    async setPaused(paused: boolean) {
      try {
        await actions.update.mutateAsync({ id: schedule.id, patch: { paused } });
      } catch (error) {
        failed('Not changed', error);
      }
    },
    async confirmDelete(): Promise<boolean> {
      try {
        await actions.remove.mutateAsync(schedule.id);
        toast({ title: 'Schedule deleted', description: 'The checklists it made are kept.' });
        return true;
      } catch (error) {
        failed('Not deleted', error);
        return false;
      }
    },
  };
}

function ScheduleActions({ schedule, onEdit }: { schedule: Schedule; onEdit(schedule: Schedule): void }) {
  const actions = useCardActions(schedule);
  const [confirming, setConfirming] = useState(false);
  const running = actions.run.isPending;
  return (
    <div className="mt-4 flex flex-wrap gap-2">
      <Button
        size="sm"
        disabled={running || schedule.pausedByPlan}
        onClick={() => void actions.runNow()}
        aria-busy={running || undefined}
      >
        {running ? (
          <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
        ) : (
          <Zap className="h-4 w-4" aria-hidden="true" />
        )}
        Run now
      </Button>
      <Button size="sm" variant="secondary" onClick={() => onEdit(schedule)}>
        <Pencil className="h-4 w-4" aria-hidden="true" /> Edit
      </Button>
      <Button
        size="sm"
        variant="secondary"
        disabled={actions.update.isPending}
        onClick={() => void actions.setPaused(!schedule.paused)}
      >
        {schedule.paused ? (
          <Play className="h-4 w-4" aria-hidden="true" />
        ) : (
          <Pause className="h-4 w-4" aria-hidden="true" />
        )}
        {schedule.paused ? 'Resume' : 'Pause'}
      </Button>
      <Button size="sm" variant="secondary" onClick={() => setConfirming(true)}>
        <Trash2 className="h-4 w-4" aria-hidden="true" /> Delete
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Delete “${schedule.name}”?`}
        description="No more checklists will be made from it. The checklists it already made are kept."
        confirmLabel="Delete schedule"
        destructive
        pending={actions.remove.isPending}
        onConfirm={() => void actions.confirmDelete().then((done) => done && setConfirming(false))}
      />
    </div>
  );
}
