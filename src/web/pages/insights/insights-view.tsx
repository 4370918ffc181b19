import { CalendarCheck, Clock, Timer } from 'lucide-react';
import { useMemo } from 'react';
import type { Insights } from '#domain/insights';
import { Card } from '../../components/ui/card.tsx';
import { ChartCard } from './chart-card.tsx';
import { dateText, minutesText, rateText } from './figures.ts';
import { PeopleCard } from './people-card.tsx';
import { TaskLists } from './task-lists.tsx';

/** The figures of a range (a team's, or the example a free team sees): headline, days, people, tasks. */
export function InsightsView({ insights }: { insights: Insights }) {
  return (
    <div className="grid gap-4 sm:gap-6" data-testid="insights-figures">
      <Headline insights={insights} />
      <DaysCard insights={insights} />
      <PeopleCard people={insights.byPerson} />
      <TaskLists insights={insights} />
    </div>
  );
}

function Headline({ insights }: { insights: Insights }) {
  const figures = [
    { label: 'Checklists completed', value: String(insights.completed), icon: CalendarCheck },
    { label: 'On-time rate', value: rateText(insights.onTimeRate), icon: Clock },
    { label: 'Median time to complete', value: minutesText(insights.medianMinutesToComplete), icon: Timer },
  ];
  return (
    <dl className="grid gap-3 sm:grid-cols-3 sm:gap-4">
      {figures.map(({ label, value, icon: Icon }) => (
        <Card key={label} className="flex items-center gap-3 p-4">
          <Icon
            className="h-8 w-8 shrink-0 rounded-lg bg-indigo-50 p-1.5 text-indigo-600"
            aria-hidden="true"
          />
          <div className="min-w-0">
            <dt className="text-sm text-slate-600">{label}</dt>
            <dd className="text-2xl font-bold text-slate-900">{value}</dd>
          </div>
        </Card>
      ))}
    </dl>
  );
}

function DaysCard({ insights }: { insights: Insights }) {
  const { byDay } = insights;
  const chart = useMemo(
    () => ({
      labels: byDay.map((day) => dateText(day.date)),
      series: [
        { label: 'Completed', values: byDay.map((day) => day.completed), color: '#4f46e5' },
        { label: 'Created', values: byDay.map((day) => day.created), color: '#cbd5e1' },
      ],
      summary: `Bar chart of checklists completed and created each day from ${dateText(insights.from, true)} to ${dateText(insights.to, true)}; the same figures are in the table that follows.`,
    }),
    [byDay, insights.from, insights.to],
  );
  return (
    <ChartCard title="Completed by day" chart={chart}>
      {/* A table ignores `overflow: hidden` and grows to its content: the wrapper is what hides it. */}
      <div className="sr-only">
        <table>
          <caption>Checklists created and completed each day</caption>
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Created</th>
              <th scope="col">Completed</th>
            </tr>
          </thead>
          <tbody>
            {byDay.map((day) => (
              <tr key={day.date}>
                <th scope="row">{dateText(day.date, true)}</th>
                <td>{day.created}</td>
                <td>{day.completed}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </ChartCard>
  );
}
