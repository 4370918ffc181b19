import { CalendarDays, Plus, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import type { Calendar, CalendarDetail } from '#domain/calendars-response';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { ConfirmDialog } from '../../components/ui/dialog.tsx';
import {
  calendarErrorText,
  useCalendarActions,
  useCalendarDetail,
  useCalendars,
} from '../../hooks/use-calendars.ts';
import { useToast } from '../../hooks/use-toast.ts';
import { relativeTime } from '../../lib/relative-time.ts';
import { CalendarDialog } from './calendar-dialog.tsx';
import { CalendarRuns } from './calendar-runs.tsx';

/** 'every 15 minutes', 'every 6 hours'. */
export function cadenceText(minutes: number): string {
  if (minutes % 60 === 0) {
    const hours = minutes / 60;
    return hours === 1 ? 'every hour' : `every ${hours} hours`;
  }
  return `every ${minutes} minutes`;
}

export function statusText(
  calendar: Pick<Calendar, 'status' | 'lastSyncAt' | 'lastError'>,
  now = Date.now(),
) {
  if (calendar.status === 'failing') return `Failing: ${calendar.lastError ?? 'unknown error'}`;
  if (calendar.lastSyncAt) return `Synced ${relativeTime(calendar.lastSyncAt, now)}`;
  return 'Not synced yet';
}

/** Booking calendars: the list, 'Add a calendar', each calendar's last syncs and 'Sync now'. */
export function CalendarsSection() {
  const calendars = useCalendars();
  const actions = useCalendarActions();
  const { toast } = useToast();
  const [dialog, setDialog] = useState<{ editing: CalendarDetail | null } | null>(null);

  async function save(body: Parameters<typeof actions.create>[0]): Promise<string | null> {
    try {
      if (dialog?.editing) {
        await actions.update(dialog.editing.id, body);
        toast({ title: 'Calendar saved' });
      } else {
        // The server syncs it as it is added: the turnovers are there when the dialog closes.
        const made = await actions.create(body);
        toast({ title: 'Calendar added', description: statusText(made) });
      }
      setDialog(null);
      return null;
    } catch (error) {
      return calendarErrorText(error, 'The calendar could not be saved. Please try again.');
    }
  }

  const list = calendars.data ?? [];
  return (
    <Card className="p-4 sm:p-6" data-testid="calendars-section" aria-labelledby="calendars-heading">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id="calendars-heading" className="text-lg font-semibold text-slate-900">
            Booking calendars
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            Connect a listing’s calendar (Airbnb, Vrbo, Booking.com): each reservation becomes a turnover
            checklist.
          </p>
        </div>
        <Button onClick={() => setDialog({ editing: null })}>
          <Plus aria-hidden="true" className="h-4 w-4" />
          Add a calendar
        </Button>
      </div>
      {calendars.isPending ? (
        <p className="mt-6 text-sm text-slate-500">Loading calendars…</p>
      ) : calendars.isError ? (
        <p role="alert" className="mt-6 text-sm text-red-700">
          Calendars could not be loaded.
        </p>
      ) : list.length === 0 ? (
        <div className="mt-6 flex flex-col items-center rounded-xl border border-dashed border-slate-300 px-4 py-8 text-center">
          <CalendarDays aria-hidden="true" className="h-8 w-8 text-slate-400" />
          <p className="mt-2 font-medium text-slate-800">No calendars yet</p>
          <p className="mt-1 max-w-sm text-sm text-slate-600">
            Add your listing’s iCal address and turnovers appear by themselves, due before the next guest
            arrives.
          </p>
        </div>
      ) : (
        <ul className="mt-4 divide-y divide-slate-200">
          {list.map((calendar) => (
            <CalendarRow key={calendar.id} calendar={calendar} onEdit={(editing) => setDialog({ editing })} />
          ))}
        </ul>
      )}
      <CalendarDialog
        open={dialog !== null}
        onOpenChange={(open) => !open && setDialog(null)}
        editing={dialog?.editing ?? null}
        onSave={(checked) => save(checked.body)}
      />
    </Card>
  );
}

function CalendarRow({ calendar, onEdit }: { calendar: Calendar; onEdit(detail: CalendarDetail): void }) {
  const actions = useCalendarActions();
  const { toast } = useToast();
  const [showRuns, setShowRuns] = useState(false);
  const [syncing, setSyncing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const detail = useCalendarDetail(calendar.id, showRuns);
  const failing = calendar.status === 'failing';

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

  return (
    <li className="py-4" data-testid="calendar-row">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
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
            {calendar.syncEveryMinutes > 15 ? ' and on Sync now' : ''} · next{' '}
            {relativeTime(calendar.nextSyncAt)}
          </p>
          {calendar.share && (
            <p className="mt-0.5 text-xs text-slate-500">
              Shared with {calendar.share.recipientName || calendar.share.maskedContact}
            </p>
          )}
        </div>
        <div className="flex flex-wrap gap-2">
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
