import type {
  Insights,
  InsightsDay,
  InsightsPerson,
  InsightsRange,
  InsightsSkippedTask,
  InsightsSlowTask,
} from '#domain/insights';
import type { ShareChannel } from '#domain/sharing';
import { maskContact, ownerNameOf } from './shares.ts';

/**
 * GET /api/insights as JSON (docs/insights.md): a member by their name now (else as the trail
 * recorded it), a recipient by the name the owner gave them, else their masked contact.
 */

/** A person's figures as repositories/insights.ts reads them, with what names them. */
export interface InsightsPersonRow {
  kind: InsightsPerson['kind'];
  completed: number;
  medianMinutes: number | null;
  /** The latest name the trail recorded: a member's actor_name, a recipient's share name. */
  recordedName: string | null;
  displayName: string | null;
  email: string | null;
  shareChannel: string | null;
  shareContact: string | null;
}

/** Every figure as the statements answer them (repositories/insights.ts). */
export interface InsightsFigures {
  completed: number;
  withDue: number;
  onTime: number;
  medianMinutes: number | null;
  byDay: InsightsDay[];
  byPerson: InsightsPersonRow[];
  slowestTasks: InsightsSlowTask[];
  mostSkippedTasks: InsightsSkippedTask[];
}

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
