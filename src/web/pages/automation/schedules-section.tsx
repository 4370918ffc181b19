import { Card } from '../../components/ui/card.tsx';

/** Recurring schedules: the list with each one's next runs, 'New schedule', 'Run now', pause, edit, delete. */
export function SchedulesSection() {
  return (
    <Card className="p-6" data-testid="schedules-section">
      <h2 className="text-lg font-semibold text-slate-900">Schedules</h2>
    </Card>
  );
}
