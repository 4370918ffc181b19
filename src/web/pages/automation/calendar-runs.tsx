import type { CalendarRun } from '#domain/calendars-response';
import { relativeTime } from '../../lib/relative-time.ts';

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** A calendar's last syncs, newest first: when, what each changed, what went wrong. */
export function CalendarRuns({ runs, loading }: { runs: CalendarRun[] | undefined; loading: boolean }) {
  if (loading) return <p className="mt-2 text-sm text-slate-500">Loading…</p>;
  if (!runs || runs.length === 0) return <p className="mt-2 text-sm text-slate-500">No syncs yet.</p>;
  return (
    <ol className="mt-2 space-y-1.5 text-sm" aria-label="Last syncs">
      {runs.map((run) => (
        <li key={run.id} className="rounded-lg bg-slate-50 px-3 py-2">
          <div className="flex flex-wrap items-baseline justify-between gap-x-3">
            <time dateTime={run.at} title={timeFormat.format(new Date(run.at))} className="text-slate-700">
              {relativeTime(run.at)}
            </time>
            <span className="text-slate-600">
              {run.added} added · {run.moved} moved · {run.cancelled} cancelled
            </span>
          </div>
          {run.error && <p className="mt-1 text-red-700">{run.error}</p>}
        </li>
      ))}
    </ol>
  );
}
