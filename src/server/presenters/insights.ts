import type { Insights, InsightsPerson, InsightsRange } from '#domain/insights';
import type { ShareChannel } from '#domain/sharing';
import type { InsightsFigures, InsightsPersonRow } from '../repositories/insights.ts';
import { maskContact, ownerNameOf } from './shares.ts';

/**
 * GET /api/insights as JSON (docs/insights.md): a member by their name now (else as the trail
 * recorded it), a recipient by the name the owner gave them, else their masked contact.
 */

function personName(row: InsightsPersonRow): string {
  if (row.kind === 'member') {
    if (row.displayName?.trim() || row.email) {
      return ownerNameOf({ displayName: row.displayName?.trim() ?? '', email: row.email ?? '' });
    }
    return row.recordedName ?? 'A former member';
  }
  if (row.recordedName) return row.recordedName;
  const channel = row.shareChannel as ShareChannel | null;
  return channel && row.shareContact ? maskContact(channel, row.shareContact) : 'A recipient';
}

/** The share of on-time submits, to four decimals (0.6667); null when none had a due time. */
function rateOf(onTime: number, withDue: number): number | null {
  return withDue === 0 ? null : Math.round((onTime / withDue) * 10_000) / 10_000;
}

export function presentInsights(range: InsightsRange, figures: InsightsFigures): Insights {
  const byPerson: InsightsPerson[] = figures.byPerson
    .map((row) => ({
      name: personName(row),
      kind: row.kind,
      completed: row.completed,
      medianMinutes: row.medianMinutes,
    }))
    .sort((a, b) => b.completed - a.completed || a.name.localeCompare(b.name));
  return {
    from: range.from,
    to: range.to,
    timeZone: range.timeZone,
    completed: figures.completed,
    onTimeRate: rateOf(figures.onTime, figures.withDue),
    medianMinutesToComplete: figures.medianMinutes,
    byDay: figures.byDay,
    byPerson,
    slowestTasks: figures.slowestTasks,
    mostSkippedTasks: figures.mostSkippedTasks,
  };
}
