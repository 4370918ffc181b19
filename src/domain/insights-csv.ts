import { csvRow, UTF8_BOM } from './csv.ts';
import type { Insights } from './insights.ts';

/**
 * GET /api/insights.csv (docs/insights.md "CSV"): the same figures as the JSON, as one file of
 * sections (a header record each, a blank line between them), written by csv.ts (RFC 4180, made
 * safe to open in a spreadsheet). Minutes as numbers, the on-time rate as a percentage.
 */

export function insightsCsvFileName(insights: Pick<Insights, 'from' | 'to'>): string {
  return `listsync-insights-${insights.from}-to-${insights.to}.csv`;
}

function percent(rate: number | null): string {
  return rate === null ? '' : `${Math.round(rate * 1000) / 10}%`;
}

export function insightsCsv(insights: Insights): string {
  const lines: string[] = [
    UTF8_BOM,
    csvRow(['Figure', 'Value']),
    csvRow(['From', insights.from]),
    csvRow(['To', insights.to]),
    csvRow(['Time zone', insights.timeZone]),
    csvRow(['Checklists completed', insights.completed]),
    csvRow(['On-time rate', percent(insights.onTimeRate)]),
    csvRow(['Median minutes to complete', insights.medianMinutesToComplete]),
    '\r\n',
    csvRow(['Date', 'Created', 'Completed']),
    ...insights.byDay.map((day) => csvRow([day.date, day.created, day.completed])),
    '\r\n',
    csvRow(['Person', 'Kind', 'Completed', 'Median minutes']),
    ...insights.byPerson.map((p) => csvRow([p.name, p.kind, p.completed, p.medianMinutes])),
    '\r\n',
    csvRow(['Slowest task', 'Median minutes']),
    ...insights.slowestTasks.map((task) => csvRow([task.description, task.medianMinutes])),
    '\r\n',
    csvRow(['Task left undone', 'Times undone', 'Of checklists']),
    ...insights.mostSkippedTasks.map((task) => csvRow([task.description, task.undone, task.of])),
  ];
  return lines.join('');
}
