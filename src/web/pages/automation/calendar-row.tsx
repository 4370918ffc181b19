import { RefreshCw } from 'lucide-react';
import { useState } from 'react';
import type { Calendar, CalendarDetail } from '#domain/calendars-response';
import { Button } from '../../components/ui/button.tsx';
import { ConfirmDialog } from '../../components/ui/dialog.tsx';
import { calendarErrorText, useCalendarActions, useCalendarDetail } from '../../hooks/use-calendars.ts';
import { useToast } from '../../hooks/use-toast.ts';
import { relativeTime } from '../../lib/relative-time.ts';
import { CalendarRuns } from './calendar-runs.tsx';
import { cadenceText, statusText } from './calendar-texts.ts';

/** 'Sync now' and 'Delete' of one calendar, with what they tell the host. */
function useRowActions(calendar: Calendar) {
  const actions = useCalendarActions();
  const { toast } = useToast();
  const [syncing, setSyncing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);

  async function syncNow() {
    setSyncing(true);
    try {
      const synced = await actions.sync(calendar.id);
      const run = synced.runs[0];
      toast({
        title: synced.status === 'failing' ? 'Sync failed' : 'Calendar synced',
        description:
          run?.error ??
          `${run?.added ?? 0} added, ${run?.moved ?? 0} moved, ${run?.cancelled ?? 0} cancelled`,
        ...(synced.status === 'failing' ? { variant: 'destructive' as const } : {}),
      });
    } catch (error) {
      toast({
        title: 'Error',
        description: calendarErrorText(error, 'Sync failed. Please try again.'),
        variant: 'destructive',
      });
    } finally {
      setSyncing(false);
    }
  }

  async function remove() {
    setDeleting(true);
    try {
      await actions.remove(calendar.id);
      toast({ title: 'Calendar deleted', description: 'Its turnovers stay on your dashboard.' });
      setConfirming(false);
    } catch (error) {
      toast({
        title: 'Error',
        description: calendarErrorText(error, 'Delete failed. Please try again.'),
        variant: 'destructive',
      });
    } finally {
      setDeleting(false);
    }
  }

  return { actions, syncing, syncNow, confirming, setConfirming, deleting, remove };
}

/** One calendar: its state, address, cadence, recipient, buttons and last syncs. */
export function CalendarRow({
  calendar,
  onEdit,
}: {
  calendar: Calendar;
  onEdit(detail: CalendarDetail): void;
}) {
  const { actions, syncing, syncNow, confirming, setConfirming, deleting, remove } = useRowActions(calendar);
  const [showRuns, setShowRuns] = useState(false);
  const detail = useCalendarDetail(calendar.id, showRuns);
  return (
    <li className="py-4" data-testid="calendar-row">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <CalendarFacts calendar={calendar} />
        <div className="flex shrink-0 flex-wrap gap-2">
          <Button
            variant="secondary"
            size="sm"
            disabled={syncing}
            aria-busy={syncing || undefined}
            onClick={() => void syncNow()}
          >
            <RefreshCw aria-hidden="true" className={syncing ? 'h-4 w-4 animate-spin' : 'h-4 w-4'} />
            Sync now
          </Button>
          {calendar.canManage && (
            <>
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Edit ${calendar.name}`}
                onClick={() => void actions.read(calendar.id).then(onEdit)}
              >
                Edit
              </Button>
              <Button
                variant="destructive-ghost"
                size="sm"
                aria-label={`Delete ${calendar.name}`}
                onClick={() => setConfirming(true)}
              >
                Delete
              </Button>
            </>
          )}
        </div>
      </div>
      <button
        type="button"
        className="mt-2 text-sm font-medium text-indigo-700 hover:underline"
        aria-expanded={showRuns}
        onClick={() => setShowRuns((shown) => !shown)}
      >
        {showRuns ? 'Hide last syncs' : 'Show last syncs'}
      </button>
      {showRuns && <CalendarRuns runs={detail.data?.runs} loading={detail.isPending} />}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Delete ${calendar.name}?`}
        description="It stops making turnovers. The turnovers it already made stay on your dashboard."
        confirmLabel="Delete calendar"
        destructive
        pending={deleting}
        onConfirm={() => void remove()}
      />
    </li>
  );
}

function CalendarFacts({ calendar }: { calendar: Calendar }) {
  const failing = calendar.status === 'failing';
  return (
    <div className="min-w-0 flex-1">
      <h3 className="truncate font-medium text-slate-900">{calendar.name}</h3>
      <p
        className={failing ? 'mt-0.5 text-sm text-red-700' : 'mt-0.5 text-sm text-slate-600'}
        data-testid="calendar-status"
      >
        {statusText(calendar)}
      </p>
      <p className="mt-0.5 text-xs break-all text-slate-500">{calendar.icsUrl}</p>
      <p className="mt-0.5 text-xs text-slate-500">
        Syncs {cadenceText(calendar.syncEveryMinutes)}
        {calendar.syncEveryMinutes > 15 ? ' and on Sync now' : ''} · next {relativeTime(calendar.nextSyncAt)}
      </p>
      {calendar.share && (
        <p className="mt-0.5 text-xs text-slate-500">
          Shared with {calendar.share.recipientName || calendar.share.maskedContact}
        </p>
      )}
    </div>
  );
}
