import type { Insights } from '#domain/insights';
import { Card } from '../../components/ui/card.tsx';
import { minutesText } from './figures.ts';

/** The slowest tasks and the tasks most often left undone, as ranked lists with a bar each. */
export function TaskLists({ insights }: { insights: Insights }) {
  const slowest = insights.slowestTasks;
  const skipped = insights.mostSkippedTasks;
  const longest = Math.max(1, ...slowest.map((task) => task.medianMinutes));
  return (
    <div className="grid gap-4 sm:gap-6 lg:grid-cols-2">
      <Card className="min-w-0 p-4 sm:p-5">
        <h2 className="text-base font-semibold text-slate-900">Slowest tasks</h2>
        <p className="mt-1 text-sm text-slate-600">Median time from the tick before to this one.</p>
        {slowest.length === 0 ? (
          <p className="mt-3 text-sm text-slate-600">No timed ticks in this range.</p>
        ) : (
          <ol className="mt-3 grid gap-3" aria-label="Slowest tasks">
            {slowest.map((task) => (
              <RankedRow
                key={task.description}
                label={task.description}
                figure={minutesText(task.medianMinutes)}
                share={task.medianMinutes / longest}
              />
            ))}
          </ol>
        )}
      </Card>
      <Card className="min-w-0 p-4 sm:p-5">
        <h2 className="text-base font-semibold text-slate-900">Most often left undone</h2>
        <p className="mt-1 text-sm text-slate-600">
          Tasks still unticked when their checklist was submitted.
        </p>
        {skipped.length === 0 ? (
          <p className="mt-3 text-sm text-slate-600">Every task was ticked. Nice work.</p>
        ) : (
          <ol className="mt-3 grid gap-3" aria-label="Tasks most often left undone">
            {skipped.map((task) => (
              <RankedRow
                key={task.description}
                label={task.description}
                figure={`${task.undone} of ${task.of}`}
                share={task.of === 0 ? 0 : task.undone / task.of}
                tone="amber"
              />
            ))}
          </ol>
        )}
      </Card>
    </div>
  );
}

function RankedRow({
  label,
  figure,
  share,
  tone = 'indigo',
}: {
  label: string;
  figure: string;
  share: number;
  tone?: 'indigo' | 'amber';
}) {
  const width = `${Math.max(2, Math.round(share * 100))}%`;
  return (
    <li className="min-w-0">
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <span className="min-w-0 break-words text-slate-900">{label}</span>
        <span className="shrink-0 font-medium tabular-nums text-slate-700">{figure}</span>
      </div>
      {/* The figure beside it says it in words; the bar (an SVG: no inline style under our CSP) shows it. */}
      <svg className="mt-1 block h-2 w-full rounded-full bg-slate-100" aria-hidden="true" focusable="false">
        <rect
          width={width}
          height="100%"
          ry="50%"
          className={tone === 'amber' ? 'fill-amber-500' : 'fill-indigo-500'}
        />
      </svg>
    </li>
  );
}
