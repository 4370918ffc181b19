import { CalendarDays, Plus } from 'lucide-react';
import { useState } from 'react';
import type { CalendarDetail } from '#domain/calendars-response';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { calendarErrorText, useCalendarActions, useCalendars } from '../../hooks/use-calendars.ts';
import { useToast } from '../../hooks/use-toast.ts';
import { CalendarDialog } from './calendar-dialog.tsx';
import { CalendarRow } from './calendar-row.tsx';
import { statusText } from './calendar-texts.ts';

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
