import { datesOf, type Insights, shiftDate } from '#domain/insights';

/**
 * What a free team's page shows: made-up figures of a small cleaning crew over the last 30 days
 * ending `today`, clearly marked as an example on the page. Fixed numbers (no randomness), so the
 * page looks the same on every visit and in the screenshots.
 */
const CREATED = [4, 5, 3, 6, 5, 2, 1, 4, 6, 5, 5, 7, 3, 2, 5, 6, 4, 5, 6, 3, 1, 5, 6, 7, 5, 4, 2, 2, 5, 6];
const COMPLETED = [3, 5, 4, 5, 5, 2, 1, 3, 5, 6, 4, 6, 3, 2, 4, 6, 4, 4, 6, 3, 1, 4, 6, 6, 5, 4, 2, 1, 4, 5];

export function sampleInsights(today: string): Insights {
  const from = shiftDate(today, -29);
  const byDay = datesOf(from, today).map((date, i) => ({
    date,
    created: CREATED[i] ?? 0,
    completed: COMPLETED[i] ?? 0,
  }));
  return {
    from,
    to: today,
    timeZone: 'UTC',
    completed: byDay.reduce((sum, day) => sum + day.completed, 0),
    onTimeRate: 0.87,
    medianMinutesToComplete: 94,
    byDay,
    byPerson: [
      { name: 'Maria Santos', kind: 'recipient', completed: 41, medianMinutes: 88 },
      { name: 'Ana Lopez', kind: 'member', completed: 33, medianMinutes: 97.5 },
      { name: 'Dev Patel', kind: 'recipient', completed: 28, medianMinutes: 102 },
      { name: 'Ben Ortiz', kind: 'member', completed: 19, medianMinutes: 76 },
    ],
    slowestTasks: [
      { description: 'Deep clean oven', medianMinutes: 24 },
      { description: 'Change all bed linen', medianMinutes: 18.5 },
      { description: 'Clean bathroom tiles and grout', medianMinutes: 15 },
      { description: 'Restock kitchen supplies', medianMinutes: 9 },
      { description: 'Photo of the living room', medianMinutes: 4 },
    ],
    mostSkippedTasks: [
      { description: 'Wipe balcony furniture', undone: 14, of: 121 },
      { description: 'Descale kettle', undone: 9, of: 121 },
      { description: 'Check smoke alarm', undone: 5, of: 121 },
    ],
  };
}
