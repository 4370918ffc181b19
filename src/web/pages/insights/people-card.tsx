import { useMemo } from 'react';
import type { InsightsPerson } from '#domain/insights';
import { ChartCard } from './chart-card.tsx';
import { minutesText } from './figures.ts';

const KIND_LABEL = { member: 'Team member', recipient: 'Recipient' } as const;

/** Who submitted the checklists: bars of how many, and a table with each one's median time. */
export function PeopleCard({ people }: { people: InsightsPerson[] }) {
  const chart = useMemo(
    () =>
      people.length === 0
        ? null
        : {
            labels: people.map((person) => person.name),
            series: [
              { label: 'Completed', values: people.map((person) => person.completed), color: '#4f46e5' },
            ],
            summary: `Bar chart of checklists completed by each person, ${people.length} in all; the same figures are in the table below.`,
            horizontal: true,
          },
    [people],
  );
  // Room for each bar, within bounds.
  const height = people.length > 8 ? 'h-96' : people.length > 4 ? 'h-72' : 'h-48';
  return (
    <ChartCard title="By person" chart={chart} height={height}>
      {people.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">Nobody submitted a checklist in this range.</p>
      ) : (
        <div className="mt-4 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Checklists completed by each person, and their median time</caption>
            <thead className="border-b border-slate-200 text-slate-600">
              <tr>
                <th scope="col" className="py-2 pe-3 font-medium">
                  Person
                </th>
                <th scope="col" className="py-2 pe-3 text-end font-medium">
                  Completed
                </th>
                <th scope="col" className="py-2 text-end font-medium">
                  Median time
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {people.map((person) => (
                <tr key={`${person.kind}:${person.name}`}>
                  <th scope="row" className="py-2 pe-3 font-normal">
                    <span className="block font-medium break-words text-slate-900">{person.name}</span>
                    <span className="text-xs text-slate-500">{KIND_LABEL[person.kind]}</span>
                  </th>
                  <td className="py-2 pe-3 text-end tabular-nums">{person.completed}</td>
                  <td className="py-2 text-end whitespace-nowrap tabular-nums">
                    {minutesText(person.medianMinutes)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </ChartCard>
  );
}
