import { PageContainer, useDocumentTitle } from '../components/page.tsx';
import { CalendarsSection } from './automation/calendars-section.tsx';
import { SchedulesSection } from './automation/schedules-section.tsx';

/**
 * /automation (issue 31): the active team's booking calendars, which make a turnover checklist for
 * each reservation, and its recurring schedules, which make a checklist from a template on their days.
 * docs/automation.md holds the rules both follow.
 */
export default function AutomationPage() {
  useDocumentTitle('Automation');
  return (
    <PageContainer>
      <div className="max-w-4xl space-y-1">
        <h1 className="text-2xl font-bold text-slate-900">Automation</h1>
        <p className="text-sm text-slate-600">
          Turnovers made from your booking calendars, and checklists that recreate themselves on a schedule.
        </p>
      </div>
      <div className="mt-6 grid max-w-4xl gap-6">
        <CalendarsSection />
        <SchedulesSection />
      </div>
    </PageContainer>
  );
}
